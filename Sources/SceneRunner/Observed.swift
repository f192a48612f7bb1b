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
    /// A read of a transition's frames is `mutate`'s coverage of its `finalFrame`
    /// (`ComparisonLog.use("frames", name)`).
    var transitionFrames: (initial: Rect, final: Rect) {
        guard let f = transitioning.framesInScope else {
            return (Rect(origin: .zero, size: scene.world.size), Rect(origin: .zero, size: scene.world.size))
        }
        if let log = limits.comparisons, let k = transitioning.ending ?? transitioning.current {
            log.use("frames", scene.transitions[k].name)
        }
        return f
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
        if !presented, let v = modelValue(i, m) { return v }
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

    /// Member `m` of view `i`'s model when it is one of its frame, centre, size, rotation, alpha,
    /// scale, `hidden` or `removed`, as `ViewState.value` gives it from `viewState` (which reads
    /// the animator, the animations and the scroll view as well, which these members do not
    /// read); nil for the others.
    func modelValue(_ i: Int, _ m: ViewMember) -> Value? {
        let views = run.world.views
        let size = views[i].frame.size
        switch m {
        case .x, .y, .frame, .minX, .midX, .maxX, .minY, .midY, .maxY:
            let f = run.world.uikitFrame(i)
            switch m {
            case .x: return .number(f.origin.x)
            case .y: return .number(f.origin.y)
            case .minX: return .number(f.minX)
            case .midX: return .number(f.midX)
            case .maxX: return .number(f.maxX)
            case .minY: return .number(f.minY)
            case .midY: return .number(f.midY)
            case .maxY: return .number(f.maxY)
            default: return .rect(f)
            }
        case .center: return .point(views[i].frame.center)
        case .width: return .number(size.x)
        case .height: return .number(size.y)
        case .size: return .point(size)
        case .bounds: return .rect(Rect(origin: .zero, size: size))
        case .rotation: return .number(views[i].rotation)
        case .scale: return .number(views[i].scale)
        case .alpha: return .number(views[i].alpha)
        case .hidden: return .bool(views[i].hidden)
        case .removed: return .bool(views[i].removed)
        case .velocity, .speed, .angularVelocity, .resting, .screen, .contentOffset, .isDragging, .isDecelerating,
            .contentInsetTop, .contentInsetLeft, .contentInsetBottom, .contentInsetRight, .isScrollEnabled,
            .zoomScale, .isZooming, .isZoomBouncing, .contacts:
            return nil
        }
    }

    /// A dotted name read through its resolution, made at its first read in this run
    /// (`NameReads`); nil when it has none (the usual way reads it, and says what is wrong).
    func read(name parts: [String], in scope: Scope, at location: SourceLocation) -> Value? {
        let reads = run.nameReads
        let k = reads.index(parts, in: scope, names: run.scene.names)
        guard let source = reads.entries[k].source, var v = value(source) else { return nil }
        if reads.entries[k].members.isEmpty { return v }
        for m in reads.entries[k].members {
            guard let x = memberValue(of: v, m) else { return nil }
            v = x
        }
        return v
    }

    /// The value a resolved name reads now, as `resolve` gives it; nil where `resolve` throws.
    func value(_ source: NameReads.Source) -> Value? {
        switch source {
        case .pi: return .number(Double.pi)
        case .time: return .number(time)
        case .elapsed: return .number(elapsed)
        case .world(let m): return worldValue(m)
        case .initialFrame: return .rect(initialFrame)
        case .finalFrame: return .rect(finalFrame)
        case .touch:
            if let p = touchDown { return .point(p) }
            return currentValue(.location)
        case .current(let m): return currentValue(m)
        case .variable(let i): return variable(i)
        case .view(let i, let m, let presented): return viewValue(i, m, presented: presented)
        case .gesture(let i, let m): return gestureValue(i, m)
        case .transition(let i, let m): return transitionValue(i, m)
        case .parameter(let i): return parameter(i).map(Value.number)
        case .animator(let i, let m): return animatorValue(i, m)
        }
    }

    /// Member `m` of the current gesture, as `resolve` reads it; nil where it throws.
    func currentValue(_ m: GestureMember) -> Value? {
        let g = current(reading: m)
        guard let v = g.value(m), g.kind.type(of: m) == m.type else { return nil }
        return v
    }
}

/// Each dotted name a run's expressions read (`shade.frame.maxY`), resolved once, at its first
/// read: what it reads of the run (a view's member, a var …) and the value members after it,
/// instead of splitting the name, hashing its root and matching every part's string at every
/// read. A name is known by its parts' storage, which an expression keeps as long as it lives
/// (and each entry keeps, so that no other name can take its place); the entry is checked
/// against the parts, so nothing but the same name ever reads it.
///
/// A resolution holds for every scope a run evaluates in: they are the scene's, with `contact`,
/// `position`, `releaseVelocity` or `targetContentOffset` added; names with those roots are
/// always read the usual way. A name whose read could fail (unknown, or of a member the value
/// has not) has no resolution: the usual way says what is wrong, as it did.
final class NameReads {
    /// What a resolved name reads of the run (`ObservedState.resolve`'s cases).
    enum Source {
        case pi, time, elapsed, initialFrame, finalFrame, touch
        case world(WorldMember)
        /// A member of the current gesture (`gesture.state`, `translation`, `velocity`).
        case current(GestureMember)
        case variable(Int)
        case view(Int, ViewMember, presented: Bool)
        case gesture(Int, GestureMember)
        case transition(Int, TransitionMember)
        case parameter(Int)
        case animator(Int, AnimatorMember)
    }

