import Geometry
import Interaction
import SceneVocabulary

extension PanGestureSettings {
    /// `UIPanGestureRecognizer`.
    func recognizer(in bounds: Rect) -> PanRecognizer {
        PanRecognizer(minimumDistance: minimumDistance, bounds: bounds)
    }
}
