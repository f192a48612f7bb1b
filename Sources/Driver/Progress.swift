import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The progress line a long run shows on a terminal's standard error: cases done of the total,
/// failures so far and the time left, rewritten in place with `\r` and cleared at the end, so
/// that the report printed after it starts on a clean line. It appears only once the run has
/// taken `delay` seconds (a quick run shows nothing) and is redrawn at most every `interval`.
///
/// The driver makes one only when standard error is a terminal (`Console.progress`) and the
/// text report goes to standard output (never with a machine format there); the clock and the
/// writer are injected, so tests drive it without a terminal.
public final class ProgressLine: @unchecked Sendable {
    let total: Int
    let write: @Sendable (String) -> Void
    let clock: @Sendable () -> Double
    let start: Double
    let delay: Double
    let interval: Double
    var done = 0
    var failed = 0
    var survived = 0
    var lastDrawn = -Double.infinity
    var width = 0
    let lock = NSLock()

    public init(
        total: Int, write: @escaping @Sendable (String) -> Void, clock: @escaping @Sendable () -> Double,
        delay: Double = 1, interval: Double = 0.1
    ) {
        self.total = total
        self.write = write
        self.clock = clock
        self.delay = delay
        self.interval = interval
        start = clock()
    }

    /// A case ended (`passed` false for failed and invalid ones).
    public func caseFinished(passed: Bool) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        if !passed { failed += 1 }
        draw { Self.text(done: done, total: total, failed: failed, elapsed: $0) }
    }

    /// A mutant of `scenerun mutate` ended: killed (timeouts included), survived (without
    /// coverage included) or neither (invalid, equivalent).
    public func mutantFinished(killed: Bool, survived: Bool) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        if killed { failed += 1 }
        if survived { self.survived += 1 }
        draw { Self.mutantText(done: done, total: total, killed: failed, survived: self.survived, elapsed: $0) }
    }

    /// Redraws the line (the lock held) when the run has taken `delay` and the last drawing is
    /// `interval` old.
    private func draw(_ text: (Double) -> String) {
        guard done < total else { return }  // the report follows at once
        let now = clock()
        let elapsed = now - start
        guard elapsed >= delay, now - lastDrawn >= interval else { return }
        lastDrawn = now
        let text = text(elapsed)
        // Blanks over what is left of a longer earlier line.
        let pad = String(repeating: " ", count: Swift.max(0, width - text.count))
        width = text.count
        write("\r" + text + pad)
    }

    /// Clears the line, if it was drawn, and leaves the cursor at its start.
    public func finish() {
        lock.lock()
        defer { lock.unlock() }
        if width > 0 { write("\r" + String(repeating: " ", count: width) + "\r") }
        width = 0
    }

    /// `412/10000 cases, 3 failed, about 21 s left`.
    public static func text(done: Int, total: Int, failed: Int, elapsed: Double) -> String {
        var s = "\(done)/\(total) cases"
        if failed > 0 { s += ", \(failed) failed" }
        if done > 0 && elapsed > 0 {
            let left = (elapsed / Double(done) * Double(total - done)).rounded(.up)
            s += ", about " + duration(left) + " left"
        }
        return s
    }

    /// `120/916 mutants, 98 killed, 20 survived, 14 s, about 1 min 33 s left`.
    public static func mutantText(done: Int, total: Int, killed: Int, survived: Int, elapsed: Double) -> String {
        var s = "\(done)/\(total) mutants, \(killed) killed, \(survived) survived, " + duration(elapsed)
        if done > 0 && elapsed > 0 {
            let left = (elapsed / Double(done) * Double(total - done)).rounded(.up)
            s += ", about " + duration(left) + " left"
        }
        return s
    }

    /// `21 s`, `3 min 05 s`, `2 h 07 min`.
    static func duration(_ seconds: Double) -> String {
        let s = Int(Swift.min(seconds, 1e9))
        if s < 60 { return "\(s) s" }
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        if s < 3600 { return "\(s / 60) min \(two(s % 60)) s" }
        return "\(s / 3600) h \(two(s / 60 % 60)) min"
    }
}

/// Seconds on a monotonic clock: the progress line's default clock.
public func monotonicSeconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
