import Dynamics
import Geometry

// The item model: an item (a view, `ItemID`) moves with one engine body, at a frame of its own
// in that body. An item is its own body, its frame the identity, unless a group carries it: a
// group of items (`UIDynamicItemGroup`, Groups.swift) is one body whose items sit at their own
// offsets and angles. The pose written back each tick, a pose set by the caller and the
// attachment and snap anchors go through `LocalFrame`; a group's and its items' velocities are
// read at the item's point rather than the body's centre.

/// Where an item is in the engine.
struct ItemBody {
    /// The body the item moves with.
    var body: BodyID
    /// The item's shape on that body (nil for an item without a shape).
    var fixture: FixtureID?
    /// The item's frame in the body's frame.
    var frame = LocalFrame.identity
}

/// A frame relative to a body's: the item's centre in the body's frame (points) and its angle
/// relative to the body (rad).
@_spi(Testing) public struct LocalFrame: Equatable, Sendable {
    public var offset: Vec2
    public var angle: Double
    public static let identity = LocalFrame(offset: .zero, angle: 0)
    public init(offset: Vec2, angle: Double) { self.offset = offset; self.angle = angle }

    /// The item's centre (points) and rotation from its body's position (points) and angle.
    public func item(bodyPosition p: Vec2, bodyAngle a: Double) -> (center: Vec2, rotation: Double) {
        if self == .identity { return (p, a) }  // exactly the body's, no rounding added
        return (p + mul(Rot(a), offset), a + angle)
    }

    /// The body's position (points) and angle that put the item at `center` and `rotation`.
    public func body(itemCenter c: Vec2, itemRotation r: Double) -> (position: Vec2, angle: Double) {
        if self == .identity { return (c, r) }
        let a = r - angle
        return (c - mul(Rot(a), offset), a)
    }

    /// A point of the item (from its centre, turning with it; points) in the body's frame.
    public func bodyPoint(_ itemPoint: Vec2) -> Vec2 {
        if self == .identity { return itemPoint }
        return offset + mul(Rot(angle), itemPoint)
    }
}

extension DynamicAnimator {
    /// The registered items, in registration order (`itemOrder[k]` is `store[k]`'s id; items are
    /// never unregistered). An id in `0..<denseLimit` (the runner's view indices) finds its
    /// position in an array, without hashing (every tick reads each item several times); any
    /// other id in a dictionary. Never iterated by id: `itemOrder` is the order.
    struct ItemTable {
        static let denseLimit = 1 << 16
        var store: [Item] = []
        /// Position + 1 in `store` by id (0: not registered), for ids in `0..<denseLimit`.
        var denseIndex: [Int] = []
        var sparseIndex: [ItemID: Int] = [:]

        /// The position of a registered id in `store`.
        @inline(__always) func index(_ id: ItemID) -> Int? {
            if id >= 0 && id < denseIndex.count {
                let k = denseIndex[id]
                return k > 0 ? k - 1 : nil
            }
            return id >= 0 && id < Self.denseLimit ? nil : sparseIndex[id]
        }

        /// Registers a new id.
        mutating func add(_ id: ItemID, _ item: Item) {
            if id >= 0 && id < Self.denseLimit {
                if id >= denseIndex.count {
                    denseIndex.append(contentsOf: repeatElement(0, count: id + 1 - denseIndex.count))
                }
                denseIndex[id] = store.count + 1
            } else {
                sparseIndex[id] = store.count
            }
            store.append(item)
        }

        /// Replaces a registered item.
        mutating func replace(_ id: ItemID, with item: Item) {
            guard let k = index(id) else { preconditionFailure("item \(id) was never registered with registerItem") }
            store[k] = item
        }

        /// The item (nil when not registered); read through it, one field is read in place.
        subscript(id: ItemID) -> Item? { index(id).map { store[$0] } }
    }
}
