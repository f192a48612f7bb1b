// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// Contact manifold between a segment (A, with optional ghost vertices) and a polygon (B).
///
/// Box2D 2.3's edge–polygon collider: the polygon is moved into the edge's frame, the admissible
/// normal range is derived from the ghost vertices (so a box sliding along a chain does not catch
/// on the inner vertices), then the best of the edge axis and the polygon axes is clipped.
public func collideEdgeAndPolygon(_ edge: EdgeShape, _ xfA: Transformf, _ polygon: PolygonShape, _ xfB: Transformf) -> Manifold {
    withUnsafePointer(to: polygon) { collideEdgeAndPolygon(edge, xfA, $0, xfB) }
}

/// `collideEdgeAndPolygon` on a polygon read in place.
func collideEdgeAndPolygon(_ edge: EdgeShape, _ xfA: Transformf, _ polygon: UnsafePointer<PolygonShape>, _ xfB: Transformf) -> Manifold {
    withUnsafeTemporaryAllocation(of: Vec2f.self, capacity: 2 * Settings.maxPolygonVertices) { buffer in
        let base = buffer.baseAddress!  // (a buffer of that capacity is never empty)
        var c = EdgePolygonCollider(verticesB: base, normalsB: base + Settings.maxPolygonVertices)
        return c.collide(edge, xfA, polygon, xfB)
    }
}

private struct EPAxis {
    enum Kind { case unknown, edgeA, edgeB }
    var kind = Kind.unknown
    var index = 0
    var separation: Float = 0.0
}

private struct EdgePolygonCollider {
    /// The polygon's vertices and normals in the edge's frame, `countB` of each, in a buffer on
    /// the stack (`collide`): read through a pointer, not through `Vertices`' switch per index,
    /// and not zeroed and appended one by one (a third of the collider's work).
    var verticesB: UnsafeMutablePointer<Vec2f>
    var normalsB: UnsafeMutablePointer<Vec2f>
    var countB = 0
    var xf = Transformf.identity
    var centroidB = Vec2f.zero
    var v0 = Vec2f.zero, v1 = Vec2f.zero, v2 = Vec2f.zero, v3 = Vec2f.zero
    var normal0 = Vec2f.zero, normal1 = Vec2f.zero, normal2 = Vec2f.zero
    var normal = Vec2f.zero
    var lowerLimit = Vec2f.zero, upperLimit = Vec2f.zero
    var radius: Float = 0.0
    var front = false

