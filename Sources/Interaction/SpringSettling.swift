import Geometry

/// When a spring counts as settled, and the spring that settles in a given time.
///
/// The rule (the project's choice; UIKit does not document one): a spring has settled once the
/// envelope of its motion, the bound on |x(t)| that the closed form gives, stays within
/// `settleFraction` of the distance for the rest of time. Under-damped, x = e^(−ζωt)(a cos ω_d t +
/// b sin ω_d t) and the envelope is √(a² + b²)·e^(−ζωt); critically damped, (|x₀| + |v₀ + ωx₀|·t)·
/// e^(−ωt); over-damped, |c₁|e^(r₁t) + |c₂|e^(r₂t). The envelope is continuous in ω, so the
/// stiffness that settles in a given duration is well defined and found by bisection.
extension Spring {
    /// The fraction of the distance within which a spring counts as settled (0.1 %, chosen).
    public static let settleFraction = 0.001

    /// The bound on |x(t)| = |value(at: t) − 1| at time t (s), from the closed form.
    public func envelope(at t: Double) -> Double {
        let x0 = -1.0
        let v0 = initialVelocity
        let w = omega
        let z = zeta
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let b = (v0 + z * w * x0) / wd
            return (x0 * x0 + b * b).squareRoot() * Elementary.exp(-z * w * t)
        } else if z == 1 {
            return (Swift.abs(x0) + Swift.abs(v0 + w * x0) * t) * Elementary.exp(-w * t)
        }
        let s = (z * z - 1).squareRoot()
        let r1 = -w * (z - s)
        let r2 = -w * (z + s)
        let c2 = (v0 - r1 * x0) / (r2 - r1)
        let c1 = x0 - c2
        return Swift.abs(c1) * Elementary.exp(r1 * t) + Swift.abs(c2) * Elementary.exp(r2 * t)
    }

    /// Velocity of the progress at time t (fractions of the distance per second).
    public func velocity(at t: Double) -> Double {
        let x0 = -1.0
        let v0 = initialVelocity
        let w = omega
        let z = zeta
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let b = (v0 + z * w * x0) / wd
            let e = Elementary.exp(-z * w * t)
            let c = Elementary.cos(wd * t)
            let s = Elementary.sin(wd * t)
            return e * ((-z * w * x0 + b * wd) * c + (-z * w * b - x0 * wd) * s)
        } else if z == 1 {
            let k = v0 + w * x0
            return Elementary.exp(-w * t) * (k - w * (x0 + k * t))
        }
        let s = (z * z - 1).squareRoot()
        let r1 = -w * (z - s)
        let r2 = -w * (z + s)
        let c2 = (v0 - r1 * x0) / (r2 - r1)
        let c1 = x0 - c2
        return c1 * r1 * Elementary.exp(r1 * t) + c2 * r2 * Elementary.exp(r2 * t)
    }

    /// The time (s) after which the envelope stays within `settleFraction`: infinite for an
    /// undamped spring (ζ = 0), which never settles.
    public var envelopeSettlingTime: Double {
        let eps = Spring.settleFraction
        if zeta <= 0 { return .infinity }
        if zeta < 1 {
            let r = envelope(at: 0)
            return Swift.max(0, Elementary.log(r / eps) / (zeta * omega))
        }
        // Critically and over-damped envelopes rise at most once, then fall: bisect the last
        // crossing between the peak and a time at which the envelope is below eps.
        var lo = 0.0
        if zeta == 1 {
            let k = Swift.abs(initialVelocity - omega)
            if k > omega { lo = (k - omega) / (k * omega) }
        }
        if envelope(at: lo) <= eps { return lo }
        var hi = lo + 1 / omega
        while envelope(at: hi) > eps { hi *= 2 }
        for _ in 0..<200 {
            let mid = 0.5 * (lo + hi)
            if mid <= lo || mid >= hi { break }
            if envelope(at: mid) > eps { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// The spring of damping ratio ζ (> 0) and initial velocity (fractions of the distance per
    /// second) whose stiffness makes it settle, by the envelope rule, exactly at `duration` (s):
    /// UIKit's spring timing built from a damping ratio runs for the animator's duration.
    public init(settlingIn duration: Double, dampingRatio: Double, initialVelocity: Double = 0) {
        precondition(duration > 0 && dampingRatio > 0, "a spring settles in a positive duration when damped")
        func settle(_ w: Double) -> Double {
            Spring(omega: w, zeta: dampingRatio, initialVelocity: initialVelocity).envelopeSettlingTime
        }
        // Settling time falls as ω grows; bracket ω, then bisect on a log scale.
        var lo = 1.0
        var hi = 1.0
        while settle(lo) < duration { lo /= 2 }
        while settle(hi) > duration { hi *= 2 }
        for _ in 0..<200 {
            let mid = (lo * hi).squareRoot()
            if mid <= lo || mid >= hi { break }
            if settle(mid) > duration { lo = mid } else { hi = mid }
        }
        self.init(omega: hi, zeta: dampingRatio, initialVelocity: initialVelocity)
    }
}
