// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
/// A rotation stored as its sine and cosine. Angles in radians.
@frozen
public struct Rot: Hashable, Sendable {
    public var s: Double
    public var c: Double
    /// The rotation by `angle` radians.
    @inlinable public init(_ angle: Double) { (s, c) = _sincos(angle) }
    @inlinable public init(s: Double, c: Double) { self.s = s; self.c = c }
    /// No rotation.
    @inlinable public static var identity: Rot { Rot(s: 0, c: 1) }
    /// The angle in radians, in (−π, π].
    @inlinable public var angle: Double { _atan2(s, c) }
    /// The rotated x axis.
    @inlinable public var xAxis: Vec2 { Vec2(c, s) }
    /// The rotated y axis.
    @inlinable public var yAxis: Vec2 { Vec2(-s, c) }
}

/// A rigid transform: a translation `p` and a rotation `q`.
@frozen
public struct Transform: Hashable, Sendable {
    public var p: Vec2
    public var q: Rot
    @inlinable public init(p: Vec2, q: Rot) { self.p = p; self.q = q }
    @inlinable public init(position: Vec2, angle: Double) { p = position; q = Rot(angle) }
    /// The identity transform.
    @inlinable public static var identity: Transform { Transform(p: .zero, q: .identity) }
}

/// Rotates `v` by `q`.
@inlinable public func mul(_ q: Rot, _ v: Vec2) -> Vec2 { Vec2(q.c * v.x - q.s * v.y, q.s * v.x + q.c * v.y) }
/// Rotates `v` by the inverse of `q`.
@inlinable public func mulT(_ q: Rot, _ v: Vec2) -> Vec2 { Vec2(q.c * v.x + q.s * v.y, -q.s * v.x + q.c * v.y) }
/// The rotation `q ∘ r`.
@inlinable public func mul(_ q: Rot, _ r: Rot) -> Rot {
    Rot(s: q.s * r.c + q.c * r.s, c: q.c * r.c - q.s * r.s)
}
/// The rotation `q⁻¹ ∘ r`.
@inlinable public func mulT(_ q: Rot, _ r: Rot) -> Rot {
    Rot(s: q.c * r.s - q.s * r.c, c: q.c * r.c + q.s * r.s)
}
/// Applies `t` to the point `v`.
@inlinable public func mul(_ t: Transform, _ v: Vec2) -> Vec2 {
    Vec2(t.q.c * v.x - t.q.s * v.y + t.p.x, t.q.s * v.x + t.q.c * v.y + t.p.y)
}
/// Applies the inverse of `t` to the point `v`.
@inlinable public func mulT(_ t: Transform, _ v: Vec2) -> Vec2 {
    let px = v.x - t.p.x, py = v.y - t.p.y
    return Vec2(t.q.c * px + t.q.s * py, -t.q.s * px + t.q.c * py)
}
/// The transform `a ∘ b`.
@inlinable public func mul(_ a: Transform, _ b: Transform) -> Transform {
    Transform(p: mul(a.q, b.p) + a.p, q: mul(a.q, b.q))
}
/// The transform `a⁻¹ ∘ b`.
@inlinable public func mulT(_ a: Transform, _ b: Transform) -> Transform {
    Transform(p: mulT(a.q, b.p - a.p), q: mulT(a.q, b.q))
}

// Free-standing elementary functions so the engine needs no Foundation.
@usableFromInline func _sin(_ x: Double) -> Double { Elementary.sin(x) }
#if os(Linux) && canImport(Glibc)
// glibc's sincos shares one argument reduction between the two and returns exactly what sin and
// cos return (checked on 5 million arguments); the Glibc module does not export it.
@_silgen_name("sincos") @usableFromInline
func _c_sincos(_ x: Double, _ s: UnsafeMutablePointer<Double>, _ c: UnsafeMutablePointer<Double>)
@usableFromInline func _sincos(_ x: Double) -> (Double, Double) {
    var s = 0.0, c = 0.0
    _c_sincos(x, &s, &c)
    return (s, c)
}
#else
@usableFromInline func _sincos(_ x: Double) -> (Double, Double) { (Elementary.sin(x), Elementary.cos(x)) }
#endif
@usableFromInline func _cos(_ x: Double) -> Double { Elementary.cos(x) }
@usableFromInline func _atan2(_ y: Double, _ x: Double) -> Double { Elementary.atan2(y, x) }
