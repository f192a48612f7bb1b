// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
// The engine's scalar and vector types: float32, as Box2D's `float32` and UIKit's PhysicsKit.
// The public `World` API takes and returns `Geometry`'s Double types and converts at the
// boundary, as UIKit converts CGFloat to float on its way into PhysicsKit.
//
// These mirror Geometry's Double types operation for operation, written out again rather than
// made generic over the scalar: a generic vector is specialized only by the optimizer, and the
// test suite runs the engine in debug builds (thousands of steps per scene), where every `+` on
// an unspecialized generic is a protocol call. Measured with swiftc -Onone, 5 million
// `v = v + h * g` on a two-float vector: 0.65-0.69 s generic over BinaryFloatingPoint against
// 0.042 s for a concrete Float struct (15-16 times). The operations are Box2D's, in Box2D's
// order, and the oracle tests hold them to it bit for bit.
import Geometry

/// A two-dimensional vector of `Float`s (Box2D's `b2Vec2`): metres, m/s or N inside the engine.
@frozen
public struct Vec2f: Hashable, Sendable, CustomStringConvertible {
    public var x: Float
    public var y: Float

    @inlinable public init(_ x: Float, _ y: Float) { self.x = x; self.y = y }
    @inlinable public init(x: Float, y: Float) { self.x = x; self.y = y }
    /// The Double vector rounded to float32, component by component.
    @inlinable public init(_ v: Vec2) { x = Float(v.x); y = Float(v.y) }

    /// The zero vector (computed, so that it folds to a constant; see `Geometry.Vec2.zero`).
    @inlinable public static var zero: Vec2f { Vec2f(0, 0) }

    /// Euclidean length.
    @inlinable public var length: Float { (x * x + y * y).squareRoot() }
    /// Squared Euclidean length.
    @inlinable public var lengthSquared: Float { x * x + y * y }
    /// This vector scaled to length 1 (by the reciprocal of its length, as Box2D's `Normalize`
    /// scales), or zero when its length is below `Float.ulpOfOne` (Box2D's `Normalize` leaves
    /// such a vector as it is: the engine uses `safeNormalized`, which does).
    @inlinable public var normalized: Vec2f {
        let l = length
        if l < .ulpOfOne { return .zero }
        let inv = 1 / l
        return Vec2f(inv * x, inv * y)
    }
    /// `true` when both components are finite.
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }
    /// The vector turned a quarter turn: `(-y, x)`.
    @inlinable public var skew: Vec2f { Vec2f(-y, x) }

    public var description: String { "(\(x), \(y))" }

    @inlinable public static func + (a: Vec2f, b: Vec2f) -> Vec2f { Vec2f(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Vec2f, b: Vec2f) -> Vec2f { Vec2f(a.x - b.x, a.y - b.y) }
    @inlinable public static prefix func - (a: Vec2f) -> Vec2f { Vec2f(-a.x, -a.y) }
    @inlinable public static func * (s: Float, a: Vec2f) -> Vec2f { Vec2f(s * a.x, s * a.y) }
    @inlinable public static func * (a: Vec2f, s: Float) -> Vec2f { Vec2f(s * a.x, s * a.y) }
    @inlinable public static func / (a: Vec2f, s: Float) -> Vec2f { Vec2f(a.x / s, a.y / s) }
    @inlinable public static func += (a: inout Vec2f, b: Vec2f) { a = a + b }
    @inlinable public static func -= (a: inout Vec2f, b: Vec2f) { a = a - b }
    @inlinable public static func *= (a: inout Vec2f, s: Float) { a = s * a }
}

extension Vec2 {
    /// The engine's float32 vector, exactly (every float is a double).
    @inlinable public init(_ v: Vec2f) { self.init(Double(v.x), Double(v.y)) }
}

