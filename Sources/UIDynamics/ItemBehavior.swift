import Dynamics
import Geometry

/// `UIDynamicItemBehavior`: materials and velocities. Nil properties leave the item's value alone.
public struct ItemBehavior: DynamicBehavior {
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
    /// Materials per item: defaults, then each installed item behaviour in order (last writer wins).
    /// The item behaviours of each item are found once, in one pass over the installed ones, so
    /// that a call costs time linear in the items and the behaviours' items (issue 33: 1 000
    /// behaviours over 500 items were quadratic at every install).
    func applyMaterials() {
        var itemBehaviors: [ItemID: [ItemBehavior]] = [:]  // read by item, never iterated
        for inst in installed {
            guard let ib = inst.behavior as? ItemBehavior else { continue }
            var seen = Set<ItemID>()
            for i in ib.items where seen.insert(i).inserted { itemBehaviors[i, default: []].append(ib) }
        }
        for id in itemOrder where items[id]?.carrier == nil {
            let fs = fixtures(of: id)
            guard let body = items[id]?.body, !fs.isEmpty else { continue }
            var elasticity = DefaultMaterial.elasticity
            var friction = DefaultMaterial.friction
            var density = DefaultMaterial.density
            var resistance = DefaultMaterial.resistance
            var angular = DefaultMaterial.angularResistance
            var allowsRotation = true
            var anchored = false
            var charge = 0.0
            for ib in itemBehaviors[id] ?? [] {
                if let v = ib.elasticity { elasticity = v }
                if let v = ib.friction { friction = v }
                if let v = ib.density { density = v }
                if let v = ib.resistance { resistance = v }
                if let v = ib.angularResistance { angular = v }
                if let v = ib.allowsRotation { allowsRotation = v }
                if let v = ib.anchored { anchored = v }
                if let v = ib.charge { charge = v }
            }
            charges[id] = charge
            for f in fs { world.setRestitution(f, elasticity); world.setFriction(f, friction) }
            world.setLinearDamping(body, resistance)
            world.setAngularDamping(body, angular)
            let wantType: BodyType = anchored ? .staticBody : .dynamicBody
            if world.type(of: body) != wantType { world.setType(body, wantType) }
            // The engine holds the density in float32, so for a density float32 cannot hold exactly
            // (0.3) this is always true and the mass is recomputed; the oracle's model compares
            // the same way and does the same.
            if fs.contains(where: { world.density(of: $0) != density }) {
                for f in fs { world.setDensity(f, density) }
                world.resetMassData(body)
            }
            world.setFixedRotation(body, !allowsRotation)
        }
    }
}
