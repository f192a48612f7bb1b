import Geometry

/// `UIPinchGestureRecognizer`: two fingers moving apart or together. Continuous: `began` once
/// their spacing has changed by `GestureTuning.pinchBeginSpacingChange` from what it was when the
/// second finger went down; from then `scale` = spacing / spacing at `began` (1 at `began`) and
/// `velocity` in scale per second (the pan's estimator over each touch event's change); `ended`
/// when a finger lifts. A finger lifted before `began` makes it fail.
public struct PinchRecognizer: FailingRecognizer {
    public internal(set) var state = GestureState.possible
    public private(set) var fingers = Fingers()
    public private(set) var scale = 1.0
    /// Scale per second.
    public var velocity: Double { rate.value }
    var rate = SmoothedRate()
    var startSpacing: Double?
    var beganSpacing = 1.0
    var lastTime = 0.0

    public init() {}

    public var location: Vec2 { fingers.centroid }
    public var numberOfTouches: Int { fingers.count }
    public var isDiscrete: Bool { false }
    public var numberOfTouchesRequired: Int { 2 }
    public var values: GestureValues { GestureValues(rate: velocity, scale: scale) }

    public mutating func handle(_ event: TouchEvent) -> [GestureState] {
        let change = fingers.apply(event)
        if isFinished { return [] }
        switch state {
        case .possible:
            if change.lifted > 0 { return failing() }
            guard let d = fingers.spacing else { return [] }
            guard let d0 = startSpacing else {
                startSpacing = d
                return []
            }
            if Swift.abs(d - d0) < GestureTuning.pinchBeginSpacingChange - 1e-9 || d <= 0 { return [] }
            beganSpacing = d
            scale = 1
            rate = SmoothedRate()
            lastTime = event.time
            state = .began
            return [.began]
        case .began, .changed:
            if let d = fingers.spacing {
                let next = d / beganSpacing
                let dt = event.time - lastTime
                if dt > 0 { rate.add((next - scale) / dt) }
                scale = next
                lastTime = event.time
            }
            state = change.lifted > 0 ? .ended : .changed
            return [state]
        case .ended, .cancelled, .failed:
            return []
        }
    }

    public mutating func advance(to time: Double) -> [GestureState] { [] }

    /// Cancelled touches are gone: no finger stays (`numberOfTouches` is 0).
    public mutating func cancel() -> [GestureState] {
        fingers.removeAll()
        return cancelled(&state)
    }

    public mutating func reset() {
        state = .possible; startSpacing = nil; scale = 1; rate = SmoothedRate()
        fingers.removeAll()
    }
}

/// The pinch's threshold (chosen: UIKit does not document it, docs/physics.md).
extension GestureTuning {
    /// A pinch begins once the spacing of its two fingers has changed by this much (points).
    public static let pinchBeginSpacingChange = 8.0
}
