import Geometry

/// The timing of a property animator (UIKit's `UITimingCurveProvider`): a cubic curve or a spring.
public enum AnimatorTiming: Sendable, Hashable {
    /// `UICubicTimingParameters`: a named curve or one with explicit control points.
    case cubic(TimingCurve)
    /// `UISpringTimingParameters(dampingRatio:initialVelocity:)`: runs for the animator's duration.
    case dampingRatio(Double, initialVelocity: Vec2)
    /// `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`: the animator's duration
    /// is ignored; the animation runs until the spring settles (`Spring.envelopeSettlingTime`).
    case physical(mass: Double, stiffness: Double, damping: Double, initialVelocity: Vec2)

    /// Whether the timing keeps its own duration (a spring from mass, stiffness and damping).
    public var ignoresDuration: Bool {
        if case .physical = self { return true }
        return false
    }

    /// The timing laid over `duration` seconds (ignored by a spring from mass, stiffness and
    /// damping): a function from the fraction of the time to the fraction of the change.
    public func resolved(duration: Double) -> ResolvedTiming {
        switch self {
        case .cubic(let c):
            return ResolvedTiming(duration: duration, curve: c, springs: nil)
        case .dampingRatio(let z, let v):
            guard duration > 0 else { return ResolvedTiming(duration: 0, curve: .linear, springs: nil) }
            let sx = Spring(settlingIn: duration, dampingRatio: z, initialVelocity: v.x)
            let sy = v.y == v.x ? sx : Spring(settlingIn: duration, dampingRatio: z, initialVelocity: v.y)
            return ResolvedTiming(duration: duration, curve: .linear, springs: (sx, sy))
        case .physical(let m, let k, let c, let v):
            let sx = Spring(mass: m, stiffness: k, damping: c, initialVelocity: v.x)
            let sy = Spring(mass: m, stiffness: k, damping: c, initialVelocity: v.y)
            let d = Swift.max(sx.envelopeSettlingTime, sy.envelopeSettlingTime)
            return ResolvedTiming(duration: d, curve: .linear, springs: (sx, sy))
        }
    }
}

/// A timing laid over a duration: progress from the fraction of the time.
///
/// A spring's progress has two components: UIKit gives a spring's initial velocity as a vector,
/// whose `dx` drives x-like values (x, width, and the values with one component: alpha, rotation,
/// scale) and whose `dy` drives y-like values (y, height). A cubic curve's components are equal.
public struct ResolvedTiming: Sendable {
    /// Seconds from the fraction 0 to 1.
    public let duration: Double
    let curve: TimingCurve
    let springs: (x: Spring, y: Spring)?

    /// The progress at the fraction `s` of the duration: 0 at 0, exactly 1 from 1 on (a spring
    /// shows its target once it has settled).
    public func progress(at s: Double) -> Vec2 {
        if s >= 1 { return Vec2(1, 1) }
        if s <= 0 { return Vec2(0, 0) }
        guard let (sx, sy) = springs else {
            let p = curve.value(at: s)
            return Vec2(p, p)
        }
        let t = s * duration
        return Vec2(sx.value(at: t), sy.value(at: t))
    }
}
