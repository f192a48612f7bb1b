import Geometry

/// `UIGravityBehavior`: one world gravity vector; magnitude 1 is 1000 pt/s².
public struct GravityBehavior: DynamicBehavior {
    public var items: [ItemID]
    /// Direction scaled by magnitude; `(0, 1)` is UIKit's default.
    public var gravityDirection: Vec2
    public init(items: [ItemID], direction: Vec2 = Vec2(0, 1)) { self.items = items; gravityDirection = direction }

    public func update(from old: any DynamicBehavior, _ slot: inout InstalledBehavior, in animator: DynamicAnimator) {
        guard old is Self else { return }
        animator.reapplyGravityAndMaterials(items)
    }

    public func uninstall(_ slot: InstalledBehavior, from animator: DynamicAnimator) {
        animator.world.gravity = .zero
    }
}

extension DynamicAnimator {
    /// Gravity vector, gravity scales and bullet flags from the installed behaviours: an item in
    /// a gravity behaviour falls, one in a gravity or push behaviour is a bullet; the world's
    /// gravity is the last gravity behaviour's.
    func applyGravityAndFlags() {
        // The items of the gravity and push behaviours, found in one pass (linear in their items).
        var gravityItems = Set<ItemID>()
        var pushItems = Set<ItemID>()
        for inst in installed {
            if inst.behavior is GravityBehavior { gravityItems.formUnion(inst.behavior.items) }
            if inst.behavior is PushBehavior { pushItems.formUnion(inst.behavior.items) }
        }
        for id in itemOrder where items[id]?.carrier == nil {
            guard let body = items[id]?.body else { continue }
            let inGravity = gravityItems.contains(id)
            let inPush = pushItems.contains(id)
            world.setGravityScale(body, inGravity ? 1 : 0)
            world.setBullet(body, inGravity || inPush)
        }
        for inst in installed {
            if let g = inst.behavior as? GravityBehavior { world.gravity = 10 * g.gravityDirection }
        }
    }

    /// After a gravity, item or field behaviour changed: gravity, flags and materials applied
    /// again, and its items woken.
    func reapplyGravityAndMaterials(_ items: [ItemID]) {
        applyGravityAndFlags()
        applyMaterials()
        wakeItems(items)
    }
}
