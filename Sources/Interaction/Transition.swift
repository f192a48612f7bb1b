import Geometry

/// The state of a view-controller transition.
public enum TransitionState: String, Sendable, CaseIterable {
    case idle, interactive, finishing, cancelling, completed, cancelled
}

/// A percent-driven or custom interactive transition: idle → interactive (progress 0…1) →
/// finishing | cancelling → completed | cancelled.
///
/// Finishing takes (1 − p)·duration / completionSpeed, cancelling p·duration / completionSpeed,
/// along `completionCurve`.
public struct TransitionController: Sendable {
    public var duration: Double
    public var completionSpeed: Double
    public var completionCurve: TimingCurve
    public private(set) var state = TransitionState.idle
    public private(set) var progress = 0.0
    var animStart = 0.0
    var animFrom = 0.0
    var animTo = 0.0
    var animDuration = 0.0
    /// Finishing or cancelling without an animation (a custom transition waiting for `complete`).
    var manual = false

    public init(duration: Double, completionSpeed: Double = 1, completionCurve: TimingCurve = .easeInOut) {
        self.duration = duration; self.completionSpeed = completionSpeed; self.completionCurve = completionCurve
    }

    /// Starts the transition interactively at progress 0.
    public mutating func start() { state = .interactive; progress = 0; manual = false }

    /// `updateInteractiveTransition`: progress clamped to 0…1.
    public mutating func update(_ p: Double) {
        guard state == .interactive else { return }
        progress = Swift.min(Swift.max(p, 0), 1)
    }

    /// `finishInteractiveTransition` at time `t`.
    public mutating func finish(at t: Double) {
        guard state == .interactive else { return }
        state = .finishing
        animStart = t; animFrom = progress; animTo = 1
        animDuration = (1 - progress) * duration / completionSpeed
    }

    /// `cancelInteractiveTransition` at time `t`.
    public mutating func cancel(at t: Double) {
        guard state == .interactive else { return }
        state = .cancelling
        animStart = t; animFrom = progress; animTo = 0
        animDuration = progress * duration / completionSpeed
    }

    /// A custom transition's `finishInteractiveTransition` / `cancelInteractiveTransition`: the
    /// interactive phase ends (`finishing` / `cancelling`); nothing animates, and the transition
    /// ends at `complete`.
    public mutating func endInteraction(finishing: Bool) {
        guard state == .interactive else { return }
        state = finishing ? .finishing : .cancelling
        manual = true
    }

    /// The progress of a transition a property animator drives: its fraction, whatever the state.
    public mutating func follow(_ p: Double) { progress = Swift.min(Swift.max(p, 0), 1) }

    /// Whether a percent-driven finish or cancel is animating the rest of the progress.
    public var isAnimating: Bool { (state == .finishing || state == .cancelling) && !manual }

    /// Ends at once (`completeTransition`).
    public mutating func complete(_ finished: Bool) {
        state = finished ? .completed : .cancelled
        progress = finished ? 1 : 0
    }

    /// Advances a finishing or cancelling animation to time `t`; returns true when it just ended.
    public mutating func advance(to t: Double) -> Bool {
        guard state == .finishing || state == .cancelling, !manual else { return false }
        let f = animDuration <= 0 ? 1 : Swift.min(1, (t - animStart) / animDuration)
        progress = animFrom + completionCurve.value(at: f) * (animTo - animFrom)
        if f >= 1 - 1e-12 {
            complete(state == .finishing)
            return true
        }
        return false
    }
}
