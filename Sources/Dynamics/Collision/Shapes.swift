// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// Mass properties of a shape: mass in kg, centroid in the shape's frame (m), rotational inertia
/// about the shape origin (kg·m²), as Box2D's `b2MassData`.
public struct MassData: Sendable, Hashable {
    public var mass: Float
    public var center: Vec2f
    public var inertia: Float
    public init(mass: Float = 0, center: Vec2f = .zero, inertia: Float = 0) {
        self.mass = mass; self.center = center; self.inertia = inertia
    }
}

/// A solid circle: centre in the body frame (m) and radius (m).
public struct CircleShape: Sendable, Hashable {
    public var position: Vec2f
    public var radius: Float
    init(position: Vec2f = .zero, radius: Float) { self.position = position; self.radius = radius }
}

/// A solid convex polygon of at most `Settings.maxPolygonVertices` vertices, counter-clockwise in
/// Box2D's y-up sense, with a skin of `Settings.polygonRadius`. Lengths in metres.
public struct PolygonShape: Sendable, Hashable {
    /// Stored inline (no heap buffer), so that copying a shape never allocates or retains.
    public var vertices: Vertices
    public var normals: Vertices
    public var centroid: Vec2f
    public var radius: Float

    /// An axis-aligned box of half extents `halfWidth` × `halfHeight` (m), optionally centred at
    /// `center` and rotated by `angle` radians in the body frame.
    static func box(halfWidth hx: Float, halfHeight hy: Float, center: Vec2f = .zero, angle: Float = 0) -> PolygonShape {
        var v = [Vec2f(-hx, -hy), Vec2f(hx, -hy), Vec2f(hx, hy), Vec2f(-hx, hy)]
        var n = [Vec2f(0, -1), Vec2f(1, 0), Vec2f(0, 1), Vec2f(-1, 0)]
        if center != .zero || angle != 0 {
            let xf = Transformf(position: center, angle: angle)
            for i in 0..<4 { v[i] = mul(xf, v[i]); n[i] = mul(xf.q, n[i]) }
        }
        return PolygonShape(vertices: v, normals: n, centroid: center, radius: Settings.polygonRadius)
    }

    init(vertices: [Vec2f], normals: [Vec2f], centroid: Vec2f, radius: Float) {
        self.vertices = Vertices(vertices); self.normals = Vertices(normals); self.centroid = centroid; self.radius = radius
    }

    /// The convex hull of `points` (Box2D's gift wrapping, after welding points closer than half
    /// the linear slop). Nil when the hull is degenerate (fewer than 3 distinct, non-collinear points).
    init?(points: [Vec2f]) {
        let n0 = Swift.min(points.count, Settings.maxPolygonVertices)
        if n0 < 3 { return nil }
        var ps: [Vec2f] = []
        let weld = (0.5 * Settings.linearSlop) * (0.5 * Settings.linearSlop)
        for i in 0..<n0 {
            let v = points[i]
            if !ps.contains(where: { distanceSquared(v, $0) < weld }) { ps.append(v) }
        }
        let n = ps.count
        if n < 3 { return nil }
        // Rightmost point (lowest y on ties) is on the hull.
        var i0 = 0
        var x0 = ps[0].x
        for i in 1..<n {
            let x = ps[i].x
            if x > x0 || (x == x0 && ps[i].y < ps[i0].y) { i0 = i; x0 = x }
        }
        var hull: [Int] = []
        var ih = i0
        while true {
            hull.append(ih)
            var ie = 0
            for j in 1..<n {
                if ie == ih { ie = j; continue }
                let r = ps[ie] - ps[hull[hull.count - 1]]
                let v = ps[j] - ps[hull[hull.count - 1]]
                let c = cross(r, v)
                if c < 0 { ie = j }
                if c == 0 && v.lengthSquared > r.lengthSquared { ie = j }
            }
            ih = ie
            if ie == i0 || hull.count > n { break }
        }
        if hull.count < 3 { return nil }
        let verts = hull.map { ps[$0] }
        var norms: [Vec2f] = []
        for i in 0..<verts.count {
            let edge = verts[(i + 1) % verts.count] - verts[i]
            if edge.lengthSquared <= 1.1920929e-7 * 1.1920929e-7 { return nil }
            norms.append(cross(edge, 1.0).safeNormalized)
        }
        guard let c = PolygonShape.centroid(of: verts) else { return nil }
        self.init(vertices: verts, normals: norms, centroid: c, radius: Settings.polygonRadius)
    }

