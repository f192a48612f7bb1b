import Results
import SceneModel
@_spi(Testing) import UIDynamics

// Checkpoints, snapshots and resumption: `scenerun mutate` shares the original's run up to the
// first point where a mutant's edit can matter.
//
// A run passes numbered checkpoints: checkpoint k >= 1 before each script step starts and at the
// top of each pass of a step's tick loop (a touch step, `wait`, `waitForRest`, `waitFor`: before
// each of its ticks and before it ends); 0 is the set-up, before the first. At a checkpoint the
// run is between ticks and between actions: all its state is in the run's objects (the step in
// progress and its loop's bounds included), none on the stack, so a deep copy of the run
// (`Run.init(copying:scene:limits:)`) is the run paused there, and continuing the copy is
// continuing the run.

/// The checkpoints at which a run keeps a deep copy of itself (`RunLimits.snapshots`), and the
/// copies it kept. One run writes it; once the run has ended, any number of threads may read it
/// and resume from its snapshots at once.
public final class SnapshotStore: @unchecked Sendable {
    /// The checkpoints wanted.
    public let wanted: Set<Int>
    /// The snapshots kept, by checkpoint (a wanted checkpoint the run never reached has none).
    private var snapshots: [Int: RunSnapshot] = [:]

    public init(at wanted: Set<Int>) { self.wanted = wanted }

    /// The snapshot kept at `checkpoint`, if the run reached it and it was wanted.
    public func snapshot(at checkpoint: Int) -> RunSnapshot? { snapshots[checkpoint] }

    func keep(_ s: RunSnapshot) { snapshots[s.checkpoint] = s }
}

/// A deep copy of a run paused at a checkpoint (`SnapshotStore`). Immutable: resuming copies it
/// again (`CaseRunner.resume`) and never changes it, so several threads may resume from it at once.
public final class RunSnapshot: @unchecked Sendable {
    /// The paused run, with the original's scene, under limits that keep nothing shared (no
    /// snapshots, comparisons, state log or read watch: those belong to the original's run).
    let run: Run
    /// The checkpoint it was taken at.
    public let checkpoint: Int
    /// The ticks run before it.
    public let ticks: Int

    init(of run: Run) {
        var limits = run.limits
        limits.snapshots = nil
        limits.comparisons = nil
        limits.states = nil
        limits.reads = nil
        self.run = Run(copying: run, scene: run.scene, limits: limits)
        checkpoint = run.checkpoint
        ticks = run.clock.tickCount
    }
}

extension CaseRunner {
    /// Continues the run of `s` with `scene` (the snapshot's scene, or a mutant's: the same file
    /// with one edit) under `limits`, and returns what a whole run of `scene` under `limits`
    /// returns when nothing the edit changes was read before the snapshot's checkpoint. From the
    /// checkpoint on, everything read from the scene is read from `scene`; what the set-up built
    /// from the scene and nothing used yet (a transition never started, a property animator never
    /// made active, the views' specs) is rebuilt from it. What set-up alone reads (the world's
    /// settings, the vars' initial values, the recognisers, scroll views and the views) is not:
    /// an edit there changes the run from checkpoint 0. `limits.states`, when set, must hold the
    /// original's rows up to the checkpoint (`StateLog.prefix`): the run goes on adding to it.
    /// The record flags of `limits` may keep less than the snapshot's run kept, never more.
    public static func resume(_ s: RunSnapshot, scene: Scene, limits: RunLimits) -> CaseResult {
        let run = Run(copying: s.run, scene: scene, limits: limits)
        // (nil only for a run that hops, which `limits` cannot ask.)
        return run.proceed(setUp: false) ?? run.result(.invalid)
    }

    /// Tests only: runs `scene` going on, at every checkpoint, in a deep copy of the run made
    /// there (the run so far dropped), as if resumed from a snapshot taken at each: the result
    /// and the number of copies. The same result as `run`'s, or a copy misses something.
    @_spi(Testing) public static func hopping(
        _ scene: Scene, limits: RunLimits = RunLimits()
    ) -> (CaseResult, hops: Int) {
        var run = Run(scene: scene, limits: limits)
        run.hopAt = 1
        var hops = 0
        var first = true
        while true {
            if let r = run.proceed(setUp: first) { return (r, hops) }
            guard let next = run.hopped else { preconditionFailure("a run stopped without a copy to go on in") }
            run = next
            run.hopAt = run.checkpoint + 1
            hops += 1
            first = false
        }
    }
}

extension Run {
    /// Passes the next checkpoint: numbers it (and tells the comparison log), keeps a snapshot
    /// when the store wants one, and hops to a copy when a test asks (`CaseRunner.hopping`). A
    /// copy's first call is the checkpoint it was copied at, passed already.
    func pause() throws(RunError) {
        if reentering {
            reentering = false
            return
        }
        checkpoint += 1
        limits.comparisons?.checkpoint = checkpoint
        if let store = limits.snapshots, store.wanted.contains(checkpoint) { store.keep(RunSnapshot(of: self)) }
        if hopAt == checkpoint {
            hopped = Run(copying: self, scene: scene, limits: limits)
            throw .hopping
        }
    }
}

extension CaseRunner {
    /// One class or struct a run's deep copy copies: its stored properties (`Mirror`) and the
    /// number its copy knows (`copiedFieldCount`), and where the copy is.
    @_spi(Testing) public struct CopyGuard: Sendable {
        public var type: String
        public var stored: Int
        public var copied: Int
        public var copy: String
    }

    /// Tests only: every class and struct of a run of `scene` that `Run.init(copying:scene:limits:)`
    /// copies field by field, with its count of stored properties and the count its copy knows.
    @_spi(Testing) public static func copyGuards(_ scene: Scene) -> [CopyGuard] {
        let run = Run(scene: scene, limits: RunLimits())
        let animator = run.world.animator
        func g(_ x: Any, _ copied: Int, _ copy: String) -> CopyGuard {
            CopyGuard(
                type: String(describing: type(of: x)), stored: Mirror(reflecting: x).children.count, copied: copied,
                copy: copy)
        }
        return [
            g(run, Run.copiedFieldCount, "Run.init(copying:scene:limits:) (Runner.swift)"),
            g(run.clock, RunClock.copiedFieldCount, "RunClock.init(copying:limits:timeout:)"),
            g(run.world, RunWorld.copiedFieldCount, "RunWorld.init(copying:scene:)"),
            g(run.input, RunInput.copiedFieldCount, "RunInput.init(copying:)"),
            g(run.transitioning, RunTransitions.copiedFieldCount, "RunTransitions.init(copying:scene:)"),
            g(run.animating, RunAnimations.copiedFieldCount, "RunAnimations.init(copying:scene:)"),
            g(run.behaving, RunBehaviors.copiedFieldCount, "RunBehaviors.init(copying:)"),
            g(run.recording, RunRecording.copiedFieldCount, "RunRecording.init(copying:limits:)"),
            g(animator, DynamicAnimator.copiedFieldCount, "DynamicAnimator.init(copying:) (UIDynamics)"),
            g(
                animator.listenerForTesting, DynamicAnimator.listenerCopiedFieldCount,
                "Listener.copy() (AnimatorTick.swift)"),
            g(
                animator.worldForTesting, DynamicAnimator.worldCopiedFieldCount,
                "World.copy() (Dynamics/Core/WorldCopy.swift)"),
        ]
    }
}
