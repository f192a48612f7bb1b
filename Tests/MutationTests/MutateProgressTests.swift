import Driver
import Foundation
import Mutation
import Testing

/// `mutate`'s progress line: on a terminal's standard error (`Console.progress`), rewritten,
/// cleared before the report; none with `--quiet`.
@Suite struct MutateProgressTests {
    final class Screen: @unchecked Sendable {
        var text = ""
        let lock = NSLock()
        func write(_ s: String) { lock.withLock { text += s } }
    }

    @Test func theLineCountsMutantsKilledSurvivedAndTimeLeft() {
        #expect(
            ProgressLine.mutantText(done: 120, total: 916, killed: 98, survived: 20, elapsed: 14)
                == "120/916 mutants, 98 killed, 20 survived, 14 s, about 1 min 33 s left")
    }

    func run(quiet: Bool) -> (out: String, screen: String) {
        var r = MutateRequest(paths: [repo.appendingPathComponent("scenes/drag-off.yaml").path])
        r.color = .never
        r.jobs = 2
        r.quiet = quiet
        let c = Captured()
        let screen = Screen()
        var console = c.console
        console.progress = { screen.write($0) }
        // A clock that moves a second at each reading: the line's one-second delay has passed
        // at the first mutant, however fast the machine runs them.
        let ticks = Ticks()
        _ = mutate(r, console: console, environment: [:], isTerminal: false, clock: { ticks.next() })
        return (c.out, screen.text)
    }

    /// A clock read by several threads: each reading is a second after the one before.
    final class Ticks: @unchecked Sendable {
        var now = 0.0
        let lock = NSLock()
        func next() -> Double {
            lock.withLock {
                now += 1
                return now
            }
        }
    }

    @Test func aTerminalShowsTheLineAndQuietDoesNot() {
        let shown = run(quiet: false)
        #expect(shown.screen.hasPrefix("\r"), "\(shown.screen)")
        #expect(shown.screen.contains("/35 mutants, "), "\(shown.screen)")
        #expect(shown.screen.hasSuffix("\r"), "cleared before the report")
        let quiet = run(quiet: true)
        #expect(quiet.screen.isEmpty)
        #expect(quiet.out == shown.out, "the report is the same")
    }
}
