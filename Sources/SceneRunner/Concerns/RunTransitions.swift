import Diagnostics
import Expectations
import Expressions
import Geometry
import Interaction
import SceneModel
import SceneVocabulary

/// The transitioning concern of a run: the scene's interactive view-controller transitions, the
/// current one (the most recently started that has not ended; `progress`, `finish`, `cancel` and
/// `complete` act on it), the frames its expressions read, and the transitions whose `ended`
/// rules are due. It owns its state: only its methods change it. The methods of the first part
/// read nothing else (a unit test drives them); those of the second are given the run, for the
/// views they move, the expressions they evaluate and the rules they run, and reach one other
/// concern, the property animator that drives a transition.
@_spi(Testing) public final class RunTransitions {
    // Unchecked for exclusive access, as the run's state (Runner.swift).
    @exclusivity(unchecked) public private(set) var controllers: [TransitionController]
    /// Each transition's `initialFrame` and `finalFrame`, set when it starts.
    @exclusivity(unchecked) public private(set) var frames: [(initial: Rect, final: Rect)]
    @exclusivity(unchecked) public private(set) var current: Int?
    /// The transition whose `ended` rules are running: `initialFrame` and `finalFrame` are its own.
    @exclusivity(unchecked) public private(set) var ending: Int?
    /// Where the views a running transition animates were when it started, by view.
    @exclusivity(unchecked) public private(set) var base: [Int: Rect] = [:]
    /// Transitions that ended, whose `ended` rules run at the end of the tick.
    @exclusivity(unchecked) public private(set) var pendingEnded: [Int] = []

    /// Transitions with these controllers, their frames the reference view's `bounds` until they start.
    public init(_ controllers: [TransitionController], bounds: Rect) {
        self.controllers = controllers
        frames = controllers.map { _ in (bounds, bounds) }
    }

    /// The stored properties `init(copying:scene:)` knows (a test compares it with `Mirror`'s).
    static let copiedFieldCount = 6

    /// A copy of `t`; a transition never started (idle: its controller is as set-up made it)
    /// takes its duration, completion speed and curve from `scene`.
    init(copying t: RunTransitions, scene: Scene) {
        controllers = t.controllers
        for (i, spec) in scene.transitions.enumerated() where i < controllers.count && controllers[i].state == .idle {
            controllers[i] = RunTransitions.controller(spec)
        }
        frames = t.frames
        current = t.current
        ending = t.ending
        base = t.base
        pendingEnded = t.pendingEnded
    }

    /// A transition already started whose `finalFrame` in `scene` is written as four numbers, with
    /// a positive width and height, takes it from `scene`: read nothing of the run, it is the value
    /// its start evaluated, so a mutant of those numbers can resume after the start, from where the
    /// frame is first read (`mutate`, docs/mutate.md). Any other keeps what the start stored.
    func takeLiteralFinalFrames(_ scene: Scene) {
        for (i, spec) in scene.transitions.enumerated() where i < controllers.count && controllers[i].state != .idle {
            if let r = spec.literalFinalFrame { frames[i].final = r }
        }
    }

    /// The controller set-up makes for a transition.
    static func controller(_ spec: TransitionSpec) -> TransitionController {
        TransitionController(
            duration: spec.duration, completionSpeed: spec.completionSpeed, completionCurve: spec.completionCurve.curve)
    }

    /// Whether a transition is animating by itself (finishing or cancelling, not driven by hand).
    public var isAnimating: Bool { controllers.contains { $0.isAnimating } }

    /// The frames `initialFrame` and `finalFrame` read: the ending transition's, else the
    /// current one's; nil when there is neither.
    public var framesInScope: (initial: Rect, final: Rect)? { (ending ?? current).map { frames[$0] } }

    /// Transition `i` starts: it becomes current and interactive.
    public func start(_ i: Int) {
        controllers[i].start()
        current = i
    }

