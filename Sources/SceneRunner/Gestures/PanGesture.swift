import Geometry
import Interaction
import SceneVocabulary

extension PanGestureSettings {
    /// `UIPanGestureRecognizer`.
    func recognizer(in bounds: Rect) -> Recognizer {
        .pan(PanTouches(PanRecognizer(minimumDistance: minimumDistance, bounds: bounds)))
    }
}
