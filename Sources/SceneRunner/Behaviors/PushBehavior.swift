import Geometry
import SceneModel
import SceneVocabulary
import UIDynamics

extension RunBehaviors {
    /// `UIPushBehavior`: `direction` (scaled to `magnitude` when it is given), else `magnitude`
    /// along `angle`.
    func push(
        _ items: [ViewID], _ mode: PushMode, _ p: Properties<PushKey>, _ x: inout BehaviorInputs
    ) throws(RunError)
        -> Behavior
    {
        let (magnitude, angle, direction) = (p[.magnitude], p[.angle], p[.direction])
        var dir: Vec2
        if let d = try x.point(.direction, direction) {
            dir = d
            if x.given(.magnitude, magnitude) { dir = try x.number(PushKey.magnitude, magnitude) * d.normalized }
        } else {
            let a = try x.number(PushKey.angle, angle)
            dir = try x.number(PushKey.magnitude, magnitude) * Vec2(Elementary.cos(a), Elementary.sin(a))
        }
        let isActive = try x.value(.active, p[.active]).map { $0.bool ?? false } ?? true
        let off = try x.point(.offset, p[.offset]) ?? .zero
        var offsets: [Int: Vec2] = [:]
        if off != .zero { for id in ids(items) { offsets[id] = off } }
        try x.checkFinite(dir, "push", magnitude ?? direction)
        return PushBehavior(
            items: ids(items), mode: mode.engine, pushDirection: dir, offsets: offsets, active: isActive)
    }
}
