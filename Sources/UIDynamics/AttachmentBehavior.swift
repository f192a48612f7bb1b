import Dynamics
import Geometry

/// The kind of a `UIAttachmentBehavior`.
public enum AttachmentKind: Sendable, Hashable {
    /// A spring or rod (distance joint).
    case spring
    /// Translation along `axis` only (prismatic joint); `range` in points.
    case sliding(axis: Vec2)
    /// A maximum length (rope joint).
    case limit
    /// Glued (weld joint).
    case fixed
    /// A pin (revolute joint); `range` in radians, `frictionTorque` a motor at speed 0.
    case pin
}

/// `UIAttachmentBehavior`: an item's point attached to an anchor or to another item's point.
public struct AttachmentBehavior: DynamicBehavior {
    public var item: ItemID
    /// Attachment point relative to the item's centre, turning with it (points).
    public var offset: Vec2
    /// The other item, or nil for an anchor.
    public var otherItem: ItemID?
    public var otherOffset: Vec2
    /// Anchor in reference-view coordinates (points), when `otherItem` is nil.
    public var anchor: Vec2
    /// Length (points); nil: the distance when added.
    public var length: Double?
    /// Hz; 0 is rigid.
    public var frequency: Double
    public var damping: Double
    public var kind: AttachmentKind
    /// `attachmentRange` (points for sliding, radians for pin).
    public var range: ClosedRange<Double>?
    /// N·m for pin joints (points are scaled: 1 pt = 0.01 m).
    public var frictionTorque: Double
    public init(
        item: ItemID, offset: Vec2 = .zero, anchor: Vec2, length: Double? = nil, frequency: Double = 0,
        damping: Double = 0,
        kind: AttachmentKind = .spring, range: ClosedRange<Double>? = nil, frictionTorque: Double = 0
    ) {
        self.item = item; self.offset = offset; self.otherItem = nil; self.otherOffset = .zero; self.anchor = anchor
        self.length = length; self.frequency = frequency; self.damping = damping; self.kind = kind
        self.range = range; self.frictionTorque = frictionTorque
    }
    public init(
        item: ItemID, offset: Vec2 = .zero, to other: ItemID, otherOffset: Vec2 = .zero, length: Double? = nil,
        frequency: Double = 0, damping: Double = 0, kind: AttachmentKind = .spring, range: ClosedRange<Double>? = nil,
        frictionTorque: Double = 0
    ) {
        self.item = item; self.offset = offset; self.otherItem = other; self.otherOffset = otherOffset;
        self.anchor = .zero
        self.length = length; self.frequency = frequency; self.damping = damping; self.kind = kind
        self.range = range; self.frictionTorque = frictionTorque
    }

    public var items: [ItemID] { otherItem.map { [item, $0] } ?? [item] }
    /// No force hook: its joints do its work.
    public var forceHooks: ForceHooks { [] }

    /// A line from the item's point to the other item's point or the anchor, labelled by kind.
    public func guides(in bounds: Rect) -> [BehaviorGuide] {
        let to: BehaviorGuide.Point = otherItem.map { .item($0, offset: otherOffset) } ?? .anchor(anchor, of: item)
        let label: String
        switch kind {
        case .spring: label = frequency > 0 ? "spring" : "rod"
        case .sliding: label = "sliding"
        case .limit: label = "limit"
        case .fixed: label = "fixed"
        case .pin: label = "pin"
        }
        return [BehaviorGuide(kind: "attachment", points: [.item(item, offset: offset), to], label: label)]
    }

    public func install(_ slot: inout InstalledBehavior, in animator: DynamicAnimator) {
        slot.joints = animator.makeAttachment(self)
        if length == nil {
            // Remember the length UIKit measured when the behaviour was added.
            var a = self
            let pA = animator.itemPoint(item, offset)
            let pB = otherItem.map { animator.itemPoint($0, otherOffset) } ?? anchor
            a.length = distance(pA, pB)
            slot.behavior = a
        }
    }

