import Diagnostics
import Expressions
import SceneModel

/// `after` timers.
extension Run {
    /// Runs the timers whose tick has come, in the order they were set.
    func runDueTimers() throws(RunError) {
        while let t = clock.takeDueTimer() {
            recording.addAction(.timer, at: t.location, text: "after")  // replay
            for a in t.actions { try runAction(a, scope: t.scope) }
        }
    }

    /// `after: d`: a timer for `actions`, `d` seconds from now.
    func scheduleAfter(_ delay: Expr, _ actions: [Action], at loc: SourceLocation, scope: Scope) throws(RunError) {
        let d = try evalNumber(delay, scope: scope)
        if d < 0 { throw runtimeError("`after` must not be negative, got \(formatNumber(d))", at: loc) }
        clock.schedule(after: d, maxTicks: limits.ticks, actions, scope: scope, at: loc)
    }
}
