import Driver
import Foundation
import Reports
import Testing

/// The progress line: on a terminal's standard error during runs longer than a second, never
/// with a machine format on standard output or without a terminal. A fake clock and a captured
/// writer stand in for the terminal.
@Suite struct ProgressTests {
    /// A clock that advances `step` seconds each time it is read.
    final class FakeClock: @unchecked Sendable {
        var now = 0.0
        let step: Double
        let lock = NSLock()
        init(step: Double) { self.step = step }
        func read() -> Double {
            lock.withLock {
                now += step; return now
            }
        }
    }

    final class Screen: @unchecked Sendable {
        var text = ""
        let lock = NSLock()
        func write(_ s: String) { lock.withLock { text += s } }
    }

    func run(_ format: ReportFormat, step: Double, terminal: Bool) -> (code: Int32, out: String, screen: String) {
        var r = RunRequest(selection: Selection(paths: [repo.appendingPathComponent("scenes/shade-sweep.yaml").path]))
        r.color = .never
        r.format = format
        r.jobs = 2
        let screen = Screen()
        let c = Captured()
        var console = c.console
        if terminal { console.progress = { screen.write($0) } } else { console.progress = nil }
        let clock = FakeClock(step: step)
        let code = execute(r, console: console, environment: [:], isTerminal: false, clock: { clock.read() })
        return (code, c.out, screen.text)
    }

    @Test func theLineCountsCasesFailuresAndTimeLeft() {
        #expect(ProgressLine.text(done: 412, total: 10000, failed: 0, elapsed: 2) == "412/10000 cases, about 47 s left")
        #expect(
            ProgressLine.text(done: 10, total: 40, failed: 3, elapsed: 20)
                == "10/40 cases, 3 failed, about 1 min 00 s left")
        #expect(ProgressLine.text(done: 1, total: 7201, failed: 0, elapsed: 1) == "1/7201 cases, about 2 h 00 min left")
        #expect(ProgressLine.text(done: 0, total: 5, failed: 0, elapsed: 0) == "0/5 cases")
    }

    @Test func aLongRunOnATerminalShowsTheLineAndClearsIt() throws {
        // Each clock reading is 0.25 s later: the run "takes" well over a second.
        let (code, out, screen) = run(.text, step: 0.25, terminal: true)
        #expect(code == 0)
        #expect(out.hasSuffix("63 passed, 0 failed\n"), "the report is unchanged")
        #expect(!out.contains("\r"))
        let draws = screen.split(separator: "\r", omittingEmptySubsequences: true)
        #expect(draws.count >= 3, "\(screen.debugDescription)")
        #expect(draws.first?.contains("/63 cases, about ") == true, "\(screen.debugDescription)")
        // Counts only grow, and the last thing written blanks the line and returns to its start.
        let counts = draws.dropLast().compactMap { Int($0.split(separator: "/")[0]) }
        #expect(counts.count == draws.count - 1 && counts == counts.sorted() && (counts.last ?? 63) < 63)
        #expect(screen.hasSuffix("\r"))
        #expect(draws.last?.allSatisfy { $0 == " " } == true)
        // The blanks cover the last line drawn (earlier, longer ones were padded over as it was drawn).
        let lastDrawn = draws.count >= 2 ? String(draws[draws.count - 2]) : ""
        #expect(draws.last?.count == lastDrawn.reversed().drop { $0 == " " }.count)
    }

    @Test func noLineForShortRunsMachineFormatsOrWithoutATerminal() {
        #expect(run(.text, step: 0, terminal: true).screen == "", "a run under a second")
        #expect(run(.json, step: 0.25, terminal: true).screen == "", "JSON on standard output")
        #expect(run(.junit, step: 0.25, terminal: true).screen == "", "JUnit on standard output")
        #expect(run(.text, step: 0.25, terminal: false).screen == "", "standard error is not a terminal")
    }

    @Test func failuresSoFarAreCounted() {
        let screen = Screen()
        let p = ProgressLine(total: 4, write: { screen.write($0) }, clock: { 5 }, delay: 0, interval: 0)
        p.caseFinished(passed: false)
        p.caseFinished(passed: true)
        p.caseFinished(passed: false)
        p.caseFinished(passed: true)
        p.finish()
        #expect(
            screen.text.hasPrefix("\r1/4 cases, 1 failed\r2/4 cases, 1 failed\r3/4 cases, 2 failed\r"),
            "\(screen.text.debugDescription)")
    }
}
