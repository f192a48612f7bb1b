import Diagnostics
import Expectations

/// A run-time error: it makes the case invalid (exit 2), located at the action or expression that
/// raised it. Every `throws` in SceneRunner throws this one type, and `diagnostic` is the one place
/// that writes the tick and the time into the message (docs/scene-format.md promises them).
struct RunError: Error {
    /// How the message says when the error was raised.
    enum Stamp {
        /// ` (at tick N, t = … s)` after the message, before `tail`: nearly every run-time error.
        case appended
        /// ` at tick N (t = … s)` or ` by tick N (t = … s)` after the message, the preposition
        /// given: the sentences of the engine's budgets, which say the tick as part of the sentence.
        case inSentence(String)
        /// Neither: a limit of the run (`--max-ticks`, `--max-time`, `world.timeout`), whose message
        /// names the limit, checked before the script's time is spent.
        case limit
    }

    /// The message without the tick and the time, its location, severity and notes.
    var base: Diagnostic
    /// What follows the tick and the time in the message (`: do rules trigger each other…`).
    var tail = ""
    var stamp: Stamp
    /// When it was raised.
    var tick: Int
    var time: Double
    /// The copies of repeated behaviours whose expressions raised it (`springs[3]`), innermost
    /// first: the copies share their template's location, so the message names the copy.
    var copies: [String] = []
    /// Not an error: the run goes on in a copy of itself (`Run.hopAt`, tests only).
    var hop = false

    /// The run stops here, to go on in a copy of itself.
    static var hopping: RunError {
        RunError(base: Diagnostic("hop", at: .unknown()), stamp: .limit, tick: 0, time: 0, hop: true)
    }

    /// The error as the case reports it.
    var diagnostic: Diagnostic {
        var d = base
        switch stamp {
        case .appended: d.message += " (at tick \(tick), \(timeText(time)))"
        case .inSentence(let preposition): d.message += " \(preposition) tick \(tick) (\(timeText(time)))"
        case .limit: break
        }
        d.message += tail
        for copy in copies { d.message += " (in `\(copy)`)" }
        return d
    }
}

extension Run {
    /// A run-time error located at `location`, raised now (the clock stamps it with the tick and
    /// the time: `RunClock.runtimeError`).
    func runtimeError(_ message: String, at location: SourceLocation) -> RunError {
        clock.runtimeError(Diagnostic(message, at: location))
    }
}
