// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// A polygon fixture placed in the world by one transform: each vertex `mul(xf, v)`, each normal
/// `mul(xf.q, n)` and the centroid `mul(xf, c)`, computed once and kept while the body's
/// transform stays the same, bit for bit.
///
/// Box2D's polygon collision transforms the same vertices and normals over and over: every edge
/// it tries rotates that edge's normal and transforms its first vertex and the other polygon's
/// support vertex, and a box touching four others goes through that for each of them. The pose
/// does each once per body move. The values are the same operations on the same numbers, so a
/// manifold computed from a pose is the manifold computed without one, bit for bit.
struct PolygonPose {
    struct Point { var v: Vec2f; var n: Vec2f }
    typealias Points = (Point, Point, Point, Point, Point, Point, Point, Point)
    private static let origin = Point(v: .zero, n: .zero)

    /// The transform the points were computed for (meaningful only when `count > 0`).
    var xf = Transformf.identity
    /// The number of points computed; 0 until the first use, and again when the fixture changes.
    var count = 0
    var centroid = Vec2f.zero
    var points: Points = (origin, origin, origin, origin, origin, origin, origin, origin)

    @inline(__always) static var pointsOffset: Int { MemoryLayout<PolygonPose>.offset(of: \PolygonPose.points)! }
}

extension UnsafeMutablePointer where Pointee == PolygonPose {
    /// The pose of `poly` for `xf`, recomputed unless it was computed for this very transform
    /// (compared bit for bit: a transform equal in value but not in bits, such as -0 for 0, is
    /// computed again, never wrongly reused).
    @inline(__always)
    func placed(_ poly: UnsafePointer<PolygonShape>, _ xf: Transformf) -> UnsafePointer<PolygonPose.Point> {
        let points = UnsafeMutableRawPointer(self).advanced(by: PolygonPose.pointsOffset).assumingMemoryBound(to: PolygonPose.Point.self)
        let old = pointee.xf
        if pointee.count == 0 || old.p.x.bitPattern != xf.p.x.bitPattern || old.p.y.bitPattern != xf.p.y.bitPattern
            || old.q.s.bitPattern != xf.q.s.bitPattern || old.q.c.bitPattern != xf.q.c.bitPattern {
            let count = poly.pointee.vertices.count
            let vs = poly.vertexBase, ns = poly.normalBase
            for i in 0..<count { points[i] = PolygonPose.Point(v: mul(xf, vs[i]), n: mul(xf.q, ns[i])) }
            pointee.centroid = mul(xf, poly.pointee.centroid)
            pointee.xf = xf
            pointee.count = count
        }
        return UnsafePointer(points)
    }
}
