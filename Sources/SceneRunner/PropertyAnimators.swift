import Diagnostics
import Expectations
import Expressions
import Geometry
import Interaction
import SceneModel
import SceneVocabulary

/// Property animators (UIViewPropertyAnimator): their actions, the model values their animations
/// block sets, what the screen shows while they run, their completions and the transitions they
/// drive.
extension RunAnimations {
    /// The animations block of animator `k`: its `set` evaluated and assigned (the model values
    /// change now), each channel it sets animated from what the screen showed, driven by it.
    func runAnimationsBlock(_ k: Int, in run: Run) throws(RunError) {
        var spec = run.scene.animators[k]
        // The copies its run-time indices name now.
        spec.sets = try spec.sets.picking { p throws(RunError) in try run.pick(p, scope: run.scene.scope) }
        removeAnimations(ofAnimator: k)
        let touched = Self.channels(of: spec.sets)
        let before = shownBefore(touched, in: run)
        try run.runSet(spec.sets, scope: run.scene.scope)
        animateChannels(touched, from: before, clock: .animator(k), in: run)
    }

    /// Runs `body` on animator `k`; a use UIKit refuses is a run-time error at `location`.
    @discardableResult
    func withAnimator<T>(
        _ k: Int, at location: SourceLocation, in run: Run, _ body: (inout PropertyAnimator) throws(AnimatorMisuse) -> T
    ) throws(RunError) -> T {
        do throws(AnimatorMisuse) { return try using(k, body) } catch {
            throw run.runtimeError("animator `\(run.scene.animators[k].name)`: \(error.message)", at: location)
        }
    }

    /// Activates an inactive animator: its timing is evaluated (UIKit builds the timing
    /// parameters before the animations run), then its animations block runs.
    func activate(_ k: Int, in run: Run) throws(RunError) {
        run.limits.comparisons?.use("animators", run.scene.animators[k].name)  // mutate's coverage
        noteActivated(k)  // a resumed run rebuilds only the animators never made active
        guard propertyAnimators[k].state == .inactive else { return }
        let timing = try evaluatedTiming(run.scene.animators[k].timing, in: run)
        retime(k, timing)
        try runAnimationsBlock(k, in: run)
    }

    /// An animator action (`animator: name` with `start`, `pause`, `resume` or `stop`).
    func act(
        _ k: Int, _ action: AnimatorAction, scope: Scope, at loc: SourceLocation, in run: Run
    ) throws(RunError) {
        let name = run.scene.animators[k].name
        let now = run.now
        switch action {
        case .start(let delayExpr):
            let delay = try delayExpr.map { e throws(RunError) in try run.evalNumber(e, scope: scope) } ?? 0
            if !(delay >= 0) {
                throw run.runtimeError("`afterDelay` must not be negative, got \(formatNumber(delay))", at: loc)
            }
            if propertyAnimators[k].state != .stopped { try activate(k, in: run) }
            try withAnimator(k, at: loc, in: run) { a throws(AnimatorMisuse) in
                try a.start(at: now, afterDelay: delay)
            }
            run.note("\(name) started\(delay > 0 ? " after \(formatNumber(delay)) s" : "")\(describe(k, at: now))")
        case .pause:
            if propertyAnimators[k].state != .stopped { try activate(k, in: run) }
            try withAnimator(k, at: loc, in: run) { a throws(AnimatorMisuse) in try a.pause(at: now) }
            run.note("\(name) paused\(describe(k, at: now))")
        case .resume(let timingSpec, let factorExpr):
            let timing = try timingSpec.map { t throws(RunError) in try evaluatedTiming(t, scope: scope, in: run) }
            let factor = try factorExpr.map { e throws(RunError) in try run.evalNumber(e, scope: scope) } ?? 1
            if !(factor >= 0) {
                throw run.runtimeError("`durationFactor` must not be negative, got \(formatNumber(factor))", at: loc)
            }
            try withAnimator(k, at: loc, in: run) { a throws(AnimatorMisuse) in
                try a.continueAnimation(timing: timing, durationFactor: factor, at: now)
            }
            run.note("\(name) continued\(describe(k, at: now))")
        case .stop(let finish):
            try stop(k, finish, at: loc, in: run)
        }
    }

    /// `, fractionComplete 0.42, reversed` for the trace.
    func describe(_ k: Int, at t: Double) -> String {
        let a = propertyAnimators[k]
        let end = a.endTime.map { ", ends at \(timeText($0))" } ?? ""
        return ": fractionComplete \(formatFixed(a.fractionComplete(at: t), decimals: 3))"
            + "\(a.isReversed ? ", reversed" : "")\(a.isRunning ? end : "")"
    }

