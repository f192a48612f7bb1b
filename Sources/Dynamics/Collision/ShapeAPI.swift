// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

// The shapes' constructors in the public API's precision (Double, `Geometry.Vec2`). Each rounds
// its arguments to float32 first and then builds the shape in float32, as Box2D does with the
// floats it is given.

extension CircleShape {
    /// A circle of `radius` (m) centred at `position` in the body frame.
    public init(position: Vec2 = .zero, radius: Double) { self.init(position: Vec2f(position), radius: Float(radius)) }
}

extension PolygonShape {
    /// An axis-aligned box of half extents `halfWidth` × `halfHeight` (m), optionally centred at
    /// `center` and rotated by `angle` radians in the body frame.
    public static func box(halfWidth hx: Double, halfHeight hy: Double, center: Vec2 = .zero, angle: Double = 0) -> PolygonShape {
        box(halfWidth: Float(hx), halfHeight: Float(hy), center: Vec2f(center), angle: Float(angle))
    }
    /// The convex hull of `points` (m); nil when it is degenerate.
    public init?(points: [Vec2]) { self.init(points: points.map { Vec2f($0) }) }
}

extension EdgeShape {
    /// The segment from `v1` to `v2` (m).
    public init(_ v1: Vec2, _ v2: Vec2) { self.init(Vec2f(v1), Vec2f(v2)) }
}

extension ChainShape {
    /// A closed loop through `points` (m, at least 3).
    public static func loop(_ points: [Vec2]) -> ChainShape { loop(points.map { Vec2f($0) }) }
    /// An open chain through `points` (m, at least 2).
    public static func chain(_ points: [Vec2]) -> ChainShape { chain(points.map { Vec2f($0) }) }
}
