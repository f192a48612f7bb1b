/// A constant torque on each item (N·m, clockwise on screen), while the behaviour is added.
public struct TorqueBehavior: DynamicBehavior {
    public var items: [ItemID]
    public var torque: Double
    public init(items: [ItemID], torque: Double) { self.items = items; self.torque = torque }

    /// The torque stays for every sub-step of the tick, as a continuous push.
    public func applyTickForces(_ slot: inout InstalledBehavior, in animator: DynamicAnimator) {
        for i in items { if let b = animator.items[i]?.body { animator.world.applyTorque(b, torque) } }
    }
}
