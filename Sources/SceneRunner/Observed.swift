import Diagnostics
import Expectations
import Expressions
import Geometry
import Interaction
import SceneModel
import SceneVocabulary

// What expressions and expectations read of a run. An expectation is judged against a whole
// `Snapshot`; an expression (a rule's condition, a `set`'s value, a behaviour's number), which
// runs many times a tick, reads a `LiveState` instead: the same values, each computed from the
// run only when the expression reads it. Both are made by the functions below, so they agree
// by construction; `RunLimits.checksReads` makes every expression read both ways and compare.

extension Run {
    /// Everything an expectation can observe now.
    func snapshot() -> Snapshot {
        let tree = viewTree()
        let shown = anyViewAnimating ? shownTree() : tree
        let vs = world.views.indices.map { viewState($0, screens: (tree, shown)) }
        let ts = scene.transitions.enumerated().map { (i, t) in
            (
                name: t.name, state: transitioning.controllers[i].state.rawValue,
                progress: transitioning.controllers[i].progress
            )
        }
        let gs = scene.gestures.indices.map { gestureState($0, tree: tree) }
        let frames = transitionFrames
        var snap = Snapshot(
            time: clock.time, elapsed: world.animator.elapsedTime, paused: !world.animator.isRunning,
            lastPause: clock.lastPause,
            worldSize: scene.world.size,
            views: vs, transitions: ts, gestures: gs, currentGesture: input.currentGesture,
            contact: behaving.currentContact, initialFrame: frames.initial, finalFrame: frames.final,
            events: recording.eventCounts,
            vars: vars, names: scene.names)
        snap.parameters = scene.parameters
        snap.scrollRelease = input.scrollRelease
        snap.tickDuration = dt
        snap.comparisonLog = limits.comparisons
        snap.animators = scene.animators.indices.map(animatorState)
        snap.position = animating.completionPosition?.rawValue
        snap.tree = tree
        snap.touchDown = input.consulted?.touch
        return snap
    }

    /// View `i` as expressions see it. `screens` (the model's tree and the shown one) give its
    /// frame on the screen when it is a subview of another view; nil leaves `screen` out (nothing
    /// but the `screen` member reads it).
    func viewState(_ i: Int, screens: (tree: ViewTree, shown: ViewTree)?) -> ViewState {
        let v = world.views[i]
        let m = world.motion(of: i)
        var s = ViewState(
            name: v.spec.name, frame: world.uikitFrame(i), rotation: v.rotation, alpha: v.alpha,
            velocity: m.velocity, angularVelocity: m.angularVelocity, resting: m.resting, removed: v.removed,
            center: v.frame.center, size: v.frame.size, scale: v.scale)
        s.hidden = v.hidden
        s.onScreen = animating.onScreen(i, in: self)
        // A subview of another view is on the screen through it (of the reference view: its frame).
        if let screens, v.spec.superview != nil {
            s.screen = screens.tree.screenFrame(i)
            s.onScreen?.screen = screens.shown.screenFrame(i)
        }
        if let sv = input.scrolls[i] {
            s.contentOffset = sv.contentOffset
            s.isDragging = sv.isDragging
            s.isDecelerating = sv.isDecelerating
            let shown = sv.shownOffset(at: clock.time)
            if shown != sv.contentOffset { s.shownContentOffset = shown }
            s.contentInset = sv.contentInset
            s.isScrollEnabled = sv.isScrollEnabled
            s.zoomScale = sv.zoomScale
            s.isZooming = sv.isZooming
            s.isZoomBouncing = sv.isZoomBouncing
        }
        s.contacts = behaving.contactCounts[i]
        return s
    }

    /// Gesture `i` as expressions see it; while a gesture delegate's expression runs, as the arena
    /// is at that moment. `tree` (the model's) gives `locationInView`; nil leaves it the screen
    /// location (nothing but the `locationInView` member reads it).
    func gestureState(_ i: Int, tree: ViewTree?) -> GestureSnapshot {
        let g = scene.gestures[i]
        let arena = input.consulted?.arena ?? input.arena
        let r = arena.recognizers[i]
        let m = r.values
        // `locationInView`: the screen point in the bounds of the gesture's view, through its superviews.
        var inView = r.location
        if let tree, let view = g.view?.index { inView = tree.convert(r.location, from: nil, to: view) ?? r.location }
        var s = GestureSnapshot(
            name: g.name, kind: g.kind, state: arena.visible[i].rawValue, location: r.location,
            locationInView: inView, translation: m.translation, velocity: m.velocity)
        s.numberOfTouches = r.numberOfTouches
        s.rate = m.rate
        s.scale = m.scale
        s.rotation = m.rotation
        return s
    }

    /// Property animator `k` as expressions see it.
    func animatorState(_ k: Int) -> AnimatorSnapshot {
        let a = animating.propertyAnimators[k]
        return AnimatorSnapshot(
            name: scene.animators[k].name, state: a.state.rawValue, isRunning: a.isRunning,
            fractionComplete: a.fractionComplete(at: clock.time), isReversed: a.isReversed)
    }

