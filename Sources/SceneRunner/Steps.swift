import Diagnostics
import Expectations
import Expressions
import Geometry
import Interaction
import Results
import SceneModel
import SceneVocabulary
import UIDynamics

/// The script's steps: their numbers evaluated when they start, waits bounded by the limits,
/// gestures performed frame by frame.
extension Run {
    /// Refuses, before running anything, a script whose literal waits and gestures alone exceed
    /// the limits (waits written as expressions are checked when they start, waitFor steps are
    /// bounded by their timeouts as they run).
    func checkBudget() throws(RunError) {
        var seconds = 0.0
        for step in scene.script {
            switch step {
            case .wait(let frames, let secs, let loc):
                guard let s = secs?.literalNumber ?? frames?.literalNumber.map({ $0 * dt }) else { continue }
                if secs != nil { try checkTimeout(s, at: loc) }
                seconds += s
                // sums of 0.01 s carry rounding
                if seconds > limits.sceneTime + 1e-9 || seconds / dt > Double(limits.ticks) + 1e-6 {
                    throw limitError(
                        "the script waits \(formatNumber(seconds)) s in all, more than the limit of "
                            + "\(formatNumber(limits.sceneTime)) s or \(limits.ticks) ticks; raise it with "
                            + "--max-time / --max-ticks",
                        at: loc)
                }
            case .pan(let p):
                guard let last = p.keyframes.last?.t.literalNumber, let first = p.keyframes.first?.t.literalNumber
                else { continue }
                seconds += last - first
                if seconds > limits.sceneTime {
                    throw limitError(
                        "the script lasts more than the limit of \(formatNumber(limits.sceneTime)) s", at: p.location)
                }
            case .flick, .touch, .waitForRest, .waitFor, .expect, .action:
                break  // their time is known when they run
            }
        }
    }

    /// A wait of `seconds` must not exceed the world's timeout (a `frames` wait is not bound by
    /// it) nor the case's limits.
    func checkWait(_ seconds: Double, counted: Bool, at loc: SourceLocation) throws(RunError) {
        if counted { try checkTimeout(seconds, at: loc) }
        if clock.time + seconds > limits.sceneTime || seconds / dt > Double(limits.ticks) {
            throw limitError(
                "a wait of \(formatNumber(seconds)) s goes past the limit of \(formatNumber(limits.sceneTime)) "
                    + "s or \(limits.ticks) ticks; raise it with --max-time / --max-ticks",
                at: loc)
        }
    }

    func checkTimeout(_ seconds: Double, at loc: SourceLocation) throws(RunError) {
        if seconds > scene.world.timeout + 1e-9 {
            throw limitError(
                "a wait of \(formatNumber(seconds)) s is longer than the timeout of "
                    + "\(formatNumber(scene.world.timeout)) s; raise `world.timeout`",
                at: loc)
        }
    }

    /// A number of a script step, evaluated when the step starts; `positive` / `minimum` are the
    /// checks the loader makes of literals.
    func stepNumber(
        _ e: Expr, _ what: String, minimum: Double? = nil, positive: Bool = false
    ) throws(RunError) -> Double {
        let v = try evalNumber(e)
        if positive && !(v > 0) {
            throw runtimeError("\(what) must be positive, got \(formatNumber(v)) from `\(e.text)`", at: e.location)
        }
        if let m = minimum, !(v >= m) {
            throw runtimeError(
                "\(what) must be at least \(formatNumber(m)), got \(formatNumber(v)) from `\(e.text)`", at: e.location)
        }
        return v
    }

    /// The finger path of a `pan` or of a finger of `touches`, its keyframes evaluated now.
    func touchPath(_ keyframes: [Keyframe], curve: CurveName) throws(RunError) -> TouchPath {
        var frames: [(t: Double, p: Vec2)] = []
        for k in keyframes {
            let t = try stepNumber(k.t, "a keyframe time", minimum: 0)
            if let last = frames.last, t <= last.t {
                throw runtimeError(
                    "keyframe times must increase: \(formatNumber(t)) s comes after \(formatNumber(last.t)) s",
                    at: k.location)
            }
            frames.append((t, try evalPoint(k.p)))
        }
        return TouchPath(keyframes: frames, curve: curve.curve)
    }

    /// Runs a touch step: it starts (`RunInput.beginStep`), then the clock ticks until its last frame.
    func perform(
        gesture g: Int, script: TouchScript, release: ReleaseMode, at loc: SourceLocation, flick: Bool = false
    ) throws(RunError) {
        try input.beginStep(gesture: g, script: script, release: release, at: loc, flick: flick, in: self)
        let step = scene.gestures[g].location
        while input.touching != nil { try tick(at: step) }
        input.setCurrentGesture(g)
    }