    static func centroid(of vs: [Vec2f]) -> Vec2f? {
        var c = Vec2f.zero
        var area: Float = 0.0
        let pRef = Vec2f.zero
        let inv3: Float = 1.0 / 3.0
        for i in 0..<vs.count {
            let p1 = pRef, p2 = vs[i], p3 = i + 1 < vs.count ? vs[i + 1] : vs[0]
            let e1 = p2 - p1, e2 = p3 - p1
            let a = 0.5 * cross(e1, e2)
            area += a
            c += a * inv3 * (p1 + p2 + p3)
        }
        if area <= 1.1920929e-7 { return nil }
        return c / area
    }

    /// Mass of the polygon of `density` kg/m² (the skin radius is ignored, as Box2D does).
    public func computeMass(density: Float) -> MassData {
        var center = Vec2f.zero
        var area: Float = 0.0
        var inertia: Float = 0.0
        // The triangles' reference point: the vertices' average, as Box2D 2.3 forms it (summed in
        // order, then scaled by the reciprocal of the count).
        var s = Vec2f.zero
        for i in 0..<vertices.count { s += vertices[i] }
        s *= 1.0 / Float(vertices.count)
        let inv3: Float = 1.0 / 3.0
        for i in 0..<vertices.count {
            let e1 = vertices[i] - s
            let e2 = (i + 1 < vertices.count ? vertices[i + 1] : vertices[0]) - s
            let d = cross(e1, e2)
            let triArea = 0.5 * d
            area += triArea
            center += triArea * inv3 * (e1 + e2)
            let intx2 = e1.x * e1.x + e2.x * e1.x + e2.x * e2.x
            let inty2 = e1.y * e1.y + e2.y * e1.y + e2.y * e2.y
            inertia += (0.25 * inv3 * d) * (intx2 + inty2)
        }
        let mass = density * area
        center = (1.0 / area) * center
        let c = center + s
        var I = density * inertia
        I += mass * (dot(c, c) - dot(center, center))
        return MassData(mass: mass, center: c, inertia: I)
    }
}

/// A line segment (m) with optional ghost vertices for smooth collision along chains.
public struct EdgeShape: Sendable, Hashable {
    public var vertex1: Vec2f
    public var vertex2: Vec2f
    public var vertex0: Vec2f = .zero
    public var vertex3: Vec2f = .zero
    public var hasVertex0 = false
    public var hasVertex3 = false
    public var radius: Float = Settings.polygonRadius
    init(_ v1: Vec2f, _ v2: Vec2f) { vertex1 = v1; vertex2 = v2 }
}

/// A chain of segments (m), open or closed into a loop; each segment is one child.
public struct ChainShape: Sendable, Hashable {
    public var vertices: [Vec2f]
    public var isLoop: Bool
    public var prevVertex: Vec2f = .zero
    public var nextVertex: Vec2f = .zero
    public var hasPrevVertex = false
    public var hasNextVertex = false
    public var radius: Float = Settings.polygonRadius

    /// A closed loop through `points` (at least 3), as `b2ChainShape::CreateLoop`.
    static func loop(_ points: [Vec2f]) -> ChainShape {
        precondition(points.count >= 3, "a chain loop needs at least three points")
        var c = ChainShape(vertices: points + [points[0]], isLoop: true)
        c.prevVertex = points[points.count - 1]
        c.nextVertex = points[1]
        c.hasPrevVertex = true
        c.hasNextVertex = true
        return c
    }

    /// An open chain through `points` (at least 2), as `b2ChainShape::CreateChain`.
    static func chain(_ points: [Vec2f]) -> ChainShape {
        precondition(points.count >= 2, "a chain needs at least two points")
        return ChainShape(vertices: points, isLoop: false)
    }

    init(vertices: [Vec2f], isLoop: Bool) { self.vertices = vertices; self.isLoop = isLoop }

    /// The number of segments.
    public var childCount: Int { vertices.count - 1 }

