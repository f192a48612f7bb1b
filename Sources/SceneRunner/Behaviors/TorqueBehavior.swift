import SceneModel
import SceneVocabulary
import UIDynamics

extension Run {
    /// A constant torque.
    func torque(_ items: [ViewID], _ p: Properties<TorqueKey>, _ x: inout BehaviorInputs) throws -> Behavior {
        TorqueBehavior(items: ids(items), torque: try x.number(TorqueKey.magnitude, p[.magnitude]))
    }
}
