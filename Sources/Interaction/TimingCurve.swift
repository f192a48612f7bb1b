import Geometry

/// A UIView timing curve: a cubic Bézier from (0, 0) to (1, 1) with two control points.
public struct TimingCurve: Sendable, Hashable {
    public var c1: Vec2
    public var c2: Vec2
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) { c1 = Vec2(x1, y1); c2 = Vec2(x2, y2) }

    public static let linear = TimingCurve(0, 0, 1, 1)
    public static let easeIn = TimingCurve(0.42, 0, 1, 1)
    public static let easeOut = TimingCurve(0, 0, 0.58, 1)
    public static let easeInOut = TimingCurve(0.42, 0, 0.58, 1)

    /// The curve named `linear`, `easeIn`, `easeOut` or `easeInOut`.
    public static func named(_ name: String) -> TimingCurve? {
        switch name {
        case "linear": return .linear
        case "easeIn": return .easeIn
        case "easeOut": return .easeOut
        case "easeInOut": return .easeInOut
        default: return nil
        }
    }

    private func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
    private func bezierDerivative(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    /// Progress (0…1) at the fraction `x` (0…1) of the duration: solves x(t) = x by Newton's
    /// method with a bisection fallback (to 1e-9), then returns y(t).
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if self == .linear { return x }
        var t = x
        for _ in 0..<8 {
            let err = bezier(t, c1.x, c2.x) - x
            if Swift.abs(err) < 1e-9 { return bezier(t, c1.y, c2.y) }
            let d = bezierDerivative(t, c1.x, c2.x)
            if Swift.abs(d) < 1e-9 { break }
            t -= err / d
        }
        var lo = 0.0
        var hi = 1.0
        t = x
        for _ in 0..<100 {
            let v = bezier(t, c1.x, c2.x)
            if Swift.abs(v - x) < 1e-9 { break }
            if v < x { lo = t } else { hi = t }
            t = 0.5 * (lo + hi)
        }
        return bezier(t, c1.y, c2.y)
    }
}
