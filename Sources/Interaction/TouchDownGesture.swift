import Geometry

/// A touch-down recogniser, what apps write as an "immediate" `UIGestureRecognizer` subclass:
/// continuous, `began` as soon as `touches` fingers are down, `changed` at every event that
/// moves a finger or puts one down, `ended` when a finger lifts. A finger lifted before the
/// others are down makes it fail.
public struct TouchDownRecognizer: FailingRecognizer {
    public var touches: Int
    public internal(set) var state = GestureState.possible
    public private(set) var fingers = Fingers()

    public init(touches: Int = 1) { self.touches = touches }

    public var location: Vec2 { fingers.centroid }
    public var numberOfTouches: Int { fingers.count }
    public var isDiscrete: Bool { false }
    public var numberOfTouchesRequired: Int { touches }
    /// A touch-down recogniser measures nothing but its fingers.
    public var values: GestureValues { GestureValues() }

    public mutating func handle(_ event: TouchEvent) -> [GestureState] {
        let change = fingers.apply(event)
        switch state {
        case .possible:
            if change.lifted > 0 { return failing() }
            guard fingers.count >= touches else { return [] }
            state = .began
            return [.began]
        case .began, .changed:
            if change.lifted > 0 {
                state = .ended
                return [.ended]
            }
            guard change.moved || change.wentDown > 0 else { return [] }
            state = .changed
            return [.changed]
        case .ended, .cancelled, .failed:
            return []
        }
    }

    public mutating func advance(to time: Double) -> [GestureState] { [] }

    public mutating func cancel() -> [GestureState] { cancelled(&state) }

    public mutating func reset() {
        state = .possible
        fingers.removeAll()
    }
}
