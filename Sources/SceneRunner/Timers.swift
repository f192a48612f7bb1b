import Diagnostics
import Expressions
import SceneModel

/// `after` timers, animation completion blocks (`then`) and behaviour `action` blocks.
extension Run {
    /// Runs the timers whose tick has come, in the order they were set.
    func runDueTimers() throws(RunError) {
        while let t = clock.takeDueTimer() {
            for a in t.actions { try runAction(a, scope: t.scope) }
        }
    }

    /// Registers the completion block of an animation that ends at `end` on `channels` (view,
    /// frame or alpha). An earlier animation still running on one of those channels is
    /// interrupted: its completion block runs at once.
    func startCompletion(
        _ spec: AnimateSpec, channels: [(view: Int, channel: AnimatedChannel)], end: Double, scope: Scope
    ) throws(RunError) {
        let interrupted = animating.completions.indices.filter { k in
            animating.completions[k].channels.contains { c in
                channels.contains { $0.view == c.view && $0.channel == c.channel }
            }
        }
        let blocks = interrupted.map { animating.completions[$0] }
        for k in interrupted.reversed() { animating.completions.remove(at: k) }
        for b in blocks { for a in b.actions { try runAction(a, scope: b.scope) } }
        if !spec.then.isEmpty {
            animating.completions.append(Completion(end: end, channels: channels, actions: spec.then, scope: scope))
        }
    }

    /// Runs the completion blocks of the animations that have ended by this tick, in the order
    /// the animations started.
    func runEndedCompletions() throws(RunError) {
        while let k = animating.completions.firstIndex(where: { $0.end <= clock.time + 1e-9 }) {
            let c = animating.completions.remove(at: k)
            for a in c.actions { try runAction(a, scope: c.scope) }
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
