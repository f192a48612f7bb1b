import Diagnostics
import Expectations
import Expressions
import Geometry
import Interaction
import Results
import SceneModel
import SceneVocabulary
import UIDynamics

extension Run {
    // MARK: evaluation

    func snapshot() -> Snapshot {
        let tree = viewTree()
        let shown = anyViewAnimating ? shownTree() : tree
        let vs = views.enumerated().map { (i, v) in
            var s = ViewState(
                name: v.spec.name, frame: uikitFrame(i), rotation: v.rotation, alpha: v.alpha,
                velocity: animator.linearVelocity(of: i), angularVelocity: animator.angularVelocity(of: i),
                resting: animator.isResting(i), removed: v.removed, center: v.frame.center, size: v.frame.size,
                scale: v.scale)
            s.hidden = v.hidden
            s.onScreen = animating.onScreen(i, in: self)
            // A subview of another view is on the screen through it (of the reference view: its frame).
            if tree.nodes[i].superview != nil {
                s.screen = tree.screenFrame(i)
                s.onScreen?.screen = shown.screenFrame(i)
            }
            if let sv = input.scrolls[i] {
                s.contentOffset = sv.contentOffset
                s.isDragging = sv.isDragging
                s.isDecelerating = sv.isDecelerating
            }
            s.contacts = behaving.contactCounts[i]
            return s
        }
        let ts = scene.transitions.enumerated().map { (i, t) in
            (
                name: t.name, state: transitioning.controllers[i].state.rawValue,
                progress: transitioning.controllers[i].progress
            )
        }
        // While a gesture delegate's expression runs, the arena as it is at that moment.
        let arena = input.consulted?.arena ?? input.arena
        let gs = scene.gestures.enumerated().map { (i, g) -> GestureSnapshot in
            let r = arena.recognizers[i]
            let m = r.values
            var s = GestureSnapshot(
                name: g.name, kind: g.kind, state: arena.visible[i].rawValue, location: r.location,
                locationInView: locationInView(r.location, gesture: i, tree), translation: m.translation,
                velocity: m.velocity)
            s.numberOfTouches = r.numberOfTouches
            s.rate = m.rate
            s.scale = m.scale
            s.rotation = m.rotation
            return s
        }
        let frames =
            transitioning.framesInScope ?? (
                Rect(origin: .zero, size: scene.world.size), Rect(origin: .zero, size: scene.world.size)
            )
        var snap = Snapshot(
            time: clock.time, elapsed: animator.elapsedTime, paused: !animator.isRunning, lastPause: clock.lastPause,
            worldSize: scene.world.size,
            views: vs, transitions: ts, gestures: gs, currentGesture: input.currentGesture,
            contact: behaving.currentContact, initialFrame: frames.0, finalFrame: frames.1,
            events: recording.eventCounts,
            vars: vars, names: scene.names)
        snap.parameters = scene.parameters
        snap.scrollRelease = input.scrollRelease
        snap.tickDuration = dt
        snap.comparisonLog = limits.comparisons
        snap.animators = scene.animators.indices.map { k in
            let a = animating.propertyAnimators[k]
            return AnimatorSnapshot(
                name: scene.animators[k].name, state: a.state.rawValue, isRunning: a.isRunning,
                fractionComplete: a.fractionComplete(at: clock.time), isReversed: a.isReversed)
        }
        snap.position = animating.completionPosition?.rawValue
        snap.tree = tree
        snap.touchDown = input.consulted?.touch
        return snap
    }

    /// A point of the screen in the coordinates of the view gesture `g` is attached to (its
    /// bounds, through its superviews: origin at its top-left corner, turning and scaling with
    /// it), as `location(in:)` gives it.
    func locationInView(_ p: Vec2, gesture g: Int, _ tree: ViewTree) -> Vec2 {
        guard let vi = gestureView[g] else { return p }
        return tree.convert(p, from: nil, to: vi) ?? p
    }

    func eval(_ e: Expr, scope: Scope? = nil) throws(RunError) -> Value {
        do throws(Diagnostic) { return try evaluate(e, snapshot(), scope: scope ?? scene.scope) } catch {
            throw runtimeError(error)
        }
    }
    func evalNumber(_ e: Expr, scope: Scope? = nil) throws(RunError) -> Double { try eval(e, scope: scope).number ?? 0 }
    func evalPoint(_ e: Expr, scope: Scope? = nil) throws(RunError) -> Vec2 { try eval(e, scope: scope).point ?? .zero }
    func evalBool(_ e: Expr, scope: Scope? = nil) throws(RunError) -> Bool { try eval(e, scope: scope).bool ?? false }

