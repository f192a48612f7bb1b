import Geometry
import Interaction
import SceneVocabulary

extension ScrollViewGestureSettings {
    /// A scroll view's pan: a `UIPanGestureRecognizer` whose translation drags the content
    /// (`Run.scrollGesture`).
    func recognizer(in bounds: Rect) -> Recognizer {
        .pan(PanTouches(PanRecognizer(minimumDistance: minimumDistance, bounds: bounds)))
    }
}