    /// Transition `i`'s frames, and where the views it animates are as it starts.
    public func place(_ i: Int, frames f: (initial: Rect, final: Rect), base views: [(view: Int, frame: Rect)]) {
        frames[i] = f
        for v in views { base[v.view] = v.frame }
    }

    /// The interactive phase of transition `i` ends, finishing or cancelling, with no animation of its own.
    public func endInteraction(_ i: Int, finishing: Bool) { controllers[i].endInteraction(finishing: finishing) }

    /// Transition `i` animates the rest of its way, to its end or back to its start, from time `t`.
    public func animateRest(_ i: Int, finishing: Bool, at t: Double) {
        if finishing { controllers[i].finish(at: t) } else { controllers[i].cancel(at: t) }
    }

    /// `progress`: transition `i`'s progress, clamped by its controller.
    public func update(_ i: Int, _ progress: Double) { controllers[i].update(progress) }

    /// Transition `i` follows the fraction of the property animator that drives it.
    public func follow(_ i: Int, _ fraction: Double) { controllers[i].follow(fraction) }

    /// Transition `i` completes, finished or not (it ends at once: see `ended`).
    public func complete(_ i: Int, finished: Bool) { controllers[i].complete(finished) }

    /// Advances transition `i`'s animation to time `t`; true when it ended there.
    public func advance(_ i: Int, to t: Double) -> Bool { controllers[i].advance(to: t) }

    /// Transition `i` ended: it is no longer current, the views it animated (`views`) lose their
    /// base, and its `ended` rules are queued.
    public func ended(_ i: Int, views: [Int]) {
        if current == i { current = nil }
        for v in views { base[v] = nil }
        pendingEnded.append(i)
    }

    /// The first transition whose `ended` rules are queued, taken off the queue.
    public func takeEnded() -> Int? { pendingEnded.isEmpty ? nil : pendingEnded.removeFirst() }

    /// Runs `body` with transition `i` as the ending one (its `ended` rules read its frames).
    public func whileEnding<E: Error>(_ i: Int, _ body: () throws(E) -> Void) throws(E) {
        let outer = ending
        ending = i
        defer { ending = outer }
        try body()
    }

    /// Whether transition `i` is in one of the states a driving animator or its animations act on.
    public func isLive(_ i: Int) -> Bool { [.interactive, .finishing, .cancelling].contains(controllers[i].state) }
}

extension RunTransitions {
    /// The current transition, or a run-time error located at the action that needs one.
    func current(for action: String, at location: SourceLocation, in run: Run) throws(RunError) -> Int {
        guard let i = current else {
            let started = run.scene.transitions.indices.filter { controllers[$0].state != .idle }.map {
                "`\(run.scene.transitions[$0].name)` is \(controllers[$0].state.rawValue)"
            }
            let why = started.isEmpty ? "no transition was started" : started.joined(separator: ", ")
            throw run.runtimeError(
                "`\(action)` needs a current transition, but there is none (\(why)); `start` one first", at: location)
        }
        return i
    }

    /// `start: name`: the transition becomes current and interactive. Driven by a property
    /// animator (UIKit's interruptibleAnimator), the animator is paused at its start, its
    /// animations block run, for `progress` to scrub it.
    func start(_ i: Int, at location: SourceLocation, scope: Scope, in run: Run) throws(RunError) {
        if let c = current {
            throw run.runtimeError(
                "cannot start `\(run.scene.transitions[i].name)` while `\(run.scene.transitions[c].name)` is "
                    + "\(controllers[c].state.rawValue); complete or cancel it first",
                at: location)
        }
        start(i)
        let spec = run.scene.transitions[i]
        run.limits.comparisons?.use("transitions", spec.name)  // mutate's coverage
        let bounds = Rect(origin: .zero, size: run.scene.world.size)
        let toFrame = spec.to.map { run.world.views[$0.index].frame } ?? bounds
        let final = try finalFrame(spec, scope: scope, in: run)
        place(
            i, frames: (toFrame, final),
            base: [spec.from, spec.to].compactMap { $0 }.map { ($0.index, run.world.views[$0.index].frame) })
        run.note("\(spec.name) started")
        if let k = spec.animator?.index { try run.animating.pauseDriver(k, at: location, in: run) }
    }

