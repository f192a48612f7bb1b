// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// The C library's elementary functions, so that no module of the engine needs Foundation.
///
/// Angles in radians.
public enum Elementary {
    @inlinable public static func sin(_ x: Double) -> Double { Geometry_sin(x) }
    @inlinable public static func cos(_ x: Double) -> Double { Geometry_cos(x) }
    @inlinable public static func tan(_ x: Double) -> Double { Geometry_tan(x) }
    @inlinable public static func atan2(_ y: Double, _ x: Double) -> Double { Geometry_atan2(y, x) }
    @inlinable public static func exp(_ x: Double) -> Double { Geometry_exp(x) }
    @inlinable public static func log(_ x: Double) -> Double { Geometry_log(x) }
    @inlinable public static func pow(_ x: Double, _ y: Double) -> Double { Geometry_pow(x, y) }
    @inlinable public static func acos(_ x: Double) -> Double { Geometry_acos(x) }
    @inlinable public static func asin(_ x: Double) -> Double { Geometry_asin(x) }
    @inlinable public static func atan(_ x: Double) -> Double { Geometry_atan(x) }
    @inlinable public static func cbrt(_ x: Double) -> Double { Geometry_cbrt(x) }
    /// √(x² + y²) without undue overflow or rounding (correctly rounded in nearly all cases).
    @inlinable public static func hypot(_ x: Double, _ y: Double) -> Double { Geometry_hypot(x, y) }
    /// The value of `pi`.
    public static let pi = Double.pi
}

@usableFromInline func Geometry_sin(_ x: Double) -> Double { sin(x) }
@usableFromInline func Geometry_cos(_ x: Double) -> Double { cos(x) }
@usableFromInline func Geometry_tan(_ x: Double) -> Double { tan(x) }
@usableFromInline func Geometry_atan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@usableFromInline func Geometry_exp(_ x: Double) -> Double { exp(x) }
@usableFromInline func Geometry_log(_ x: Double) -> Double { log(x) }
@usableFromInline func Geometry_pow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
@usableFromInline func Geometry_acos(_ x: Double) -> Double { acos(x) }
@usableFromInline func Geometry_asin(_ x: Double) -> Double { asin(x) }
@usableFromInline func Geometry_atan(_ x: Double) -> Double { atan(x) }
@usableFromInline func Geometry_cbrt(_ x: Double) -> Double { cbrt(x) }
@usableFromInline func Geometry_hypot(_ x: Double, _ y: Double) -> Double { hypot(x, y) }
