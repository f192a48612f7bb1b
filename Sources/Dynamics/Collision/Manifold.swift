// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// Box2D's `FLT_EPSILON` (`b2_epsilon`).
@usableFromInline let epsilon: Float = .ulpOfOne

/// Feature types of a contact point: a vertex or a face of a shape.
public enum ContactFeatureType: UInt8, Sendable { case vertex = 0, face = 1 }

/// Identifies a contact point by the features that produce it, so that impulses can be matched
/// across steps (warm starting).
public struct ContactID: Hashable, Sendable {
    public var indexA: UInt8 = 0
    public var indexB: UInt8 = 0
    public var typeA: UInt8 = 0
    public var typeB: UInt8 = 0
    public init() {}
    public init(indexA: Int, indexB: Int, typeA: ContactFeatureType, typeB: ContactFeatureType) {
        self.indexA = UInt8(truncatingIfNeeded: indexA); self.indexB = UInt8(truncatingIfNeeded: indexB)
        self.typeA = typeA.rawValue; self.typeB = typeB.rawValue
    }
    /// The four bytes as one key (Box2D's union).
    public var key: UInt32 { UInt32(indexA) | UInt32(indexB) << 8 | UInt32(typeA) << 16 | UInt32(typeB) << 24 }
    /// The same features seen from the other shape.
    var swapped: ContactID {
        var c = ContactID(); c.indexA = indexB; c.indexB = indexA; c.typeA = typeB; c.typeB = typeA; return c
    }
}

/// One point of a manifold, in the local frame its manifold type says; impulses in N·s.
public struct ManifoldPoint: Sendable, Hashable {
    public var localPoint = Vec2f.zero
    public var normalImpulse: Float = 0.0
    public var tangentImpulse: Float = 0.0
    public var id = ContactID()
    public init() {}
}

/// How a manifold's local point and normal are expressed.
public enum ManifoldType: Sendable { case circles, faceA, faceB }

/// The contact points between two shapes (at most two), in local coordinates.
public struct Manifold: Sendable {
    public var point0 = ManifoldPoint()
    public var point1 = ManifoldPoint()
    public var pointCount = 0
    public var localNormal = Vec2f.zero
    public var localPoint = Vec2f.zero
    public var type = ManifoldType.circles
    public init() {}

    /// Point `i` (0 or 1).
    @inlinable public subscript(i: Int) -> ManifoldPoint {
        get { i == 0 ? point0 : point1 }
        set { if i == 0 { point0 = newValue } else { point1 = newValue } }
    }
}

/// A manifold in world coordinates: the normal from A to B, the points midway between the
/// surfaces, and the separations (negative when overlapping), in metres.
public struct WorldManifold: Sendable {
    public var normal = Vec2f.zero
    public var points: (Vec2f, Vec2f) = (.zero, .zero)
    public var separations: (Float, Float) = (0, 0)

    public init() {}

    /// Evaluates `m` for shapes of skin radii `radiusA`, `radiusB` placed at `xfA`, `xfB`.
    public init(_ m: Manifold, _ xfA: Transformf, _ radiusA: Float, _ xfB: Transformf, _ radiusB: Float) {
        if m.pointCount == 0 { return }
        switch m.type {
        case .circles:
            normal = Vec2f(1, 0)
            let pointA = mul(xfA, m.localPoint)
            let pointB = mul(xfB, m.point0.localPoint)
            if distanceSquared(pointA, pointB) > epsilon * epsilon {
                normal = (pointB - pointA).safeNormalized
            }
            let cA = pointA + radiusA * normal
            let cB = pointB - radiusB * normal
            points.0 = 0.5 * (cA + cB)
            separations.0 = dot(cB - cA, normal)
        case .faceA:
            normal = mul(xfA.q, m.localNormal)
            let planePoint = mul(xfA, m.localPoint)
            for i in 0..<m.pointCount {
                let clipPoint = mul(xfB, m[i].localPoint)
                let cA = clipPoint + (radiusA - dot(clipPoint - planePoint, normal)) * normal
                let cB = clipPoint - radiusB * normal
                set(i, 0.5 * (cA + cB), dot(cB - cA, normal))
            }
        case .faceB:
            normal = mul(xfB.q, m.localNormal)
            let planePoint = mul(xfB, m.localPoint)
            for i in 0..<m.pointCount {
                let clipPoint = mul(xfA, m[i].localPoint)
                let cB = clipPoint + (radiusB - dot(clipPoint - planePoint, normal)) * normal
                let cA = clipPoint - radiusA * normal
                set(i, 0.5 * (cA + cB), dot(cA - cB, normal))
            }
            normal = -normal
        }
    }

    private mutating func set(_ i: Int, _ p: Vec2f, _ s: Float) {
        if i == 0 { points.0 = p; separations.0 = s } else { points.1 = p; separations.1 = s }
    }

    /// Point `i` (0 or 1).
    public func point(_ i: Int) -> Vec2f { i == 0 ? points.0 : points.1 }
    /// Separation of point `i` (m).
    public func separation(_ i: Int) -> Float { i == 0 ? separations.0 : separations.1 }
}

/// A clipping vertex: a point and the features that made it.
struct ClipVertex {
    var v = Vec2f.zero
    var id = ContactID()
}

/// Clips the segment `vIn` against the half-plane `dot(normal, x) ≤ offset`.
func clipSegmentToLine(_ vIn: (ClipVertex, ClipVertex), normal: Vec2f, offset: Float, vertexIndexA: Int) -> (ClipVertex, ClipVertex, Int) {
    var out = (ClipVertex(), ClipVertex())
    var count = 0
    let d0 = dot(normal, vIn.0.v) - offset
    let d1 = dot(normal, vIn.1.v) - offset
    if d0 <= 0 { out.0 = vIn.0; count = 1 }
    if d1 <= 0 { if count == 0 { out.0 = vIn.1 } else { out.1 = vIn.1 }; count += 1 }
    if d0 * d1 < 0 {
        // Exactly one end is outside, so exactly one point is in `out` already.
        let interp = d0 / (d0 - d1)
        var c = ClipVertex()
        c.v = vIn.0.v + interp * (vIn.1.v - vIn.0.v)
        c.id = ContactID(indexA: vertexIndexA, indexB: Int(vIn.0.id.indexB), typeA: .vertex, typeB: .face)
        out.1 = c
        count = 2
    }
    return (out.0, out.1, count)
}

extension Vec2f {
    /// Box2D's `Normalize`: the unit vector, or the vector unchanged when shorter than `epsilon`.
    /// Scaled by the reciprocal of the length, as Box2D does (dividing each component by the
    /// length rounds differently in the last bit).
    @inlinable var safeNormalized: Vec2f {
        let l = length
        if l < epsilon { return self }
        let inv = 1 / l
        return Vec2f(inv * x, inv * y)
    }
}
