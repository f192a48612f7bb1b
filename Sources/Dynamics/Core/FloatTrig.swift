// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

#if os(Linux) && canImport(Glibc)
@_silgen_name("sincosf") @usableFromInline func _c_sincosf(_ x: Float, _ s: UnsafeMutablePointer<Float>, _ c: UnsafeMutablePointer<Float>)
#endif

/// The rotation by `angle`, with sine and cosine computed in float32 as Box2D computes every
/// rotation of a step (`b2Rot::Set` calls `sinf` and `cosf`). About a third of the double
/// functions' cost, and the oracle's own rounding.
///
/// An angle of exactly ±0 (a static body, an item that never turned, a sweep between two such
/// angles) skips the call: its sine is the angle itself and its cosine 1, which is what
/// `sincosf(±0)` returns.
@inlinable func rotF(_ angle: Double) -> Rot {
    if angle == 0 { return Rot(s: angle, c: 1) }
    #if os(Linux) && canImport(Glibc)
    var s: Float = 0, c: Float = 0
    _c_sincosf(Float(angle), &s, &c)
    return Rot(s: Double(s), c: Double(c))
    #else
    return Rot(angle)
    #endif
}
