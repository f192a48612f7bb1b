import Geometry

/// `UIViewAnimatingState`: inactive until started, paused or scrubbed; active while running or
/// paused; stopped between `stopAnimation(false)` and `finishAnimation(at:)`.
public enum AnimatorState: String, Sendable, CaseIterable { case inactive, active, stopped }

/// `UIViewAnimatingPosition`: where an animator ended (the `position` of its completion).
public enum AnimatorPosition: String, Sendable, CaseIterable { case end, start, current }

/// A use of an animator that UIKit refuses (it raises an exception), as a sentence.
public struct AnimatorMisuse: Error, Sendable, Equatable {
    public var message: String
    init(_ message: String) { self.message = message }
}

/// A `UIViewPropertyAnimator` as a value: its state machine and what it shows at each time.
///
/// Two numbers describe it at any time t: `fractionComplete(at:)`, the fraction of the duration
/// (0 = the start values, 1 = the end values, whichever way it runs), and `progress(at:)`, the
/// fraction of the change the screen shows (a spring's may pass 1). Both advance in *segments*:
/// starting, continuing and reversing each begin one, from where the animator is to the end it
/// runs to (1, or 0 when reversed). The fraction moves linearly in time over the segment; the
/// progress follows the animator's timing as a function of the fraction, plus the difference
/// between what the screen showed when the segment began and what the timing gives there (after
/// a linear scrub, say), fading linearly to nothing at the segment's end. `continueAnimation`
/// with a new timing instead lays that timing over the rest, from the shown value to the end.
///
/// Durations: a segment takes durationFactor × duration × the fraction it covers; a spring from
/// mass, stiffness and damping ignores both the duration and the factor and runs for its settling
/// time (`Spring.envelopeSettlingTime`).
public struct PropertyAnimator: Sendable {
    /// The timing given at creation (or by `retime`).
    public private(set) var timing: AnimatorTiming
    /// Whether `fractionComplete` set while paused shows a value linear in it (UIKit's default).
    public var scrubsLinearly: Bool
    /// Whether the animator stays active and paused at its end, without a completion.
    public var pausesOnCompletion: Bool
    public private(set) var state = AnimatorState.inactive
    /// Whether it is running (also during the delay of `start(at:afterDelay:)`).
    public private(set) var isRunning = false
    /// Whether it runs back to the start values.
    public private(set) var isReversed = false

    /// The progress as a function of the fraction, over part of 0…1.
    struct Curve: Sendable {
        var timing: ResolvedTiming
        var fromF: Double, toF: Double
        var from: Vec2, to: Vec2
        /// Seconds per unit of fraction at durationFactor 1.
        var secondsPerFraction: Double
        /// A spring from mass, stiffness and damping: the duration factor does not apply.
        var keepsOwnTime: Bool

        func covers(_ f: Double) -> Bool { f >= Swift.min(fromF, toF) && f <= Swift.max(fromF, toF) }
        func shown(_ f: Double) -> Vec2 {
            let span = toF - fromF
            let p = timing.progress(at: span == 0 ? 1 : (f - fromF) / span)
            return Vec2(from.x + (to.x - from.x) * p.x, from.y + (to.y - from.y) * p.y)
        }
    }
    /// The animator's duration as given (a spring of mass, stiffness and damping has its own).
    let duration: Double
    private(set) var base: Curve
    var curve: Curve
    /// The fraction and the shown progress where the segment began (or where it is paused).
    var f0 = 0.0
    var p0 = Vec2(0, 0)
    /// What the screen showed beyond the curve when the segment began.
    var offset = Vec2(0, 0)
    var segmentStart = 0.0
    var segmentLength = 0.0

    /// The duration the animator runs for: the given one, or a spring's settling time when the
    /// timing is a spring from mass, stiffness and damping.
    public var effectiveDuration: Double { base.timing.duration }

    /// An inactive animator of `duration` seconds.
    public init(
        duration: Double, timing: AnimatorTiming, scrubsLinearly: Bool = true, pausesOnCompletion: Bool = false
    ) {
        self.timing = timing
        self.duration = duration
        self.scrubsLinearly = scrubsLinearly
        self.pausesOnCompletion = pausesOnCompletion
        base = PropertyAnimator.baseCurve(timing, duration: duration)
        curve = base
    }

