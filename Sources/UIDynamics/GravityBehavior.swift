import Geometry

/// `UIGravityBehavior`: one world gravity vector; magnitude 1 is 1000 pt/s².
public struct GravityBehavior: DynamicBehavior {
    public var items: [ItemID]
    /// No force hook: the world's gravity does its work.
    public var forceHooks: ForceHooks { [] }
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
        for id in itemOrder where items[id]?.carrier == nil {
            guard let body = items[id]?.body else { continue }
            let m = memberships[id]
            let inGravity = (m?.gravity ?? 0) > 0
            let inPush = (m?.push ?? 0) > 0
            world.setGravityScale(body, inGravity ? 1 : 0)
            world.setBullet(body, inGravity || inPush)
        }
        // the last gravity behaviour's, found from the end (a setter: the others' were overwritten)
        if let g = installed.last(where: { $0.behavior is GravityBehavior })?.behavior as? GravityBehavior {
            world.gravity = 10 * g.gravityDirection
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
