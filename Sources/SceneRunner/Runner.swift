import Diagnostics
import Dynamics
import Expectations
import Expressions
import Geometry
import Interaction
import SceneModel
import UIDynamics

/// Limits on the work one case may do, so that no scene runs forever.
public struct RunLimits: Sendable {
    /// Most simulated seconds in one case.
    public var sceneTime = 600.0
    /// Most ticks in one case.
    public var ticks = 200_000
    /// Most actions run in one tick (rules that keep triggering each other).
    public var actionsPerTick = 10_000
    /// Most units of engine work in one case: each engine sub-step adds the number of bodies,
    /// contacts and joints in the world (deterministic, unlike a time budget). The default admits the 500-view
    /// overlapping pile for 5 s, which needs 2 203 040 (see docs/cli.md, `--max-work`).
    public var work = RunLimits.defaultWork
    public static let defaultWork = 3_000_000
    /// Keep every tick's row for `--trace`; off, memory does not grow with ticks.
    public var recordTicks = true
    /// Keep the notable events for `--verbose`; off, memory does not grow with events.
    public var recordTrace = true
    public init() {}
}

/// Runs scene cases on a virtual clock.
public enum SceneRunner {
    /// Runs one case and judges it.
    public static func run(_ scene: Scene, limits: RunLimits = RunLimits()) -> CaseResult {
        let run = Run(scene: scene, limits: limits)
        return run.execute()
    }
}

/// A runtime error that makes the case invalid.
struct Abort: Error { var diagnostic: Diagnostic }

/// One execution of a scene case.
final class Run {
    let scene: Scene
    let limits: RunLimits
    let animator: DynamicAnimator
    let dt: Double

    struct ViewRT {
        var spec: ViewSpec
        var frame: Rect
        var rotation: Double
        var alpha: Double
        var removed = false
    }
    var views: [ViewRT]
    /// Installed animator behaviour ids per scene behaviour (nil when not added).
    var installed: [Int: Int] = [:]
    /// Property overrides from `set` on behaviours.
    var overrides: [Int: [String: Value]] = [:]
    var recognizers: [PanRecognizer]
    var currentGesture: Int?
    var transitions: [TransitionController]
    var transitionFrames: [(initial: Rect, final: Rect)]
    var currentTransition: Int?
    var transitionBase: [Int: Rect] = [:]
    var tickCount = 0
    var time = 0.0
    var lastPause: Double?
    var eventCounts: [(String, Int)] = [("haptic", 0), ("light", 0), ("medium", 0), ("heavy", 0), ("soft", 0), ("rigid", 0),
                                        ("contact", 0), ("contactEnded", 0), ("log", 0)]
    var failures: [Failure] = []
    var trace: [String] = []
    var actionBudget = 0
    var pendingTransitionEnded: [Int] = []
    var currentContact: ContactSnapshot?
    var tickRows: [[Double]] = []

    /// A UIView animation: the model value changed at once; the presentation value follows the
    /// curve or the spring from where it was.
    struct ViewAnimation {
        var view: Int
        /// `true` for the frame (position and size), `false` for alpha: each animates on its own.
        var animatesFrame: Bool
        var start: Double
        var duration: Double
        var curve: TimingCurve
        var spring: Spring?
        var fromFrame: Rect, toFrame: Rect
        var fromAlpha: Double, toAlpha: Double

        func progress(at t: Double) -> Double {
            let e = t - start
            if e <= 0 { return 0 }
            if let s = spring { return e >= duration ? 1 : s.value(at: e) }
            return duration <= 0 ? 1 : curve.value(at: Swift.min(1, e / duration))
        }
        func finished(at t: Double) -> Bool { t - start >= duration }
    }
    var animations: [ViewAnimation] = []

    /// What the screen shows: the presentation frame and alpha of a view.
    func presentation(_ i: Int) -> (Rect, Double) {
        var frame = views[i].frame, alpha = views[i].alpha
        if let a = animations.last(where: { $0.view == i && $0.animatesFrame }) {
            let p = a.progress(at: time)
            func lerp(_ x: Double, _ y: Double) -> Double { x + p * (y - x) }
            frame = Rect(x: lerp(a.fromFrame.origin.x, a.toFrame.origin.x), y: lerp(a.fromFrame.origin.y, a.toFrame.origin.y),
                         width: lerp(a.fromFrame.size.x, a.toFrame.size.x), height: lerp(a.fromFrame.size.y, a.toFrame.size.y))
        }
        if let a = animations.last(where: { $0.view == i && !$0.animatesFrame }) {
            alpha = a.fromAlpha + a.progress(at: time) * (a.toAlpha - a.fromAlpha)
        }
        return (frame, alpha)
    }

