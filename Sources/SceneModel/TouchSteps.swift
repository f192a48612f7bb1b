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

extension TouchStep {
    /// Where the step's length is written, for a refusal of a step too long (a wait past the
    /// run's limits, more finger-frames than the load budget): a tap's `count`, a press's,
    /// pinch's or rotation's `duration`, and for `touches` the last keyframe time of the finger
    /// that lifts last — `ends` are the fingers' last times once evaluated, else their literal
    /// times.
    public func lengthLocation(ends: [Double]? = nil) -> SourceLocation {
        switch fingers {
        case .tap(_, let count, _):
            return count.location
        case .press(_, let d, _), .pinch(_, _, _, let d, _), .rotate(_, _, _, let d, _):
            return d.location
        case .paths(let paths):
            let times = ends ?? paths.map { $0.last?.t.literalNumber ?? 0 }
            guard let i = times.indices.max(by: { times[$0] < times[$1] }), i < paths.count,
                let last = paths[i].last
            else { return location }
            return last.t.location
        }
    }
}