    mutating func collide(_ edgeA: EdgeShape, _ xfA: Transformf, _ polygonB: UnsafePointer<PolygonShape>, _ xfB: Transformf) -> Manifold {
        var manifold = Manifold()
        xf = mulT(xfA, xfB)
        centroidB = mul(xf, polygonB.pointee.centroid)
        v0 = edgeA.vertex0; v1 = edgeA.vertex1; v2 = edgeA.vertex2; v3 = edgeA.vertex3
        let hasVertex0 = edgeA.hasVertex0, hasVertex3 = edgeA.hasVertex3

        let edge1 = (v2 - v1).safeNormalized
        normal1 = Vec2f(edge1.y, -edge1.x)
        let offset1 = dot(normal1, centroidB - v1)
        var offset0: Float = 0.0, offset2: Float = 0.0
        var convex1 = false, convex2 = false
        if hasVertex0 {
            let edge0 = (v1 - v0).safeNormalized
            normal0 = Vec2f(edge0.y, -edge0.x)
            convex1 = cross(edge0, edge1) >= 0
            offset0 = dot(normal0, centroidB - v0)
        }
        if hasVertex3 {
            let edge2 = (v3 - v2).safeNormalized
            normal2 = Vec2f(edge2.y, -edge2.x)
            convex2 = cross(edge1, edge2) > 0
            offset2 = dot(normal2, centroidB - v2)
        }

        func set(_ f: Bool, _ n: Vec2f, _ lo: Vec2f, _ up: Vec2f, _ nb: Vec2f, _ lob: Vec2f, _ upb: Vec2f) {
            front = f
            if f { normal = n; lowerLimit = lo; upperLimit = up } else { normal = nb; lowerLimit = lob; upperLimit = upb }
        }
        let n0 = normal0, n1 = normal1, n2 = normal2
        if hasVertex0 && hasVertex3 {
            if convex1 && convex2 {
                set(offset0 >= 0 || offset1 >= 0 || offset2 >= 0, n1, n0, n2, -n1, -n1, -n1)
            } else if convex1 {
                set(offset0 >= 0 || (offset1 >= 0 && offset2 >= 0), n1, n0, n1, -n1, -n2, -n1)
            } else if convex2 {
                set(offset2 >= 0 || (offset0 >= 0 && offset1 >= 0), n1, n1, n2, -n1, -n1, -n0)
            } else {
                set(offset0 >= 0 && offset1 >= 0 && offset2 >= 0, n1, n1, n1, -n1, -n2, -n0)
            }
        } else if hasVertex0 {
            if convex1 {
                set(offset0 >= 0 || offset1 >= 0, n1, n0, -n1, -n1, n1, -n1)
            } else {
                set(offset0 >= 0 && offset1 >= 0, n1, n1, -n1, -n1, n1, -n0)
            }
        } else if hasVertex3 {
            if convex2 {
                set(offset1 >= 0 || offset2 >= 0, n1, -n1, n2, -n1, -n1, n1)
            } else {
                set(offset1 >= 0 && offset2 >= 0, n1, -n1, n1, -n1, -n2, n1)
            }
        } else {
            set(offset1 >= 0, n1, -n1, -n1, -n1, n1, n1)
        }

        countB = polygonB.pointee.vertices.count
        let vs = polygonB.vertexBase, ns = polygonB.normalBase
        for i in 0..<countB {
            verticesB[i] = mul(xf, vs[i])
            normalsB[i] = mul(xf.q, ns[i])
        }
        radius = 2.0 * Settings.polygonRadius

        let edgeAxis = computeEdgeSeparation()
        if edgeAxis.kind == .unknown { return manifold }
        if edgeAxis.separation > radius { return manifold }
        let polygonAxis = computePolygonSeparation()
        if polygonAxis.kind != .unknown && polygonAxis.separation > radius { return manifold }

        let kRelativeTol: Float = 0.98, kAbsoluteTol: Float = 0.001
        let primary: EPAxis
        if polygonAxis.kind == .unknown {
            primary = edgeAxis
        } else if polygonAxis.separation > kRelativeTol * edgeAxis.separation + kAbsoluteTol {
            primary = polygonAxis
        } else {
            primary = edgeAxis
        }

        var ie = (ClipVertex(), ClipVertex())
        var rfI1 = 0, rfI2 = 0
        var rfV1 = Vec2f.zero, rfV2 = Vec2f.zero, rfNormal = Vec2f.zero
        if primary.kind == .edgeA {
            manifold.type = .faceA
            var bestIndex = 0
            var bestValue = dot(normal, normalsB[0])
            for i in 1..<countB {
                let value = dot(normal, normalsB[i])
                if value < bestValue { bestValue = value; bestIndex = i }
            }
            let i1 = bestIndex, i2 = i1 + 1 < countB ? i1 + 1 : 0
            ie.0.v = verticesB[i1]
            ie.0.id = ContactID(indexA: 0, indexB: i1, typeA: .face, typeB: .vertex)
            ie.1.v = verticesB[i2]
            ie.1.id = ContactID(indexA: 0, indexB: i2, typeA: .face, typeB: .vertex)
            if front {
                rfI1 = 0; rfI2 = 1; rfV1 = v1; rfV2 = v2; rfNormal = normal1
            } else {
                rfI1 = 1; rfI2 = 0; rfV1 = v2; rfV2 = v1; rfNormal = -normal1
            }
        } else {
            manifold.type = .faceB
            ie.0.v = v1
            ie.0.id = ContactID(indexA: 0, indexB: primary.index, typeA: .vertex, typeB: .face)
            ie.1.v = v2
            ie.1.id = ContactID(indexA: 0, indexB: primary.index, typeA: .vertex, typeB: .face)
            rfI1 = primary.index
            rfI2 = rfI1 + 1 < countB ? rfI1 + 1 : 0
            rfV1 = verticesB[rfI1]; rfV2 = verticesB[rfI2]; rfNormal = normalsB[rfI1]
        }
        let sideNormal1 = Vec2f(rfNormal.y, -rfNormal.x)
        let sideNormal2 = -sideNormal1
        let sideOffset1 = dot(sideNormal1, rfV1)
        let sideOffset2 = dot(sideNormal2, rfV2)
        let clip1 = clipSegmentToLine(ie, normal: sideNormal1, offset: sideOffset1, vertexIndexA: rfI1)
        if clip1.2 < Settings.maxManifoldPoints { return manifold }
        let clip2 = clipSegmentToLine((clip1.0, clip1.1), normal: sideNormal2, offset: sideOffset2, vertexIndexA: rfI2)
        if clip2.2 < Settings.maxManifoldPoints { return manifold }

        if primary.kind == .edgeA {
            manifold.localNormal = rfNormal
            manifold.localPoint = rfV1
        } else {
            manifold.localNormal = polygonB.normalBase[rfI1]
            manifold.localPoint = polygonB.vertexBase[rfI1]
        }
        var pointCount = 0
        for k in 0..<2 {
            let cv = k == 0 ? clip2.0 : clip2.1
            let separation = dot(rfNormal, cv.v - rfV1)
            if separation <= radius {
                var cp = ManifoldPoint()
                if primary.kind == .edgeA {
                    cp.localPoint = mulT(xf, cv.v)
                    cp.id = cv.id
                } else {
                    cp.localPoint = cv.v
                    cp.id = cv.id.swapped
                }
                manifold[pointCount] = cp
                pointCount += 1
            }
        }
        manifold.pointCount = pointCount
        return manifold
    }

    func computeEdgeSeparation() -> EPAxis {
        var axis = EPAxis()
        axis.kind = .edgeA
        axis.index = front ? 0 : 1
        axis.separation = .greatestFiniteMagnitude
        for i in 0..<countB {
            let v = verticesB[i]
            let s = dot(normal, v - v1)
            if s < axis.separation { axis.separation = s }
        }
        return axis
    }

    func computePolygonSeparation() -> EPAxis {
        var axis = EPAxis()
        axis.kind = .unknown
        axis.index = -1
        axis.separation = -.greatestFiniteMagnitude
        let perp = Vec2f(-normal.y, normal.x)
        for i in 0..<countB {
            let n = -normalsB[i]
            let s1 = dot(n, verticesB[i] - v1)
            let s2 = dot(n, verticesB[i] - v2)
            let s = Swift.min(s1, s2)
            if s > radius {
                axis.kind = .edgeB; axis.index = i; axis.separation = s
                return axis
            }
            if dot(n, perp) >= 0 {
                if dot(n - upperLimit, normal) < -Settings.angularSlop { continue }
            } else {
                if dot(n - lowerLimit, normal) < -Settings.angularSlop { continue }
            }
            if s > axis.separation {
                axis.kind = .edgeB; axis.index = i; axis.separation = s
            }
        }
        return axis
    }
}
