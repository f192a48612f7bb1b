// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// A convex point cloud with a radius, the input of GJK: a circle is one point, a polygon its
/// vertices, a segment its two ends. Metres.
public struct DistanceProxy: Sendable {
    /// Inline, so that building a proxy per query never allocates.
    public var vertices: Vertices
    public var radius: Float

    /// A proxy of the given points (at most 8) and radius.
    public init(vertices: Vertices, radius: Float) { self.vertices = vertices; self.radius = radius }

    /// The proxy of child `child` of `shape`.
    public init(_ shape: Shape, child: Int) {
        vertices = Vertices()
        switch shape {
        case .circle(let c): vertices.append(c.position); radius = c.radius
        case .polygon(let p): vertices = p.vertices; radius = p.radius
        case .edge(let e): vertices.append(e.vertex1); vertices.append(e.vertex2); radius = e.radius
        case .chain(let c):
            let i2 = child + 1 < c.vertices.count ? child + 1 : 0
            vertices.append(c.vertices[child]); vertices.append(c.vertices[i2]); radius = c.radius
        }
    }

    /// The index of the vertex furthest along `d`.
    @inlinable public func support(_ d: Vec2f) -> Int {
        var best = 0
        var bestValue = dot(vertices[0], d)
        for i in 1..<vertices.count {
            let v = dot(vertices[i], d)
            if v > bestValue { best = i; bestValue = v }
        }
        return best
    }
}

/// The simplex of the previous call, so that GJK starts warm.
public struct SimplexCache: Sendable {
    public var metric: Float = 0.0
    public var count = 0
    public var indexA: (Int, Int, Int) = (0, 0, 0)
    public var indexB: (Int, Int, Int) = (0, 0, 0)
    public init() {}
}

/// Input of `shapeDistance`.
public struct DistanceInput: Sendable {
    public var proxyA: DistanceProxy
    public var proxyB: DistanceProxy
    public var transformA: Transformf
    public var transformB: Transformf
    public var useRadii: Bool
    public init(proxyA: DistanceProxy, proxyB: DistanceProxy, transformA: Transformf, transformB: Transformf, useRadii: Bool) {
        self.proxyA = proxyA; self.proxyB = proxyB; self.transformA = transformA; self.transformB = transformB; self.useRadii = useRadii
    }
}

/// Closest points (world, m) and their distance (m).
public struct DistanceOutput: Sendable {
    public var pointA = Vec2f.zero
    public var pointB = Vec2f.zero
    public var distance: Float = 0.0
    public var iterations = 0
}

struct SimplexVertex {
    var wA = Vec2f.zero, wB = Vec2f.zero, w = Vec2f.zero
    var a: Float = 0.0
    var indexA = 0, indexB = 0
}

/// Three simplex vertices stored inline (no per-query array).
struct SimplexVertices {
    var v0 = SimplexVertex(), v1 = SimplexVertex(), v2 = SimplexVertex()
    subscript(i: Int) -> SimplexVertex {
        get { i == 0 ? v0 : (i == 1 ? v1 : v2) }
        set { if i == 0 { v0 = newValue } else if i == 1 { v1 = newValue } else { v2 = newValue } }
    }
}

@inline(__always) func tupleAt(_ t: (Int, Int, Int), _ i: Int) -> Int { i == 0 ? t.0 : (i == 1 ? t.1 : t.2) }

struct Simplex {
    var v = SimplexVertices()
    var count = 0

    mutating func readCache(_ cache: SimplexCache, _ vA: UnsafePointer<Vec2f>, _ xfA: Transformf, _ vB: UnsafePointer<Vec2f>, _ xfB: Transformf) {
        count = cache.count
        for i in 0..<count {
            let ia = tupleAt(cache.indexA, i), ib = tupleAt(cache.indexB, i)
            v[i].indexA = ia; v[i].indexB = ib
            v[i].wA = mul(xfA, vA[ia])
            v[i].wB = mul(xfB, vB[ib])
            v[i].w = v[i].wB - v[i].wA
            v[i].a = 0
        }
        if count > 1 {
            let metric1 = cache.metric
            let metric2 = metric
            if metric2 < 0.5 * metric1 || 2 * metric1 < metric2 || metric2 < epsilon { count = 0 }
        }
        if count == 0 {
            v[0].indexA = 0; v[0].indexB = 0
            v[0].wA = mul(xfA, vA[0]); v[0].wB = mul(xfB, vB[0])
            v[0].w = v[0].wB - v[0].wA
            v[0].a = 1
            count = 1
        }
    }

