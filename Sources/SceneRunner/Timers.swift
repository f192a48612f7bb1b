import Diagnostics
import Expressions
import SceneModel

/// `after` timers and behaviour `action` blocks.
extension Run {
    /// Runs the timers whose tick has come, in the order they were set.
    func runDueTimers() throws(RunError) {
        while let t = clock.takeDueTimer() {
            for a in t.actions { try runAction(a, scope: t.scope) }
        }
    }

    /// Each added behaviour's `action`, in the order the behaviours were added.
    func runBehaviorActions() throws(RunError) {
        for b in behaving.addOrder where !scene.behaviors[b].action.isEmpty {
            guard behaving.installed[b] != nil else { continue }  // removed by an earlier action this tick
            do throws(RunError) {
                for a in scene.behaviors[b].action { try runAction(a, scope: scene.scope) }
            } catch { throw naming(copy: b, error) }
        }
    }

    /// A run-time error raised by behaviour `b`'s expressions, which a repeated behaviour's
    /// copies share: the message names the copy (`springs[3]`), located in the template.
    func naming(copy b: Int, _ error: RunError) -> RunError {
        let name = scene.behaviors[b].name
        guard name.hasSuffix("]") else { return error }
        var named = error
        named.copies.append(name)
        return named
    }

    /// `after: d`: a timer for `actions`, `d` seconds from now.
    func scheduleAfter(_ delay: Expr, _ actions: [Action], at loc: SourceLocation, scope: Scope) throws(RunError) {
        let d = try evalNumber(delay, scope: scope)
        if d < 0 { throw runtimeError("`after` must not be negative, got \(formatNumber(d))", at: loc) }
        clock.schedule(after: d, maxTicks: limits.ticks, actions, scope: scope)
    }
}