    struct ActivePan {
        var gesture: Int
        var path: TouchPath
        var start: Double
        var hold: Bool
        var done = false
    }
    var pan: ActivePan?

    init(scene: Scene, limits: RunLimits) {
        self.scene = scene
        self.limits = limits
        dt = 1 / scene.world.frameRate
        animator = DynamicAnimator(referenceBounds: Rect(origin: .zero, size: scene.world.size), restSpeed: scene.world.restSpeed,
                                   restAngularSpeed: scene.world.restAngularSpeed, restFor: scene.world.restFor)
        views = scene.views.map { ViewRT(spec: $0, frame: $0.frame, rotation: $0.rotation, alpha: $0.alpha) }
        for (i, v) in scene.views.enumerated() {
            let bounds: CollisionBounds
            switch v.collisionBounds {
            case .rectangle: bounds = .rectangle
            case .ellipse: bounds = .ellipse
            case .path(let p): bounds = .path(p)
            }
            animator.registerItem(i, size: v.frame.size, center: v.frame.center, rotation: v.rotation, collisionBounds: bounds)
        }
        let bounds = Rect(origin: .zero, size: scene.world.size)
        recognizers = scene.gestures.map { PanRecognizer(minimumDistance: $0.minimumDistance, edges: $0.screenEdge ? $0.edges : [], bounds: bounds) }
        transitions = scene.transitions.map {
            TransitionController(duration: $0.duration, completionSpeed: $0.completionSpeed, completionCurve: TimingCurve.named($0.completionCurve) ?? .easeInOut)
        }
        transitionFrames = scene.transitions.map { _ in (bounds, bounds) }
    }

    func count(_ name: String, _ by: Int = 1) {
        if let i = eventCounts.firstIndex(where: { $0.0 == name }) { eventCounts[i].1 += by }
    }

    func note(_ s: String) { if limits.recordTrace { trace.append("\(timeText(time)): \(s)") } }
    /// Units of engine work so far (see `RunLimits.work`).
    var work = 0
    /// Engine sub-steps in one tick (at least 1): 2 at 60 frames per second, 120 at 1.
    var subStepsPerTick: Int { Swift.max(1, Int((dt / subStep).rounded(.up))) }

    // MARK: execution

    /// Refuses, before running anything, a script whose fixed waits and gestures alone exceed the
    /// limits (waitFor steps are bounded by their timeouts as they run).
    func checkBudget() throws {
        var seconds = 0.0
        for step in scene.script {
            switch step {
            case .wait(let ticks, let secs, let loc):
                seconds += ticks.map { Double($0) * dt } ?? secs!
                if let s = secs, s > scene.world.timeout + 1e-9 {
                    throw Abort(diagnostic: Diagnostic("a wait of \(formatNumber(s)) s is longer than the timeout of \(formatNumber(scene.world.timeout)) s; raise `world.timeout`", at: loc))
                }
                if seconds > limits.sceneTime + 1e-9 || seconds / dt > Double(limits.ticks) + 1e-6 {   // sums of 0.01 s carry rounding
                    throw Abort(diagnostic: Diagnostic("the script waits \(formatNumber(seconds)) s in all, more than the limit of \(formatNumber(limits.sceneTime)) s or \(limits.ticks) ticks; raise it with --max-time / --max-ticks", at: loc))
                }
            case .pan(let p):
                seconds += p.keyframes.last!.t - p.keyframes.first!.t
                if seconds > limits.sceneTime {
                    throw Abort(diagnostic: Diagnostic("the script lasts more than the limit of \(formatNumber(limits.sceneTime)) s", at: p.location))
                }
            default:
                break
            }
        }
    }

    func execute() -> CaseResult {
        do {
            try checkBudget()
            for (i, b) in scene.behaviors.enumerated() where b.active { try addBehavior(i) }
            for step in scene.script { try runStep(step) }
            if let e = scene.expect { failures += judge(e, snapshot(), scope: scene.scope) }
            return result(failures.isEmpty ? .passed : .failed)
        } catch let a as Abort {
            return result(.invalid, diagnostics: [a.diagnostic])
        } catch {
            return result(.invalid, diagnostics: [Diagnostic("\(error)", at: scene.location)])
        }
    }

