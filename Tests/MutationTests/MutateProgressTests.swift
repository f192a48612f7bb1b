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
        _ = mutate(r, console: console, environment: [:], isTerminal: false)
        return (c.out, screen.text)
    }

    /// drag-off's 35 mutants take more than the line's one-second delay in a debug build.
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
