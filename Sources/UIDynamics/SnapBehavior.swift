import Dynamics
import Geometry

/// `UISnapBehavior`: pulls an item to a point (points) with four 4 Hz springs.
public struct SnapBehavior: DynamicBehavior {
    public var item: ItemID
    public var snapPoint: Vec2
    /// 0…1 (UIKit's default is the scene format's: `SnapKey.damping`).
    public var damping: Double
    public init(item: ItemID, snapPoint: Vec2, damping: Double) {
        self.item = item; self.snapPoint = snapPoint; self.damping = damping
    }

    public var items: [ItemID] { [item] }
    /// No force hook: its joint does its work.
    public var forceHooks: ForceHooks { [] }

    public func guides(in bounds: Rect) -> [BehaviorGuide] {
        [BehaviorGuide(kind: "snap", points: [.item(item, offset: .zero), .anchor(snapPoint, of: item)])]
    }

    public func install(_ slot: inout InstalledBehavior, in animator: DynamicAnimator) {
        slot.joints = animator.makeSnap(self)
    }

    public func update(from old: any DynamicBehavior, _ slot: inout InstalledBehavior, in animator: DynamicAnimator) {
        guard let o = old as? Self, o.snapPoint != snapPoint || o.damping != damping else { return }
        for j in slot.joints { animator.world.destroyJoint(j) }
        slot.joints = animator.makeSnap(self)
        animator.wakeItems(items)
    }
}

extension DynamicAnimator {
    /// Snap: four 4 Hz distance joints from the item's top-left and bottom-right corners to points
    /// 50 pt outward along x and y of where those corners end (host-measured layout).
    func makeSnap(_ snap: SnapBehavior) -> [JointID] {
        guard let placed = items[snap.item]?.placement else { return [] }
        let body = placed.body
        let s = 1 / pointsPerMeter
        let half = 0.5 * self[item: snap.item].size
        var out: [JointID] = []
        for corner in [Vec2(-1, -1), Vec2(1, 1)] {
            let local = Vec2(corner.x * half.x, corner.y * half.y)
            let target = snap.snapPoint + local
            for anchor in [target + Vec2(corner.x * 50, 0), target + Vec2(0, corner.y * 50)] {
                var d = DistanceJointDef(bodyA: ground, bodyB: body)
                d.localAnchorA = s * anchor
                d.localAnchorB = s * placed.frame.bodyPoint(local)
                d.length = s * 50
                d.frequencyHz = 4
                d.dampingRatio = snap.damping
                d.collideConnected = true
                out.append(world.createJoint(.distance(d)))
            }
        }
        return out
    }
}