    func runStep(_ step: Step) throws {
        switch step {
        case .pan(let p):
            let g = scene.gestures.firstIndex { $0.name == p.gesture }!
            try perform(ActivePan(gesture: g, path: TouchPath(keyframes: p.keyframes, curve: TimingCurve.named(p.curve) ?? .linear), start: time, hold: p.hold))
        case .flick(let gname, let from, let velocity, let distance, _):
            let g = scene.gestures.firstIndex { $0.name == gname }!
            try perform(ActivePan(gesture: g, path: .flick(from: from, velocity: velocity, distance: distance), start: time, hold: false))
        case .wait(let ticks, let seconds, let loc):
            let want = ticks.map(Double.init) ?? (seconds! * scene.world.frameRate).rounded(.toNearestOrAwayFromZero)
            guard want <= Double(limits.ticks) else {   // also keeps the conversion to Int in range
                throw Abort(diagnostic: Diagnostic("this wait of \(formatNumber(want)) ticks is more than the \(limits.ticks) a case may run; raise the limit with --max-ticks", at: loc))
            }
            let n = Int(want)
            for _ in 0..<n { try tick(at: loc) }
        case .waitForRest(let timeout, let loc):
            let limit = time + (timeout ?? scene.world.timeout)
            while animator.isRunning || transitionsAnimating {
                if time >= limit - 1e-9 {
                    failures.append(Failure(location: loc, message: "timed out after \(formatNumber(timeout ?? scene.world.timeout)) s waiting for rest at \(timeText(time)); \(stillMoving())"))
                    return
                }
                try tick(at: loc)
            }
        case .waitFor(let e, let timeout, let loc):
            let limit = time + (timeout ?? scene.world.timeout)
            while try evalBool(e) == false {
                if time >= limit - 1e-9 {
                    failures.append(Failure(location: loc, message: "timed out after \(formatNumber(timeout ?? scene.world.timeout)) s waiting for `\(e.text)` at \(timeText(time)); \(stillMoving())"))
                    return
                }
                try tick(at: loc)
            }
        case .expect(let e):
            failures += judge(e, snapshot(), scope: scene.scope)
        case .action(let a):
            actionBudget = 0
            try runAction(a, scope: scene.scope)
            try flushTransitionEnded()
        }
    }

    var transitionsAnimating: Bool { transitions.contains { $0.state == .finishing || $0.state == .cancelling } }

    func stillMoving() -> String {
        let moving = animator.movingItems.map { id -> String in
            "\(scene.views[id].name) at \(formatFixed(animator.linearVelocity(of: id).length, decimals: 1)) pt/s"
        }
        let active = scene.behaviors.indices.filter { installed[$0] != nil }.map { scene.behaviors[$0].name }
        let what = moving.isEmpty ? (transitionsAnimating ? "a transition is still animating" : "nothing is moving") : "still moving: " + moving.joined(separator: ", ")
        return what + "; active behaviours: " + (active.isEmpty ? "none" : active.joined(separator: ", "))
    }

    func perform(_ p: ActivePan) throws {
        pan = p
        currentGesture = p.gesture
        let start = p.path.position(at: 0)
        recognizers[p.gesture].touchDown(start, at: time)
        let loc = scene.gestures[p.gesture].location
        while pan != nil { try tick(at: loc) }
    }

    /// Touch events of the running gesture script for this frame.
    func touches() throws {
        guard var p = pan else { return }
        let g = p.gesture
        let t = time - p.start
        let pos = p.path.position(at: t)
        var changes: [GestureState] = []
        if let c = recognizers[g].touchMoved(pos, at: time) { changes.append(c) }
        if t >= p.path.duration - 1e-9 {
            p.done = true
            if !p.hold, let c = recognizers[g].touchUp(at: time) { changes.append(c) }
        }
        pan = p.done ? nil : p
        for c in changes {
            let name = scene.gestures[g].name
            note("\(name).\(c.rawValue) at [\(formatNumber(pos.x)), \(formatNumber(pos.y))]")
            try fire("\(name).\(c.rawValue)")
        }
    }

    // MARK: the tick

