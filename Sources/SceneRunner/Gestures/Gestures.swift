import Geometry
import Interaction
import SceneVocabulary

// The install phase of gesture kinds: one arm per kind, each kind's install in its own file
// beside this one.

extension GestureSettings {
    /// The recogniser a scene gesture installs, in the reference view's `bounds`.
    func recognizer(in bounds: Rect) -> any TouchRecognizer {
        switch self {
        case .pan(let s): return s.recognizer(in: bounds)
        case .screenEdgePan(let s): return s.recognizer(in: bounds)
        case .tap(let s): return s.recognizer(in: bounds)
        case .longPress(let s): return s.recognizer(in: bounds)
        case .pinch(let s): return s.recognizer(in: bounds)
        case .rotation(let s): return s.recognizer(in: bounds)
        case .swipe(let s): return s.recognizer(in: bounds)
        case .scrollView(let s): return s.recognizer(in: bounds)  // a pan: Scroll.swift drags the content
        case .scrollViewZoom(let s): return s.recognizer(in: bounds)  // a pinch: ScrollZoom.swift zooms it
        }
    }
}
