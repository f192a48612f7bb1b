import Geometry
import Interaction
import SceneVocabulary

extension LongPressGestureSettings {
    /// `UILongPressGestureRecognizer`.
    func recognizer(in bounds: Rect) -> any TouchRecognizer {
        LongPressRecognizer(minimumDuration: minimumDuration, allowableMovement: allowableMovement, touches: touches)
    }
}
