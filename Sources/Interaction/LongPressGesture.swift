import Geometry

/// `UILongPressGestureRecognizer`: `touches` fingers held `minimumDuration` seconds without
/// moving more than `allowableMovement` points. Continuous: `began` when the duration has
/// passed (the fingers may not have moved since), `changed` at every move after that (however
/// far: a press continues as a drag), `ended` when a finger lifts. Lifted or moved too far
/// before the duration, it fails.
public struct LongPressRecognizer: FailingRecognizer {
    public var minimumDuration: Double
    public var allowableMovement: Double
    public var touches: Int
    public internal(set) var state = GestureState.possible
    public private(set) var fingers = Fingers()
    /// When the required fingers were all down (nil before).
    public private(set) var pressedAt: Double?
    /// Where each finger went down (its first touch-down), by identity: found in constant time.
    var origins: [Int: Vec2] = [:]

    public init(
        minimumDuration: Double = GestureTuning.longPressMinimumDuration,
        allowableMovement: Double = GestureTuning.longPressAllowableMovement, touches: Int = 1
    ) {
        self.minimumDuration = minimumDuration; self.allowableMovement = allowableMovement; self.touches = touches
    }

    public var location: Vec2 { fingers.centroid }
    public var numberOfTouches: Int { fingers.count }
    public var isDiscrete: Bool { false }
    public var numberOfTouchesRequired: Int { touches }
    /// A long press measures nothing but its fingers.
    public var values: GestureValues { GestureValues() }

    public mutating func handle(_ event: TouchEvent) -> [GestureState] {
        let change = fingers.apply(event)
        if isFinished { return [] }
        for t in event.touches where t.phase == .began && origins[t.id] == nil { origins[t.id] = t.location }
        switch state {
        case .possible:
            if fingers.count + change.lifted > touches || change.lifted > 0 { return failing() }
            for t in event.touches {
                guard let o = origins[t.id] else { continue }
                if (t.location - o).length > allowableMovement { return failing() }
            }
            if pressedAt == nil && fingers.count == touches { pressedAt = event.time }
            return advance(to: event.time)
        case .began, .changed:
            if change.lifted > 0 {
                state = .ended
                return [.ended]
            }
            if change.moved || change.wentDown > 0 {
                state = .changed
                return [.changed]
            }
            return []
        case .ended, .cancelled, .failed:
            return []
        }
    }

    public mutating func advance(to time: Double) -> [GestureState] {
        guard state == .possible, let t0 = pressedAt, time - t0 >= minimumDuration - 1e-9 else { return [] }
        state = .began
        return [.began]
    }

    /// Cancelled touches are gone: no finger stays (`numberOfTouches` is 0).
    public mutating func cancel() -> [GestureState] {
        fingers.removeAll()
        return cancelled(&state)
    }

    public mutating func reset() {
        state = .possible; pressedAt = nil; origins = [:]
        fingers.removeAll()
    }
}

/// UIKit's documented defaults of `UILongPressGestureRecognizer`.
extension GestureTuning {
    /// `UILongPressGestureRecognizer.minimumDuration`, seconds.
    public static let longPressMinimumDuration = 0.5
    /// `UILongPressGestureRecognizer.allowableMovement`, points.
    public static let longPressAllowableMovement = 10.0
}
