import Diagnostics
import Expectations
import Expressions
import Geometry
import Interaction
import Results
import SceneModel
import SceneVocabulary
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
    /// overlapping pile for 5 s, which needs 2 258 912 (see docs/cli.md, `--max-work`).
    public var work = RunLimits.defaultWork
    public static let defaultWork = 3_000_000
    /// Keep every tick's row for `--trace`; off, memory does not grow with ticks.
    public var recordTicks = true
    /// Keep the notable events for `--verbose`; off, memory does not grow with events.
    public var recordTrace = true
    /// Whether to keep everything the replay page shows (`--replay`): every view, the touch,
    /// contacts, haptics, behaviours, transitions and checkpoints at every tick.
    public var recordReplay = false
    /// Where rule comparisons with a constant record the values they saw (`scenerun mutate`'s
    /// boundary operator) and the rules that ran (its coverage); nil records nothing.
    public var comparisons: ComparisonLog?
    /// Whether the case stops at the script step where its first expectation fails (`scenerun
    /// mutate` needs to know that a case fails, not every way it fails).
    public var stopAtFirstFailure = false
    /// Where the state at the end of every tick is logged (`scenerun mutate`'s first difference);
    /// nil logs nothing.
    public var states: StateLog?
    public init() {}
}

/// Runs scene cases on a virtual clock.
public enum CaseRunner {
    /// Runs one case and judges it.
    public static func run(_ scene: Scene, limits: RunLimits = RunLimits()) -> CaseResult {
        let run = Run(scene: scene, limits: limits)
        return run.execute()
    }
}

/// One execution of a scene case.
final class Run {
    let scene: Scene
    let limits: RunLimits
    /// The dynamic animator; `resetAnimator` replaces it with a new one.
    var animator: DynamicAnimator
    /// The seconds of one tick.
    var dt: Double { clock.tickDuration }

    struct ViewRT {
        var spec: ViewSpec
        var frame: Rect
        var rotation: Double
        var alpha: Double
        var removed = false
        /// The scale of the view's transform (a transition's `scale` animation); the bounds keep
        /// their size, as in UIKit.
        var scale = 1.0
        /// UIKit's `frame`: the bounding box of the view's bounds scaled and turned by its
        /// transform (`frame` here holds the untransformed bounds around the centre).
        var uikitFrame: Rect {
            ViewState.uikitFrame(center: frame.center, size: frame.size, rotation: rotation, scale: scale)
        }
    }
    var views: [ViewRT]
    /// The view each gesture is attached to (nil: the reference view).
    var gestureView: [Int?] { scene.gestures.map { $0.view?.index } }
    /// Values of `vars`, by declaration index.
    var vars: [Value] = []
    /// The virtual clock, its timers and budgets (Concerns/RunClock.swift).
    var clock: RunClock
    /// Touches, recognisers and scroll views (Touches.swift, Gestures/, Scroll.swift).
    let input: RunInput
    /// Interactive transitions (Concerns/RunTransitions.swift).
    let transitioning: RunTransitions
    /// View animations and property animators (Concerns/RunAnimations.swift, Presentation.swift,
    /// PropertyAnimators.swift).
    let animating: RunAnimations
    /// The scene's behaviours in the animator, and their contacts (Behaviors/, Actions.swift).
    let behaving: RunBehaviors
    /// Events, failures, observations, the trace and the replay (Concerns/RunRecording.swift).
    var recording: RunRecording

    /// A dynamic animator with every view registered where it is now (as a behaviour first
    /// names it, it becomes a body there).
    static func makeAnimator(_ scene: Scene, _ views: [ViewRT]) -> DynamicAnimator {
        let animator = DynamicAnimator(
            referenceBounds: Rect(origin: .zero, size: scene.world.size), restSpeed: scene.world.restSpeed,
            restAngularSpeed: scene.world.restAngularSpeed, restFor: scene.world.restFor)
        registerViews(scene, views, in: animator)
        return animator
    }

    init(scene: Scene, limits: RunLimits) {
        self.scene = scene
        self.limits = limits
        clock = RunClock(frameRate: scene.world.frameRate)
        recording = RunRecording(keepsTrace: limits.recordTrace)
        views = scene.views.map {
            ViewRT(spec: $0, frame: $0.frame, rotation: $0.rotation, alpha: $0.alpha, scale: $0.scale)
        }
        animator = Run.makeAnimator(scene, views)
        let bounds = Rect(origin: .zero, size: scene.world.size)
        input = RunInput(arena: RunInput.arena(scene, bounds: bounds), scrolls: RunInput.scrollViews(scene))
        transitioning = RunTransitions(
            scene.transitions.map {
                TransitionController(
                    duration: $0.duration, completionSpeed: $0.completionSpeed,
                    completionCurve: $0.completionCurve.curve)
            }, bounds: bounds)
        animating = RunAnimations(
            scene.animators.map {
                // The timing is evaluated when the animator becomes active (`activate`).
                PropertyAnimator(
                    duration: $0.duration, timing: .cubic(.linear), scrubsLinearly: $0.scrubsLinearly,
                    pausesOnCompletion: $0.pausesOnCompletion)
            })
        behaving = RunBehaviors(behaviors: scene.behaviors.count, groupsOf: RunBehaviors.groupsOf(scene))
    }

