import Geometry
import Interaction
import SceneVocabulary

extension SwipeGestureSettings {
    /// `UISwipeGestureRecognizer`.
    func recognizer(in bounds: Rect) -> any TouchRecognizer {
        SwipeRecognizer(directions: directions.map(\.engine), touches: touches)
    }
}

extension SwipeDirectionName {
    /// The recogniser's direction.
    var engine: SwipeDirection {
        switch self {
        case .right: return .right
        case .left: return .left
        case .up: return .up
        case .down: return .down
        }
    }
}