    // MARK: actions

    /// Counts an action at `location` against the tick's budget: past it is a run-time error.
    func spendAction(at location: SourceLocation) throws(RunError) {
        if !clock.spendAction(limit: limits.actionsPerTick) {
            throw runtimeError(
                Diagnostic("more than \(limits.actionsPerTick) actions in one tick", at: location),
                tail: ": do rules trigger each other in a loop?")
        }
    }

    /// The action dispatcher: each arm one call into the concern the action belongs to.
    func runAction(_ a: Action, scope: Scope) throws(RunError) {
        try spendAction(at: a.location)
        switch a {
        case .branch(let c, let then, let otherwise):
            for x in try evalBool(c, scope: scope) ? then : otherwise { try runAction(x, scope: scope) }
        case .add(let names, let loc):
            for b in names { try behaving.add(b.index, scope: scope, at: loc, in: self) }
        case .remove(let names, _):
            behaving.remove(names, in: self)
        case .set(let targets):
            try runSet(targets, scope: scope)
        case .animate(let spec):
            try animating.animate(spec, scope: scope, in: self)
        case .start(let name, let loc):
            try transitioning.start(name.index, at: loc, scope: scope, in: self)
        case .progress(let e):
            try transitioning.progress(e, scope: scope, in: self)
        case .finish(let loc):
            try transitioning.endInteraction(finishing: true, at: loc, in: self)
        case .cancel(let loc):
            try transitioning.endInteraction(finishing: false, at: loc, in: self)
        case .complete(let e):
            try transitioning.complete(e, scope: scope, in: self)
        case .after(let delay, let actions, let loc):
            try scheduleAfter(delay, actions, at: loc, scope: scope)
        case .velocity(let item, let linear, let angular, let loc):
            try addVelocity(to: item, linear: linear, angular: angular, at: loc, scope: scope)
        case .haptic(let style, _):
            haptic(style)
        case .removeView(let view, _):
            removeView(view)
        case .log(let e):
            try log(e, scope: scope)
        case .animator(let id, let action, let loc):
            try animating.act(id.index, action, scope: scope, at: loc, in: self)
        case .resetAnimator:
            resetAnimator()
        }
    }

    /// `set`: every expression first, then every assignment.
    func runSet(_ targets: [SetTarget], scope: Scope) throws(RunError) {
        // Every expression first, then every assignment: `set` reads the state before it.
        let values = try targets.map { e throws(RunError) in try eval(e.value, scope: scope) }
        for (t, v) in zip(targets, values) { try assign(t, v) }
    }

    /// `velocity`: linear and angular velocity added to an item, refused when the sum overflows.
    func addVelocity(
        to item: ViewID, linear: Expr?, angular: Expr?, at loc: SourceLocation, scope: Scope
    )
        throws(RunError)
    {
        let id = item.index
        let name = scene[item].name
        if let l = linear {
            let v = try evalPoint(l, scope: scope)
            // The sum may overflow even when each value is finite: refuse it, do not pass inf on.
            guard (animator.linearVelocity(of: id) + v).isFinite else {
                throw runtimeError(
                    "adding `\(l.text)` to the velocity of `\(name)` overflows (the result is not a finite number)",
                    at: loc)
            }
            animator.addLinearVelocity(v, to: id)
        }
        if let w = angular {
            let a = try evalNumber(w, scope: scope)
            guard (animator.angularVelocity(of: id) + a).isFinite else {
                throw runtimeError(
                    "adding `\(w.text)` to the angular velocity of `\(name)` overflows (the result is not a "
                        + "finite number)",
                    at: loc)
            }
            animator.addAngularVelocity(a, to: id)
        }
    }

    /// `haptic: style`: counted and noted.
    func haptic(_ style: HapticStyle) {
        recording.count(.haptic)
        recording.count(style.counted)
        note("haptic \(style.rawValue)")
    }

