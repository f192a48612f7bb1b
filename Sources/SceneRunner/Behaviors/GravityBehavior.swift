import Geometry
import SceneModel
import SceneVocabulary
import UIDynamics

extension RunBehaviors {
    /// `UIGravityBehavior`: `direction`, else the unit vector at `angle`, scaled by `magnitude`
    /// when it is given.
    func gravity(_ items: [ViewID], _ p: Properties<GravityKey>, _ x: inout BehaviorInputs) throws(RunError) -> Behavior
    {
        let (magnitude, angle, direction) = (p[.magnitude], p[.angle], p[.direction])
        var dir = try x.point(.direction, direction) ?? Vec2(0, 1)
        if !x.given(.direction, direction), x.given(.angle, angle) {
            let a = try x.number(.angle, angle, Double.pi / 2)
            dir = Vec2(Elementary.cos(a), Elementary.sin(a))
        }
        if x.given(.magnitude, magnitude) { dir = try x.number(GravityKey.magnitude, magnitude) * dir.normalized }
        try x.checkFinite(dir, "gravity", magnitude ?? direction)
        return GravityBehavior(items: ids(items), direction: dir)
    }
}
