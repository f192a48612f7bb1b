import Diagnostics
import Expressions
import Geometry
import Interaction
import SceneModel
import SceneVocabulary

/// A step's tick loop in progress, with what bounds it: kept in the run, so that a copy of the
/// run paused inside the loop (RunSnapshot.swift) re-enters it.
enum TickLoop: Equatable {
    /// A touch step's: until its last frame (the input concern holds the step in progress).
    case touches
    /// A `wait`'s: until the tick count reaches `end`.
    case frames(end: Int)
    /// A `waitForRest` or `waitFor`'s: until its condition holds; failing at time `limit`, a wait
    /// of `seconds`.
    case until(limit: Double, seconds: Double)
}

/// The script's steps: their numbers evaluated when they start, waits bounded by the clock's
/// limits, touch steps performed frame by frame (their fingers are the input's: Touches.swift).
/// Each tick loop passes a checkpoint (`pause`) before each of its ticks and before it ends.
extension Run {
    /// The step dispatcher: each arm one call.
    func runStep(_ step: Step) throws(RunError) {
        switch step {
        case .pan(let p):
            try perform(
                gesture: p.gesture.index, script: try input.script(p, in: self), release: p.release, at: p.location)
        case .flick(let gesture, let from, let velocity, let distance, let release, let loc):
            let (script, v) = try input.flickScript(
                from: from, velocity: velocity, distance: distance, release: release, in: self)
            try perform(gesture: gesture.index, script: script, release: release, at: loc, flick: v)
        case .touch(let t):
            let script = try input.touchScript(t, continuing: input.isHolding, in: self)
            // A step too long is refused where its length is written (a `touches` step: the last
            // keyframe time of the finger that lifts last).
            var ends: [Double]?
            if case .paths = t.fingers { ends = script.fingers.map(Self.lastTime) }
            try perform(
                gesture: t.gesture.index, script: script, release: t.release, at: t.location,
                lengthAt: t.lengthLocation(ends: ends))
        case .wait(let frames, let seconds, let loc):
            try wait(frames: frames, seconds: seconds, at: loc)
        case .waitForRest(let timeout, let loc):
            try wait(until: { !isMoving }, for: "rest", timeout: timeout, at: loc)
        case .waitFor(let e, let timeout, let loc):
            try wait(until: { () throws(RunError) in try evalBool(e) }, for: "`\(e.text)`", timeout: timeout, at: loc)
        case .expect(let e):
            try check(e)
        case .action(let a):
            try runStepAction(a)
        }
    }

    /// Re-enters the tick loop of `step` (`loop`), where a copy of the run was paused.
    func continueLoop(of step: Step) throws(RunError) {
        switch step {
        case .pan(let p): try touchLoop(gesture: p.gesture.index)
        case .flick(let gesture, _, _, _, _, _): try touchLoop(gesture: gesture.index)
        case .touch(let t): try touchLoop(gesture: t.gesture.index)
        case .wait(_, _, let loc): try frameLoop(at: loc)
        case .waitForRest(_, let loc): try untilLoop({ !isMoving }, for: "rest", at: loc)
        case .waitFor(let e, _, let loc):
            try untilLoop({ () throws(RunError) in try evalBool(e) }, for: "`\(e.text)`", at: loc)
        case .expect, .action: loop = nil  // (no loop)
        }
    }

    /// The time of a finger's last keyframe, from the step's start (0 for a finger on an arc).
    static func lastTime(_ f: FingerTrack) -> Double {
        if case .path(let p) = f.motion { return p.keyframes.last?.t ?? 0 }
        return 0
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

    /// Runs a touch step: it starts (`RunInput.beginStep`), then the clock ticks until its last frame.
    /// A step longer than the clock's limits is refused at `lengthAt` (nil: at `loc`).
    func perform(
        gesture g: Int, script: TouchScript, release: ReleaseMode, at loc: SourceLocation, flick: Vec2? = nil,
        lengthAt: SourceLocation? = nil
    ) throws(RunError) {
        try input.beginStep(
            gesture: g, script: script, release: release, at: loc, lengthAt: lengthAt, flick: flick, in: self)
        loop = .touches
        try touchLoop(gesture: g)
    }

    /// The ticks of a touch step of gesture `g`, until its last frame.
    func touchLoop(gesture g: Int) throws(RunError) {
        let step = scene.gestures[g].location
        while true {
            try pause()
            if input.touching == nil { break }
            try tick(at: step)
        }
        loop = nil
        input.setCurrentGesture(g)
    }

    /// `wait`: `frames` ticks, or `seconds` (bound by the world's timeout) rounded to ticks.
    func wait(frames: Expr?, seconds: Expr?, at loc: SourceLocation) throws(RunError) {
        let n: Double
        if let f = frames {
            n = try stepNumber(f, "`frames`", minimum: 0).rounded(.toNearestOrAwayFromZero)
            try clock.checkWait(n * dt, counted: false, at: loc)
        } else if let seconds {  // the loader gives one of the two
            let s = try stepNumber(seconds, "`wait`", minimum: 0)
            try clock.checkWait(s, counted: true, at: loc)
            n = (s * scene.world.frameRate).rounded(.toNearestOrAwayFromZero)
        } else {
            return
        }
        loop = .frames(end: clock.tickCount + Int(n))  // checkWait bounded n by the tick limit
        try frameLoop(at: loc)
    }

    /// The ticks of a `wait`, until the tick count reaches the loop's end.
    func frameLoop(at loc: SourceLocation) throws(RunError) {
        guard case .frames(let end) = loop else { return }
        while true {
            try pause()
            if clock.tickCount >= end { break }
            try tick(at: loc)
        }
        loop = nil
    }
}
