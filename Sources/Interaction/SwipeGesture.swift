import Geometry

/// A swipe's direction (`UISwipeGestureRecognizer.Direction`), in screen coordinates (y down).
public enum SwipeDirection: String, Sendable, CaseIterable {
    case right, left, up, down
    /// The unit vector of the direction.
    public var unit: Vec2 {
        switch self {
        case .right: return Vec2(1, 0)
        case .left: return Vec2(-1, 0)
        case .up: return Vec2(0, -1)
        case .down: return Vec2(0, 1)
        }
    }
}

/// `UISwipeGestureRecognizer`: `touches` fingers moving quickly along one of `directions`.
/// Discrete: `ended` once the centroid has moved `GestureTuning.swipeMinimumDistance` along a
/// direction at an average speed since touch-down of `swipeMinimumSpeed` or more. It fails when
/// that distance is reached more slowly, when the movement strays more than `swipeMaximumAngle`
/// from every direction (judged once it is `swipeAngleAfter` long), when more fingers than
/// `touches` come down, or when a finger lifts first.
public struct SwipeRecognizer: FailingRecognizer {
    public var directions: [SwipeDirection]
    public var touches: Int
    public internal(set) var state = GestureState.possible
    public private(set) var fingers = Fingers()
    /// The direction it was recognised in.
    public private(set) var recognized: SwipeDirection?
    var start: Vec2?
    var startTime = 0.0

    public init(directions: [SwipeDirection] = [.right], touches: Int = 1) {
        self.directions = directions; self.touches = touches
    }

    public var location: Vec2 { fingers.centroid }
    public var numberOfTouches: Int { fingers.count }
    public var isDiscrete: Bool { true }
    public var numberOfTouchesRequired: Int { touches }
    /// A swipe measures nothing but its fingers.
    public var values: GestureValues { GestureValues() }

    public mutating func handle(_ event: TouchEvent) -> [GestureState] {
        let change = fingers.apply(event)
        if isFinished { return [] }
        if change.lifted > 0 || fingers.count > touches { return failing() }
        guard fingers.count == touches else { return [] }
        guard let s = start else {
            start = fingers.centroid
            startTime = event.time
            return []
        }
        let d = fingers.centroid - s
        let length = d.length
        if length < GestureTuning.swipeAngleAfter { return [] }
        // The direction the movement is closest to, and how far along it the finger has gone.
        var best: (dir: SwipeDirection, along: Double)?
        for dir in directions {
            let along = dot(d, dir.unit)
            if along > (best?.along ?? -Double.infinity) { best = (dir, along) }
        }
        guard let (dir, along) = best, along > 0 else { return failing() }
        let angle = Elementary.acos(Swift.min(1, along / length))
        if angle > GestureTuning.swipeMaximumAngle + 1e-12 { return failing() }
        if along < GestureTuning.swipeMinimumDistance - 1e-9 { return [] }
        let elapsed = event.time - startTime
        if elapsed > 0 && along / elapsed < GestureTuning.swipeMinimumSpeed - 1e-9 { return failing() }
        recognized = dir
        state = .ended
        return [.ended]
    }

    public mutating func advance(to time: Double) -> [GestureState] { [] }

    /// A swipe is discrete: cancelled touches make it fail; no finger stays.
    public mutating func cancel() -> [GestureState] {
        fingers.removeAll()
        if isFinished { return [] }
        return failing()
    }

    public mutating func reset() {
        state = .possible; start = nil; recognized = nil
        fingers.removeAll()
    }
}

/// The swipe's thresholds (chosen: UIKit does not document them, docs/physics.md).
extension GestureTuning {
    /// A swipe is recognised once the finger has moved this far (points) along its direction…
    public static let swipeMinimumDistance = 50.0
    /// … at an average speed since touch-down of at least this much (points per second) …
    public static let swipeMinimumSpeed = 300.0
    /// … never straying more than this angle (radians, 30°) from the direction …
    public static let swipeMaximumAngle = Double.pi / 6
    /// … the angle being judged once the finger has moved this far (points) from touch-down.
    public static let swipeAngleAfter = 10.0
}
