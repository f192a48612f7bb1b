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
        switch form {
        case .under(let decay, _, let b): return (1 + b * b).squareRoot() * Elementary.exp(-decay * t)
        case .critical(let w, let k): return (1 + Swift.abs(k) * t) * Elementary.exp(-w * t)
        case .over(let r1, let r2, let c1, let c2):
            return Swift.abs(c1) * Elementary.exp(r1 * t) + Swift.abs(c2) * Elementary.exp(r2 * t)
        }
    }

    /// Velocity of the progress at time t (fractions of the distance per second).
    public func velocity(at t: Double) -> Double {
        switch form {
        case .under(let decay, let wd, let b):
            let c = Elementary.cos(wd * t)
            let s = Elementary.sin(wd * t)
            return Elementary.exp(-decay * t) * ((decay + b * wd) * c + (wd - decay * b) * s)
        case .critical(let w, let k):
            return Elementary.exp(-w * t) * (k + w - w * k * t)
        case .over(let r1, let r2, let c1, let c2):
            return c1 * r1 * Elementary.exp(r1 * t) + c2 * r2 * Elementary.exp(r2 * t)
        }
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
