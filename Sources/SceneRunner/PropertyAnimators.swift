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
extension Run {
    /// The animations block of animator `k`: its `set` evaluated and assigned (the model values
    /// change now), each channel it sets animated from what the screen showed, driven by it.
    func runAnimationsBlock(_ k: Int) throws(RunError) {
        let spec = scene.animators[k]
        animating.animations.removeAll { $0.animatorIndex == k }
        let touched = channels(of: spec.sets)
        var before: [Int: Shown] = [:]
        for c in touched where before[c.view] == nil { before[c.view] = presentation(c.view) }
        let values = try spec.sets.map { e throws(RunError) in try eval(e.value) }
        for (t, v) in zip(spec.sets, values) { try assign(t, v) }
        animateChannels(touched, from: before, clock: .animator(k))
    }

    /// Runs `body` on animator `k`; a use UIKit refuses is a run-time error at `location`.
    @discardableResult
    func withAnimator<T>(
        _ k: Int, at location: SourceLocation, _ body: (inout PropertyAnimator) throws(AnimatorMisuse) -> T
    ) throws(RunError) -> T {
        do throws(AnimatorMisuse) { return try body(&animating.propertyAnimators[k]) } catch {
            throw runtimeError("animator `\(scene.animators[k].name)`: \(error.message)", at: location)
        }
    }

    /// Activates an inactive animator: its timing is evaluated (UIKit builds the timing
    /// parameters before the animations run), then its animations block runs.
    func activate(_ k: Int) throws(RunError) {
        guard animating.propertyAnimators[k].state == .inactive else { return }
        let timing = try evaluatedTiming(scene.animators[k].timing)
        animating.propertyAnimators[k].retime(timing)
        try runAnimationsBlock(k)
    }

    func runAnimatorAction(_ k: Int, _ action: AnimatorAction, scope: Scope, at loc: SourceLocation) throws(RunError) {
        let name = scene.animators[k].name
        switch action {
        case .start(let delayExpr):
            let delay = try delayExpr.map { e throws(RunError) in try evalNumber(e, scope: scope) } ?? 0
            if !(delay >= 0) {
                throw runtimeError("`afterDelay` must not be negative, got \(formatNumber(delay))", at: loc)
            }
            if animating.propertyAnimators[k].state != .stopped { try activate(k) }
            let now = clock.time
            try withAnimator(k, at: loc) { a throws(AnimatorMisuse) in try a.start(at: now, afterDelay: delay) }
            note("\(name) started\(delay > 0 ? " after \(formatNumber(delay)) s" : "")\(describe(k))")
        case .pause:
            if animating.propertyAnimators[k].state != .stopped { try activate(k) }
            let now = clock.time
            try withAnimator(k, at: loc) { a throws(AnimatorMisuse) in try a.pause(at: now) }
            note("\(name) paused\(describe(k))")
        case .resume(let timingSpec, let factorExpr):
            let timing = try timingSpec.map { t throws(RunError) in try evaluatedTiming(t, scope: scope) }
            let factor = try factorExpr.map { e throws(RunError) in try evalNumber(e, scope: scope) } ?? 1
            if !(factor >= 0) {
                throw runtimeError("`durationFactor` must not be negative, got \(formatNumber(factor))", at: loc)
            }
            let now = clock.time
            try withAnimator(k, at: loc) { a throws(AnimatorMisuse) in
                try a.continueAnimation(timing: timing, durationFactor: factor, at: now)
            }
            note("\(name) continued\(describe(k))")
        case .stop(let finish):
            try stopAnimator(k, finish, at: loc)
        }
    }

    /// `, fractionComplete 0.42, reversed` for the trace.
    func describe(_ k: Int) -> String {
        let a = animating.propertyAnimators[k]
        let end = a.endTime.map { ", ends at \(timeText($0))" } ?? ""
        return ": fractionComplete \(formatFixed(a.fractionComplete(at: clock.time), decimals: 3))"
            + "\(a.isReversed ? ", reversed" : "")\(a.isRunning ? end : "")"
    }

    /// `stopAnimator`: nothing happens to an inactive animator. `none` leaves the views where the
    /// screen shows them, with no completion; `end`, `start` and `current` finish there and run
    /// the completion at once.
    func stopAnimator(_ k: Int, _ finish: StopFinish, at loc: SourceLocation) throws(RunError) {
        guard animating.propertyAnimators[k].state != .inactive else { return }
        let position: AnimatorPosition
        switch finish {
        case .withoutFinishing:
            settleOnScreen(k)
            animating.propertyAnimators[k].stopWithoutFinishing(at: clock.time)
            animating.animations.removeAll { $0.animatorIndex == k }
            note("\(scene.animators[k].name) stopped where it is, without finishing")
            return
        case .end: position = .end
        case .start: position = .start
        case .current: position = .current
        }
        let now = clock.time
        let reached = try withAnimator(k, at: loc) { a throws(AnimatorMisuse) in
            a.stop(at: now)
            return try a.finish(at: position)
        }
        animatorEnded(k, reached)
        let ended = animating.endedAnimators.removeLast()  // its completion runs at once
        try runCompletion(of: ended.index, ended.position)
    }