    /// `stopAnimator`: nothing happens to an inactive animator. `none` leaves the views where the
    /// screen shows them, with no completion; `end`, `start` and `current` finish there and run
    /// the completion at once.
    func stop(_ k: Int, _ finish: StopFinish, at loc: SourceLocation, in run: Run) throws(RunError) {
        guard propertyAnimators[k].state != .inactive else { return }
        let position: AnimatorPosition
        let now = run.now
        switch finish {
        case .withoutFinishing:
            settleOnScreen(k, in: run)
            stopWithoutFinishing(k, at: now)
            removeAnimations(ofAnimator: k)
            run.note("\(run.scene.animators[k].name) stopped where it is, without finishing")
            return
        case .end: position = .end
        case .start: position = .start
        case .current: position = .current
        }
        let reached = try withAnimator(k, at: loc, in: run) { a throws(AnimatorMisuse) in
            a.stop(at: now)
            return try a.finish(at: position)
        }
        ended(k, reached, in: run)
        let last = takeLastEnded()  // its completion runs at once
        try runCompletion(of: last.index, last.position, in: run)
    }

    /// The animator that drives a transition that starts: paused at its start, its animations
    /// block run, for `progress` to scrub it.
    func pauseDriver(_ k: Int, at location: SourceLocation, in run: Run) throws(RunError) {
        if propertyAnimators[k].state != .stopped { try activate(k, in: run) }
        let now = run.now
        try withAnimator(k, at: location, in: run) { a throws(AnimatorMisuse) in try a.pause(at: now) }
    }

    /// The animator that drives a transition whose interaction ends runs the rest, forward or
    /// reversed, at the completion speed (`factor`); its end completes the transition.
    func runDriverOut(
        _ k: Int, finishing: Bool, factor: Double, at location: SourceLocation, in run: Run
    ) throws(RunError) {
        let now = run.now
        try withAnimator(k, at: location, in: run) { a throws(AnimatorMisuse) in
            try a.setReversed(!finishing, at: now)
            try a.continueAnimation(durationFactor: factor, at: now)
        }
    }

    /// The animator that drives a transition scrubbed to `progress`.
    func scrubDriver(_ k: Int, to progress: Double, at location: SourceLocation, in run: Run) throws(RunError) {
        let now = run.now
        try withAnimator(k, at: location, in: run) { a throws(AnimatorMisuse) in
            try a.setFractionComplete(progress, at: now)
        }
    }

    /// The animator that drives a transition completed by `complete`: when it is active, it
    /// finishes at its end or its start (which ends the transition) and the answer is true.
    func stopDriver(_ k: Int, finished: Bool, at location: SourceLocation, in run: Run) throws(RunError) -> Bool {
        guard propertyAnimators[k].state != .inactive else { return false }
        try stop(k, finished ? .end : .start, at: location, in: run)
        return true
    }

    /// `set: { open.fractionComplete | open.isReversed: value }`.
    func assign(_ k: Int, _ p: AnimatorProperty, _ v: Value, at loc: SourceLocation, in run: Run) throws(RunError) {
        let now = run.now
        switch p {
        case .fractionComplete:
            try activate(k, in: run)
            try withAnimator(k, at: loc, in: run) { a throws(AnimatorMisuse) in
                try a.setFractionComplete(v.number ?? 0, at: now)
            }
        case .isReversed:
            try withAnimator(k, at: loc, in: run) { a throws(AnimatorMisuse) in
                try a.setReversed(v.bool ?? false, at: now)
            }
        }
    }

    /// The model values of the channels animator `k` animates become what the screen shows.
    func settleOnScreen(_ k: Int, in run: Run) {
        let mine = animations.filter { $0.animatorIndex == k }
        let shown = mine.map { presentation($0.view, in: run) }
        for (a, s) in zip(mine, shown) { run.world.setModel(a.view, a.channel, s) }
    }

    /// Animator `k` ended at `position`: the model values become the end values (kept), the start
    /// values or what the screen shows; its completion runs at the end of the tick; a transition
    /// it drives completes at the end, and is cancelled otherwise (`RunTransitions.driverEnded`).
    func ended(_ k: Int, _ position: AnimatorPosition, in run: Run) {
        switch position {
        case .end: break
        case .start:
            for a in animations where a.animatorIndex == k { run.world.setModel(a.view, a.channel, a.from) }
        case .current: settleOnScreen(k, in: run)
        }
        removeAnimations(ofAnimator: k)
        noteEnded(k, position)
        run.note("\(run.scene.animators[k].name) ended at \(position.rawValue)")
        run.transitioning.driverEnded(k, position, in: run)
    }

    /// Advances every running animator to the tick's time; those that reach their end end there.
    func advance(in run: Run) {
        for k in propertyAnimators.indices {
            if let p = advance(k, to: run.now) { ended(k, p, in: run) }
        }
    }

    /// The completions of the animators that ended, in the order they ended, each with its
    /// `position`.
    func runAnimatorCompletions(in run: Run) throws(RunError) {
        while let (k, position) = takeEnded() { try runCompletion(of: k, position, in: run) }
    }

    /// Animator `k`'s completion, with `position`.
    func runCompletion(of k: Int, _ position: AnimatorPosition, in run: Run) throws(RunError) {
        let scope = run.scene.scope.adding(BuiltinName.position.rawValue, .value(.string))
        try whileCompleting(position) { () throws(RunError) in
            for a in run.scene.animators[k].then { try run.runAction(a, scope: scope) }
        }
    }
}
