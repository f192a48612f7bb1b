import Geometry
import Interaction
import SceneVocabulary

extension PanGestureSettings {
    /// `UIPanGestureRecognizer`.
    func recognizer(in bounds: Rect) -> any TouchRecognizer {
        PanTouches(PanRecognizer(minimumDistance: minimumDistance, bounds: bounds))
    }
}
