// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// The largest separation of `poly2` from the edge normals of `poly1`, and the edge giving it.
///
/// Returns as soon as the separation exceeds `stopAbove`: then the polygons do not touch and the
/// caller looks at nothing else, so the result is the full search's wherever it is used.
private func findMaxSeparation(_ poly1: UnsafePointer<PolygonShape>, _ xf1: Transform, _ poly2: UnsafePointer<PolygonShape>, _ xf2: Transform,
                               stopAbove: Double) -> (Int, Double) {
    let xf = mulT(xf2, xf1)
    var bestIndex = 0
    var maxSeparation = -Double.greatestFiniteMagnitude
    let count1 = poly1.pointee.vertices.count, count2 = poly2.pointee.vertices.count
    let n1 = poly1.normalBase, v1s = poly1.vertexBase, v2s = poly2.vertexBase
    for i in 0..<count1 {
        let n = mul(xf.q, n1[i])
        let v1 = mul(xf, v1s[i])
        var si = Double.greatestFiniteMagnitude
        for j in 0..<count2 {
            let sij = dot(n, v2s[j] - v1)
            if sij < si { si = sij }
        }
        if si > maxSeparation {
            maxSeparation = si; bestIndex = i
            if maxSeparation > stopAbove { break }
        }
    }
    return (bestIndex, maxSeparation)
}

private func findIncidentEdge(_ poly1: UnsafePointer<PolygonShape>, _ xf1: Transform, _ edge1: Int, _ poly2: UnsafePointer<PolygonShape>, _ xf2: Transform) -> (ClipVertex, ClipVertex) {
    let normal1 = mulT(xf2.q, mul(xf1.q, poly1.normalBase[edge1]))
    var index = 0
    var minDot = Double.greatestFiniteMagnitude
    let n2 = poly2.normalBase
    for i in 0..<poly2.pointee.vertices.count {
        let d = dot(normal1, n2[i])
        if d < minDot { minDot = d; index = i }
    }
    let i1 = index, i2 = i1 + 1 < poly2.pointee.vertices.count ? i1 + 1 : 0
    var c0 = ClipVertex(), c1 = ClipVertex()
    c0.v = mul(xf2, poly2.vertexBase[i1])
    c0.id = ContactID(indexA: edge1, indexB: i1, typeA: .face, typeB: .vertex)
    c1.v = mul(xf2, poly2.vertexBase[i2])
    c1.id = ContactID(indexA: edge1, indexB: i2, typeA: .face, typeB: .vertex)
    return (c0, c1)
}

/// Contact manifold between two convex polygons: separating axes, a reference face and clipping.
public func collidePolygons(_ polyA: PolygonShape, _ xfA: Transform, _ polyB: PolygonShape, _ xfB: Transform) -> Manifold {
    withUnsafePointer(to: polyA) { a in withUnsafePointer(to: polyB) { b in collidePolygons(a, xfA, b, xfB) } }
}

/// `collidePolygons` on polygons read in place (the world passes pointers into its fixtures, so a
/// polygon is never copied).
/// Inlined into the contact update: returning the manifold through memory from a call stalls on
/// reading it back.
@inline(__always)
func collidePolygons(_ polyA: UnsafePointer<PolygonShape>, _ xfA: Transform, _ polyB: UnsafePointer<PolygonShape>, _ xfB: Transform) -> Manifold {
    var m = Manifold()
    let totalRadius = polyA.pointee.radius + polyB.pointee.radius
    let (edgeA, separationA) = findMaxSeparation(polyA, xfA, polyB, xfB, stopAbove: totalRadius)
    if separationA > totalRadius { return m }
    let (edgeB, separationB) = findMaxSeparation(polyB, xfB, polyA, xfA, stopAbove: totalRadius)
    if separationB > totalRadius { return m }

    let poly1: UnsafePointer<PolygonShape>, poly2: UnsafePointer<PolygonShape>
    let xf1: Transform, xf2: Transform
    let edge1: Int
    let flip: Bool
    let kTol = 0.1 * Settings.linearSlop
    if separationB > separationA + kTol {
        poly1 = polyB; poly2 = polyA; xf1 = xfB; xf2 = xfA; edge1 = edgeB; m.type = .faceB; flip = true
    } else {
        poly1 = polyA; poly2 = polyB; xf1 = xfA; xf2 = xfB; edge1 = edgeA; m.type = .faceA; flip = false
    }
    let incident = findIncidentEdge(poly1, xf1, edge1, poly2, xf2)
    let count1 = poly1.pointee.vertices.count
    let iv1 = edge1, iv2 = edge1 + 1 < count1 ? edge1 + 1 : 0
    var v11 = poly1.vertexBase[iv1], v12 = poly1.vertexBase[iv2]
    let localTangent = (v12 - v11).safeNormalized
    let localNormal = cross(localTangent, 1.0)
    let planePoint = 0.5 * (v11 + v12)
    let tangent = mul(xf1.q, localTangent)
    let normal = cross(tangent, 1.0)
    v11 = mul(xf1, v11); v12 = mul(xf1, v12)
    let frontOffset = dot(normal, v11)
    let sideOffset1 = -dot(tangent, v11) + totalRadius
    let sideOffset2 = dot(tangent, v12) + totalRadius
    let c1 = clipSegmentToLine(incident, normal: -tangent, offset: sideOffset1, vertexIndexA: iv1)
    if c1.2 < 2 { return m }
    let c2 = clipSegmentToLine((c1.0, c1.1), normal: tangent, offset: sideOffset2, vertexIndexA: iv2)
    if c2.2 < 2 { return m }
    m.localNormal = localNormal
    m.localPoint = planePoint
    var pointCount = 0
    for k in 0..<2 {
        let cv = k == 0 ? c2.0 : c2.1
        let separation = dot(normal, cv.v) - frontOffset
        if separation <= totalRadius {
            var cp = ManifoldPoint()
            cp.localPoint = mulT(xf2, cv.v)
            cp.id = flip ? cv.id.swapped : cv.id
            m[pointCount] = cp
            pointCount += 1
        }
    }
    m.pointCount = pointCount
    return m
}
