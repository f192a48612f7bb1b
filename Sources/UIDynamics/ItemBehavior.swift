import Dynamics
import Geometry

/// `UIDynamicItemBehavior`: materials and velocities. Nil properties leave the item's value alone.
public struct ItemBehavior: DynamicBehavior {
    public var items: [ItemID]
    /// No force hook: materials and one-off velocities only.
    public var forceHooks: ForceHooks { [] }
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

    public func install(_ slot: inout InstalledBehavior, in animator: DynamicAnimator) {
        for i in items {
            animator.addLinearVelocity(linearVelocity, to: i)
            animator.addAngularVelocity(angularVelocity, to: i)
        }
    }

    public func update(from old: any DynamicBehavior, _ slot: inout InstalledBehavior, in animator: DynamicAnimator) {
        guard old is Self else { return }
        animator.reapplyGravityAndMaterials(items)
    }
}

extension DynamicAnimator {
    /// Materials per item: defaults, then each installed item behaviour in order (last writer
    /// wins), as `memberships` keeps them folded: a call costs time linear in the items, not in
    /// the behaviours' items (issue 33).
    func applyMaterials() {
        for id in itemOrder where items[id]?.carrier == nil {
            let fs = fixtures(of: id)
            guard let body = items[id]?.body, !fs.isEmpty else { continue }
            let m = memberships[id]?.material ?? .defaults
            charges[id] = m.charge
            for f in fs { world.setRestitution(f, m.elasticity); world.setFriction(f, m.friction) }
            world.setLinearDamping(body, m.resistance)
            world.setAngularDamping(body, m.angularResistance)
            let wantType: BodyType = m.anchored ? .staticBody : .dynamicBody
            if world.type(of: body) != wantType { world.setType(body, wantType) }
            // The engine holds the density in float32, so for a density float32 cannot hold exactly
            // (0.3) this is always true and the mass is recomputed; the oracle's model compares
            // the same way and does the same.
            if fs.contains(where: { world.density(of: $0) != m.density }) {
                for f in fs { world.setDensity(f, m.density) }
                world.resetMassData(body)
            }
            world.setFixedRotation(body, !m.allowsRotation)
        }
    }
}
