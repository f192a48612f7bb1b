import Geometry
import Interaction
import SceneVocabulary

extension PinchGestureSettings {
    /// `UIPinchGestureRecognizer`.
    func recognizer(in bounds: Rect) -> any TouchRecognizer { PinchRecognizer() }
}
