// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
/// A two-dimensional vector of `Double`s: a point, a displacement, a velocity or a size.
///
/// Units are whatever the caller works in: metres inside the engine, points in the UIKit layer.
@frozen
public struct Vec2: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The zero vector.
    // Computed, not stored: a stored `static let` is a lazily initialised global that other
    // modules reach through an accessor call on every use (hundreds of thousands per second in
    // the engine's loops); this folds to a constant.
    @inlinable public static var zero: Vec2 { Vec2(0, 0) }

    /// Euclidean length.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    /// Squared Euclidean length (cheaper than `length`).
    @inlinable public var lengthSquared: Double { x * x + y * y }
    /// This vector scaled to length 1, or zero when its length is below `Double.ulpOfOne`.
    @inlinable public var normalized: Vec2 {
        let l = length
        return l < .ulpOfOne ? .zero : Vec2(x / l, y / l)
    }
    /// `true` when both components are finite.
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }
    /// The vector turned a quarter turn: `(-y, x)` (counter-clockwise in a y-up frame).
    @inlinable public var skew: Vec2 { Vec2(-y, x) }

    public var description: String { "(\(x), \(y))" }

    @inlinable public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    @inlinable public static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    @inlinable public static func * (s: Double, a: Vec2) -> Vec2 { Vec2(s * a.x, s * a.y) }
    @inlinable public static func * (a: Vec2, s: Double) -> Vec2 { Vec2(s * a.x, s * a.y) }
    @inlinable public static func / (a: Vec2, s: Double) -> Vec2 { Vec2(a.x / s, a.y / s) }
    @inlinable public static func += (a: inout Vec2, b: Vec2) { a = a + b }
    @inlinable public static func -= (a: inout Vec2, b: Vec2) { a = a - b }
    @inlinable public static func *= (a: inout Vec2, s: Double) { a = s * a }
}

/// Dot product.
@inlinable public func dot(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.x + a.y * b.y }
/// 2-D cross product of two vectors: the z component of their 3-D cross product.
@inlinable public func cross(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.y - a.y * b.x }
/// Cross product of a vector and a scalar (z axis): `(s·a.y, −s·a.x)`.
@inlinable public func cross(_ a: Vec2, _ s: Double) -> Vec2 { Vec2(s * a.y, -s * a.x) }
/// Cross product of a scalar (z axis) and a vector: `(−s·a.y, s·a.x)`.
@inlinable public func cross(_ s: Double, _ a: Vec2) -> Vec2 { Vec2(-s * a.y, s * a.x) }
/// Distance between two points.
@inlinable public func distance(_ a: Vec2, _ b: Vec2) -> Double { (a - b).length }
/// Squared distance between two points.
@inlinable public func distanceSquared(_ a: Vec2, _ b: Vec2) -> Double { (a - b).lengthSquared }
/// Component-wise minimum.
@inlinable public func min(_ a: Vec2, _ b: Vec2) -> Vec2 { Vec2(Swift.min(a.x, b.x), Swift.min(a.y, b.y)) }
/// Component-wise maximum.
@inlinable public func max(_ a: Vec2, _ b: Vec2) -> Vec2 { Vec2(Swift.max(a.x, b.x), Swift.max(a.y, b.y)) }
/// Component-wise absolute value.
@inlinable public func abs(_ a: Vec2) -> Vec2 { Vec2(Swift.abs(a.x), Swift.abs(a.y)) }
