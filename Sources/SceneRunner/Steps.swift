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
    func checkBudget() throws {
        var seconds = 0.0
        for step in scene.script {
            switch step {
            case .wait(let frames, let secs, let loc):
                guard let s = secs?.literalNumber ?? frames?.literalNumber.map({ $0 * dt }) else { continue }
                if secs != nil { try checkTimeout(s, at: loc) }
                seconds += s
                // sums of 0.01 s carry rounding
                if seconds > limits.sceneTime + 1e-9 || seconds / dt > Double(limits.ticks) + 1e-6 {
                    throw Abort(
                        diagnostic: Diagnostic(
                            "the script waits \(formatNumber(seconds)) s in all, more than the limit of "
                                + "\(formatNumber(limits.sceneTime)) s or \(limits.ticks) ticks; raise it with "
                                + "--max-time / --max-ticks",
                            at: loc))
                }
            case .pan(let p):
                guard let last = p.keyframes.last?.t.literalNumber, let first = p.keyframes.first?.t.literalNumber
                else { continue }
                seconds += last - first
                if seconds > limits.sceneTime {
                    throw Abort(
                        diagnostic: Diagnostic(
                            "the script lasts more than the limit of \(formatNumber(limits.sceneTime)) s",
                            at: p.location))
                }
            case .flick, .waitForRest, .waitFor, .expect, .action:
                break  // their time is known when they run
            }
        }
    }

    /// A wait of `seconds` must not exceed the world's timeout (a `frames` wait is not bound by
    /// it) nor the case's limits.
    func checkWait(_ seconds: Double, counted: Bool, at loc: SourceLocation) throws {
        if counted { try checkTimeout(seconds, at: loc) }
        if time + seconds > limits.sceneTime || seconds / dt > Double(limits.ticks) {
            throw Abort(
                diagnostic: Diagnostic(
                    "a wait of \(formatNumber(seconds)) s goes past the limit of \(formatNumber(limits.sceneTime)) "
                        + "s or \(limits.ticks) ticks; raise it with --max-time / --max-ticks",
                    at: loc))
        }
    }

    func checkTimeout(_ seconds: Double, at loc: SourceLocation) throws {
        if seconds > scene.world.timeout + 1e-9 {
            throw Abort(
                diagnostic: Diagnostic(
                    "a wait of \(formatNumber(seconds)) s is longer than the timeout of "
                        + "\(formatNumber(scene.world.timeout)) s; raise `world.timeout`",
                    at: loc))
        }
    }

    /// A number of a script step, evaluated when the step starts; `positive` / `minimum` are the
    /// checks the loader makes of literals.
    func stepNumber(_ e: Expr, _ what: String, minimum: Double? = nil, positive: Bool = false) throws -> Double {
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

    /// The finger path of a `pan`, its keyframes evaluated now.
    func touchPath(_ p: PanSpec) throws -> TouchPath {
        var frames: [(t: Double, p: Vec2)] = []
        for k in p.keyframes {
            let t = try stepNumber(k.t, "a keyframe time", minimum: 0)
            if let last = frames.last, t <= last.t {
                throw runtimeError(
                    "keyframe times must increase: \(formatNumber(t)) s comes after \(formatNumber(last.t)) s",
                    at: k.location)
            }
            frames.append((t, try evalPoint(k.p)))
        }
        return TouchPath(keyframes: frames, curve: p.curve.curve)
    }

    func runStep(_ step: Step) throws {
        switch step {
        case .pan(let p):
            let g = p.gesture.index
            let path = try touchPath(p)
            try checkWait(path.duration, counted: false, at: p.location)
            try perform(ActivePan(gesture: g, path: path, start: time, hold: p.hold))
        case .flick(let gesture, let from, let velocity, let distance, let loc):
            let g = gesture.index
            let v = try evalPoint(velocity)
            if v.length == 0 {
                throw runtimeError(
                    "a flick needs a non-zero `velocity`, got `\(velocity.text)` = [0, 0]", at: velocity.location)
            }
            let path = TouchPath.flick(
                from: try evalPoint(from), velocity: v,
                distance: try stepNumber(distance, "`distance`", positive: true),
                frame: dt)
            try checkWait(path.duration, counted: false, at: loc)
            try perform(ActivePan(gesture: g, path: path, start: time, hold: false))
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
            let timeout = try timeoutExpr.map { try stepNumber($0, "`timeout`", positive: true) }
            let limit = time + (timeout ?? scene.world.timeout)
            while animator.isRunning || transitionsAnimating {
                if time >= limit - 1e-9 {
                    failures.append(
                        Failure(
                            location: loc,
                            message:
                                "timed out after \(formatNumber(timeout ?? scene.world.timeout)) s waiting for rest "
                                + "at \(timeText(time)); \(stillMoving())"
                        ))
                    return
                }
                try tick(at: loc)
            }
        case .waitFor(let e, let timeoutExpr, let loc):
            let timeout = try timeoutExpr.map { try stepNumber($0, "`timeout`", positive: true) }
            let limit = time + (timeout ?? scene.world.timeout)
            while try evalBool(e) == false {
                if time >= limit - 1e-9 {
                    failures.append(
                        Failure(
                            location: loc,
                            message:
                                "timed out after \(formatNumber(timeout ?? scene.world.timeout)) s waiting for "
                                + "`\(e.text)` at \(timeText(time)); \(stillMoving())"
                        ))
                    return
                }
                try tick(at: loc)
            }
        case .expect(let e):
            let before = failures.count  // replay
            failures += try judged(e)
            recordCheckpoint(e, failuresBefore: before)  // replay
        case .action(let a):
            actionBudget = 0
            try runAction(a, scope: scene.scope)
            try flushTransitionEnded()
        }
    }

    var transitionsAnimating: Bool { transitions.contains { $0.isAnimating } }

    func stillMoving() -> String {
        let moving = animator.movingItems.map { id -> String in
            // Both speeds: an item rests only when both are below the rest thresholds.
            "\(scene.views[id].name) at \(formatFixed(animator.linearVelocity(of: id).length, decimals: 1)) pt/s "
                + "and \(formatFixed(Swift.abs(animator.angularVelocity(of: id)), decimals: 3)) rad/s"
        }
        let active = scene.behaviors.indices.filter { installed[$0] != nil }.map { scene.behaviors[$0].name }
        let what =
            moving.isEmpty
            ? (transitionsAnimating ? "a transition is still animating" : "nothing is moving")
            : "still moving: " + moving.joined(separator: ", ")
        return what + "; active behaviours: " + (active.isEmpty ? "none" : active.joined(separator: ", "))
    }

    /// Runs a gesture script. A finger held by an earlier `pan` (`release: hold`) continues: no
    /// new touch-down, no second `began`. A gesture attached to a removed view fails: it
    /// receives no touches, and the script's time still passes.
    func perform(_ p: ActivePan) throws {
        pan = p
        currentGesture = p.gesture
        if let vi = gestureView[p.gesture], views[vi].removed {
            recognizers[p.gesture].fail()
            held.remove(p.gesture)
            note("\(scene.gestures[p.gesture].name) failed: `\(scene.views[vi].name)` was removed")
        } else if !held.contains(p.gesture) {
            recognizers[p.gesture].touchDown(p.path.position(at: 0), at: time)
        }
        let loc = scene.gestures[p.gesture].location
        while pan != nil { try tick(at: loc) }
        if p.hold { held.insert(p.gesture) } else { held.remove(p.gesture) }
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
            // began, changed, ended, cancelled
            if let e = GestureEvent(rawValue: c.rawValue) { try fire(.gesture(GestureID(g), e)) }
        }
    }
}
