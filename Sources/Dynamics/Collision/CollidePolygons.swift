// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// The separation of `poly2` from edge `edge1` of `poly1`: the depth of poly2's support vertex
/// against that edge's normal (Box2D 2.3.2's `b2EdgeSeparation`).
@inline(__always)
private func edgeSeparation(_ poly1: UnsafePointer<PolygonShape>, _ xf1: Transform, _ edge1: Int, _ poly2: UnsafePointer<PolygonShape>, _ xf2: Transform) -> Double {
    let normal1World = mul(xf1.q, poly1.normalBase[edge1])
    let normal1 = mulT(xf2.q, normal1World)
    let v2s = poly2.vertexBase
    var index = 0
    var minDot = Double.greatestFiniteMagnitude
    for i in 0..<poly2.pointee.vertices.count {
        let d = dot(v2s[i], normal1)
        if d < minDot { minDot = d; index = i }
    }
    let v1 = mul(xf1, poly1.vertexBase[edge1])
    let v2 = mul(xf2, v2s[index])
    return dot(v2 - v1, normal1World)
}

/// The largest separation of `poly2` from the edge normals of `poly1`, and the edge giving it, as
/// Box2D 2.3.2 (and 2.2, UIKit's, and pybox2d 2.3.10's) finds it: start from the edge facing
/// poly2's centroid and walk to neighbouring edges while the separation grows. (Box2D 2.4 tries
/// every edge instead; in near-ties the two pick different reference faces.)
private func findMaxSeparation(_ poly1: UnsafePointer<PolygonShape>, _ xf1: Transform, _ poly2: UnsafePointer<PolygonShape>, _ xf2: Transform) -> (Int, Double) {
    let count1 = poly1.pointee.vertices.count
    let n1 = poly1.normalBase
    let d = mul(xf2, poly2.pointee.centroid) - mul(xf1, poly1.pointee.centroid)
    let dLocal1 = mulT(xf1.q, d)
    var edge = 0
    var maxDot = -Double.greatestFiniteMagnitude
    for i in 0..<count1 {
        let dt = dot(n1[i], dLocal1)
        if dt > maxDot { maxDot = dt; edge = i }
    }
    let s = edgeSeparation(poly1, xf1, edge, poly2, xf2)
    let prevEdge = edge - 1 >= 0 ? edge - 1 : count1 - 1
    let sPrev = edgeSeparation(poly1, xf1, prevEdge, poly2, xf2)
    let nextEdge = edge + 1 < count1 ? edge + 1 : 0
    let sNext = edgeSeparation(poly1, xf1, nextEdge, poly2, xf2)
    var bestEdge: Int, bestSeparation: Double, increment: Int
    if sPrev > s && sPrev > sNext {
        increment = -1; bestEdge = prevEdge; bestSeparation = sPrev
    } else if sNext > s {
        increment = 1; bestEdge = nextEdge; bestSeparation = sNext
    } else {
        return (edge, s)
    }
    while true {
        if increment == -1 { edge = bestEdge - 1 >= 0 ? bestEdge - 1 : count1 - 1 } else { edge = bestEdge + 1 < count1 ? bestEdge + 1 : 0 }
        let se = edgeSeparation(poly1, xf1, edge, poly2, xf2)
        if se > bestSeparation { bestEdge = edge; bestSeparation = se } else { break }
    }
    return (bestEdge, bestSeparation)
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
    let (edgeA, separationA) = findMaxSeparation(polyA, xfA, polyB, xfB)
    if separationA > totalRadius { return m }
    let (edgeB, separationB) = findMaxSeparation(polyB, xfB, polyA, xfA)
    if separationB > totalRadius { return m }

    let poly1: UnsafePointer<PolygonShape>, poly2: UnsafePointer<PolygonShape>
    let xf1: Transform, xf2: Transform
    let edge1: Int
    let flip: Bool
    // Box2D 2.3.2's (and 2.2's) preference for polygon A's face: B's only when clearly better.
    let kRelativeTol = 0.98, kAbsoluteTol = 0.001
    if separationB > kRelativeTol * separationA + kAbsoluteTol {
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
