import Diagnostics
import Expressions
import SceneModel

/// The clock concern of a run: the virtual clock, the `after` timers due on it, the budgets a
/// tick spends (actions) and a case spends (engine work), and the limits of the case's time (the
/// run's limits and the world's timeout, which every wait is checked against). It owns its
/// state: only its methods change it, and it knows nothing of views, the animator or the rules.
/// It stamps the run-time errors it raises, and those `Run.runtimeError` raises, with the tick
/// and the time (`runtimeError(_:tail:stamp:)`).
@_spi(Testing) public struct RunClock {
    /// An `after` timer: the tick it is due and what it runs.
    @_spi(Testing) public struct Timer {
        public var due: Int
        public var actions: [Action]
        public var scope: Scope
        /// The `after` action that set it (the replay's action list).
        public var location: SourceLocation = .unknown()
    }

    /// The seconds of one tick (1 / the frame rate).
    public let tickDuration: Double
    let frameRate: Double
    public private(set) var tickCount = 0
    public private(set) var time = 0.0
    /// When the animator last came to rest (the `lastPause` expressions read).
    public private(set) var lastPause: Double?
    /// `after` timers in the order they were set.
    public private(set) var timers: [Timer] = []
    /// Units of engine work so far (see `RunLimits.work`).
    public private(set) var work = 0
    /// Actions run in this tick (see `RunLimits.actionsPerTick`).
    public private(set) var actionBudget = 0

    /// The limits of the case (`--max-ticks`, `--max-time`, `--max-work`, the actions of a tick).
    let limits: RunLimits
    /// The longest a wait may last (`world.timeout`).
    let timeout: Double

    public init(frameRate: Double, limits: RunLimits = RunLimits(), timeout: Double = WorldSpec().timeout) {
        self.frameRate = frameRate
        tickDuration = 1 / frameRate
        self.limits = limits
        self.timeout = timeout
    }

    /// The stored properties `init(copying:limits:timeout:)` knows (a test compares it with `Mirror`'s).
    static let copiedFieldCount = 10

    /// `c` under other limits and another world timeout (a resumed run's: `CaseRunner.resume`).
    init(copying c: RunClock, limits: RunLimits, timeout: Double) {
        tickDuration = c.tickDuration
        frameRate = c.frameRate
        tickCount = c.tickCount
        time = c.time
        lastPause = c.lastPause
        timers = c.timers
        work = c.work
        actionBudget = c.actionBudget
        self.limits = limits
        self.timeout = timeout
    }

    /// Whether another tick would go past `ticks` ticks or `seconds` of simulated time.
    public func reached(ticks: Int, seconds: Double) -> Bool { tickCount >= ticks || time >= seconds }

    /// The next tick: its time, and a fresh action budget.
    public mutating func advance() {
        tickCount += 1
        time = Double(tickCount) * tickDuration
        actionBudget = 0
    }

    /// Counts one action run in this tick; false when that goes past `limit`.
    public mutating func spendAction(limit: Int) -> Bool {
        actionBudget += 1
        return actionBudget <= limit
    }

    /// A script step starts a budget of its own.
    public mutating func resetActionBudget() { actionBudget = 0 }

    /// Counts `units` of engine work; false when the case has gone past `limit`.
    public mutating func spendWork(_ units: Int, limit: Int) -> Bool {
        work += units
        return work <= limit
    }

    /// The animator came to rest now.
    public mutating func noteRest() { lastPause = time }

    /// Sets an `after` timer `seconds` (not negative) from now: due on the first tick at or after
    /// that time, at least the next one, and at most one past `maxTicks` from now.
    public mutating func schedule(
        after seconds: Double, maxTicks: Int, _ actions: [Action], scope: Scope,
        at location: SourceLocation = .unknown()
    ) {
        let ticks = Swift.max(1, Int(Swift.min((seconds * frameRate - 1e-9).rounded(.up), Double(maxTicks) + 1)))
        timers.append(Timer(due: tickCount + ticks, actions: actions, scope: scope, location: location))
    }

    /// Removes and returns the first timer (in the order they were set) that is due by now.
    public mutating func takeDueTimer() -> Timer? {
        guard let k = timers.firstIndex(where: { $0.due <= tickCount }) else { return nil }
        return timers.remove(at: k)
    }
}

// MARK: the errors of the clock and its limits