    /// `finish` / `cancel`: a percent-driven transition animates the rest and completes by itself;
    /// a custom one only leaves its interactive phase (`finishing` / `cancelling`) and ends at
    /// `complete`; one an animator drives has the animator run the rest, forward or reversed, at
    /// the completion speed, and completes at its end.
    func endInteraction(finishing: Bool, at location: SourceLocation, in run: Run) throws(RunError) {
        let i = try current(for: finishing ? "finish" : "cancel", at: location, in: run)
        guard controllers[i].state == .interactive else { return }
        let spec = run.scene.transitions[i]
        if let k = spec.animator?.index {
            endInteraction(i, finishing: finishing)
            try run.animating.runDriverOut(
                k, finishing: finishing, factor: 1 / spec.completionSpeed, at: location, in: run)
        } else if spec.percentDriven {
            animateRest(i, finishing: finishing, at: run.now)
        } else {
            endInteraction(i, finishing: finishing)
        }
        run.note("\(spec.name) \(controllers[i].state.rawValue)")
    }

    /// A transition just completed or was cancelled: its animations take their end values
    /// (completed) or start values (cancelled), it is no longer current, and its `ended` rules
    /// run at the end of the tick.
    func transitionEnded(_ i: Int, in run: Run) {
        applyAnimations(i, at: controllers[i].state == .completed ? 1 : 0, in: run)
        let spec = run.scene.transitions[i]
        ended(i, views: [spec.from, spec.to].compactMap { $0?.index })
    }

    /// A transition's `finalFrame` (the world's bounds when it has none); a run-time error at the
    /// expression when it has no positive width and height.
    func finalFrame(_ spec: TransitionSpec, scope: Scope, in run: Run) throws(RunError) -> Rect {
        let bounds = Rect(origin: .zero, size: run.scene.world.size)
        guard let e = spec.finalFrame else { return bounds }
        let r = try run.eval(e, scope: scope).rect ?? bounds
        if !(r.size.x > 0 && r.size.y > 0) {
            throw run.runtimeError(
                "`finalFrame` of `\(spec.name)` must have a positive width and height, got "
                    + "\(formatNumber(r.size.x)) × \(formatNumber(r.size.y))", at: e.location)
        }
        return r
    }

    /// `initial: completed`: the `to` view at `finalFrame`, the transition done before the case starts.
    func applyInitial(in run: Run) throws(RunError) {
        for (i, spec) in run.scene.transitions.enumerated() where spec.initiallyCompleted {
            run.limits.comparisons?.use("transitions", spec.name)  // mutate's coverage
            let final = try finalFrame(spec, scope: run.scene.scope, in: run)
            if let vi = spec.to?.index { run.world.place(vi, frame: final, resizing: true) }
            controllers[i].complete(true)
        }
    }

    /// Applies a transition's `animations` (scale, translate, alpha of its from/to views) at
    /// progress `p` (default: its current progress).
    func applyAnimations(_ i: Int, at p: Double? = nil, in run: Run) {
        let spec = run.scene.transitions[i]
        guard !spec.animations.isEmpty else { return }
        guard p != nil || isLive(i) else { return }
        let progress = p ?? controllers[i].progress
        for anim in spec.animations {
            guard let vi = (anim.onFrom ? spec.from : spec.to)?.index, let base = base[vi],
                !run.world.animator.isDynamic(vi)
            else { continue }
            let lerp = { (k: Int) in anim.from[k] + progress * (anim.to[k] - anim.from[k]) }
            switch anim.property {
            case .scale: run.world.setScale(vi, lerp(0))
            case .translate: run.world.setOrigin(vi, base.origin + Vec2(lerp(0), lerp(1)))
            case .alpha: run.world.setAlpha(vi, lerp(0))
            }
            run.world.recenter(vi)
        }
    }