    /// Segment `index` as an edge with its ghost vertices.
    public func childEdge(_ index: Int) -> EdgeShape {
        var e = EdgeShape(vertices[index], vertices[index + 1])
        if index > 0 {
            e.vertex0 = vertices[index - 1]; e.hasVertex0 = true
        } else {
            e.vertex0 = prevVertex; e.hasVertex0 = hasPrevVertex
        }
        if index < vertices.count - 2 {
            e.vertex3 = vertices[index + 2]; e.hasVertex3 = true
        } else {
            e.vertex3 = nextVertex; e.hasVertex3 = hasNextVertex
        }
        e.radius = radius
        return e
    }
}

/// A collision shape. The order of the cases is Box2D's `b2Shape::Type` order.
public enum Shape: Sendable, Hashable {
    case circle(CircleShape)
    case edge(EdgeShape)
    case polygon(PolygonShape)
    case chain(ChainShape)

    /// Box2D's type index: circle 0, edge 1, polygon 2, chain 3.
    public var typeIndex: Int {
        switch self {
        case .circle: return 0
        case .edge: return 1
        case .polygon: return 2
        case .chain: return 3
        }
    }

    /// Number of children (segments of a chain; 1 otherwise).
    public var childCount: Int {
        if case .chain(let c) = self { return c.childCount }
        return 1
    }

    /// The skin radius (m): the circle's radius, or the polygon radius.
    public var radius: Float {
        switch self {
        case .circle(let c): return c.radius
        case .edge(let e): return e.radius
        case .polygon(let p): return p.radius
        case .chain(let c): return c.radius
        }
    }

    /// The bounding box of child `child` under `xf`, skin included.
    public func computeAABB(_ xf: Transformf, child: Int) -> AABBf {
        switch self {
        case .circle(let c):
            let p = xf.p + mul(xf.q, c.position)
            return AABBf(lowerBound: Vec2f(p.x - c.radius, p.y - c.radius), upperBound: Vec2f(p.x + c.radius, p.y + c.radius))
        case .edge(let e):
            return segmentAABB(mul(xf, e.vertex1), mul(xf, e.vertex2), e.radius)
        case .chain(let c):
            let i2 = child + 1 < c.vertices.count ? child + 1 : 0
            // Box2D 2.3's b2ChainShape::ComputeAABB leaves the skin out (its edges keep it).
            return segmentAABB(mul(xf, c.vertices[child]), mul(xf, c.vertices[i2]), 0)
        case .polygon(let p):
            var lower = mul(xf, p.vertices[0])
            var upper = lower
            for i in 1..<p.vertices.count {
                let v = mul(xf, p.vertices[i])
                lower = min(lower, v); upper = max(upper, v)
            }
            let r = Vec2f(p.radius, p.radius)
            return AABBf(lowerBound: lower - r, upperBound: upper + r)
        }
    }

    private func segmentAABB(_ v1: Vec2f, _ v2: Vec2f, _ radius: Float) -> AABBf {
        let r = Vec2f(radius, radius)
        return AABBf(lowerBound: min(v1, v2) - r, upperBound: max(v1, v2) + r)
    }

    /// Mass properties for `density` kg/m²; segments and chains have none.
    public func computeMass(density: Float) -> MassData {
        switch self {
        case .circle(let c):
            let rr = c.radius * c.radius
            let mass = density * Settings.pi * rr
            return MassData(mass: mass, center: c.position, inertia: mass * (0.5 * rr + dot(c.position, c.position)))
        case .polygon(let p):
            return p.computeMass(density: density)
        case .edge, .chain:
            return MassData()
        }
    }

    /// `true` when the world point `p` lies inside the shape placed at `xf` (segments: never).
    public func testPoint(_ xf: Transformf, _ p: Vec2f) -> Bool {
        switch self {
        case .circle(let c):
            let center = xf.p + mul(xf.q, c.position)
            return (p - center).lengthSquared <= c.radius * c.radius
        case .polygon(let poly):
            let local = mulT(xf.q, p - xf.p)
            for i in 0..<poly.vertices.count where dot(poly.normals[i], local - poly.vertices[i]) > 0 { return false }
            return true
        case .edge, .chain:
            return false
        }
    }
}
