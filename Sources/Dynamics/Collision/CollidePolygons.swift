// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// The separation of `poly2` from edge `edge1` of `poly1`: the depth of poly2's support vertex
/// against that edge's normal (Box2D 2.3.2's `b2EdgeSeparation`). The world normal and vertices
/// come from the polygons' poses (`w1`, `w2`).
@inline(__always)
private func edgeSeparation(_ w1: UnsafePointer<PolygonPose.Point>, _ edge1: Int, _ poly2: UnsafePointer<PolygonShape>,
                            _ xf2: Transformf, _ w2: UnsafePointer<PolygonPose.Point>) -> Float {
    let normal1World = w1[edge1].n
    let normal1 = mulT(xf2.q, normal1World)
    let v2s = poly2.vertexBase
    var index = 0
    var minDot = Float.greatestFiniteMagnitude
    for i in 0..<poly2.pointee.vertices.count {
        let d = dot(v2s[i], normal1)
        if d < minDot { minDot = d; index = i }
    }
    return dot(w2[index].v - w1[edge1].v, normal1World)
}

/// The largest separation of `poly2` from the edge normals of `poly1`, and the edge giving it, as
/// Box2D 2.3.2 (and 2.2, UIKit's, and pybox2d 2.3.10's) finds it: start from the edge facing
/// poly2's centroid and walk to neighbouring edges while the separation grows. (Box2D 2.4 tries
/// every edge instead; in near-ties the two pick different reference faces.)
private func findMaxSeparation(_ poly1: UnsafePointer<PolygonShape>, _ xf1: Transformf, _ pose1: UnsafePointer<PolygonPose>,
                               _ w1: UnsafePointer<PolygonPose.Point>, _ poly2: UnsafePointer<PolygonShape>, _ xf2: Transformf,
                               _ pose2: UnsafePointer<PolygonPose>, _ w2: UnsafePointer<PolygonPose.Point>) -> (Int, Float) {
    let count1 = poly1.pointee.vertices.count
    let n1 = poly1.normalBase
    let d = pose2.pointee.centroid - pose1.pointee.centroid
    let dLocal1 = mulT(xf1.q, d)
    var edge = 0
    var maxDot = -Float.greatestFiniteMagnitude
    for i in 0..<count1 {
        let dt = dot(n1[i], dLocal1)
        if dt > maxDot { maxDot = dt; edge = i }
    }
    let s = edgeSeparation(w1, edge, poly2, xf2, w2)
    let prevEdge = edge - 1 >= 0 ? edge - 1 : count1 - 1
    let sPrev = edgeSeparation(w1, prevEdge, poly2, xf2, w2)
    let nextEdge = edge + 1 < count1 ? edge + 1 : 0
    let sNext = edgeSeparation(w1, nextEdge, poly2, xf2, w2)
    var bestEdge: Int, bestSeparation: Float, increment: Int
    if sPrev > s && sPrev > sNext {
        increment = -1; bestEdge = prevEdge; bestSeparation = sPrev
    } else if sNext > s {
        increment = 1; bestEdge = nextEdge; bestSeparation = sNext
    } else {
        return (edge, s)
    }
    while true {
        if increment == -1 { edge = bestEdge - 1 >= 0 ? bestEdge - 1 : count1 - 1 } else { edge = bestEdge + 1 < count1 ? bestEdge + 1 : 0 }
        let se = edgeSeparation(w1, edge, poly2, xf2, w2)
        if se > bestSeparation { bestEdge = edge; bestSeparation = se } else { break }
    }
    return (bestEdge, bestSeparation)
}

