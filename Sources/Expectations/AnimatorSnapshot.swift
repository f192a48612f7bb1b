import Expressions
import SceneVocabulary

/// A property animator's observable state.
public struct AnimatorSnapshot: Sendable {
    public var name: String
    public var state: String
    public var isRunning: Bool
    /// 0…1, the fraction of the duration.
    public var fractionComplete: Double
    public var isReversed: Bool
    public init(name: String, state: String, isRunning: Bool, fractionComplete: Double, isReversed: Bool) {
        self.name = name; self.state = state; self.isRunning = isRunning; self.fractionComplete = fractionComplete
        self.isReversed = isReversed
    }

    public func value(_ m: AnimatorMember) -> Value {
        switch m {
        case .state: return .string(state)
        case .isRunning: return .bool(isRunning)
        case .fractionComplete: return .number(fractionComplete)
        case .isReversed: return .bool(isReversed)
        }
    }
}
