import Geometry
import Interaction
import SceneVocabulary

extension TapGestureSettings {
    /// `UITapGestureRecognizer`.
    func recognizer(in bounds: Rect) -> any TouchRecognizer { TapRecognizer(taps: taps, touches: touches) }
}
