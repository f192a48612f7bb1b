import Geometry
import Interaction
import SceneVocabulary

extension TouchDownGestureSettings {
    /// A touch-down recogniser (a `UIGestureRecognizer` subclass).
    func recognizer(in bounds: Rect) -> any TouchRecognizer { TouchDownRecognizer(touches: touches) }
}
