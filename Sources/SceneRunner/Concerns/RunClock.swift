import Diagnostics
import Expressions
import SceneModel

/// The clock concern of a run: the virtual clock, the `after` timers due on it, and the budgets
/// a tick spends (actions) and a case spends (engine work). It owns its state: only its methods
/// change it, and it knows nothing of views, the animator or the scene.
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

    public init(frameRate: Double) {
        self.frameRate = frameRate
        tickDuration = 1 / frameRate
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
