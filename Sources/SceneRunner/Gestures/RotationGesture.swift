import Geometry
import Interaction
import SceneVocabulary

extension RotationGestureSettings {
    /// `UIRotationGestureRecognizer`.
    func recognizer(in bounds: Rect) -> any TouchRecognizer { RotationRecognizer() }
}