    /// `set: { open.fractionComplete | open.isReversed: value }`.
    func assignAnimator(_ k: Int, _ p: AnimatorProperty, _ v: Value, at loc: SourceLocation) throws(RunError) {
        let now = clock.time
        switch p {
        case .fractionComplete:
            try activate(k)
            try withAnimator(k, at: loc) { a throws(AnimatorMisuse) in try a.setFractionComplete(v.number ?? 0, at: now)
            }
        case .isReversed:
            try withAnimator(k, at: loc) { a throws(AnimatorMisuse) in try a.setReversed(v.bool ?? false, at: now) }
        }
    }

    /// The model values of the channels animator `k` animates become what the screen shows.
    func settleOnScreen(_ k: Int) {
        let mine = animating.animations.filter { $0.animatorIndex == k }
        let shown = mine.map { presentation($0.view) }
        for (a, s) in zip(mine, shown) { setModel(a.view, a.channel, s) }
    }

    /// Sets one channel of view `i`'s model values from `s`.
    func setModel(_ i: Int, _ channel: AnimatedChannel, _ s: Shown) {
        switch channel {
        case .frame:
            if s.frame.size != views[i].frame.size { animator.setSize(s.frame.size, of: i) }
            views[i].frame = s.frame
            animator.setCenter(s.frame.center, of: i)
        case .alpha: views[i].alpha = s.alpha
        case .rotation:
            views[i].rotation = s.rotation
            animator.setRotation(s.rotation, of: i)
        case .scale: views[i].scale = s.scale
        }
    }

    /// Animator `k` ended at `position`: the model values become the end values (kept), the start
    /// values or what the screen shows; its completion runs at the end of the tick; a transition
    /// it drives completes at the end, and is cancelled otherwise.
    func animatorEnded(_ k: Int, _ position: AnimatorPosition) {
        switch position {
        case .end: break
        case .start:
            for a in animating.animations where a.animatorIndex == k { setModel(a.view, a.channel, a.from) }
        case .current: settleOnScreen(k)
        }
        animating.animations.removeAll { $0.animatorIndex == k }
        animating.endedAnimators.append((k, position))
        note("\(scene.animators[k].name) ended at \(position.rawValue)")
        for (i, t) in scene.transitions.enumerated() where t.animator?.index == k {
            guard [.interactive, .finishing, .cancelling].contains(transitioning.controllers[i].state) else { continue }
            transitioning.controllers[i].complete(position == .end)
            transitionEnded(i)
        }
    }

    /// Advances every running animator to the tick's time; those that reach their end end there.
    /// A transition an animator drives follows its fraction.
    func advanceAnimators() {
        for k in animating.propertyAnimators.indices {
            if let p = animating.propertyAnimators[k].advance(to: clock.time) { animatorEnded(k, p) }
        }
        for (i, t) in scene.transitions.enumerated() {
            guard let k = t.animator?.index,
                transitioning.controllers[i].state == .finishing || transitioning.controllers[i].state == .cancelling
            else { continue }
            transitioning.controllers[i].follow(animating.propertyAnimators[k].fractionComplete(at: clock.time))
            applyTransitionAnimations(i)
        }
    }

    /// The completions of the animators that ended, in the order they ended, each with its
    /// `position`.
    func runAnimatorCompletions() throws(RunError) {
        while !animating.endedAnimators.isEmpty {
            let (k, position) = animating.endedAnimators.removeFirst()
            try runCompletion(of: k, position)
        }
    }

    /// Animator `k`'s completion, with `position`.
    func runCompletion(of k: Int, _ position: AnimatorPosition) throws(RunError) {
        let outer = animating.completionPosition
        animating.completionPosition = position
        defer { animating.completionPosition = outer }
        let scope = scene.scope.adding(BuiltinName.position.rawValue, .value(.string))
        for a in scene.animators[k].then { try runAction(a, scope: scope) }
    }

    /// `resetAnimator`: every behaviour removed and a new dynamic animator, with every view where
    /// it is (`elapsed` starts again at 0); no `rest` or `resume` rule runs for it.
    func resetAnimator() {
        for i in scene.behaviors.indices { removeBehavior(i) }
        animator = Run.makeAnimator(scene, views)
        behaving.reportedRunning = false
        note("new dynamic animator")
    }
}