private func findIncidentEdge(_ w1: UnsafePointer<PolygonPose.Point>, _ edge1: Int, _ poly2: UnsafePointer<PolygonShape>, _ xf2: Transformf,
                              _ w2: UnsafePointer<PolygonPose.Point>) -> (ClipVertex, ClipVertex) {
    let normal1 = mulT(xf2.q, w1[edge1].n)
    var index = 0
    var minDot = Float.greatestFiniteMagnitude
    let n2 = poly2.normalBase
    for i in 0..<poly2.pointee.vertices.count {
        let d = dot(normal1, n2[i])
        if d < minDot { minDot = d; index = i }
    }
    let i1 = index, i2 = i1 + 1 < poly2.pointee.vertices.count ? i1 + 1 : 0
    var c0 = ClipVertex(), c1 = ClipVertex()
    c0.v = w2[i1].v
    c0.id = ContactID(indexA: edge1, indexB: i1, typeA: .face, typeB: .vertex)
    c1.v = w2[i2].v
    c1.id = ContactID(indexA: edge1, indexB: i2, typeA: .face, typeB: .vertex)
    return (c0, c1)
}

/// Contact manifold between two convex polygons: separating axes, a reference face and clipping.
public func collidePolygons(_ polyA: PolygonShape, _ xfA: Transformf, _ polyB: PolygonShape, _ xfB: Transformf) -> Manifold {
    var poseA = PolygonPose(), poseB = PolygonPose()
    return withUnsafePointer(to: polyA) { a in
        withUnsafePointer(to: polyB) { b in collidePolygons(a, xfA, &poseA, b, xfB, &poseB) }
    }
}

/// `collidePolygons` on polygons read in place (the world passes pointers into its fixtures, so a
/// polygon is never copied), with their poses (the world keeps one per fixture, reused while the
/// body does not move).
/// Inlined into the contact update: returning the manifold through memory from a call stalls on
/// reading it back.
@inline(__always)
func collidePolygons(_ polyA: UnsafePointer<PolygonShape>, _ xfA: Transformf, _ poseA: UnsafeMutablePointer<PolygonPose>,
                     _ polyB: UnsafePointer<PolygonShape>, _ xfB: Transformf, _ poseB: UnsafeMutablePointer<PolygonPose>) -> Manifold {
    var m = Manifold()
    let totalRadius = polyA.pointee.radius + polyB.pointee.radius
    let wA = poseA.placed(polyA, xfA), wB = poseB.placed(polyB, xfB)
    let (edgeA, separationA) = findMaxSeparation(polyA, xfA, poseA, wA, polyB, xfB, poseB, wB)
    if separationA > totalRadius { return m }
    let (edgeB, separationB) = findMaxSeparation(polyB, xfB, poseB, wB, polyA, xfA, poseA, wA)
    if separationB > totalRadius { return m }

    let poly1: UnsafePointer<PolygonShape>, poly2: UnsafePointer<PolygonShape>
    let xf1: Transformf, xf2: Transformf
    let w1: UnsafePointer<PolygonPose.Point>, w2: UnsafePointer<PolygonPose.Point>
    let edge1: Int
    let flip: Bool
    // Box2D 2.3.2's (and 2.2's) preference for polygon A's face: B's only when clearly better.
    let kRelativeTol: Float = 0.98, kAbsoluteTol: Float = 0.001
    if separationB > kRelativeTol * separationA + kAbsoluteTol {
        poly1 = polyB; poly2 = polyA; xf1 = xfB; xf2 = xfA; w1 = wB; w2 = wA; edge1 = edgeB; m.type = .faceB; flip = true
    } else {
        poly1 = polyA; poly2 = polyB; xf1 = xfA; xf2 = xfB; w1 = wA; w2 = wB; edge1 = edgeA; m.type = .faceA; flip = false
    }
    let incident = findIncidentEdge(w1, edge1, poly2, xf2, w2)
    let count1 = poly1.pointee.vertices.count
    let iv1 = edge1, iv2 = edge1 + 1 < count1 ? edge1 + 1 : 0
    var v11 = poly1.vertexBase[iv1], v12 = poly1.vertexBase[iv2]
    let localTangent = (v12 - v11).safeNormalized
    let localNormal = cross(localTangent, 1.0)
    let planePoint = 0.5 * (v11 + v12)
    let tangent = mul(xf1.q, localTangent)
    let normal = cross(tangent, 1.0)
    v11 = w1[iv1].v; v12 = w1[iv2].v
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
