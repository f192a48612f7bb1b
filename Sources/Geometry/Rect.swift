// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
/// A rectangle in UIKit's convention: origin at the top-left corner, y down. Units: points.
@frozen
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Vec2
    public var size: Vec2
    @inlinable public init(origin: Vec2, size: Vec2) { self.origin = origin; self.size = size }
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Vec2(x, y); size = Vec2(width, height)
    }
    /// The rectangle of `size` centred on `center`.
    @inlinable public init(center: Vec2, size: Vec2) { origin = center - 0.5 * size; self.size = size }
    public static let zero = Rect(origin: .zero, size: .zero)
    @inlinable public var minX: Double { Swift.min(origin.x, origin.x + size.x) }
    @inlinable public var maxX: Double { Swift.max(origin.x, origin.x + size.x) }
    @inlinable public var minY: Double { Swift.min(origin.y, origin.y + size.y) }
    @inlinable public var maxY: Double { Swift.max(origin.y, origin.y + size.y) }
    @inlinable public var midX: Double { origin.x + 0.5 * size.x }
    @inlinable public var midY: Double { origin.y + 0.5 * size.y }
    @inlinable public var width: Double { Swift.abs(size.x) }
    @inlinable public var height: Double { Swift.abs(size.y) }
    @inlinable public var center: Vec2 { Vec2(midX, midY) }
    /// `CGRect.intersects`: `true` when the interiors overlap (touching edges do not count).
    @inlinable public func intersects(_ o: Rect) -> Bool {
        minX < o.maxX && o.minX < maxX && minY < o.maxY && o.minY < maxY
            && width > 0 && height > 0 && o.width > 0 && o.height > 0
    }
    /// `CGRect.contains(point)`: the min edges are inside, the max edges outside.
    /// The smallest rectangle holding both.
    @inlinable public func union(_ o: Rect) -> Rect {
        let (x0, y0) = (Swift.min(minX, o.minX), Swift.min(minY, o.minY))
        return Rect(x: x0, y: y0, width: Swift.max(maxX, o.maxX) - x0, height: Swift.max(maxY, o.maxY) - y0)
    }
    @inlinable public func contains(_ p: Vec2) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
    /// `CGRect.insetBy(dx:dy:)`.
    @inlinable public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
    public var description: String { "[\(origin.x), \(origin.y), \(size.x), \(size.y)]" }
}

/// `UIEdgeInsets`: distances in points from each side, positive inward.
@frozen
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double, left: Double, bottom: Double, right: Double
    @inlinable public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = EdgeInsets()
}

extension Rect {
    /// `rect.inset(by:)` (`UIEdgeInsetsInsetRect`).
    @inlinable public func inset(by i: EdgeInsets) -> Rect {
        Rect(x: minX + i.left, y: minY + i.top, width: width - i.left - i.right, height: height - i.top - i.bottom)
    }
}
