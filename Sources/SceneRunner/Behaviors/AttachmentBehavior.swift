import Diagnostics
import Expressions
import Geometry
import SceneModel
import SceneVocabulary
import UIDynamics

extension RunBehaviors {
    /// `UIAttachmentBehavior`: to an anchor or to another item, by the joint of its kind.
    func attachment(_ a: AttachmentSpec, _ x: inout BehaviorInputs) throws(RunError) -> Behavior {
        let item = a.item.index
        let offset = try x.point(.offset, a.offset) ?? .zero
        var length: Double?
        if x.given(.length, a.length) {
            length = try x.nonNegative(try x.number(.length, a.length, 0), "`length`", a.length)
        }
        let freq = try x.nonNegative(try x.number(AttachmentKey.frequency, a.frequency), "`frequency`", a.frequency)
        let damp = try x.nonNegative(try x.number(AttachmentKey.damping, a.damping), "`damping`", a.damping)
        var axis = Vec2(0, 1)
        if a.kind == .sliding {
            axis = try x.point(nil, a.axis) ?? axis
            if axis.length == 0 {
                throw x.run.runtimeError("the sliding `axis` must not be zero", at: a.axis?.location ?? x.location)
            }
        }
        let kind = a.kind.engine(axis: axis)
        var range: ClosedRange<Double>?
        if let (lo, hi) = a.range {
            let l = try x.number(nil, lo, 0)
            let h = try x.number(nil, hi, 0)
            if l > h {
                throw x.run.runtimeError(
                    "`range` must be [min, max] with min ≤ max, got [\(formatNumber(l)), \(formatNumber(h))]",
                    at: lo.location)
            }
            range = l...h
        }
        let torque = try x.number(AttachmentKey.frictionTorque, a.frictionTorque)
        if let to = a.to {
            return AttachmentBehavior(
                item: item, offset: offset, to: to.index, otherOffset: try x.point(nil, a.toOffset) ?? .zero,
                length: length, frequency: freq, damping: damp, kind: kind, range: range, frictionTorque: torque)
        }
        let anchor = try x.point(.anchor, a.anchor) ?? .zero
        return AttachmentBehavior(
            item: item, offset: offset, anchor: anchor, length: length, frequency: freq, damping: damp,
            kind: kind, range: range, frictionTorque: torque)
    }
}