    /// `initialFrame` and `finalFrame`: the transition's in scope, else the world's bounds.
    var transitionFrames: (initial: Rect, final: Rect) {
        transitioning.framesInScope
            ?? (Rect(origin: .zero, size: scene.world.size), Rect(origin: .zero, size: scene.world.size))
    }
}

/// The run's state as an expression reads it, each part computed from the run when it is read.
/// Valid while one expression is evaluated: nothing changes the run meanwhile, so it reads what a
/// snapshot taken before the evaluation holds.
struct LiveState: ObservedState {
    let run: Run
    init(_ run: Run) { self.run = run }

    var time: Double { run.clock.time }
    var elapsed: Double { run.world.animator.elapsedTime }
    var worldSize: Vec2 { run.scene.world.size }
    var initialFrame: Rect { run.transitionFrames.initial }
    var finalFrame: Rect { run.transitionFrames.final }
    var touchDown: Vec2? { run.input.consulted?.touch }
    var position: String? { run.animating.completionPosition?.rawValue }
    var contact: ContactSnapshot? { run.behaving.currentContact }
    var scrollRelease: (velocity: Vec2, target: Vec2)? { run.input.scrollRelease }
    var names: [String: NamedRef] { run.scene.names }
    var tree: ViewTree? { run.viewTree() }
    var comparisonLog: ComparisonLog? { run.limits.comparisons }

    func current(reading m: GestureMember) -> GestureSnapshot {
        guard let g = run.input.currentGesture else { return .idle("gesture") }
        return run.gestureState(g, tree: m == .locationInView ? run.viewTree() : nil)
    }
    func variable(_ i: Int) -> Value? { i < run.vars.count ? run.vars[i] : nil }
    func parameter(_ i: Int) -> Double? { i < run.scene.parameters.count ? run.scene.parameters[i] : nil }
    func viewValue(_ i: Int, _ m: ViewMember, presented: Bool) -> Value {
        var screens: (tree: ViewTree, shown: ViewTree)?
        if m == .screen && run.world.views[i].spec.superview != nil {
            let tree = run.viewTree()
            screens = (tree, run.anyViewAnimating ? run.shownTree() : tree)
        }
        let s = run.viewState(i, screens: screens)
        return presented ? s.presented().value(m) : s.value(m)
    }
    func gestureValue(_ i: Int, _ m: GestureMember) -> Value? {
        run.gestureState(i, tree: m == .locationInView ? run.viewTree() : nil).value(m)
    }
    func transitionValue(_ i: Int, _ m: TransitionMember) -> Value {
        switch m {
        case .progress: return .number(run.transitioning.controllers[i].progress)
        case .state: return .string(run.transitioning.controllers[i].state.rawValue)
        }
    }
    func animatorValue(_ i: Int, _ m: AnimatorMember) -> Value? {
        i < run.scene.animators.count ? run.animatorState(i).value(m) : nil
    }
}

/// `RunLimits.checksReads`: every name an expression reads, read both from the live state and
/// from a whole snapshot; a difference (in the value or the error) is an error of the run, so
/// a test over every shipped scene proves that reading live changes nothing.
struct CheckedState: NameResolver {
    let live: LiveState
    let snapshot: Snapshot
    init(_ run: Run) {
        live = LiveState(run)
        snapshot = run.snapshot()
    }
    var comparisonLog: ComparisonLog? { live.comparisonLog }

    func resolve(_ path: [String], at location: SourceLocation) throws(Diagnostic) -> Value {
        let a = Result { () throws(Diagnostic) in try live.resolve(path, at: location) }
        let b = Result { () throws(Diagnostic) in try snapshot.resolve(path, at: location) }
        try Self.same(a, b, "`\(path.joined(separator: "."))`", at: location)
        return try a.get()
    }

    func convert(_ p: Vec2, from: String, to: String, at location: SourceLocation) throws(Diagnostic) -> Vec2 {
        let a = Result { () throws(Diagnostic) in try live.convert(p, from: from, to: to, at: location) }
        let b = Result { () throws(Diagnostic) in try snapshot.convert(p, from: from, to: to, at: location) }
        try Self.same(a.map(Value.point), b.map(Value.point), "convert(…, \(from), \(to))", at: location)
        return try a.get()
    }

    static func same(
        _ a: Result<Value, Diagnostic>, _ b: Result<Value, Diagnostic>, _ what: String, at location: SourceLocation
    ) throws(Diagnostic) {
        let (x, y) = (text(a), text(b))
        guard x != y else { return }
        throw Diagnostic("checked read: \(what) reads \(x) live but \(y) in a snapshot", at: location)
    }

    /// A value bit for bit (`-0` and `0` apart), or an error's message.
    static func text(_ r: Result<Value, Diagnostic>) -> String {
        switch r {
        case .failure(let d): return "error \(d)"
        case .success(.number(let d)): return "\(d.bitPattern)"
        case .success(.point(let p)): return "\(p.x.bitPattern) \(p.y.bitPattern)"
        case .success(.rect(let r)):
            return [r.origin.x, r.origin.y, r.size.x, r.size.y].map { "\($0.bitPattern)" }.joined(separator: " ")
        case .success(let v): return "\(v)"
        }
    }
}
