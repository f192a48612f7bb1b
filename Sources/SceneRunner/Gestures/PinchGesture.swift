import Geometry
import Interaction
import SceneVocabulary

extension PinchGestureSettings {
    /// `UIPinchGestureRecognizer`.
    func recognizer(in bounds: Rect) -> Recognizer { .pinch(PinchRecognizer()) }
}
