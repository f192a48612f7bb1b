import Diagnostics
import Expressions
import SceneVocabulary

/// A touch step of format 1.2: its fingers, what they touch and how they end. Its numbers are
/// expressions, evaluated when the step starts.
public struct TouchStep: Sendable {
    /// Where the fingers go.
    public enum Fingers: Sendable {
        /// `tap`: `count` taps of `touches` fingers at `at` (nil: the gesture's own `touches`).
        case tap(at: Expr, count: Expr, touches: Expr?)
        /// `press`: `touches` fingers held at `at` for `duration` seconds.
        case press(at: Expr, duration: Expr, touches: Expr?)
        /// `pinch`: two fingers on the horizontal line through `center`, spacing `from` → `to`.
        case pinch(center: Expr, from: Expr, to: Expr, duration: Expr, curve: CurveName)
        /// `rotate`: two fingers `radius` either side of `center`, turning `by` radians.
        case rotate(center: Expr, by: Expr, radius: Expr, duration: Expr, curve: CurveName)
        /// `touches`: one keyframe path per finger, times from the step's start.
        case paths([[Keyframe]])
    }
    public var gesture: GestureID
    public var fingers: Fingers
    public var release: ReleaseMode
    public var location: SourceLocation
    public init(gesture: GestureID, fingers: Fingers, release: ReleaseMode, location: SourceLocation) {
        self.gesture = gesture; self.fingers = fingers; self.release = release; self.location = location
    }
}
