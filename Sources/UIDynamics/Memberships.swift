import Dynamics

/// What the installed behaviours say of each item, kept as behaviours are installed, updated and
/// removed, so that installing or removing one costs time linear in its own items and the
/// animator's items, never in the items of every other installed behaviour (issue 33: 950
/// gravity behaviours over a 500-copy view took 87 s to add one by one in a debug build, each
/// add gathering the items of all those before it).
struct Membership {
    /// How many times installed behaviours name the item (a behaviour naming it twice counts twice).
    var named = 0
    /// … gravity behaviours name it.
    var gravity = 0
    /// … push behaviours name it.
    var push = 0
    /// The item behaviours naming it, in the order they were added (ids grow with that order),
    /// each with the material the item has from it and those before it.
    var materials: [(id: Int, behavior: ItemBehavior, result: Material)] = []

    /// The material of the item: the last behaviour's, or the defaults.
    var material: Material { materials.last?.result ?? .defaults }

    /// Folds again from position `k` on, after an entry there changed or was removed.
    mutating func refold(from k: Int) {
        var m = k > 0 ? materials[k - 1].result : .defaults
        for j in k..<materials.count {
            m = m.applying(materials[j].behavior)
            materials[j].result = m
        }
    }
}

/// An item's material from its item behaviours: defaults, then each in the order they were added
/// (last writer wins, property by property).
struct Material {
    var elasticity = DefaultMaterial.elasticity
    var friction = DefaultMaterial.friction
    var density = DefaultMaterial.density
    var resistance = DefaultMaterial.resistance
    var angularResistance = DefaultMaterial.angularResistance
    var allowsRotation = true
    var anchored = false
    var charge = 0.0

    static let defaults = Material()

    func applying(_ ib: ItemBehavior) -> Material {
        var m = self
        if let v = ib.elasticity { m.elasticity = v }
        if let v = ib.friction { m.friction = v }
        if let v = ib.density { m.density = v }
        if let v = ib.resistance { m.resistance = v }
        if let v = ib.angularResistance { m.angularResistance = v }
        if let v = ib.allowsRotation { m.allowsRotation = v }
        if let v = ib.anchored { m.anchored = v }
        if let v = ib.charge { m.charge = v }
        return m
    }
}

/// An installed collision behaviour with its items as a set: a contact's behaviour is found
/// among the collision behaviours alone, each asked in constant time (issue 33: every new pair
/// asked every installed behaviour, casting it, and searched its items).
struct CollisionEntry {
    let id: Int
    let behavior: CollisionBehavior
    let items: Set<ItemID>
}

extension DynamicAnimator {
    /// Counts `b` (installed with `id`) in its items' memberships (`sign` 1) or takes it out (−1).
    func noteMembership(of b: Behavior, id: Int, _ sign: Int) {
        let isGravity = b is GravityBehavior
        let isPush = b is PushBehavior
        for i in b.items {
            memberships[i, default: Membership()].named += sign
            if isGravity { memberships[i, default: Membership()].gravity += sign }
            if isPush { memberships[i, default: Membership()].push += sign }
        }
        if let c = b as? CollisionBehavior {
            if sign > 0 {
                let k = collisions.lastIndex { $0.id < id }.map { $0 + 1 } ?? 0
                collisions.insert(CollisionEntry(id: id, behavior: c, items: Set(c.items)), at: k)
            } else if let k = collisions.lastIndex(where: { $0.id == id }) {
                collisions.remove(at: k)
            }
        }
        guard let ib = b as? ItemBehavior else { return }
        var seen = Set<ItemID>()  // an item named twice takes the behaviour's material once
        for i in ib.items where seen.insert(i).inserted {
            var m = memberships[i, default: Membership()]
            if sign > 0 {
                // after the entries added before it (a behaviour updated or re-counted keeps its place)
                let k = m.materials.lastIndex { $0.id < id }.map { $0 + 1 } ?? 0
                m.materials.insert((id, ib, .defaults), at: k)
                m.refold(from: k)
            } else if let k = m.materials.lastIndex(where: { $0.id == id }) {
                m.materials.remove(at: k)
                m.refold(from: k)
            }
            memberships[i] = m
        }
    }

    /// The installed collision behaviour with this id (`collisions` is in id order: a binary search).
    func collision(_ id: Int) -> CollisionEntry? {
        var (lo, hi) = (0, collisions.count)
        while lo < hi {
            let mid = (lo + hi) / 2
            if collisions[mid].id < id { lo = mid + 1 } else { hi = mid }
        }
        return lo < collisions.count && collisions[lo].id == id ? collisions[lo] : nil
    }

    /// How many times installed behaviours name the item (0 once the last naming it is removed).
    @_spi(Testing) public func timesNamed(_ i: ItemID) -> Int { memberships[i]?.named ?? 0 }

    /// The engine body the item moves with, while it has one.
    @_spi(Testing) public func body(of i: ItemID) -> BodyID? { items[i]?.body }

    /// Whether some installed behaviour names the item.
    func isNamed(_ i: ItemID) -> Bool { (memberships[i]?.named ?? 0) > 0 }
}
