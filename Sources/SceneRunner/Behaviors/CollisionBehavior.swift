import Geometry
import SceneModel
import SceneVocabulary
import UIDynamics

extension RunBehaviors {
    /// `UICollisionBehavior`: its numbers are evaluated when it is added (none can be set).
    func collision(
        _ items: [ViewID], _ mode: SceneVocabulary.CollisionMode, _ rb: InsetsSpec?, _ boundaries: [BoundarySpec],
        _ x: inout BehaviorInputs
    ) throws(RunError) -> Behavior {
        var insets: EdgeInsets?
        if let rb {
            insets = EdgeInsets(
                top: try x.number(nil, rb.top, 0), left: try x.number(nil, rb.left, 0),
                bottom: try x.number(nil, rb.bottom, 0), right: try x.number(nil, rb.right, 0))
        }
        var bnds: [Boundary] = []
        for b in boundaries {
            var pts: [Vec2] = []
            for p in b.points { pts.append(try x.point(nil, p) ?? .zero) }
            bnds.append(Boundary(identifier: b.identifier, points: pts, closed: b.closed))
        }
        return CollisionBehavior(items: ids(items), mode: mode.engine, referenceBoundsInsets: insets, boundaries: bnds)
    }
}
