import Geometry

/// Identifies an item (a view) of a `DynamicAnimator`, chosen by the caller.
public typealias ItemID = Int

/// The collision shape of an item: its bounds rectangle, the inscribed ellipse, or a convex path
/// relative to the centre (points).
public enum CollisionBounds: Sendable, Hashable {
    case rectangle
    case ellipse
    case path([Vec2])
}

/// `UIGravityBehavior`: one world gravity vector; magnitude 1 is 1000 pt/s².
public struct GravityBehavior: Sendable {
    public var items: [ItemID]
    /// Direction scaled by magnitude; `(0, 1)` is UIKit's default.
    public var gravityDirection: Vec2
    public init(items: [ItemID], direction: Vec2 = Vec2(0, 1)) { self.items = items; gravityDirection = direction }
}

/// How a collision behaviour collides: items with each other, with boundaries, or both.
public enum CollisionMode: Sendable { case items, boundaries, everything }

/// A named boundary of a collision behaviour: a segment or an open/closed path (points).
public struct Boundary: Sendable {
    public var identifier: String
    public var points: [Vec2]
    public var closed: Bool
    public init(identifier: String, points: [Vec2], closed: Bool = false) {
        self.identifier = identifier; self.points = points; self.closed = closed
    }
}

/// `UICollisionBehavior`.
public struct CollisionBehavior: Sendable {
    public var items: [ItemID]
    public var mode: CollisionMode
    /// The reference bounds inset by these insets become a boundary (nil: none).
    public var referenceBoundsInsets: EdgeInsets?
    public var boundaries: [Boundary]
    public init(
        items: [ItemID], mode: CollisionMode = .everything, referenceBoundsInsets: EdgeInsets? = nil,
        boundaries: [Boundary] = []
    ) {
        self.items = items; self.mode = mode; self.referenceBoundsInsets = referenceBoundsInsets;
        self.boundaries = boundaries
    }
}

/// The kind of a `UIAttachmentBehavior`.
public enum AttachmentKind: Sendable, Hashable {
    /// A spring or rod (distance joint).
    case spring
    /// Translation along `axis` only (prismatic joint); `range` in points.
    case sliding(axis: Vec2)
    /// A maximum length (rope joint).
    case limit
    /// Glued (weld joint).
    case fixed
    /// A pin (revolute joint); `range` in radians, `frictionTorque` a motor at speed 0.
    case pin
}

/// `UIAttachmentBehavior`: an item's point attached to an anchor or to another item's point.
public struct AttachmentBehavior: Sendable {
    public var item: ItemID
    /// Attachment point relative to the item's centre, turning with it (points).
    public var offset: Vec2
    /// The other item, or nil for an anchor.
    public var otherItem: ItemID?
    public var otherOffset: Vec2
    /// Anchor in reference-view coordinates (points), when `otherItem` is nil.
    public var anchor: Vec2
    /// Length (points); nil: the distance when added.
    public var length: Double?
    /// Hz; 0 is rigid.
    public var frequency: Double
    public var damping: Double
    public var kind: AttachmentKind
    /// `attachmentRange` (points for sliding, radians for pin).
    public var range: ClosedRange<Double>?
    /// N·m for pin joints (points are scaled: 1 pt = 0.01 m).
    public var frictionTorque: Double
    public init(
        item: ItemID, offset: Vec2 = .zero, anchor: Vec2, length: Double? = nil, frequency: Double = 0,
        damping: Double = 0,
        kind: AttachmentKind = .spring, range: ClosedRange<Double>? = nil, frictionTorque: Double = 0
    ) {
        self.item = item; self.offset = offset; self.otherItem = nil; self.otherOffset = .zero; self.anchor = anchor
        self.length = length; self.frequency = frequency; self.damping = damping; self.kind = kind
        self.range = range; self.frictionTorque = frictionTorque
    }
    public init(
        item: ItemID, offset: Vec2 = .zero, to other: ItemID, otherOffset: Vec2 = .zero, length: Double? = nil,
        frequency: Double = 0, damping: Double = 0, kind: AttachmentKind = .spring, range: ClosedRange<Double>? = nil,
        frictionTorque: Double = 0
    ) {
        self.item = item; self.offset = offset; self.otherItem = other; self.otherOffset = otherOffset;
        self.anchor = .zero
        self.length = length; self.frequency = frequency; self.damping = damping; self.kind = kind
        self.range = range; self.frictionTorque = frictionTorque
    }
}

/// `UISnapBehavior`: pulls an item to a point (points) with four 4 Hz springs.
public struct SnapBehavior: Sendable {
    public var item: ItemID
    public var snapPoint: Vec2
    /// 0…1 (UIKit's default is the scene format's: `SnapKey.damping`).
    public var damping: Double
    public init(item: ItemID, snapPoint: Vec2, damping: Double) {
        self.item = item; self.snapPoint = snapPoint; self.damping = damping
    }
}

/// `UIPushBehavior`.
public struct PushBehavior: Sendable {
    public enum Mode: Sendable { case continuous, instantaneous }
    public var items: [ItemID]
    public var mode: Mode
    /// Direction × magnitude: magnitude 1 gives a 100×100 item of density 1 100 pt/s² (continuous) or
    /// 100 pt/s (instantaneous).
    public var pushDirection: Vec2
    /// Point of application relative to each item's centre (points), not turning with the item.
    public var offsets: [ItemID: Vec2]
    public var active: Bool
    public init(items: [ItemID], mode: Mode, pushDirection: Vec2, offsets: [ItemID: Vec2] = [:], active: Bool = true) {
        self.items = items; self.mode = mode; self.pushDirection = pushDirection; self.offsets = offsets;
        self.active = active
    }
}

/// `UIDynamicItemBehavior`: materials and velocities. Nil properties leave the item's value alone.
public struct ItemBehavior: Sendable {
    public var items: [ItemID]
    public var elasticity: Double?
    public var friction: Double?
    public var density: Double?
    public var resistance: Double?
    public var angularResistance: Double?
    public var allowsRotation: Bool?
    public var anchored: Bool?
    public var charge: Double?
    /// Added once, when the behaviour is added (pt/s).
    public var linearVelocity: Vec2
    /// Added once, when the behaviour is added (rad/s).
    public var angularVelocity: Double
    public init(items: [ItemID]) {
        self.items = items; linearVelocity = .zero; angularVelocity = 0
    }
}

/// Any behaviour the animator runs.
public enum Behavior: Sendable {
    case gravity(GravityBehavior)
    case collision(CollisionBehavior)
    case attachment(AttachmentBehavior)
    case snap(SnapBehavior)
    case push(PushBehavior)
    case item(ItemBehavior)
    case field(FieldBehavior)

    /// The items the behaviour names.
    public var items: [ItemID] {
        switch self {
        case .gravity(let b): return b.items
        case .collision(let b): return b.items
        case .attachment(let b): return b.otherItem.map { [b.item, $0] } ?? [b.item]
        case .snap(let b): return [b.item]
        case .push(let b): return b.items
        case .item(let b): return b.items
        case .field(let b): return b.items
        }
    }
}

/// A collision reported after a tick: the point (points), the items, the boundary identifier
/// (nil for the reference bounds or for item–item contacts).
public struct ContactEvent: Sendable, Equatable {
    public var began: Bool
    public var point: Vec2
    public var itemA: ItemID
    public var itemB: ItemID?
    public var boundary: String?
    /// The behaviour whose collision produced the event.
    public var behavior: Int
}