    static func baseCurve(_ timing: AnimatorTiming, duration: Double) -> Curve {
        let t = timing.resolved(duration: duration)
        return Curve(
            timing: t, fromF: 0, toF: 1, from: Vec2(0, 0), to: Vec2(1, 1), secondsPerFraction: t.duration,
            keepsOwnTime: timing.ignoresDuration)
    }

    /// Gives an inactive animator a new timing, as creating it again with it would: the timing of
    /// a scene's animator is evaluated each time it becomes active. An active or stopped animator
    /// keeps its timing (UIKit's timing is fixed at creation; `continueAnimation` lays a new one
    /// over the rest).
    public mutating func retime(_ timing: AnimatorTiming) {
        guard state == .inactive else { return }
        self.timing = timing
        base = PropertyAnimator.baseCurve(timing, duration: duration)
        curve = base
    }

    var endFraction: Double { isReversed ? 0 : 1 }

    /// The segment's fraction of time elapsed at t: 0 during a delay, 1 from its end on.
    func segmentFraction(at t: Double) -> Double {
        let e = t - segmentStart
        if e >= segmentLength - 1e-9 { return 1 }
        return e <= 0 ? 0 : e / segmentLength
    }

    /// The fraction of the duration at time t (0 at the start values, 1 at the end values).
    public func fractionComplete(at t: Double) -> Double {
        guard isRunning else { return f0 }
        return f0 + (endFraction - f0) * segmentFraction(at: t)
    }

    /// The fraction of the change the screen shows at time t (x-like and y-like components).
    public func progress(at t: Double) -> Vec2 {
        guard isRunning else { return p0 }
        let f = fractionComplete(at: t)
        let span = endFraction - f0
        let w = span == 0 ? 0 : (endFraction - f) / span
        return curve.shown(f) + w * offset
    }

    /// The time at which the running segment reaches its end (nil when not running).
    public var endTime: Double? { isRunning ? segmentStart + segmentLength : nil }

    // MARK: UIKit's methods

    /// `startAnimation(afterDelay:)`: runs from the start, or resumes a paused animator.
    public mutating func start(at t: Double, afterDelay delay: Double = 0) throws(AnimatorMisuse) {
        switch state {
        case .stopped: throw AnimatorMisuse("a stopped animator cannot start; finish it or stop it without finishing")
        case .inactive: activate()
        case .active: if isRunning { return }
        }
        begin(at: t + Swift.max(0, delay), factor: 1, timing: nil)
    }

    /// `pauseAnimation()`: an inactive animator becomes active and paused at its start.
    public mutating func pause(at t: Double) throws(AnimatorMisuse) {
        switch state {
        case .stopped: throw AnimatorMisuse("a stopped animator cannot be paused")
        case .inactive: activate()
        case .active: if isRunning { freeze(at: t) }
        }
    }

    /// Setting `fractionComplete` (clamped to 0…1): allowed while paused, or on an inactive
    /// animator, which becomes active and paused. The screen shows a value linear in it when
    /// `scrubsLinearly`, otherwise the timing's value there.
    public mutating func setFractionComplete(_ f: Double, at t: Double) throws(AnimatorMisuse) {
        switch state {
        case .stopped: throw AnimatorMisuse("fractionComplete cannot be set on a stopped animator")
        case .inactive: activate()
        case .active:
            if isRunning { throw AnimatorMisuse("fractionComplete can be set only while the animator is paused") }
        }
        let f = Swift.min(Swift.max(f.isNaN ? 0 : f, 0), 1)
        f0 = f
        curve = base
        p0 = scrubsLinearly ? Vec2(f, f) : base.shown(f)
    }

    /// Setting `isReversed` on an active animator: a running one turns back at once from where the
    /// screen is; a paused one runs that way when continued.
    public mutating func setReversed(_ reversed: Bool, at t: Double) throws(AnimatorMisuse) {
        guard state == .active else {
            throw AnimatorMisuse("isReversed can be set only on an active animator (it is \(state.rawValue))")
        }
        guard reversed != isReversed else { return }
        if isRunning {
            freeze(at: t)
            isReversed = reversed
            begin(at: t, factor: 1, timing: nil)
        } else {
            isReversed = reversed
        }
    }