    /// `removeView`: the view goes, with its behaviours and its groups'.
    func removeView(_ view: ViewID) {
        views[view.index].removed = true
        behaving.removeNaming(view, in: self)  // its behaviours go, and its groups
        note("\(scene[view].name) removed")
    }

    /// `log: e`: counted and noted with its value.
    func log(_ e: Expr, scope: Scope) throws(RunError) {
        recording.count(.log)
        note("log \(e.text) = \(try eval(e, scope: scope))")
    }

    /// Assigns an evaluated value to a `set` target.
    func assign(_ t: SetTarget, _ v: Value) throws(RunError) {
        switch t.target {
        case .variable(let id):
            vars[id.index] = v  // the loader fixed the type
        case .targetContentOffset:
            guard let p = v.point, input.setScrollTarget(p) else {
                throw runtimeError(
                    "`targetContentOffset` can be set only while a `willEndDragging` rule runs", at: t.location)
            }
        case .view(let id, let p):
            try assignView(t, id.index, p, v)
        case .animator(let id, let p):
            try animating.assign(id.index, p, v, at: t.location, in: self)
        case .behavior(let id, let p):
            try behaving.assign(id.index, p, v, in: self)
        }
    }

    func assignView(_ t: SetTarget, _ i: Int, _ property: ViewProperty, _ v: Value) throws(RunError) {
        var f = views[i].frame
        let number = v.number ?? 0
        let point = v.point ?? .zero  // the loader typed the value by property
        if [.x, .y, .frame].contains(property) && views[i].rotation != 0 {
            throw runtimeError(
                "`\(t.path)` of a rotated view is undefined in UIKit (its frame is the rotated bounding box); set "
                    + "`center` instead",
                at: t.location)
        }
        switch property {
        case .x: f.origin.x = number
        case .y: f.origin.y = number
        case .width: f = Rect(center: f.center, size: Vec2(number, f.size.y))
        case .height: f = Rect(center: f.center, size: Vec2(f.size.x, number))
        case .size: f = Rect(center: f.center, size: point)
        case .center: f = Rect(center: point, size: f.size)
        case .frame: f = v.rect ?? f
        case .alpha:
            if !(0...1).contains(number) {
                throw runtimeError("`\(t.path)` must be between 0 and 1, got \(formatNumber(number))", at: t.location)
            }
            views[i].alpha = number
        case .hidden:
            views[i].hidden = v.bool ?? false
        case .rotation:
            views[i].rotation = number
            animator.setRotation(number, of: i)
        case .scale:
            if !(number > 0) {
                throw runtimeError("`\(t.path)` must be positive, got \(formatNumber(number))", at: t.location)
            }
            views[i].scale = number
        }
        if !(f.size.x > 0 && f.size.y > 0) || !f.origin.isFinite || !f.size.isFinite {
            throw runtimeError(
                "`\(t.path)` would give the view a size of \(formatNumber(f.size.x)) × \(formatNumber(f.size.y)); "
                    + "sizes must be positive",
                at: t.location)
        }
        if f != views[i].frame {
            if f.size != views[i].frame.size { animator.setSize(f.size, of: i) }
            views[i].frame = f
            animator.setCenter(f.center, of: i)
        }
        placeRestingGroups(behaving.groupsOf[i])  // its groups' centres follow their items
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

    /// `resetAnimator`: every behaviour removed and a new dynamic animator, with every view where
    /// it is (`elapsed` starts again at 0); no `rest` or `resume` rule runs for it.
    func resetAnimator() {
        for i in scene.behaviors.indices { behaving.remove(i, in: self) }
        animator = Run.makeAnimator(scene, views)
        behaving.forgetRunning()
        note("new dynamic animator")
    }

    /// The failures of an expectation judged now; a run-time error in one of its expressions
    /// makes the case invalid, located at the expression, with the tick and the time.
    func judged(_ e: Expectation) throws(RunError) -> [Failure] {
        var errors: [Diagnostic] = []
        let snap = snapshot()
        var out = recording.observing { judge(e, snap, scope: scene.scope, observations: &$0, errors: &errors) }
        if let first = errors.first { throw runtimeError(first.message, at: first.location) }
        // A variant's failure of an expectation it took from the main case says so.
        for i in out.indices { if let note = scene.inherited[out[i].location] { out[i].message += " " + note } }
        return out
    }
}
