import Geometry

/// A damped harmonic oscillator from 0 to 1 (UIView spring animations).
///
/// `usingSpringWithDamping:initialSpringVelocity:` with a duration: the stiffness is chosen so
/// that the undamped period equals the duration, k = (2π / duration)² with unit mass (the same
/// rule as duration/bounce springs), damping ratio ζ, and the initial velocity in "distance per
/// second", i.e. fractions of the whole distance per second.
public struct Spring: Sendable, Hashable {
    /// Angular frequency ω₀ = √(k/m) (rad/s).
    public var omega: Double
    /// Damping ratio ζ = c / (2√(km)).
    public var zeta: Double
    /// Initial velocity (fractions of the distance per second).
    public var initialVelocity: Double

    public init(omega: Double, zeta: Double, initialVelocity: Double = 0) {
        self.omega = omega; self.zeta = zeta; self.initialVelocity = initialVelocity
    }
    /// A spring of mass, stiffness and damping.
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        self.init(
            omega: (stiffness / mass).squareRoot(), zeta: damping / (2 * (stiffness * mass).squareRoot()),
            initialVelocity: initialVelocity)
    }
    /// UIKit's duration-and-damping-ratio spring.
    public init(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) {
        self.init(omega: 2 * Double.pi / duration, zeta: dampingRatio, initialVelocity: initialVelocity)
    }
    /// SwiftUI/UIKit's duration-and-bounce spring: ζ = 1 − bounce.
    public init(duration: Double, bounce: Double, initialVelocity: Double = 0) {
        self.init(omega: 2 * Double.pi / duration, zeta: 1 - bounce, initialVelocity: initialVelocity)
    }

    /// The closed form's coefficients for x(0) = −1, x'(0) = `initialVelocity`, where x is the
    /// part of the change still to come.
    enum Form {
        /// x = e^(−ζωt)(−cos ω_d t + b sin ω_d t).
        case under(decay: Double, wd: Double, b: Double)
        /// x = e^(−ωt)(−1 + k t).
        case critical(w: Double, k: Double)
        /// x = c₁e^(r₁t) + c₂e^(r₂t).
        case over(r1: Double, r2: Double, c1: Double, c2: Double)
    }

    var form: Form {
        let x0 = -1.0
        let v0 = initialVelocity
        let w = omega
        let z = zeta
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            return .under(decay: z * w, wd: wd, b: (v0 + z * w * x0) / wd)
        } else if z == 1 {
            return .critical(w: w, k: v0 + w * x0)
        }
        let s = (z * z - 1).squareRoot()
        let r1 = -w * (z - s)
        let r2 = -w * (z + s)
        let c2 = (v0 - r1 * x0) / (r2 - r1)
        return .over(r1: r1, r2: r2, c1: x0 - c2, c2: c2)
    }

    /// Progress at time t (s): 0 at t = 0, tending to 1.
    public func value(at t: Double) -> Double {
        let x: Double
        switch form {
        case .under(let decay, let wd, let b):
            x = Elementary.exp(-decay * t) * (-Elementary.cos(wd * t) + b * Elementary.sin(wd * t))
        case .critical(let w, let k):
            x = Elementary.exp(-w * t) * (-1 + k * t)
        case .over(let r1, let r2, let c1, let c2):
            x = c1 * Elementary.exp(r1 * t) + c2 * Elementary.exp(r2 * t)
        }
        return 1 + x
    }

    /// The time after which the spring stays within 0.1 % of its target (s), found by sampling.
    public var settlingTime: Double {
        let step = 1.0 / 240
        var t = 0.0
        var last = 0.0
        while t < 60 {
            if Swift.abs(value(at: t) - 1) > 0.001 { last = t }
            t += step
            if t - last > 5 * 2 * Double.pi / omega && t > 0.1 { break }
        }
        return last + step
    }
}
