import SceneModel
import SceneVocabulary
import UIDynamics

extension RunBehaviors {
    /// `UISnapBehavior`.
    func snap(_ item: ViewID, _ p: Properties<SnapKey>, _ x: inout BehaviorInputs) throws(RunError) -> Behavior {
        SnapBehavior(
            item: item.index, snapPoint: try x.point(.to, p[.to]) ?? .zero,  // `to` is required: a point
            damping: try x.number(SnapKey.damping, p[.damping]))
    }
}