    /// `continueAnimation(withTimingParameters:durationFactor:)`: runs the rest, in
    /// durationFactor × duration × the fraction left, along `timing` (nil: the timing in effect).
    public mutating func continueAnimation(
        timing: AnimatorTiming? = nil, durationFactor: Double = 1, at t: Double
    ) throws(AnimatorMisuse) {
        guard state == .active else {
            throw AnimatorMisuse("only an active animator can be continued (it is \(state.rawValue))")
        }
        if isRunning { freeze(at: t) }
        begin(at: t, factor: Swift.max(0, durationFactor), timing: timing)
    }

    /// `stopAnimation(false)`: the animator stops where it is (state `stopped`) until
    /// `finish(at:)`. Nothing happens to an inactive one.
    public mutating func stop(at t: Double) {
        guard state == .active else { return }
        if isRunning { freeze(at: t) }
        state = .stopped
    }

    /// `stopAnimation(true)`: inactive at once where it is, with no completion.
    public mutating func stopWithoutFinishing(at t: Double) {
        if isRunning { freeze(at: t) }
        state = .inactive
        isReversed = false
    }

    /// `finishAnimation(at:)` of a stopped animator: inactive, at that position; returns the
    /// position the completion receives.
    public mutating func finish(at position: AnimatorPosition) throws(AnimatorMisuse) -> AnimatorPosition {
        guard state == .stopped else {
            throw AnimatorMisuse("only a stopped animator can be finished (it is \(state.rawValue))")
        }
        switch position {
        case .end: f0 = 1; p0 = Vec2(1, 1)
        case .start: f0 = 0; p0 = Vec2(0, 0)
        case .current: break
        }
        state = .inactive
        isReversed = false
        return position
    }

    /// Advances to time t: when the running segment has reached its end, the animator ends there
    /// (`end`, or `start` when reversed), returned as the completion's position; with
    /// `pausesOnCompletion` it stays active and paused instead and returns nil.
    public mutating func advance(to t: Double) -> AnimatorPosition? {
        guard isRunning, segmentFraction(at: t) >= 1 else { return nil }
        let position: AnimatorPosition = isReversed ? .start : .end
        f0 = endFraction
        p0 = Vec2(f0, f0)
        isRunning = false
        if pausesOnCompletion { return nil }
        state = .inactive
        isReversed = false
        return position
    }

    // MARK: segments

    mutating func activate() {
        state = .active
        isRunning = false
        isReversed = false
        f0 = 0
        p0 = Vec2(0, 0)
        curve = base
    }

    mutating func freeze(at t: Double) {
        p0 = progress(at: t)
        f0 = fractionComplete(at: t)
        isRunning = false
    }

    /// Begins a segment at time `start` from (f0, p0) to the end it runs to.
    mutating func begin(at start: Double, factor: Double, timing: AnimatorTiming?) {
        let end = endFraction
        let remaining = Swift.abs(end - f0)
        if let timing {
            let own = timing.ignoresDuration
            let length = own ? timing.resolved(duration: 0).duration : factor * effectiveDuration * remaining
            let resolved = timing.resolved(duration: remaining == 0 ? 0 : length)
            curve = Curve(
                timing: resolved, fromF: f0, toF: end, from: p0, to: Vec2(end, end),
                secondsPerFraction: remaining == 0 ? effectiveDuration : resolved.duration / remaining,
                keepsOwnTime: own)
            offset = Vec2(0, 0)
            segmentLength = remaining == 0 ? 0 : resolved.duration
        } else {
            if !curve.covers(f0) || !curve.covers(end) { curve = base }
            segmentLength = (curve.keepsOwnTime ? 1 : factor) * curve.secondsPerFraction * remaining
            offset = p0 - curve.shown(f0)
        }
        segmentStart = start
        isRunning = true
        state = .active
    }
}
