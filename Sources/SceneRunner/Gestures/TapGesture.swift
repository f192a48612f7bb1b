import Geometry
import Interaction
import SceneVocabulary

extension TapGestureSettings {
    /// `UITapGestureRecognizer`.
    func recognizer(in bounds: Rect) -> Recognizer { .tap(TapRecognizer(taps: taps, touches: touches)) }
}
