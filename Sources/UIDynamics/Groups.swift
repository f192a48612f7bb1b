import Dynamics
import Geometry

// `UIDynamicItemGroup`: items that move as one rigid body wherever a behaviour names the group.
// The group is an item of its own (registered with `registerGroup`); behaviours name it, never
// its items. Its body carries one fixture per item, at the item's offset and angle from the
// group's centre, so Box2D computes the mass and inertia of the whole from the fixtures. The
// fixtures belong to the items, so a contact names the item that touched.

extension DynamicAnimator {
    /// Registers a group of registered items (`UIDynamicItemGroup`): `center` (points) is the point
    /// it turns about and reports as its centre, `size` its bounds; its rotation starts at 0.
    public func registerGroup(_ id: ItemID, items members: [ItemID], center: Vec2, size: Vec2) {
        precondition(!members.isEmpty, "a group needs items")
        for m in members { precondition(items[m] != nil, "item \(m) was never registered with registerItem") }
        registerItem(id, size: size, center: center)
        self[item: id].members = members
    }

    /// The items of a group (empty for an item that is not one).
    public func members(of id: ItemID) -> [ItemID] { self[item: id].members }

    /// The name behaviours use for an item: its group while the group carries it, else itself.
    func named(_ id: ItemID) -> ItemID { items[id]?.carrier ?? id }

    /// The fixtures of an item's shape: its own, or its items' for a group.
    @_spi(Testing) public func fixtures(of id: ItemID) -> [FixtureID] {
        guard let it = items[id] else { return [] }
        if it.members.isEmpty { return it.fixture.map { [$0] } ?? [] }
        return it.members.compactMap { items[$0]?.fixture }
    }

    /// The group's one body, at its centre and rotation, with a fixture per item at the item's
    /// frame in it.
    func ensureGroupBody(_ id: ItemID) {
        var group = self[item: id]
        let body = makeBody(id, at: (group.center, group.rotation))
        let turn = Rot(group.rotation)
        for m in group.members {
            let item = self[item: m]
            if item.body != nil { removeBody(m) }  // not reached from a loaded scene: its check forbids it
            let frame = LocalFrame(
                offset: mulT(turn, item.center - group.center), angle: item.rotation - group.rotation)
            let fixture = makeFixture(item, of: m, on: body, at: frame)
            self[item: m].placement = ItemBody(body: body, fixture: fixture, frame: frame)
            self[item: m].carrier = id
        }
        group.placement = ItemBody(body: body, fixture: nil, frame: .identity)
        items.replace(id, with: group)
        applyPendingVelocity(id)
    }
}
