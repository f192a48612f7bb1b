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

    func eval(_ e: Expr, scope: Scope? = nil) throws(RunError) -> Value {
        do throws(Diagnostic) {  // the state read part by part (Observed.swift); checked against a snapshot in tests
            if limits.checksReads { return try evaluate(e, CheckedState(self), scope: scope ?? scene.scope) }
            // The scope passed on as it is (`scope ?? scene.scope` copies one: a retain of each of its parts).
            if let scope { return try evaluate(e, LiveState(self), scope: scope) }
            return try evaluate(e, LiveState(self), scope: scene.scope)
        } catch {
            throw clock.runtimeError(error)
        }
    }
    func evalNumber(_ e: Expr, scope: Scope? = nil) throws(RunError) -> Double { try eval(e, scope: scope).number ?? 0 }
    func evalPoint(_ e: Expr, scope: Scope? = nil) throws(RunError) -> Vec2 { try eval(e, scope: scope).point ?? .zero }
    func evalBool(_ e: Expr, scope: Scope? = nil) throws(RunError) -> Bool { try eval(e, scope: scope).bool ?? false }

    // MARK: actions

    /// The action dispatcher: each arm one call into the concern the action belongs to.
    func runAction(_ a: Action, scope: Scope) throws(RunError) {
        try clock.spendAction(at: a.location)
        switch a {
        case .branch(let c, let then, let otherwise):
            let v = try evalWatched(c, condition: true, scope: scope)
            for x in v.bool ?? false ? then : otherwise { try runAction(x, scope: scope) }
        case .add(let names, let loc):
            for b in names {
                let id = try b.resolved { p throws(RunError) in try pick(p, scope: scope) }
                try behaving.add(id.index, scope: scope, at: loc, in: self)
            }
        case .remove(let names, _):
            let ids = try names?.map { b throws(RunError) in
                try b.resolved { p throws(RunError) in try pick(p, scope: scope) }
            }
            behaving.remove(ids, in: self)
        case .set(let targets):
            try runSet(targets, scope: scope)
        case .animate(var spec):
            spec.sets = try spec.sets.picking { p throws(RunError) in try pick(p, scope: scope) }
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
            let seconds = try evalWatched(delay, condition: false, scope: scope)
            try clock.schedule(after: seconds.number ?? 0, actions, scope: scope, at: loc)
        case .velocity(let item, let linear, let angular, let loc):
            let view = try item.resolved { p throws(RunError) in try pick(p, scope: scope) }
            try world.addVelocity(to: view, linear: linear, angular: angular, at: loc, scope: scope, in: self)
        case .haptic(let style, _):
            recording.haptic(style, at: clock.time)
        case .removeView(let view, _):
            behaving.removeView(try view.resolved { p throws(RunError) in try pick(p, scope: scope) }, in: self)
        case .log(let e):
            recording.log(e.text, try eval(e, scope: scope), at: clock.time)
        case .animator(let id, let action, let loc):
            try animating.act(id.index, action, scope: scope, at: loc, in: self)
        case .resetAnimator:
            behaving.resetAnimator(in: self)
        case .scrollTo(let v, let offset, _):
            try input.scrollTo(v.index, offset, scope: scope, in: self)
        case .zoomTo(let v, let rect, _):
            try input.zoomTo(v.index, rect, scope: scope, in: self)
        }
    }

    /// `set`: every key's index and every value first, then every assignment.
    func runSet(_ targets: [SetTarget], scope: Scope) throws(RunError) {
        // Every key and value first, then every assignment: `set` reads the state before it (a
        // key's index sees the old value of a var the same `set` changes).
        let targets = try targets.picking { p throws(RunError) in try pick(p, scope: scope) }
        let values = try targets.map { e throws(RunError) in try evalWatched(e.value, condition: false, scope: scope) }
        for (t, v) in zip(targets, values) { try assign(t, v) }
    }

    /// The index among its kind of the copy a run-time index picks now (`card[top]`).
    func pick(_ p: CopyPick, scope: Scope) throws(RunError) -> Int {
        do throws(Diagnostic) {
            if limits.checksReads {
                return p.first + (try pickCopy(p.template, count: p.count, p.index, CheckedState(self), scope))
            }
            return p.first + (try pickCopy(p.template, count: p.count, p.index, LiveState(self), scope))
        } catch { throw clock.runtimeError(error) }
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
        case .view(let id, let p) where p.ofScrollViewOnly:
            // A scroll view's offset, insets, zoom: inside an `animate`, the screen follows.
            try input.setScrollProperty(
                id.index, p, v, animation: animating.scrollAnimation, at: t.location, in: self)
        case .view(let id, let p):
            try world.assign(t, id.index, p, v, in: self)
        case .animator(let id, let p):
            try animating.assign(id.index, p, v, at: t.location, in: self)
        case .behavior(let id, let p):
            try behaving.assign(id.index, p, v, in: self)
        }
    }

    /// A script step's action: a budget of its own, and the `ended` rules of the transitions it ended.
    func runStepAction(_ a: Action) throws(RunError) {
        clock.resetActionBudget()
        try runAction(a, scope: scene.scope)
        try transitioning.flushEnded(in: self)
    }
}