    func writeCache(_ cache: inout SimplexCache) {
        cache.metric = metric
        cache.count = count
        cache.indexA = (v[0].indexA, v[1].indexA, v[2].indexA)
        cache.indexB = (v[0].indexB, v[1].indexB, v[2].indexB)
    }

    var searchDirection: Vec2f {
        switch count {
        case 1: return -v[0].w
        case 2:
            let e12 = v[1].w - v[0].w
            let sgn = cross(e12, -v[0].w)
            return sgn > 0 ? cross(1.0, e12) : cross(e12, 1.0)
        default: return .zero
        }
    }

    var closestPoint: Vec2f {
        switch count {
        case 1: return v[0].w
        case 2: return v[0].a * v[0].w + v[1].a * v[1].w
        default: return .zero
        }
    }

    var witnessPoints: (Vec2f, Vec2f) {
        switch count {
        case 1: return (v[0].wA, v[0].wB)
        case 2: return (v[0].a * v[0].wA + v[1].a * v[1].wA, v[0].a * v[0].wB + v[1].a * v[1].wB)
        case 3:
            let p = v[0].a * v[0].wA + v[1].a * v[1].wA + v[2].a * v[2].wA
            return (p, p)
        default: return (.zero, .zero)
        }
    }

    var metric: Float {
        switch count {
        case 2: return distance(v[0].w, v[1].w)
        case 3: return cross(v[1].w - v[0].w, v[2].w - v[0].w)
        default: return 0
        }
    }

    mutating func solve2() {
        let w1 = v[0].w, w2 = v[1].w
        let e12 = w2 - w1
        let d12_2 = -dot(w1, e12)
        if d12_2 <= 0 { v[0].a = 1; count = 1; return }
        let d12_1 = dot(w2, e12)
        if d12_1 <= 0 { v[1].a = 1; count = 1; v[0] = v[1]; return }
        let inv = 1 / (d12_1 + d12_2)
        v[0].a = d12_1 * inv; v[1].a = d12_2 * inv
        count = 2
    }

    mutating func solve3() {
        let w1 = v[0].w, w2 = v[1].w, w3 = v[2].w
        let e12 = w2 - w1
        let d12_1 = dot(w2, e12), d12_2 = -dot(w1, e12)
        let e13 = w3 - w1
        let d13_1 = dot(w3, e13), d13_2 = -dot(w1, e13)
        let e23 = w3 - w2
        let d23_1 = dot(w3, e23), d23_2 = -dot(w2, e23)
        let n123 = cross(e12, e13)
        let d123_1 = n123 * cross(w2, w3)
        let d123_2 = n123 * cross(w3, w1)
        let d123_3 = n123 * cross(w1, w2)
        if d12_2 <= 0 && d13_2 <= 0 { v[0].a = 1; count = 1; return }
        if d12_1 > 0 && d12_2 > 0 && d123_3 <= 0 {
            let inv = 1 / (d12_1 + d12_2); v[0].a = d12_1 * inv; v[1].a = d12_2 * inv; count = 2; return
        }
        if d13_1 > 0 && d13_2 > 0 && d123_2 <= 0 {
            let inv = 1 / (d13_1 + d13_2); v[0].a = d13_1 * inv; v[2].a = d13_2 * inv; count = 2; v[1] = v[2]; return
        }
        if d12_1 <= 0 && d23_2 <= 0 { v[1].a = 1; count = 1; v[0] = v[1]; return }
        if d13_1 <= 0 && d23_1 <= 0 { v[2].a = 1; count = 1; v[0] = v[2]; return }
        if d23_1 > 0 && d23_2 > 0 && d123_1 <= 0 {
            let inv = 1 / (d23_1 + d23_2); v[1].a = d23_1 * inv; v[2].a = d23_2 * inv; count = 2; v[0] = v[2]; return
        }
        let inv = 1 / (d123_1 + d123_2 + d123_3)
        v[0].a = d123_1 * inv; v[1].a = d123_2 * inv; v[2].a = d123_3 * inv
        count = 3
    }
}

/// The distance between two convex proxies (GJK), warm-started from and writing back `cache`.
public func shapeDistance(_ input: DistanceInput, cache: inout SimplexCache) -> DistanceOutput {
    shapeDistance(input.proxyA, input.transformA, input.proxyB, input.transformB, useRadii: input.useRadii, cache: &cache)
}

/// `shapeDistance` on proxies passed by reference (the time-of-impact loop calls it many times
/// and would otherwise copy both proxies into a `DistanceInput` each time).
func shapeDistance(_ pA: DistanceProxy, _ xfA: Transformf, _ pB: DistanceProxy, _ xfB: Transformf, useRadii: Bool,
                   cache: inout SimplexCache) -> DistanceOutput {
    withUnsafePointer(to: pA) { a in
        withUnsafePointer(to: pB) { b in shapeDistance(ProxyRef(a), xfA, ProxyRef(b), xfB, useRadii: useRadii, cache: &cache) }
    }
}