    struct Entry {
        /// The address of the parts' storage.
        let key: UInt
        let parts: [String]
        /// nil: read the usual way.
        let source: Source?
        let members: [ValueMember]
    }

    // Unchecked for exclusive access, as the run's state (Runner.swift): read at every name read.
    /// In the order of their first reads.
    @exclusivity(unchecked) private(set) var entries: [Entry] = []
    /// A table by the parts' address (open addressing): each slot holds an entry's index + 1, or
    /// 0 when free; at most half of them are taken.
    @exclusivity(unchecked) private var slots = [Int](repeating: 0, count: 64)
    /// Most entries kept (a bound on memory, whatever builds expressions at run time): past it,
    /// they are made again.
    static let limit = 4096

    /// The index in `entries` of the name `parts` read in `scope`, its entry made now when this
    /// is its first read (`names`: the scene's).
    func index(_ parts: [String], in scope: Scope, names: @autoclosure () -> [String: NamedRef]) -> Int {
        let key = parts.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        var s = slot(key)
        while slots[s] != 0 {
            let k = slots[s] - 1
            if entries[k].key == key && entries[k].parts == parts { return k }
            s = (s + 1) & (slots.count - 1)
        }
        if entries.count >= Self.limit {
            entries = []
            slots = [Int](repeating: 0, count: 64)
            s = slot(key)
        }
        let resolved = Self.resolve(parts, in: scope, names: names())
        entries.append(Entry(key: key, parts: parts, source: resolved?.source, members: resolved?.members ?? []))
        slots[s] = entries.count
        if entries.count * 2 > slots.count {
            slots = [Int](repeating: 0, count: slots.count * 2)
            for k in entries.indices {
                var t = slot(entries[k].key)
                while slots[t] != 0 { t = (t + 1) & (slots.count - 1) }
                slots[t] = k + 1
            }
        }
        return entries.count - 1
    }

    /// The first slot of an address (Fibonacci hashing of its bits above the alignment).
    func slot(_ key: UInt) -> Int {
        Int(truncatingIfNeeded: ((key >> 4) &* 0x9E37_79B9_7F4A_7C15) >> 40) & (slots.count - 1)
    }

    /// What `splitName` and `ObservedState.resolve` make of `parts`, when they make it without an
    /// error whatever the run's state.
    static func resolve(
        _ parts: [String], in scope: Scope, names: [String: NamedRef]
    ) -> (source: Source, members: [ValueMember])? {
        if parts == ["pi"] { return (.pi, []) }
        let scoped: [String] = [
            BuiltinName.contact.rawValue, BuiltinName.position.rawValue,
            WillEndDraggingName.releaseVelocity.rawValue, WillEndDraggingName.targetContentOffset.rawValue,
        ]
        guard !scoped.contains(parts[0]), let split = splitName(parts, in: scope) else { return nil }
        var members: [ValueMember] = []
        for m in split.members {
            guard let vm = ValueMember(rawValue: m) else { return nil }
            members.append(vm)
        }
        guard let source = source(split.path, names: names) else { return nil }
        return (source, members)
    }

    /// The source of a scope path, as `ObservedState.resolve` reads it.
    static func source(_ path: [String], names: [String: NamedRef]) -> Source? {
        let member = path.count > 1 ? path[1] : nil
        if let builtin = BuiltinName(rawValue: path[0]) {
            switch builtin {
            case .world: return member.flatMap(WorldMember.init(rawValue:)).map(Source.world)
            case .time: return .time
            case .elapsed: return .elapsed
            case .finalFrame: return .finalFrame
            case .initialFrame: return .initialFrame
            case .pi: return .pi
            case .touch: return .touch
            case .translation: return .current(.translation)
            case .velocity: return .current(.velocity)
            case .gesture:
                guard let m = member.flatMap(GestureMember.init(rawValue:)), GestureMember.ofCurrentGesture.contains(m)
                else { return nil }
                return .current(m)
            case .position, .contact: return nil
            }
        }
        guard let ref = names[path[0]] else { return nil }
        switch ref {
        case .variable(let id): return .variable(id.index)
        case .view(let id):
            if member == ViewMember.presentation {
                guard path.count > 2, let m = ViewMember(rawValue: path[2]) else { return nil }
                return .view(id.index, m, presented: true)
            }
            let name = path.count > 2 ? member.map { $0 + "." + path[2] } : member
            return name.flatMap(ViewMember.init(rawValue:)).map { .view(id.index, $0, presented: false) }
        case .gesture(let id): return member.flatMap(GestureMember.init(rawValue:)).map { .gesture(id.index, $0) }
        case .transition(let id):
            return member.flatMap(TransitionMember.init(rawValue:)).map { .transition(id.index, $0) }
        case .parameter(let i): return .parameter(i)
        case .animator(let id): return member.flatMap(AnimatorMember.init(rawValue:)).map { .animator(id.index, $0) }
        case .behavior: return nil
        }
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

    /// A name the live state reads through its resolution (`NameReads`), read from the
    /// snapshot the usual way as well.
    func read(name parts: [String], in scope: Scope, at location: SourceLocation) throws(Diagnostic) -> Value? {
        guard let fast = live.read(name: parts, in: scope, at: location) else { return nil }
        let b = Result { () throws(Diagnostic) in try readName(parts, in: scope, snapshot, at: location) }
        try Self.same(.success(fast), b, "`\(parts.joined(separator: "."))` (resolved once)", at: location)
        return fast
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