@inlinable public func dot(_ a: Vec2f, _ b: Vec2f) -> Float { a.x * b.x + a.y * b.y }
@inlinable public func cross(_ a: Vec2f, _ b: Vec2f) -> Float { a.x * b.y - a.y * b.x }
@inlinable public func cross(_ a: Vec2f, _ s: Float) -> Vec2f { Vec2f(s * a.y, -s * a.x) }
@inlinable public func cross(_ s: Float, _ a: Vec2f) -> Vec2f { Vec2f(-s * a.y, s * a.x) }
@inlinable public func distance(_ a: Vec2f, _ b: Vec2f) -> Float { (a - b).length }
@inlinable public func distanceSquared(_ a: Vec2f, _ b: Vec2f) -> Float { (a - b).lengthSquared }
@inlinable public func min(_ a: Vec2f, _ b: Vec2f) -> Vec2f { Vec2f(Swift.min(a.x, b.x), Swift.min(a.y, b.y)) }
@inlinable public func max(_ a: Vec2f, _ b: Vec2f) -> Vec2f { Vec2f(Swift.max(a.x, b.x), Swift.max(a.y, b.y)) }
@inlinable public func abs(_ a: Vec2f) -> Vec2f { Vec2f(Swift.abs(a.x), Swift.abs(a.y)) }

/// Box2D's `b2Clamp(a, low, high)`, `b2Max(low, b2Min(a, high))`, with Box2D's comparisons (`<`,
/// then `>`): one `minss` and one `maxss`. `Swift.min(Swift.max(a, low), high)` is the same number
/// but for signed zeros (a = −0 between −0 and +0: it gives −0, Box2D +0) and NaN, and its `>=`
/// does not map to `maxss`: a compare and three mask operations, on the dependency chain of every
/// friction impulse.
@inline(__always) func clampF(_ a: Float, _ low: Float, _ high: Float) -> Float {
    let m = a < high ? a : high
    return low > m ? low : m
}

/// A three-dimensional float32 vector, for the joints' 3×3 solves.
@frozen
public struct Vec3f: Hashable, Sendable {
    public var x: Float
    public var y: Float
    public var z: Float
    @inlinable public init(_ x: Float, _ y: Float, _ z: Float) { self.x = x; self.y = y; self.z = z }
    @inlinable public static var zero: Vec3f { Vec3f(0, 0, 0) }
    @inlinable public static func + (a: Vec3f, b: Vec3f) -> Vec3f { Vec3f(a.x + b.x, a.y + b.y, a.z + b.z) }
    @inlinable public static func - (a: Vec3f, b: Vec3f) -> Vec3f { Vec3f(a.x - b.x, a.y - b.y, a.z - b.z) }
    @inlinable public static prefix func - (a: Vec3f) -> Vec3f { Vec3f(-a.x, -a.y, -a.z) }
    @inlinable public static func * (s: Float, a: Vec3f) -> Vec3f { Vec3f(s * a.x, s * a.y, s * a.z) }
    @inlinable public static func += (a: inout Vec3f, b: Vec3f) { a = a + b }
    @inlinable public static func -= (a: inout Vec3f, b: Vec3f) { a = a - b }
}