/// A distance proxy read in place: its vertices as a plain pointer into the inline storage (the
/// first field of `Vertices`), so that GJK and the time-of-impact search do not go through the
/// subscript's switch per vertex. Valid while the proxy it was made from is.
struct ProxyRef {
    let v: UnsafePointer<Vec2f>
    let count: Int
    let radius: Float

    @inline(__always) init(_ p: UnsafePointer<DistanceProxy>) {
        v = UnsafeRawPointer(p).advanced(by: MemoryLayout<DistanceProxy>.offset(of: \DistanceProxy.vertices)!)
            .assumingMemoryBound(to: Vec2f.self)
        count = p.pointee.vertices.count
        radius = p.pointee.radius
    }

    /// `count` vertices at `v`, with skin `radius`.
    @inline(__always) init(_ v: UnsafePointer<Vec2f>, count: Int, radius: Float) {
        self.v = v; self.count = count; self.radius = radius
    }

    @inline(__always) subscript(i: Int) -> Vec2f { v[i] }

    /// The index of the first vertex furthest along `d` (as `DistanceProxy.support`).
    @inline(__always) func support(_ d: Vec2f) -> Int {
        var best = 0
        var bestValue = dot(v[0], d)
        for i in 1..<count {
            let s = dot(v[i], d)
            if s > bestValue { best = i; bestValue = s }
        }
        return best
    }
}

/// `shapeDistance` on proxies read in place through pointers (the vertex subscript's switch per
/// vertex was a large part of a query).
func shapeDistance(_ proxyA: ProxyRef, _ xfA: Transformf, _ proxyB: ProxyRef,
                   _ xfB: Transformf, useRadii: Bool, cache: inout SimplexCache) -> DistanceOutput {
    let vA = proxyA.v, vB = proxyB.v
    var output = DistanceOutput()
    var simplex = Simplex()
    simplex.readCache(cache, vA, xfA, vB, xfB)
    let maxIters = 20
    var saveA = (0, 0, 0), saveB = (0, 0, 0)
    var iter = 0
    while iter < maxIters {
        let saveCount = simplex.count
        saveA = (simplex.v.v0.indexA, simplex.v.v1.indexA, simplex.v.v2.indexA)
        saveB = (simplex.v.v0.indexB, simplex.v.v1.indexB, simplex.v.v2.indexB)
        switch simplex.count {
        case 2: simplex.solve2()
        case 3: simplex.solve3()
        default: break
        }
        if simplex.count == 3 { break }
        let d = simplex.searchDirection
        if d.lengthSquared < epsilon * epsilon { break }
        var vertex = SimplexVertex()
        vertex.indexA = proxyA.support(mulT(xfA.q, -d))
        vertex.wA = mul(xfA, vA[vertex.indexA])
        vertex.indexB = proxyB.support(mulT(xfB.q, d))
        vertex.wB = mul(xfB, vB[vertex.indexB])
        vertex.w = vertex.wB - vertex.wA
        simplex.v[simplex.count] = vertex
        iter += 1
        var duplicate = false
        for i in 0..<saveCount where vertex.indexA == tupleAt(saveA, i) && vertex.indexB == tupleAt(saveB, i) {
            duplicate = true; break
        }
        if duplicate { break }
        simplex.count += 1
    }
    (output.pointA, output.pointB) = simplex.witnessPoints
    output.distance = distance(output.pointA, output.pointB)
    output.iterations = iter
    simplex.writeCache(&cache)
    if useRadii {
        let rA = proxyA.radius, rB = proxyB.radius
        if output.distance > rA + rB && output.distance > epsilon {
            output.distance -= rA + rB
            let normal = (output.pointB - output.pointA).safeNormalized
            output.pointA += rA * normal
            output.pointB -= rB * normal
        } else {
            let p = 0.5 * (output.pointA + output.pointB)
            output.pointA = p; output.pointB = p
            output.distance = 0
        }
    }
    return output
}

/// `true` when the two shape children overlap (distance below 10 ε).
public func testOverlap(_ a: Shape, _ childA: Int, _ b: Shape, _ childB: Int, _ xfA: Transformf, _ xfB: Transformf) -> Bool {
    var cache = SimplexCache()
    let input = DistanceInput(proxyA: DistanceProxy(a, child: childA), proxyB: DistanceProxy(b, child: childB),
                              transformA: xfA, transformB: xfB, useRadii: true)
    return shapeDistance(input, cache: &cache).distance < 10 * epsilon
}
