import Geometry

/// `UIRotationGestureRecognizer`: two fingers turning about each other. Continuous: `began` once
/// the line between them has turned `GestureTuning.rotationBeginAngle` from where it was when the
/// second finger went down; from then `rotation` = the turn since `began` (radians, clockwise on
/// screen, not wrapped: two turns read 4π) and `velocity` in radians per second (the pan's
/// estimator over each touch event's turn); `ended` when a finger lifts. A finger lifted before
/// `began` makes it fail.
public struct RotationRecognizer: FailingRecognizer {
    public internal(set) var state = GestureState.possible
    public private(set) var fingers = Fingers()
    public private(set) var rotation = 0.0
    /// Radians per second.
    public var velocity: Double { rate.value }
    var rate = SmoothedRate()
    /// The turn since the second finger went down, unwrapped.
    var turn = 0.0
    var lastAngle: Double?
    var beganTurn = 0.0
    var lastTime = 0.0

    public init() {}

    public var location: Vec2 { fingers.centroid }
    public var numberOfTouches: Int { fingers.count }
    public var isDiscrete: Bool { false }
    public var numberOfTouchesRequired: Int { 2 }
    public var values: GestureValues { GestureValues(rate: velocity, rotation: rotation) }

    public mutating func handle(_ event: TouchEvent) -> [GestureState] {
        let change = fingers.apply(event)
        if isFinished { return [] }
        if state == .possible && change.lifted > 0 { return failing() }
        guard let a = fingers.angle else {
            if change.lifted == 0 { return [] }
            state = .ended
            return [.ended]
        }
        guard let last = lastAngle else {
            lastAngle = a
            return []
        }
        turn += RotationRecognizer.wrapped(a - last)
        lastAngle = a
        switch state {
        case .possible:
            if Swift.abs(turn) < GestureTuning.rotationBeginAngle - 1e-9 { return [] }
            beganTurn = turn
            rotation = 0
            rate = SmoothedRate()
            lastTime = event.time
            state = .began
            return [.began]
        case .began, .changed:
            let next = turn - beganTurn
            let dt = event.time - lastTime
            if dt > 0 { rate.add((next - rotation) / dt) }
            rotation = next
            lastTime = event.time
            state = change.lifted > 0 ? .ended : .changed
            return [state]
        case .ended, .cancelled, .failed:
            return []
        }
    }

    /// An angle brought into (−π, π].
    static func wrapped(_ x: Double) -> Double {
        var y = x
        while y > Double.pi { y -= 2 * Double.pi }
        while y <= -Double.pi { y += 2 * Double.pi }
        return y
    }

    public mutating func advance(to time: Double) -> [GestureState] { [] }

    /// Cancelled touches are gone: no finger stays (`numberOfTouches` is 0).
    public mutating func cancel() -> [GestureState] {
        fingers.removeAll()
        return cancelled(&state)
    }

    public mutating func reset() {
        state = .possible; lastAngle = nil; turn = 0; rotation = 0; rate = SmoothedRate()
        fingers.removeAll()
    }
}

/// The rotation's threshold (chosen: UIKit does not document it, docs/physics.md).
extension GestureTuning {
    /// A rotation begins once the line between its two fingers has turned this much (radians).
    public static let rotationBeginAngle = 0.1
}