    /// The tick's step: every transition's animation advanced to now; one that ends there ends.
    func advance(in run: Run) {
        for i in controllers.indices {
            if advance(i, to: run.now) {
                transitionEnded(i, in: run)
            } else {
                applyAnimations(i, in: run)
            }
        }
    }

    /// A transition property animator `k` drives follows its fraction while it finishes or
    /// cancels (the animator runs the rest).
    func followDrivers(in run: Run) {
        for (i, t) in run.scene.transitions.enumerated() {
            guard let k = t.animator?.index,
                controllers[i].state == .finishing || controllers[i].state == .cancelling
            else { continue }
            follow(i, run.animating.propertyAnimators[k].fractionComplete(at: run.now))
            applyAnimations(i, in: run)
        }
    }

    /// Property animator `k` ended at `position`: a transition it drives completes at the end,
    /// and is cancelled otherwise.
    func driverEnded(_ k: Int, _ position: AnimatorPosition, in run: Run) {
        for (i, t) in run.scene.transitions.enumerated() where t.animator?.index == k {
            guard isLive(i) else { continue }
            complete(i, finished: position == .end)
            transitionEnded(i, in: run)
        }
    }

    /// The `ended` rules of the transitions that ended, in the order they ended; each reads its
    /// own `initialFrame` and `finalFrame` (it is no longer current, and another may have started).
    func flushEnded(in run: Run) throws(RunError) {
        while let i = takeEnded() {
            run.note("\(run.scene.transitions[i].name) \(controllers[i].state.rawValue)")
            try whileEnding(i) { () throws(RunError) in try run.fire(.transitionEnded(TransitionID(i))) }
        }
    }

    /// `progress: e`: the current interactive transition (and the animator that drives it) scrubbed.
    func progress(_ e: Expr, scope: Scope, in run: Run) throws(RunError) {
        let i = try current(for: "progress", at: e.location, in: run)
        guard controllers[i].state == .interactive else { return }
        let v = try run.evalWatched(e, condition: false, scope: scope)
        update(i, v.number ?? 0)
        if let k = run.scene.transitions[i].animator?.index {  // scrubs the animator that drives it
            try run.animating.scrubDriver(k, to: controllers[i].progress, at: e.location, in: run)
        }
        applyAnimations(i, in: run)
    }

    /// `complete: e`: the current transition completes, finished or not. The animator that drives
    /// it finishes at its end or its start, which ends it.
    func complete(_ e: Expr, scope: Scope, in run: Run) throws(RunError) {
        let i = try current(for: "complete", at: e.location, in: run)
        let value = try run.evalWatched(e, condition: true, scope: scope)
        let finished = value.bool ?? false
        if let k = run.scene.transitions[i].animator?.index,
            try run.animating.stopDriver(k, finished: finished, at: e.location, in: run)
        {
            if current != i { return }
        }
        complete(i, finished: finished)
        transitionEnded(i, in: run)
    }
}

extension TransitionSpec {
    /// The rect of a `finalFrame` written as four numbers (each possibly negated) with a positive
    /// width and height: what its start evaluates, whatever the run's state. Nil for any other.
    public var literalFinalFrame: Rect? {
        guard let e = finalFrame, case .list(let items) = e.node, items.count == 4 else { return nil }
        var ns: [Double] = []
        for x in items {
            if case .number(let n) = x.node {
                ns.append(n)
            } else if case .unary("-", let y) = x.node, case .number(let n) = y.node {
                ns.append(-n)
            } else {
                return nil
            }
        }
        let r = Rect(x: ns[0], y: ns[1], width: ns[2], height: ns[3])
        return r.size.x > 0 && r.size.y > 0 ? r : nil
    }
}
