// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
/// An axis-aligned bounding box.
@frozen
public struct AABB: Hashable, Sendable {
    public var lowerBound: Vec2
    public var upperBound: Vec2
    @inlinable public init(lowerBound: Vec2, upperBound: Vec2) {
        self.lowerBound = lowerBound; self.upperBound = upperBound
    }
    /// `true` when the bounds are ordered and finite.
    @inlinable public var isValid: Bool {
        let d = upperBound - lowerBound
        return d.x >= 0 && d.y >= 0 && lowerBound.isFinite && upperBound.isFinite
    }
    @inlinable public var center: Vec2 { 0.5 * (lowerBound + upperBound) }
    @inlinable public var extents: Vec2 { 0.5 * (upperBound - lowerBound) }
    /// Perimeter length: the cost measure of the dynamic tree.
    @inlinable public var perimeter: Double { 2 * ((upperBound.x - lowerBound.x) + (upperBound.y - lowerBound.y)) }
    /// The smallest box holding both.
    @inlinable public func union(_ o: AABB) -> AABB {
        AABB(lowerBound: min(lowerBound, o.lowerBound), upperBound: max(upperBound, o.upperBound))
    }
    /// `true` when `o` lies inside this box (boundaries included).
    @inlinable public func contains(_ o: AABB) -> Bool {
        lowerBound.x <= o.lowerBound.x && lowerBound.y <= o.lowerBound.y
            && o.upperBound.x <= upperBound.x && o.upperBound.y <= upperBound.y
    }
    /// `true` when the boxes overlap (touching counts).
    @inlinable public func overlaps(_ o: AABB) -> Bool {
        !(o.lowerBound.x - upperBound.x > 0 || o.lowerBound.y - upperBound.y > 0
            || lowerBound.x - o.upperBound.x > 0 || lowerBound.y - o.upperBound.y > 0)
    }
}
