import Diagnostics
import Expectations
import Expressions
import Geometry
import Interaction
import SceneModel
import SceneVocabulary

/// View-controller transitions: one is current (the most recently started that has not ended);
/// `progress`, `finish`, `cancel` and `complete` act on it.
extension Run {
    /// The current transition, or a run-time error located at the action that needs one.
    func currentTransition(for action: String, at location: SourceLocation) throws(RunError) -> Int {
        guard let i = transitioning.current else {
            let started = scene.transitions.indices.filter { transitioning.controllers[$0].state != .idle }.map {
                "`\(scene.transitions[$0].name)` is \(transitioning.controllers[$0].state.rawValue)"
            }
            let why = started.isEmpty ? "no transition was started" : started.joined(separator: ", ")
            throw runtimeError(
                "`\(action)` needs a current transition, but there is none (\(why)); `start` one first", at: location)
        }
        return i
    }

    /// `start: name`: the transition becomes current and interactive.
    func startTransition(_ i: Int, at location: SourceLocation, scope: Scope) throws(RunError) {
        if let c = transitioning.current {
            throw runtimeError(
                "cannot start `\(scene.transitions[i].name)` while `\(scene.transitions[c].name)` is "
                    + "\(transitioning.controllers[c].state.rawValue); complete or cancel it first",
                at: location)
        }
        transitioning.controllers[i].start()
        transitioning.current = i
        let spec = scene.transitions[i]
        let bounds = Rect(origin: .zero, size: scene.world.size)
        let toFrame = spec.to.map { views[$0.index].frame } ?? bounds
        let final = try finalFrame(spec, scope: scope)
        transitioning.frames[i] = (toFrame, final)
        for side in [spec.from, spec.to] { if let v = side { transitioning.base[v.index] = views[v.index].frame } }
        note("\(spec.name) started")
        // Driven by a property animator (UIKit's interruptibleAnimator): it is paused at its start,
        // its animations block run, for `progress` to scrub it.
        if let k = spec.animator?.index {
            if animating.propertyAnimators[k].state != .stopped { try activate(k) }
            let now = clock.time
            try withAnimator(k, at: location) { a throws(AnimatorMisuse) in try a.pause(at: now) }
        }
    }

    /// `finish` / `cancel`: a percent-driven transition animates the rest and completes by itself;
    /// a custom one only leaves its interactive phase (`finishing` / `cancelling`) and ends at `complete`.
    func endInteraction(finishing: Bool, at location: SourceLocation) throws(RunError) {
        let i = try currentTransition(for: finishing ? "finish" : "cancel", at: location)
        guard transitioning.controllers[i].state == .interactive else { return }
        if let k = scene.transitions[i].animator?.index {
            // The animator runs the rest, forward or reversed, at the completion speed; its end
            // completes the transition.
            transitioning.controllers[i].endInteraction(finishing: finishing)
            let (now, factor) = (clock.time, 1 / scene.transitions[i].completionSpeed)
            try withAnimator(k, at: location) { a throws(AnimatorMisuse) in
                try a.setReversed(!finishing, at: now)
                try a.continueAnimation(durationFactor: factor, at: now)
            }
        } else if scene.transitions[i].percentDriven {
            if finishing {
                transitioning.controllers[i].finish(at: clock.time)
            } else {
                transitioning.controllers[i].cancel(at: clock.time)
            }
        } else {
            transitioning.controllers[i].endInteraction(finishing: finishing)
        }
        note("\(scene.transitions[i].name) \(transitioning.controllers[i].state.rawValue)")
    }

    /// A transition just completed or was cancelled: its animations take their end values
    /// (completed) or start values (cancelled), it is no longer current, and its `ended` rules
    /// run at the end of the tick.
    func transitionEnded(_ i: Int) {
        if transitioning.current == i { transitioning.current = nil }
        applyTransitionAnimations(i, at: transitioning.controllers[i].state == .completed ? 1 : 0)
        let spec = scene.transitions[i]
        for v in [spec.from, spec.to].compactMap({ $0 }) { transitioning.base[v.index] = nil }
        transitioning.pendingEnded.append(i)
    }

