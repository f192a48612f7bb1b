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
    /// Whether every name an expression reads is read both part by part (how runs read) and from
    /// a whole snapshot, a difference making the case invalid (Observed.swift; tests only: it
    /// takes a snapshot per evaluation).
    public var checksReads = false
    /// Where the evaluations of watched conditions and `set` values also evaluate mutants'
    /// rewrites of them (`scenerun mutate`'s proofs that a mutant cannot change a case); nil
    /// watches nothing.
    public var reads: ReadWatch?
    /// Where a copy of the run is kept at each of the store's checkpoints (`SnapshotStore`,
    /// RunSnapshot.swift: `scenerun mutate` resumes a mutant's case from one); nil keeps none.
    public var snapshots: SnapshotStore?
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
    /// The seconds of one tick.
    var dt: Double { clock.tickDuration }
    /// The time of the tick (every concern reads it, as UIKit's code reads the media time).
    var now: Double { clock.time }

    // The run's and its concerns' state is read every tick, so their stored properties are
    // unchecked for exclusive access, as the engine's and the animator's hot state (a run-time
    // check at every read and write, ~80 instructions each). No method holds an access to one of
    // them across a call that reaches the same property: a concern hands out values, and the
    // run's actions run between its accesses, never inside one.
    /// Values of `vars`, by declaration index.
    @exclusivity(unchecked) var vars: [Value] = []
    /// Each name the run's expressions read, resolved at its first read (Observed.swift). It
    /// holds for this run's scene only: a run that goes on with another scene needs a new one.
    let nameReads = NameReads()
    /// The virtual clock, its timers, budgets and limits (Concerns/RunClock.swift).
    @exclusivity(unchecked) var clock: RunClock
    /// The views, the dynamic animator and the groups (Concerns/RunWorld.swift, World.swift).
    let world: RunWorld
    /// Touches, recognisers and scroll views (Touches.swift, Gestures/, Scroll.swift).
    let input: RunInput
    /// Interactive transitions (Concerns/RunTransitions.swift).
    let transitioning: RunTransitions
    /// View animations and property animators (Concerns/RunAnimations.swift, Presentation.swift,
    /// PropertyAnimators.swift).
    let animating: RunAnimations
    /// The scene's behaviours in the animator, and their contacts (Behaviors/).
    let behaving: RunBehaviors
    /// Events, failures, observations, the trace and the replay (Concerns/RunRecording.swift,
    /// Recorder.swift).
    @exclusivity(unchecked) var recording: RunRecording

    /// The last checkpoint passed (`pause`, RunSnapshot.swift): 0 during the set-up.
    @exclusivity(unchecked) var checkpoint = 0
    /// The script step in progress, or the next to start.
    @exclusivity(unchecked) var stepIndex = 0
    /// The tick loop of the step in progress, with what bounds it (nil: none): a copy of the run
    /// re-enters it.
    @exclusivity(unchecked) var loop: TickLoop?
    /// Whether the run is a copy about to re-enter the checkpoint it was copied at: its first
    /// `pause` is that checkpoint's, passed already.
    @exclusivity(unchecked) var reentering = false
    /// Tests only (`CaseRunner.hopping`): the checkpoint at which the run goes on in a copy of
    /// itself, and that copy.
    @exclusivity(unchecked) var hopAt: Int?
    @exclusivity(unchecked) var hopped: Run?

    init(scene: Scene, limits: RunLimits) {
        self.scene = scene
        self.limits = limits
        clock = RunClock(frameRate: scene.world.frameRate, limits: limits, timeout: scene.world.timeout)
        recording = RunRecording(keepsTrace: limits.recordTrace)
        let world = RunWorld(views: scene.views, world: scene.world)
        self.world = world
        let bounds = Rect(origin: .zero, size: scene.world.size)
        input = RunInput(arena: RunInput.arena(scene, bounds: bounds), scrolls: RunInput.scrollViews(scene))
        transitioning = RunTransitions(scene.transitions.map(RunTransitions.controller), bounds: bounds)
        animating = RunAnimations(scene.animators.map(RunAnimations.animator))
        behaving = RunBehaviors(behaviors: scene.behaviors.count, groupsOf: world.groupsOf)
    }

    /// The stored properties `init(copying:scene:limits:)` knows (a test compares it with `Mirror`'s).
    static let copiedFieldCount = 17

    /// A deep copy of `r`, paused at its checkpoint, that goes on with `scene` (the same scene, or
    /// one with an edit nothing before the checkpoint read) under `limits`: every object of the
    /// run copied (the animator with its engine world), every value taken; what set-up built
    /// from the scene and nothing has used yet (a transition never started, a property animator
    /// never made active, the views' specs) taken from `scene`.
    init(copying r: Run, scene: Scene, limits: RunLimits) {
        precondition(r.limits.recordTicks || !limits.recordTicks, "resume: the snapshot's run kept no tick rows")
        self.scene = scene
        self.limits = limits
        // nameReads: a new empty one (its default), never `r`'s: it resolves names for r's scene.
        vars = r.vars
        clock = RunClock(copying: r.clock, limits: limits, timeout: scene.world.timeout)
        world = RunWorld(copying: r.world, scene: scene)
        input = RunInput(copying: r.input)
        transitioning = RunTransitions(copying: r.transitioning, scene: scene)
        animating = RunAnimations(copying: r.animating, scene: scene)
        behaving = RunBehaviors(copying: r.behaving)
        recording = RunRecording(copying: r.recording, limits: limits)
        checkpoint = r.checkpoint
        stepIndex = r.stepIndex
        loop = r.loop
        reentering = true
        hopAt = nil
        hopped = nil
        transitioning.takeLiteralFinalFrames(scene)
    }

    /// A trace note (`--verbose`), its text made only when the trace is kept (not in `mutate`).
    func note(_ s: @autoclosure () -> String) { if recording.keepsTrace { recording.note(s(), at: clock.time) } }
    /// Engine sub-steps in one tick (at least 1): 2 at 60 frames per second, 120 at 1.
    var subStepsPerTick: Int { Swift.max(1, Int((dt / subStep).rounded(.up))) }

    // MARK: execution

    func execute() -> CaseResult {
        // (`proceed` returns nil only when the run hops, which only `CaseRunner.hopping` asks.)
        proceed(setUp: true) ?? result(.invalid)
    }

    /// The set-up (the budget, the vars, the initial transitions and behaviours, the replay's
    /// first frame): checkpoint 0, before any of the script's.
    func setUp() throws(RunError) {
        try clock.checkBudget(scene.script)
        if let log = limits.comparisons { for v in scene.views { log.use("views", v.name) } }  // mutate's coverage
        for v in scene.vars { vars.append(try eval(v.initial)) }
        try transitioning.applyInitial(in: self)
        for (i, b) in scene.behaviors.enumerated() where b.active { try behaving.add(i, in: self) }
        _ = behaving.hear(running: world.animator.isRunning)
        if limits.recordReplay {  // frame 0: the state before the first tick
            recording.startReplay(CaseRecording(scene) { input.enclosingScrollView($0, in: scene) })
            recordFrame([])
        }
        limits.states?.start(stateColumns)
    }

    /// Runs the case to its end and judges it, with its set-up (`setUp`) or from where a copy
    /// was paused (its step, and the tick loop it was in). Nil when the run hopped to a copy of
    /// itself (`hopAt`).
    func proceed(setUp first: Bool) -> CaseResult? {
        do throws(RunError) {
            if first { try setUp() }
            while stepIndex < scene.script.count {
                let step = scene.script[stepIndex]
                if loop == nil {
                    try pause()  // before the step starts
                    recordStep(step)  // replay
                    try runStep(step)
                } else {
                    try continueLoop(of: step)  // a copy paused in the step's tick loop
                }
                stepIndex += 1
                if limits.stopAtFirstFailure && !recording.failures.isEmpty { return result(.failed) }
            }
            if let e = scene.expect {
                recording.addAction(.step, at: e.location, text: "expect", judgesLastFrame: true)  // replay
                try check(e)
            }
            return result(recording.failures.isEmpty ? .passed : .failed)
        } catch {
            if error.hop { return nil }
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
        try clock.nextTick(at: loc)
        try input.touches(in: self)
        try input.advanceScrolls(in: self)
        while let t = clock.takeDueTimer() {  // in the order they were set
            recording.addAction(.timer, at: t.location, text: "after")  // replay
            for a in t.actions { try runAction(a, scope: t.scope) }
        }
        transitioning.advance(in: self)
        animating.advance(in: self)
        transitioning.followDrivers(in: self)
        let wasRunning = world.animator.isRunning
        let events = world.animator.beginTick(dt)
        try clock.spendWork(world.animator.workPerSubStep * subStepsPerTick, at: loc)
        world.syncFromAnimator()
        if let v = world.firstNonFinite {
            throw clock.runtimeError(
                Diagnostic("the simulation produced a non-finite position for `\(v.spec.name)`", at: v.spec.location),
                stamp: .inSentence("at"))
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
        world.placeRestingGroups()  // the behaviours queued in the tick are installed where their groups' items are
        world.animator.endTick()
        world.syncFromAnimator()
        if behaving.hear(running: world.animator.isRunning) {
            if world.animator.isRunning {
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
        try input.flushAppChanges(in: self)  // the app's offsets and zooms: didScroll, didZoom once
        if limits.recordTicks {
            let animator = world.animator
            var row = [clock.time, animator.elapsedTime, animator.isRunning ? 1 : 0]
            row.reserveCapacity(3 + 8 * world.views.count)
            for i in world.views.indices {  // appended one by one: no array literal per view
                let shown = animating.presentation(i, in: self)
                let vel = animator.linearVelocity(of: i)
                let c = shown.frame.center
                row.append(c.x); row.append(c.y); row.append(shown.rotation); row.append(shown.alpha)
                row.append(shown.scale); row.append(vel.x); row.append(vel.y)
                row.append(world.views[i].removed ? 1 : 0)
            }
            for (_, s) in input.scrolls.sorted(by: { $0.key < $1.key }) {
                row += [s.contentOffset.x, s.contentOffset.y]
                if s.zoom != nil { row.append(s.zoomScale) }
            }
            recording.addTickRow(row)
        }
        if let log = limits.states { log.add(clock.time, stateRow(log)) }  // mutate's first difference
        recordFrame(events)  // replay
        animating.removeFinished(at: clock.time)
    }

    /// The replay's frame at the end of a tick, with the contacts of its sub-steps: each concern
    /// gives its part (Recorder.swift).
    func recordFrame(_ events: [ContactEvent]) {
        guard let f = recording.replayFrames else { return }
        var frame = CaseRecording.Frame(
            time: clock.time, running: world.animator.isRunning,
            views: world.replayViews(shown: { animating.presentation($0, in: self) }, on: shownTree()),
            touch: input.replayTouch(wasDown: recording.lastFrameTouchDown),
            behaviors: behaving.installed.keys.sorted(), transitions: transitioning.replayStates,
            guides: behaving.guides(in: self), fingers: input.fingersOnScreen,
            scrollWindows: input.replayScrollWindows(at: clock.time))
        frame.animators = animating.propertyAnimators.map { a in
            .init(fractionComplete: a.fractionComplete(at: clock.time), state: a.state.rawValue, isRunning: a.isRunning)
        }
        recording.addFrame(frame, contacts: CaseRecording.contacts(events, frame: f, views: scene.views))
    }

    /// Whether anything still moves by itself: the animator's items or a transition's animation.
    var isMoving: Bool { world.animator.isRunning || transitioning.isAnimating }

    /// Ticks until `done`, at most `timeout` seconds (an expression; nil: the world's timeout);
    /// past it the step fails, saying what it waited `for` and what still moves.
    func wait(
        until done: () throws(RunError) -> Bool, for what: String, timeout: Expr?, at loc: SourceLocation
    )
        throws(RunError)
    {
        let timeout = try timeout.map { e throws(RunError) in try stepNumber(e, "`timeout`", positive: true) }
        let seconds = timeout ?? scene.world.timeout
        loop = .until(limit: clock.time + seconds, seconds: seconds)
        try untilLoop(done, for: what, at: loc)
    }

    /// The ticks of a wait until `done`, failing at the loop's time limit.
    func untilLoop(_ done: () throws(RunError) -> Bool, for what: String, at loc: SourceLocation) throws(RunError) {
        guard case .until(let limit, let seconds) = loop else { return }
        defer { loop = nil }
        while true {
            try pause()
            if try done() { return }
            if clock.time >= limit - 1e-9 {
                let active = scene.behaviors.indices.filter { behaving.installed[$0] != nil }.map {
                    scene.behaviors[$0].name
                }
                let moving = world.movingItems
                let message =
                    "timed out after \(formatNumber(seconds)) s waiting for \(what) at \(timeText(clock.time)); "
                    + (moving.isEmpty
                        ? (transitioning.isAnimating ? "a transition is still animating" : "nothing is moving")
                        : "still moving: " + moving.joined(separator: ", "))
                    + "; active behaviours: " + (active.isEmpty ? "none" : active.joined(separator: ", "))
                recording.fail(Failure(location: loc, message: message))
                return
            }
            try tick(at: loc)
        }
    }

    /// An `expect`: judged now, its failures kept; a run-time error in one of its expressions
    /// makes the case invalid, located at the expression, with the tick and the time.
    func check(_ e: Expectation) throws(RunError) {
        if let error = recording.check(e, snapshot(), in: scene) {
            throw runtimeError(error.message, at: error.location)
        }
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
            // A scroll view's content offset (and zoom scale, when it zooms), after every view's columns.
            + scene.views.filter { $0.scroll != nil }.flatMap { v in
                (["contentOffsetX", "contentOffsetY"] + (v.scroll?.zoom != nil ? ["zoomScale"] : [])).map {
                    "\(v.name).\($0)"
                }
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
        r.recording = recording.finishReplay(of: scene)  // replay
        return r
    }

    func fire(_ event: Event) throws(RunError) {
        if scene.countsObjectEvents { recording.fired(event) }
        guard let rules = scene.rulesByEvent[event] else { return }
        var s = event.isContact ? contactScope : scene.scope
        if case .scroll(_, .willEndDragging) = event { s = s.inWillEndDragging }
        for r in rules {
            let rule = scene.rules[r]
            limits.comparisons?.reach(rule.location)  // mutate's coverage
            recording.addAction(.rule, at: rule.location, text: rule.eventName)  // replay
            // A `[*]` rule's copy names the copy it runs for: `rule drag[2].ended (drag[*])`.
            if let t = rule.template, recording.keepsTrace {
                note("rule \(rule.eventName) (\(t.prefix { $0 != "[" })[*])")
            }
            for a in rule.actions { try runAction(a, scope: s) }
        }
    }
}

extension Value {
    /// A value as an outcome map shows it: strings without their quotes.
    var outcomeText: String { string ?? description }
}