@inlinable public func dot(_ a: Vec3f, _ b: Vec3f) -> Float { a.x * b.x + a.y * b.y + a.z * b.z }
@inlinable public func cross(_ a: Vec3f, _ b: Vec3f) -> Vec3f {
    Vec3f(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

/// A rotation stored as its float32 sine and cosine (Box2D's `b2Rot`).
@frozen
public struct Rotf: Hashable, Sendable {
    public var s: Float
    public var c: Float
    /// The rotation by `angle` radians: `sinf` and `cosf`, as `b2Rot::Set`.
    @inlinable public init(_ angle: Float) { self = rotF(angle) }
    @inlinable public init(s: Float, c: Float) { self.s = s; self.c = c }
    @inlinable public static var identity: Rotf { Rotf(s: 0, c: 1) }
    /// The angle in radians, in (−π, π] (`atan2f`).
    @inlinable public var angle: Float { _atan2f(s, c) }
    @inlinable public var xAxis: Vec2f { Vec2f(c, s) }
    @inlinable public var yAxis: Vec2f { Vec2f(-s, c) }
}

/// A rigid transform in float32: a translation `p` and a rotation `q` (Box2D's `b2Transform`).
@frozen
public struct Transformf: Hashable, Sendable {
    public var p: Vec2f
    public var q: Rotf
    @inlinable public init(p: Vec2f, q: Rotf) { self.p = p; self.q = q }
    @inlinable public init(position: Vec2f, angle: Float) { p = position; q = Rotf(angle) }
    @inlinable public static var identity: Transformf { Transformf(p: .zero, q: .identity) }
    /// The Double transform rounded to float32 (exact for one the engine returned).
    @inlinable public init(_ t: Transform) { p = Vec2f(t.p); q = Rotf(s: Float(t.q.s), c: Float(t.q.c)) }
}

@inlinable public func mul(_ q: Rotf, _ v: Vec2f) -> Vec2f { Vec2f(q.c * v.x - q.s * v.y, q.s * v.x + q.c * v.y) }
@inlinable public func mulT(_ q: Rotf, _ v: Vec2f) -> Vec2f { Vec2f(q.c * v.x + q.s * v.y, -q.s * v.x + q.c * v.y) }
@inlinable public func mul(_ q: Rotf, _ r: Rotf) -> Rotf {
    Rotf(s: q.s * r.c + q.c * r.s, c: q.c * r.c - q.s * r.s)
}
@inlinable public func mulT(_ q: Rotf, _ r: Rotf) -> Rotf {
    Rotf(s: q.c * r.s - q.s * r.c, c: q.c * r.c + q.s * r.s)
}
@inlinable public func mul(_ t: Transformf, _ v: Vec2f) -> Vec2f {
    Vec2f(t.q.c * v.x - t.q.s * v.y + t.p.x, t.q.s * v.x + t.q.c * v.y + t.p.y)
}
@inlinable public func mulT(_ t: Transformf, _ v: Vec2f) -> Vec2f {
    let px = v.x - t.p.x, py = v.y - t.p.y
    return Vec2f(t.q.c * px + t.q.s * py, -t.q.s * px + t.q.c * py)
}
@inlinable public func mul(_ a: Transformf, _ b: Transformf) -> Transformf {
    Transformf(p: mul(a.q, b.p) + a.p, q: mul(a.q, b.q))
}
@inlinable public func mulT(_ a: Transformf, _ b: Transformf) -> Transformf {
    Transformf(p: mulT(a.q, b.p - a.p), q: mulT(a.q, b.q))
}

/// A 2×2 float32 matrix stored by columns.
@frozen
public struct Mat22f: Hashable, Sendable {
    public var ex: Vec2f
    public var ey: Vec2f
    @inlinable public init(ex: Vec2f, ey: Vec2f) { self.ex = ex; self.ey = ey }
    @inlinable public static var zero: Mat22f { Mat22f(ex: .zero, ey: .zero) }
    /// The inverse, or the zero matrix when this one is singular.
    @inlinable public var inverse: Mat22f {
        let a = ex.x, b = ey.x, c = ex.y, d = ey.y
        var det = a * d - b * c
        if det != 0 { det = 1 / det }
        return Mat22f(ex: Vec2f(det * d, -det * c), ey: Vec2f(-det * b, det * a))
    }
    /// Solves `A·x = b` for x, returning zero when the matrix is singular.
    @inlinable public func solve(_ b: Vec2f) -> Vec2f {
        let a11 = ex.x, a12 = ey.x, a21 = ex.y, a22 = ey.y
        var det = a11 * a22 - a12 * a21
        if det != 0 { det = 1 / det }
        return Vec2f(det * (a22 * b.x - a12 * b.y), det * (a11 * b.y - a21 * b.x))
    }
}

@inlinable public func mul(_ a: Mat22f, _ v: Vec2f) -> Vec2f {
    Vec2f(a.ex.x * v.x + a.ey.x * v.y, a.ex.y * v.x + a.ey.y * v.y)
}

/// A 3×3 float32 matrix stored by columns.
@frozen
public struct Mat33f: Hashable, Sendable {
    public var ex: Vec3f
    public var ey: Vec3f
    public var ez: Vec3f
    @inlinable public init(ex: Vec3f, ey: Vec3f, ez: Vec3f) { self.ex = ex; self.ey = ey; self.ez = ez }
    @inlinable public static var zero: Mat33f { Mat33f(ex: .zero, ey: .zero, ez: .zero) }

    /// Solves `A·x = b` for x, returning zero when the matrix is singular.
    @inlinable public func solve33(_ b: Vec3f) -> Vec3f {
        var det = dot(ex, cross(ey, ez))
        if det != 0 { det = 1 / det }
        return Vec3f(det * dot(b, cross(ey, ez)), det * dot(ex, cross(b, ez)), det * dot(ex, cross(ey, b)))
    }
    /// Solves the upper-left 2×2 block `A·x = b`, returning zero when it is singular.
    @inlinable public func solve22(_ b: Vec2f) -> Vec2f {
        let a11 = ex.x, a12 = ey.x, a21 = ex.y, a22 = ey.y
        var det = a11 * a22 - a12 * a21
        if det != 0 { det = 1 / det }
        return Vec2f(det * (a22 * b.x - a12 * b.y), det * (a11 * b.y - a21 * b.x))
    }
    /// The inverse of the upper-left 2×2 block, embedded in a 3×3 matrix with zeros elsewhere.
    @inlinable public var inverse22: Mat33f {
        let a = ex.x, b = ey.x, c = ex.y, d = ey.y
        var det = a * d - b * c
        if det != 0 { det = 1 / det }
        return Mat33f(ex: Vec3f(det * d, -det * c, 0), ey: Vec3f(-det * b, det * a, 0), ez: Vec3f(0, 0, 0))
    }
    /// The symmetric inverse (the matrix must be symmetric positive semi-definite), zero where singular.
    @inlinable public var symmetricInverse33: Mat33f {
        var det = dot(ex, cross(ey, ez))
        if det != 0 { det = 1 / det }
        let a11 = ex.x, a12 = ey.x, a13 = ez.x
        let a22 = ey.y, a23 = ez.y
        let a33 = ez.z
        let m11 = det * (a22 * a33 - a23 * a23)
        let m12 = det * (a13 * a23 - a12 * a33)
        let m13 = det * (a12 * a23 - a13 * a22)
        let m22 = det * (a11 * a33 - a13 * a13)
        let m23 = det * (a13 * a12 - a11 * a23)
        let m33 = det * (a11 * a22 - a12 * a12)
        return Mat33f(ex: Vec3f(m11, m12, m13), ey: Vec3f(m12, m22, m23), ez: Vec3f(m13, m23, m33))
    }
}

@inlinable public func mul(_ a: Mat33f, _ v: Vec3f) -> Vec3f { v.x * a.ex + v.y * a.ey + v.z * a.ez }
@inlinable public func mul22(_ a: Mat33f, _ v: Vec2f) -> Vec2f {
    Vec2f(a.ex.x * v.x + a.ey.x * v.y, a.ex.y * v.x + a.ey.y * v.y)
}

/// An axis-aligned bounding box in float32 (Box2D's `b2AABB`).
@frozen
public struct AABBf: Hashable, Sendable {
    public var lowerBound: Vec2f
    public var upperBound: Vec2f
    @inlinable public init(lowerBound: Vec2f, upperBound: Vec2f) {
        self.lowerBound = lowerBound; self.upperBound = upperBound
    }
    @inlinable public var isValid: Bool {
        let d = upperBound - lowerBound
        return d.x >= 0 && d.y >= 0 && lowerBound.isFinite && upperBound.isFinite
    }
    @inlinable public var center: Vec2f { 0.5 * (lowerBound + upperBound) }
    @inlinable public var extents: Vec2f { 0.5 * (upperBound - lowerBound) }
    /// Perimeter length: the cost measure of the dynamic tree.
    @inlinable public var perimeter: Float { 2 * ((upperBound.x - lowerBound.x) + (upperBound.y - lowerBound.y)) }
    @inlinable public func union(_ o: AABBf) -> AABBf {
        AABBf(lowerBound: min(lowerBound, o.lowerBound), upperBound: max(upperBound, o.upperBound))
    }
    @inlinable public func contains(_ o: AABBf) -> Bool {
        lowerBound.x <= o.lowerBound.x && lowerBound.y <= o.lowerBound.y
            && o.upperBound.x <= upperBound.x && o.upperBound.y <= upperBound.y
    }
    @inlinable public func overlaps(_ o: AABBf) -> Bool {
        !(o.lowerBound.x - upperBound.x > 0 || o.lowerBound.y - upperBound.y > 0
            || lowerBound.x - o.upperBound.x > 0 || lowerBound.y - o.upperBound.y > 0)
    }
}
