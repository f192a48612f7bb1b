import Expectations
import Expressions
import Geometry
import Interaction
import SceneModel
import SceneVocabulary

/// What the screen shows of a view: its bounds around its centre, alpha, rotation and scale.
@_spi(Testing) public struct Shown: Equatable, Sendable {
    public var frame: Rect
    public var alpha: Double
    public var rotation: Double
    public var scale: Double

    public init(frame: Rect, alpha: Double, rotation: Double, scale: Double) {
        self.frame = frame; self.alpha = alpha; self.rotation = rotation; self.scale = scale
    }
}

/// What one animation animates of a view; each channel animates on its own.
@_spi(Testing) public enum AnimatedChannel: Equatable {
    case frame, alpha, rotation, scale

    /// The channel a property is shown on; nil for `hidden`, which changes at once, and for a
    /// scroll view's (its offset is the scroll view's own: `ScrollView.shownOffset`).
    init?(_ p: ViewProperty) {
        switch p {
        case .x, .y, .width, .height, .size, .center, .frame: self = .frame
        case .alpha: self = .alpha
        case .rotation: self = .rotation
        case .scale: self = .scale
        case .hidden, .contentOffset, .contentInsetTop, .contentInsetLeft, .contentInsetBottom, .contentInsetRight,
            .zoomScale, .isScrollEnabled:
            return nil
        }
    }
}

/// A UIView animation or a property animator's animation of one channel of a view: the model
/// value changed at once; the screen follows the curve, the spring or the animator from where
/// it was.
@_spi(Testing) public struct ViewAnimation {
    public enum Clock {
        /// A UIView animation from `start`, over `duration`, along the curve or the spring.
        case timed(start: Double, duration: Double, curve: TimingCurve, spring: Spring?)
        /// Driven by the property animator of this index.
        case animator(Int)
    }
    public var view: Int
    public var channel: AnimatedChannel
    public var clock: Clock
    /// What the screen showed when it began, and the model values it animates to.
    public var from: Shown
    public var to: Shown

    public init(view: Int, channel: AnimatedChannel, clock: Clock, from: Shown, to: Shown) {
        self.view = view; self.channel = channel; self.clock = clock; self.from = from; self.to = to
    }

    var animatorIndex: Int? { if case .animator(let k) = clock { return k }; return nil }

    func finished(at t: Double) -> Bool {
        guard case .timed(let start, let duration, _, _) = clock else { return false }
        return t - start >= duration
    }
}

/// UIView animations: what the screen shows of a view, and the `animate` action.
extension RunAnimations {
    /// What the screen shows of view `i` now.
    func presentation(_ i: Int, in run: Run) -> Shown {
        presentation(i, model: run.world.views[i].model, at: run.now)
    }

    /// What the screen shows of view `i` while an animation of it runs, or nil.
    func onScreen(_ i: Int, in run: Run) -> OnScreen? {
        guard isAnimating(i, at: run.now) else { return nil }
        let s = presentation(i, in: run)
        return OnScreen(
            center: s.frame.center, size: s.frame.size, alpha: s.alpha, rotation: s.rotation, scale: s.scale)
    }

    /// Animates `channels` of the views the actions just set: from what the screen showed
    /// (`before`) to their model values now (views the dynamics move are not animated).
    func animateChannels(
        _ channels: [(view: Int, channel: AnimatedChannel)], from before: [Int: Shown], clock: ViewAnimation.Clock,
        in run: Run
    ) {
        for (i, c) in channels {
            guard !run.world.animator.isDynamic(i), let f = before[i] else { continue }
            add(ViewAnimation(view: i, channel: c, clock: clock, from: f, to: run.world.views[i].model))
        }
    }

    /// What the screen shows of each view of `channels` before a `set` changes them.
    func shownBefore(_ channels: [(view: Int, channel: AnimatedChannel)], in run: Run) -> [Int: Shown] {
        var before: [Int: Shown] = [:]
        for c in channels where before[c.view] == nil { before[c.view] = presentation(c.view, in: run) }
        return before
    }

    /// `animate`: a UIView animation of the channels its `set` changes, and its completion block.
    func animate(_ spec: AnimateSpec, scope: Scope, in run: Run) throws(RunError) {
        let duration = try run.evalNumber(spec.duration, scope: scope)
        let delay = try spec.delay.map { e throws(RunError) in try run.evalNumber(e, scope: scope) } ?? 0
        if duration < 0 || delay < 0 {
            throw run.runtimeError("an animation's duration and delay must not be negative", at: spec.location)
        }
        var spring: Spring?
        if let d = spec.springDamping {
            let ratio = try run.evalNumber(d, scope: scope)
            if ratio <= 0 {
                throw run.runtimeError(
                    "a spring's damping ratio must be positive, got \(formatNumber(ratio))", at: d.location)
            }
            spring = Spring(
                duration: Swift.max(duration, 1e-3), dampingRatio: ratio,
                initialVelocity: try spec.springVelocity.map { e throws(RunError) in
                    try run.evalNumber(e, scope: scope)
                } ?? 0)
        }
        let touched = Self.channels(of: spec.sets)
        let before = shownBefore(touched, in: run)
        let now = run.now
        // A scroll view's offset the animation's `set` moves is shown along the animation.
        setScrollAnimation(
            ScrollView.ShownShift(
                shift: .zero, start: now + delay, duration: duration, curve: spec.curve.curve, spring: spring))
        defer { setScrollAnimation(nil) }
        try run.runSet(spec.sets, scope: scope)
        animateChannels(
            touched, from: before,
            clock: .timed(start: now + delay, duration: duration, curve: spec.curve.curve, spring: spring), in: run)
        run.note(
            "animate \(spec.sets.map(\.path).joined(separator: ", ")) over \(formatNumber(duration)) "
                + "s\(spring == nil ? " (\(spec.curve.rawValue))" : " (spring)")"
        )
        // An earlier animation still running on one of its channels is interrupted: its completion
        // block runs at once.
        for b in interrupt(touched) { for a in b.actions { try run.runAction(a, scope: b.scope) } }
        if !spec.then.isEmpty {
            addCompletion(Completion(end: now + delay + duration, channels: touched, actions: spec.then, scope: scope))
        }
    }

    /// Runs the completion blocks of the animations that have ended by this tick, in the order
    /// the animations started.
    func runEndedCompletions(in run: Run) throws(RunError) {
        while let c = takeDueCompletion(at: run.now) {
            for a in c.actions { try run.runAction(a, scope: c.scope) }
        }
    }
}