    /// Anchor, length, frequency and damping change the joint; any other change makes it anew.
    public func update(from old: any DynamicBehavior, _ slot: inout InstalledBehavior, in animator: DynamicAnimator) {
        guard let o = old as? Self else { return }
        var n = self
        if n.length == nil { n.length = o.length; slot.behavior = n }
        let world = animator.world
        let simple =
            o.kind == n.kind && o.otherItem == n.otherItem && o.offset == n.offset && o.otherOffset == n.otherOffset
            && slot.joints.count == 1 && o.range == n.range && o.frictionTorque == n.frictionTorque
        if simple {
            let j = slot.joints[0]
            if o.anchor != n.anchor && n.otherItem == nil {
                world.setLocalAnchorA(j, (1 / pointsPerMeter) * n.anchor)
                // UIKit's animator does not pause while an attachment's anchor keeps moving:
                // a held item is moved by position correction, its velocity reads about 0,
                // and Box2D's rule alone would put it to sleep 0.5 s into a slow drag.
                for i in items { if let body = animator.items[i]?.body { world.restartSleepTimer(body) } }
            }
            if let l = n.length, l != o.length {
                if n.kind == .limit {
                    world.setMaxLength(j, l / pointsPerMeter)
                } else {
                    world.setLength(j, l / pointsPerMeter)
                }
            }
            if n.frequency != o.frequency { world.setFrequency(j, n.frequency) }
            if n.damping != o.damping { world.setDampingRatio(j, n.damping) }
        } else {
            for j in slot.joints { world.destroyJoint(j) }
            slot.joints = animator.makeAttachment(n)
        }
        animator.wakeItems(items)
    }
}

extension DynamicAnimator {
    /// Joints of an attachment (physics.md: distance, revolute, prismatic, rope or weld).
    func makeAttachment(_ a: AttachmentBehavior) -> [JointID] {
        let s = 1 / pointsPerMeter
        guard let itemBody = items[a.item]?.placement else { return [] }
        let (bodyA, localA): (BodyID, Vec2)
        if let other = a.otherItem, let ob = items[other]?.placement {
            bodyA = ob.body; localA = s * ob.frame.bodyPoint(a.otherOffset)
        } else {
            bodyA = ground; localA = s * a.anchor
        }
        let bodyB = itemBody.body
        let localB = s * itemBody.frame.bodyPoint(a.offset)
        let worldA = a.otherItem.map { itemPoint($0, a.otherOffset) } ?? a.anchor
        let worldB = itemPoint(a.item, a.offset)
        let length = a.length ?? distance(worldA, worldB)
        switch a.kind {
        case .spring:
            if a.otherItem == nil && distance(worldA, worldB) < 1 && a.frequency == 0 && a.length == nil {
                var d = RevoluteJointDef(bodyA: bodyA, bodyB: bodyB)
                d.localAnchorA = localA; d.localAnchorB = localB
                d.referenceAngle = world.angle(of: bodyB) - world.angle(of: bodyA)
                d.collideConnected = true
                return [world.createJoint(.revolute(d))]
            }
            var d = DistanceJointDef(bodyA: bodyA, bodyB: bodyB)
            d.localAnchorA = localA; d.localAnchorB = localB
            d.length = s * length
            d.frequencyHz = a.frequency; d.dampingRatio = a.damping
            d.collideConnected = true
            return [world.createJoint(.distance(d))]
        case .limit:
            var d = RopeJointDef(bodyA: bodyA, bodyB: bodyB)
            d.localAnchorA = localA; d.localAnchorB = localB
            d.maxLength = s * length
            d.collideConnected = true
            return [world.createJoint(.rope(d))]
        case .fixed:
            var d = WeldJointDef(bodyA: bodyA, bodyB: bodyB)
            d.localAnchorA = localA; d.localAnchorB = localB
            d.referenceAngle = world.angle(of: bodyB) - world.angle(of: bodyA)
            d.frequencyHz = a.frequency; d.dampingRatio = a.damping
            d.collideConnected = true
            return [world.createJoint(.weld(d))]
        case .pin:
            var d = RevoluteJointDef(bodyA: bodyA, bodyB: bodyB)
            d.localAnchorA = localA; d.localAnchorB = localB
            d.referenceAngle = world.angle(of: bodyB) - world.angle(of: bodyA)
            if let r = a.range { d.enableLimit = true; d.lowerAngle = r.lowerBound; d.upperAngle = r.upperBound }
            if a.frictionTorque > 0 { d.enableMotor = true; d.motorSpeed = 0; d.maxMotorTorque = a.frictionTorque }
            d.collideConnected = true
            return [world.createJoint(.revolute(d))]
        case .sliding(let axis):
            var d = PrismaticJointDef(bodyA: bodyA, bodyB: bodyB)
            d.localAnchorA = localA; d.localAnchorB = localB
            // The unit axis in Double, then in float32 again by the engine (as b2PrismaticJoint
            // normalizes the axis it is given): the oracle's model does the same.
            let n = (axis.x * axis.x + axis.y * axis.y).squareRoot()
            d.localAxisA = Vec2(axis.x / n, axis.y / n)
            d.referenceAngle = world.angle(of: bodyB) - world.angle(of: bodyA)
            if let r = a.range {
                d.enableLimit = true; d.lowerTranslation = s * r.lowerBound; d.upperTranslation = s * r.upperBound
            }
            d.collideConnected = true
            return [world.createJoint(.prismatic(d))]
        }
    }
}
