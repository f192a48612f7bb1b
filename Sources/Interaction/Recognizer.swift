import Geometry

// Gesture recogniser kinds: one file per kind beside this one, each a type conforming to
// `TouchRecognizer`, which answers every question the arena, the runner and a snapshot ask of
// it (its state machine, its fingers, whether it is discrete, the values it measures), and
// whose thresholds extend `GestureTuning` in the same file. The arena and the runner hold
// `any TouchRecognizer`: a new kind is its file and its install in SceneRunner, nothing here.

/// What every recogniser kind answers: UIKit's gesture-recogniser state machine fed touch events.
///
/// Each call returns the state changes it caused, in order (`.failed` included). Discrete
/// recognisers (tap, swipe) go from `possible` straight to `ended` when they recognise.
public protocol TouchRecognizer: Sendable {
    var state: GestureState { get }
    /// The centroid of the fingers (reference-view points).
    var location: Vec2 { get }
    /// Fingers down.
    var numberOfTouches: Int { get }
    /// Whether it recognises at once (`possible` → `ended`), as a tap or a swipe.
    var isDiscrete: Bool { get }
    /// The fingers a scripted step puts down when it does not say `touches`: as many as the
    /// recogniser needs (`numberOfTouchesRequired`, two for a pinch or rotation).
    var numberOfTouchesRequired: Int { get }
    /// What the recogniser measures besides its fingers: the values a scene reads as its members.
    var values: GestureValues { get }
    /// The touches of one frame.
    mutating func handle(_ event: TouchEvent) -> [GestureState]
    /// Time passed (the recogniser's timers: a long press begins, a multi-tap gives up).
    mutating func advance(to time: Double) -> [GestureState]
    /// The touches were cancelled (`release: cancel`): `cancelled` if it had begun, else `failed`.
    mutating func cancel() -> [GestureState]
    /// Forced to fail (another recogniser won the touches, or its view is gone).
    mutating func fail()
    /// Back to `possible` for a new touch sequence.
    mutating func reset()
    /// A `flick` continues finger `finger`, held down, from `point` at `time`: a recogniser that
    /// estimates a velocity starts its estimate afresh there, as at a touch-down, so that the
    /// flick releases at its own velocity. The default does nothing.
    mutating func restartVelocity(finger: Int, at point: Vec2, time: Double)
    /// A `flick` moves finger `finger` at exactly `velocity` until the step ends (nil: the step
    /// is not a flick): a recogniser that estimates a velocity takes it as its samples, so that
    /// the flick releases at exactly its velocity. The default does nothing.
    mutating func flick(finger: Int, velocity: Vec2?)
}

extension TouchRecognizer {
    public mutating func restartVelocity(finger: Int, at point: Vec2, time: Double) {}
    public mutating func flick(finger: Int, velocity: Vec2?) {}
    /// Whether the recogniser is done with its touch sequence.
    public var isFinished: Bool { state == .ended || state == .cancelled || state == .failed }
}

/// The values a recogniser measures, as a scene reads them (`pull.translation`, `zoom.scale`).
/// A kind fills those it has and leaves the others at their initial values; which members a
/// kind has, and their types, the vocabulary says (`GestureKindKeys.members`).
public struct GestureValues: Sendable, Equatable {
    /// A pan's movement since it began, less the hysteresis (points).
    public var translation = Vec2.zero
    /// A pan's velocity (pt/s).
    public var velocity = Vec2.zero
    /// A pinch's velocity (scale/s) or a rotation's (rad/s).
    public var rate = 0.0
    /// A pinch's finger spacing / spacing at `began`.
    public var scale = 1.0
    /// A rotation's turn since `began` (radians, clockwise).
    public var rotation = 0.0
    public init(
        translation: Vec2 = .zero, velocity: Vec2 = .zero, rate: Double = 0, scale: Double = 1, rotation: Double = 0
    ) {
        self.translation = translation; self.velocity = velocity; self.rate = rate
        self.scale = scale; self.rotation = rotation
    }
}

/// A recogniser whose state machine this module writes: what every one of them does to fail.
protocol FailingRecognizer: TouchRecognizer {
    var state: GestureState { get set }
}

extension FailingRecognizer {
    /// Forced to fail: unless it is already finished.
    public mutating func fail() { if !isFinished { state = .failed } }

    /// Fails on its own (a finger lifted too soon, moved too far, a tap too late): `.failed`.
    mutating func failing() -> [GestureState] {
        state = .failed
        return [.failed]
    }
}

/// The common end of a continuous recogniser's touches: began or changed becomes `cancelled`,
/// possible becomes `failed`.
func cancelled(_ state: inout GestureState) -> [GestureState] {
    switch state {
    case .began, .changed: state = .cancelled; return [.cancelled]
    case .possible: state = .failed; return [.failed]
    case .ended, .cancelled, .failed: return []
    }
}
