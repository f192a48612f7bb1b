import Geometry
import Interaction
import SceneVocabulary

extension ScreenEdgePanSettings {
    /// `UIScreenEdgePanGestureRecognizer`: a pan that fails unless it starts near one of `edges`.
    func recognizer(in bounds: Rect) -> any TouchRecognizer {
        PanTouches(PanRecognizer(minimumDistance: minimumDistance, edges: edges.map(\.engine), bounds: bounds))
    }
}