    func runStep(_ step: Step) throws(RunError) {
        switch step {
        case .pan(let p):
            let path = try touchPath(p.keyframes, curve: p.curve)
            let script = TouchScript.single(path, continuing: !input.heldFingers.isEmpty, hold: p.release != .lift)
            try perform(gesture: p.gesture.index, script: script, release: p.release, at: p.location)
        case .flick(let gesture, let from, let velocity, let distance, let release, let loc):
            let v = try evalPoint(velocity)
            if v.length == 0 {
                throw runtimeError(
                    "a flick needs a non-zero `velocity`, got `\(velocity.text)` = [0, 0]", at: velocity.location)
            }
            let path = TouchPath.flick(
                from: try evalPoint(from), velocity: v,
                distance: try stepNumber(distance, "`distance`", positive: true),
                frame: dt)
            let script = TouchScript.single(path, continuing: !input.heldFingers.isEmpty, hold: release != .lift)
            try perform(gesture: gesture.index, script: script, release: release, at: loc, flick: true)
        case .touch(let t):
            let script = try input.touchScript(t, continuing: !input.heldFingers.isEmpty, in: self)
            try perform(gesture: t.gesture.index, script: script, release: t.release, at: t.location)
        case .wait(let frames, let seconds, let loc):
            let n: Double
            if let f = frames {
                n = try stepNumber(f, "`frames`", minimum: 0).rounded(.toNearestOrAwayFromZero)
                try checkWait(n * dt, counted: false, at: loc)
            } else {
                let s = try stepNumber(seconds!, "`wait`", minimum: 0)  // the loader gives one of the two
                try checkWait(s, counted: true, at: loc)
                n = (s * scene.world.frameRate).rounded(.toNearestOrAwayFromZero)
            }
            for _ in 0..<Int(n) { try tick(at: loc) }  // checkWait bounded n by the tick limit
        case .waitForRest(let timeoutExpr, let loc):
            let timeout = try timeoutExpr.map { e throws(RunError) in try stepNumber(e, "`timeout`", positive: true) }
            let limit = clock.time + (timeout ?? scene.world.timeout)
            while animator.isRunning || transitioning.isAnimating {
                if clock.time >= limit - 1e-9 {
                    recording.fail(
                        Failure(
                            location: loc,
                            message:
                                "timed out after \(formatNumber(timeout ?? scene.world.timeout)) s waiting for rest "
                                + "at \(timeText(clock.time)); \(stillMoving())"
                        ))
                    return
                }
                try tick(at: loc)
            }
        case .waitFor(let e, let timeoutExpr, let loc):
            let timeout = try timeoutExpr.map { e throws(RunError) in try stepNumber(e, "`timeout`", positive: true) }
            let limit = clock.time + (timeout ?? scene.world.timeout)
            while try evalBool(e) == false {
                if clock.time >= limit - 1e-9 {
                    recording.fail(
                        Failure(
                            location: loc,
                            message:
                                "timed out after \(formatNumber(timeout ?? scene.world.timeout)) s waiting for "
                                + "`\(e.text)` at \(timeText(clock.time)); \(stillMoving())"
                        ))
                    return
                }
                try tick(at: loc)
            }
        case .expect(let e):
            let before = recording.failures.count  // replay
            recording.fail(try judged(e))
            recordCheckpoint(e, failuresBefore: before)  // replay
        case .action(let a):
            clock.resetActionBudget()
            try runAction(a, scope: scene.scope)
            try transitioning.flushEnded(in: self)
        }
    }

    func stillMoving() -> String {
        let moving = animator.movingItems.map { id -> String in
            // Both speeds: an item rests only when both are below the rest thresholds.
            "\(scene.views[id].name) at \(formatFixed(animator.linearVelocity(of: id).length, decimals: 1)) pt/s "
                + "and \(formatFixed(Swift.abs(animator.angularVelocity(of: id)), decimals: 3)) rad/s"
        }
        let active = scene.behaviors.indices.filter { behaving.installed[$0] != nil }.map { scene.behaviors[$0].name }
        let what =
            moving.isEmpty
            ? (transitioning.isAnimating ? "a transition is still animating" : "nothing is moving")
            : "still moving: " + moving.joined(separator: ", ")
        return what + "; active behaviours: " + (active.isEmpty ? "none" : active.joined(separator: ", "))
    }
}
