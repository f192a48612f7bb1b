// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// Contact manifold between two circles.
public func collideCircles(_ a: CircleShape, _ xfA: Transformf, _ b: CircleShape, _ xfB: Transformf) -> Manifold {
    var m = Manifold()
    let pA = mul(xfA, a.position), pB = mul(xfB, b.position)
    let d = pB - pA
    let r = a.radius + b.radius
    if d.lengthSquared > r * r { return m }
    m.type = .circles
    m.localPoint = a.position
    m.localNormal = .zero
    m.pointCount = 1
    m.point0.localPoint = b.position
    m.point0.id = ContactID()
    return m
}

/// Contact manifold between a polygon (A) and a circle (B).
public func collidePolygonAndCircle(_ a: PolygonShape, _ xfA: Transformf, _ b: CircleShape, _ xfB: Transformf) -> Manifold {
    var m = Manifold()
    let c = mul(xfB, b.position)
    let cLocal = mulT(xfA, c)
    var normalIndex = 0
    var separation = -Float.greatestFiniteMagnitude
    let radius = a.radius + b.radius
    let count = a.vertices.count
    for i in 0..<count {
        let s = dot(a.normals[i], cLocal - a.vertices[i])
        if s > radius { return m }
        if s > separation { separation = s; normalIndex = i }
    }
    let i1 = normalIndex, i2 = i1 + 1 < count ? i1 + 1 : 0
    let v1 = a.vertices[i1], v2 = a.vertices[i2]
    if separation < epsilon {
        m.pointCount = 1
        m.type = .faceA
        m.localNormal = a.normals[normalIndex]
        m.localPoint = 0.5 * (v1 + v2)
        m.point0.localPoint = b.position
        return m
    }
    let u1 = dot(cLocal - v1, v2 - v1)
    let u2 = dot(cLocal - v2, v1 - v2)
    if u1 <= 0 {
        if distanceSquared(cLocal, v1) > radius * radius { return m }
        m.localNormal = (cLocal - v1).safeNormalized
        m.localPoint = v1
    } else if u2 <= 0 {
        if distanceSquared(cLocal, v2) > radius * radius { return m }
        m.localNormal = (cLocal - v2).safeNormalized
        m.localPoint = v2
    } else {
        let faceCenter = 0.5 * (v1 + v2)
        let s = dot(cLocal - faceCenter, a.normals[i1])
        if s > radius { return m }
        m.localNormal = a.normals[i1]
        m.localPoint = faceCenter
    }
    m.pointCount = 1
    m.type = .faceA
    m.point0.localPoint = b.position
    return m
}

/// Contact manifold between a segment (A) and a circle (B), with ghost-vertex regions.
public func collideEdgeAndCircle(_ edge: EdgeShape, _ xfA: Transformf, _ circle: CircleShape, _ xfB: Transformf) -> Manifold {
    var m = Manifold()
    let Q = mulT(xfA, mul(xfB, circle.position))
    let A = edge.vertex1, B = edge.vertex2
    let e = B - A
    let u = dot(e, B - Q)
    let v = dot(e, Q - A)
    let radius = edge.radius + circle.radius
    if v <= 0 {
        let d = Q - A
        if dot(d, d) > radius * radius { return m }
        if edge.hasVertex0 {
            let e1 = A - edge.vertex0
            if dot(e1, A - Q) > 0 { return m }
        }
        m.pointCount = 1; m.type = .circles; m.localNormal = .zero; m.localPoint = A
        m.point0.id = ContactID(indexA: 0, indexB: 0, typeA: .vertex, typeB: .vertex)
        m.point0.localPoint = circle.position
        return m
    }
    if u <= 0 {
        let d = Q - B
        if dot(d, d) > radius * radius { return m }
        if edge.hasVertex3 {
            let e2 = edge.vertex3 - B
            if dot(e2, Q - B) > 0 { return m }
        }
        m.pointCount = 1; m.type = .circles; m.localNormal = .zero; m.localPoint = B
        m.point0.id = ContactID(indexA: 1, indexB: 0, typeA: .vertex, typeB: .vertex)
        m.point0.localPoint = circle.position
        return m
    }
    let den = dot(e, e)
    let P = (1.0 / den) * (u * A + v * B)
    let d = Q - P
    if dot(d, d) > radius * radius { return m }
    var n = Vec2f(-e.y, e.x)
    if dot(n, Q - A) < 0 { n = -n }
    m.pointCount = 1; m.type = .faceA; m.localNormal = n.safeNormalized; m.localPoint = A
    m.point0.id = ContactID(indexA: 0, indexB: 0, typeA: .face, typeB: .vertex)
    m.point0.localPoint = circle.position
    return m
}