    /// One frame, in this order: touch events and gesture rules; transition animations; the
    /// animator's sub-steps with contact rules (began, then ended); `step` rules while the
    /// animator runs; queued behaviour changes and the pause decision (`rest` / `resume` rules);
    /// transition `ended` rules.
    func tick(at loc: SourceLocation) throws {
        if tickCount >= limits.ticks || time >= limits.sceneTime {
            throw Abort(diagnostic: Diagnostic("the scene ran more than \(limits.ticks) ticks or \(formatNumber(limits.sceneTime)) s of simulated time; raise the limit with --max-ticks / --max-time", at: loc))
        }
        tickCount += 1
        time = Double(tickCount) * dt
        actionBudget = 0
        try touches()
        for i in transitions.indices {
            if transitions[i].advance(to: time) { pendingTransitionEnded.append(i) }
            applyTransitionAnimations(i)
        }
        let wasRunning = animator.isRunning
        let events = animator.beginTick(dt)
        work += (animator.world.bodyCount + animator.world.contactCount + animator.world.jointCount) * subStepsPerTick
        if work > limits.work {
            throw Abort(diagnostic: Diagnostic("the case needed more than \(limits.work) units of engine work (bodies, contacts and joints summed over sub-steps) by tick \(tickCount) (\(timeText(time))); raise the limit with --max-work", at: loc))
        }
        syncFromAnimator()
        for (i, v) in views.enumerated() where animator.isDynamic(i) {
            if !v.frame.origin.isFinite || !v.rotation.isFinite {
                throw Abort(diagnostic: Diagnostic("the simulation produced a non-finite position for `\(v.spec.name)` at tick \(tickCount) (\(timeText(time)))", at: v.spec.location))
            }
        }
        for e in events {
            let itemName = scene.views[e.itemA].name
            let other = e.itemB.map { scene.views[$0].name } ?? ""
            currentContact = ContactSnapshot(point: e.point, boundary: e.boundary ?? "", item: itemName, otherItem: other)
            count(e.began ? "contact" : "contactEnded")
            note("\(e.began ? "contact" : "contactEnded") \(itemName)\(other.isEmpty ? "" : "–" + other) at [\(formatFixed(e.point.x, decimals: 2)), \(formatFixed(e.point.y, decimals: 2))]\(e.boundary.map { " boundary \($0)" } ?? "")")
            try fire(e.began ? "contact" : "contactEnded")
            currentContact = nil
        }
        if wasRunning { try fire("step") }
        let change = animator.endTick()
        syncFromAnimator()
        if change == .paused {
            lastPause = time
            note("animator at rest")
            try fire("rest")
        } else if change == .resumed {
            note("animator resumed")
            try fire("resume")
        }
        try flushTransitionEnded()
        if limits.recordTicks {
            var row = [time, animator.elapsedTime, animator.isRunning ? 1 : 0]
            for (i, v) in views.enumerated() {
                let (frame, alpha) = presentation(i)
                let vel = animator.linearVelocity(of: i)
                row += [frame.center.x, frame.center.y, v.rotation, alpha, vel.x, vel.y, v.removed ? 1 : 0]
            }
            tickRows.append(row)
        }
        animations.removeAll { $0.finished(at: time) }
    }

    var tickColumns: [String] {
        ["time", "elapsed", "running"] + scene.views.flatMap { v in
            ["centerX", "centerY", "rotation", "alpha", "velocityX", "velocityY", "removed"].map { "\(v.name).\($0)" }
        }
    }

    func result(_ status: CaseStatus, diagnostics: [Diagnostic] = []) -> CaseResult {
        var r = CaseResult(file: scene.file, name: scene.name, status: status, failures: failures, diagnostics: diagnostics,
                           time: time, ticks: tickCount, source: scene.source, trace: trace)
        r.tickColumns = limits.recordTicks ? tickColumns : []
        r.work = work
        r.ticksTrace = tickRows
        return r
    }

    func flushTransitionEnded() throws {
        while !pendingTransitionEnded.isEmpty {
            let i = pendingTransitionEnded.removeFirst()
            note("\(scene.transitions[i].name) \(transitions[i].state.rawValue)")
            restoreTransitionViews(i)
            try fire("\(scene.transitions[i].name).ended")
        }
    }

    func syncFromAnimator() {
        for i in views.indices where animator.isDynamic(i) {
            views[i].frame = Rect(center: animator.center(of: i), size: views[i].frame.size)
            views[i].rotation = animator.rotation(of: i)
        }
    }

    func fire(_ event: String) throws {
        for r in scene.rules where r.event == event {
            let s = event == "contact" || event == "contactEnded" ? scene.scope.adding("contact", .object([
                ("point", .value(.point)), ("boundary", .value(.string)), ("item", .value(.string)), ("otherItem", .value(.string))])) : scene.scope
            for a in r.actions { try runAction(a, scope: s) }
        }
    }
}