    func note(_ s: String) { recording.note(s, at: clock.time) }
    /// Engine sub-steps in one tick (at least 1): 2 at 60 frames per second, 120 at 1.
    var subStepsPerTick: Int { Swift.max(1, Int((dt / subStep).rounded(.up))) }

    // MARK: execution

    func execute() -> CaseResult {
        do throws(RunError) {
            try checkBudget()
            for v in scene.vars { vars.append(try eval(v.initial)) }
            try transitioning.applyInitial(in: self)
            for (i, b) in scene.behaviors.enumerated() where b.active { try behaving.add(i, in: self) }
            _ = behaving.hear(running: animator.isRunning)
            startRecording()  // replay
            limits.states?.start(stateColumns)
            for step in scene.script {
                try runStep(step)
                if limits.stopAtFirstFailure && !recording.failures.isEmpty { return result(.failed) }
            }
            if let e = scene.expect {
                let before = recording.failures.count  // replay
                recording.fail(try judged(e))
                recordCheckpoint(e, failuresBefore: before)  // replay
            }
            return result(recording.failures.isEmpty ? .passed : .failed)
        } catch {
            return result(.invalid, diagnostics: [error.diagnostic])
        }
    }

    // MARK: the tick

    /// One frame, in this order: touch events and gesture rules; `after` timers that are due;
    /// transition animations; the animator's sub-steps with contact rules (began, then ended);
    /// each behaviour's `action` and the `step` rules while the animator runs; queued behaviour
    /// changes and the pause decision (`rest` / `resume` rules); transition `ended` rules; the
    /// `then` blocks of the animations that ended on this tick.
    func tick(at loc: SourceLocation) throws(RunError) {
        if clock.reached(ticks: limits.ticks, seconds: limits.sceneTime) {
            throw limitError(
                "the scene ran more than \(limits.ticks) ticks or \(formatNumber(limits.sceneTime)) s of "
                    + "simulated time; raise the limit with --max-ticks / --max-time",
                at: loc)
        }
        clock.advance()
        try input.touches(in: self)
        try input.advanceScrolls(in: self)
        try runDueTimers()
        transitioning.advance(in: self)
        animating.advance(in: self)
        transitioning.followDrivers(in: self)
        let wasRunning = animator.isRunning
        let events = animator.beginTick(dt)
        if !clock.spendWork(animator.workPerSubStep * subStepsPerTick, limit: limits.work) {
            throw runtimeError(
                Diagnostic(
                    "the case needed more than \(limits.work) units of engine work (bodies, contacts and joints "
                        + "summed over sub-steps)",
                    at: loc),
                tail: "; raise the limit with --max-work", stamp: .inSentence("by"))
        }
        syncFromAnimator()
        for (i, v) in views.enumerated() where animator.isDynamic(i) {
            if !v.frame.origin.isFinite || !v.rotation.isFinite {
                throw runtimeError(
                    Diagnostic(
                        "the simulation produced a non-finite position for `\(v.spec.name)`", at: v.spec.location),
                    stamp: .inSentence("at"))
            }
        }
        for e in events {
            let itemName = scene.views[e.itemA].name
            let other = e.itemB.map { scene.views[$0].name } ?? ""
            behaving.setCurrentContact(
                ContactSnapshot(point: e.point, boundary: e.boundary ?? "", item: itemName, otherItem: other))
            recording.count(e.began ? .contact : .contactEnded)
            behaving.countContact(e)
            note(
                "\(e.began ? "contact" : "contactEnded") \(itemName)\(other.isEmpty ? "" : "–" + other) at "
                    + "[\(formatFixed(e.point.x, decimals: 2)), "
                    + "\(formatFixed(e.point.y, decimals: 2))]\(e.boundary.map { " boundary \($0)" } ?? "")"
            )
            try fire(.plain(e.began ? .contact : .contactEnded))
            for v in behaving.contactViews(e) { try fire(.view(ViewID(v), e.began ? .contact : .contactEnded)) }
            behaving.setCurrentContact(nil)
        }
        if wasRunning {
            try behaving.runActions(in: self)
            try fire(.plain(.step))
        }
        placeRestingGroups()  // the behaviours queued in the tick are installed where their groups' items are
        animator.endTick()
        syncFromAnimator()
        if behaving.hear(running: animator.isRunning) {
            if animator.isRunning {
                note("animator resumed")
                try fire(.plain(.resume))
            } else {
                clock.noteRest()
                note("animator at rest")
                try fire(.plain(.rest))
            }
        }
        try transitioning.flushEnded(in: self)
        try animating.runEndedCompletions(in: self)
        try animating.runAnimatorCompletions(in: self)
        try transitioning.flushEnded(in: self)  // transitions a completion block ended
        if limits.recordTicks {
            var row = [clock.time, animator.elapsedTime, animator.isRunning ? 1 : 0]
            for (i, v) in views.enumerated() {
                let shown = animating.presentation(i, in: self)
                let vel = animator.linearVelocity(of: i)
                let c = shown.frame.center
                row += [c.x, c.y, shown.rotation, shown.alpha, shown.scale, vel.x, vel.y, v.removed ? 1 : 0]
            }
            for (_, s) in input.scrolls.sorted(by: { $0.key < $1.key }) {
                row += [s.contentOffset.x, s.contentOffset.y]
            }
            recording.addTickRow(row)
        }
        if let log = limits.states { log.add(clock.time, stateRow(log)) }  // mutate's first difference
        if recording.replay != nil { recordFrame(events) }  // replay
        animating.removeFinished(at: clock.time)
    }

