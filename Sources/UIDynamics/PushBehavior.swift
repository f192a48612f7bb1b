import Geometry

/// `UIPushBehavior`.
public struct PushBehavior: DynamicBehavior {
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

    public func update(from old: any DynamicBehavior, _ slot: inout InstalledBehavior, in animator: DynamicAnimator) {
        guard let o = old as? Self else { return }
        if active && (!o.active || o.pushDirection != pushDirection) { animator.wakeItems(items) }
    }

    /// An active push applies its force or impulse this tick.
    public var forceHooks: ForceHooks { active ? .tick : [] }

    /// Continuous forces stay for every sub-step of the tick; an instantaneous push fires once.
    public func applyTickForces(_ slot: inout InstalledBehavior, in animator: DynamicAnimator) {
        guard active else { return }
        let s = 1 / pointsPerMeter
        let world = animator.world
        for i in items {
            guard let b = animator.items[i]?.body else { continue }
            let offset = offsets[i] ?? .zero
            let point = world.worldCenter(of: b) + s * offset
            switch mode {
            case .continuous:
                if offset == .zero {
                    world.applyForceToCenter(b, pushDirection)
                } else {
                    world.applyForce(b, pushDirection, at: point)
                }
            case .instantaneous:
                world.applyLinearImpulse(b, pushDirection, at: point)
            }
        }
        if mode == .instantaneous {
            var fired = self
            fired.active = false
            slot.behavior = fired
        }
    }
}