    /// A transition's `finalFrame` (the world's bounds when it has none); a run-time error at the
    /// expression when it has no positive width and height.
    func finalFrame(_ spec: TransitionSpec, scope: Scope) throws(RunError) -> Rect {
        let bounds = Rect(origin: .zero, size: scene.world.size)
        guard let e = spec.finalFrame else { return bounds }
        let r = try eval(e, scope: scope).rect ?? bounds
        if !(r.size.x > 0 && r.size.y > 0) {
            throw runtimeError(
                "`finalFrame` of `\(spec.name)` must have a positive width and height, got "
                    + "\(formatNumber(r.size.x)) × \(formatNumber(r.size.y))", at: e.location)
        }
        return r
    }

    /// `initial: completed`: the `to` view at `finalFrame`, the transition done before the case starts.
    func applyInitialTransitions() throws(RunError) {
        for (i, spec) in scene.transitions.enumerated() where spec.initiallyCompleted {
            let final = try finalFrame(spec, scope: scene.scope)
            if let vi = spec.to?.index {
                views[vi].frame = final
                animator.setSize(final.size, of: vi)
                animator.setCenter(final.center, of: vi)
            }
            transitioning.controllers[i].complete(true)
        }
    }

    /// Applies a transition's `animations` (scale, translate, alpha of its from/to views) at
    /// progress `p` (default: its current progress).
    func applyTransitionAnimations(_ i: Int, at p: Double? = nil) {
        let spec = scene.transitions[i]
        guard !spec.animations.isEmpty else { return }
        guard p != nil || [.interactive, .finishing, .cancelling].contains(transitioning.controllers[i].state) else {
            return
        }
        let progress = p ?? transitioning.controllers[i].progress
        for anim in spec.animations {
            guard let vi = (anim.onFrom ? spec.from : spec.to)?.index, let base = transitioning.base[vi],
                !animator.isDynamic(vi)
            else { continue }
            let lerp = { (k: Int) in anim.from[k] + progress * (anim.to[k] - anim.from[k]) }
            switch anim.property {
            case .scale:
                views[vi].scale = lerp(0)
            case .translate:
                views[vi].frame.origin = base.origin + Vec2(lerp(0), lerp(1))
            case .alpha:
                views[vi].alpha = lerp(0)
            }
            animator.setCenter(views[vi].frame.center, of: vi)
        }
    }

    func flushTransitionEnded() throws(RunError) {
        while !transitioning.pendingEnded.isEmpty {
            let i = transitioning.pendingEnded.removeFirst()
            note("\(scene.transitions[i].name) \(transitioning.controllers[i].state.rawValue)")
            // Its own `ended` rules read its `initialFrame` and `finalFrame` (it is no longer
            // current, and another may have started since).
            let outer = transitioning.ending
            transitioning.ending = i
            defer { transitioning.ending = outer }
            try fire(.transitionEnded(TransitionID(i)))
        }
    }

    /// `progress: e`: the current interactive transition (and the animator that drives it) scrubbed.
    func progressTransition(_ e: Expr, scope: Scope) throws(RunError) {
        let i = try currentTransition(for: "progress", at: e.location)
        guard transitioning.controllers[i].state == .interactive else { return }
        transitioning.controllers[i].update(try evalNumber(e, scope: scope))
        if let k = scene.transitions[i].animator?.index {  // scrubs the animator that drives it
            let (progress, now) = (transitioning.controllers[i].progress, clock.time)
            try withAnimator(k, at: e.location) { a throws(AnimatorMisuse) in
                try a.setFractionComplete(progress, at: now)
            }
        }
        applyTransitionAnimations(i)
    }

    /// `complete: e`: the current transition completes, finished or not.
    func completeTransition(_ e: Expr, scope: Scope) throws(RunError) {
        let i = try currentTransition(for: "complete", at: e.location)
        let finished = try evalBool(e, scope: scope)
        if let k = scene.transitions[i].animator?.index, animating.propertyAnimators[k].state != .inactive {
            // The animator that drives it finishes at its end or its start, which ends it.
            try stopAnimator(k, finished ? .end : .start, at: e.location)
            if transitioning.current != i { return }
        }
        transitioning.controllers[i].complete(finished)
        transitionEnded(i)
    }
}