    var contactScope: Scope {
        scene.scope.adding("contact", .object(ContactMember.allCases.map { ($0.rawValue, .value($0.type)) }))
    }

    var tickColumns: [String] {
        ["time", "elapsed", "running"]
            + scene.views.flatMap { v in
                ["centerX", "centerY", "rotation", "alpha", "scale", "velocityX", "velocityY", "removed"].map {
                    "\(v.name).\($0)"
                }
            }
            // A scroll view's content offset, after every view's columns.
            + scene.views.filter { $0.scroll != nil }.flatMap { v in
                ["contentOffsetX", "contentOffsetY"].map { "\(v.name).\($0)" }
            }
    }

    func result(_ status: CaseStatus, diagnostics: [Diagnostic] = []) -> CaseResult {
        var status = status
        var diagnostics = diagnostics
        // A swept case's outcome is evaluated at its end; a run-time error there (`log(0)`)
        // makes the case invalid, as anywhere else, instead of an outcome named "error".
        var outcome: String?
        if !scene.sweep.isEmpty, let e = scene.outcome {
            if status == .invalid {
                outcome = "invalid"
            } else {
                do throws(RunError) { outcome = try eval(e).outcomeText } catch {
                    outcome = "invalid"
                    status = .invalid
                    diagnostics.append(error.diagnostic)
                }
            }
        }
        var r = CaseResult(
            file: scene.file, name: scene.name, status: status, failures: recording.failures, diagnostics: diagnostics,
            time: clock.time, ticks: clock.tickCount, source: scene.source, trace: recording.trace)
        r.includedSources = scene.includedSources
        r.tickColumns = limits.recordTicks ? tickColumns : []
        r.expectations = limits.recordTrace ? scene.expectationList : []
        r.observations = recording.observations
        r.work = clock.work
        r.ticksTrace = recording.tickRows
        if !scene.sweep.isEmpty {
            // expand() appended " [...]"
            let base = scene.name.firstIndex(of: "[").map { String(scene.name[..<$0].dropLast()) } ?? scene.name
            r.sweep = SweepInfo(
                scene: base, outcomeText: scene.outcome?.text,
                parameters: zip(scene.sweep, scene.parameters).map {
                    .init(name: $0.name, value: $1, values: $0.values)
                },
                outcome: outcome)
        }
        r.recording = finishRecording()  // replay
        return r
    }

    func syncFromAnimator() {
        for i in views.indices where animator.isDynamic(i) {
            views[i].frame = Rect(center: animator.center(of: i), size: views[i].frame.size)
            views[i].rotation = animator.rotation(of: i)
        }
        placeRestingGroups()
    }

    /// Property animator `k` ended at `position`: the transitions it drives hear of it.
    func driverEnded(_ k: Int, _ position: AnimatorPosition) { transitioning.driverEnded(k, position, in: self) }

    func fire(_ event: Event) throws(RunError) {
        if scene.countsObjectEvents { recording.fired(event) }
        guard let rules = scene.rulesByEvent[event] else { return }
        var s = event.isContact ? contactScope : scene.scope
        if case .scroll(_, .willEndDragging) = event { s = s.inWillEndDragging }
        for r in rules {
            limits.comparisons?.reach(scene.rules[r].location)  // mutate's coverage
            for a in scene.rules[r].actions { try runAction(a, scope: s) }
        }
    }
}

extension Value {
    /// A value as an outcome map shows it: strings without their quotes.
    var outcomeText: String { string ?? description }
}