extension RunClock {
    /// A run-time error raised now, `stamp` saying how its message gives the tick and the time.
    func runtimeError(_ d: Diagnostic, tail: String = "", stamp: RunError.Stamp = .appended) -> RunError {
        RunError(base: d, tail: tail, stamp: stamp, tick: tickCount, time: time)
    }

    /// An error of a limit of the run, whose message names the limit (`RunError.Stamp.limit`).
    func limitError(_ message: String, at location: SourceLocation) -> RunError {
        runtimeError(Diagnostic(message, at: location), stamp: .limit)
    }

    /// The next tick (`advance()`), refused past the case's tick and time limits.
    mutating func nextTick(at loc: SourceLocation) throws(RunError) {
        if reached(ticks: limits.ticks, seconds: limits.sceneTime) {
            throw limitError(
                "the scene ran more than \(limits.ticks) ticks or \(formatNumber(limits.sceneTime)) s of "
                    + "simulated time; raise the limit with --max-ticks / --max-time",
                at: loc)
        }
        advance()
    }

    /// Counts an action at `location` against the tick's budget: past it is a run-time error.
    mutating func spendAction(at location: SourceLocation) throws(RunError) {
        if !spendAction(limit: limits.actionsPerTick) {
            throw runtimeError(
                Diagnostic("more than \(limits.actionsPerTick) actions in one tick", at: location),
                tail: ": do rules trigger each other in a loop?")
        }
    }

    /// Counts `units` of engine work in the tick at `loc`: past the case's budget is a run-time error.
    mutating func spendWork(_ units: Int, at loc: SourceLocation) throws(RunError) {
        if !spendWork(units, limit: limits.work) {
            throw runtimeError(
                Diagnostic(
                    "the case needed more than \(limits.work) units of engine work (bodies, contacts and joints "
                        + "summed over sub-steps)",
                    at: loc),
                tail: "; raise the limit with --max-work", stamp: .inSentence("by"))
        }
    }

    /// `after: d`: a timer for `actions`, `seconds` from now; a negative delay is a run-time error.
    mutating func schedule(
        after seconds: Double, _ actions: [Action], scope: Scope, at loc: SourceLocation
    ) throws(RunError) {
        if seconds < 0 {
            throw runtimeError(
                Diagnostic("`after` must not be negative, got \(formatNumber(seconds))", at: loc))
        }
        schedule(after: seconds, maxTicks: limits.ticks, actions, scope: scope, at: loc)
    }

    /// Refuses, before running anything, a script whose literal waits and gestures alone exceed
    /// the limits (waits written as expressions are checked when they start, waitFor steps are
    /// bounded by their timeouts as they run).
    func checkBudget(_ script: [Step]) throws(RunError) {
        var seconds = 0.0
        for step in script {
            switch step {
            case .wait(let frames, let secs, let loc):
                guard let s = secs?.literalNumber ?? frames?.literalNumber.map({ $0 * tickDuration }) else { continue }
                if secs != nil { try checkTimeout(s, at: loc) }
                seconds += s
                // sums of 0.01 s carry rounding
                if seconds > limits.sceneTime + 1e-9 || seconds / tickDuration > Double(limits.ticks) + 1e-6 {
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

    /// A wait of `seconds` from now must not exceed the world's timeout (a `frames` wait, not
    /// `counted`, is not bound by it) nor the case's limits.
    func checkWait(_ seconds: Double, counted: Bool, at loc: SourceLocation) throws(RunError) {
        if counted { try checkTimeout(seconds, at: loc) }
        if time + seconds > limits.sceneTime || seconds / tickDuration > Double(limits.ticks) {
            throw limitError(
                "a wait of \(formatNumber(seconds)) s goes past the limit of \(formatNumber(limits.sceneTime)) "
                    + "s or \(limits.ticks) ticks; raise it with --max-time / --max-ticks",
                at: loc)
        }
    }

    /// A wait of `seconds` must not be longer than the world's timeout.
    func checkTimeout(_ seconds: Double, at loc: SourceLocation) throws(RunError) {
        if seconds > timeout + 1e-9 {
            throw limitError(
                "a wait of \(formatNumber(seconds)) s is longer than the timeout of "
                    + "\(formatNumber(timeout)) s; raise `world.timeout`",
                at: loc)
        }
    }
}
