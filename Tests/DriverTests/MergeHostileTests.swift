import Driver
import Foundation
import Testing

/// `merge` reads reports defensively: each hostile report below ends in one located error
/// (`r.json:LINE:COL: error: …`, exit 2), quickly, never a trap. On main (4c35c33) a failure with
/// `"line": 0` or a negative line died with SIGILL, a huge line or case count aborted on
/// allocation or ran for seconds, and a sweep claiming 100 000 × 100 000 values ran for minutes.
@Suite struct MergeHostileTests {
    /// A real one-case report (a failing scene), as `run --json` writes it.
    static let report: String = {
        let c = Captured()
        var r = RunRequest(
            selection: Selection(paths: [repo.appendingPathComponent("Tests/ReportsTests/Failing/").path]))
        r.format = .json
        _ = execute(r, console: c.console, environment: [:], isTerminal: false)
        return c.out
    }()

    /// Merges `text` (the report with one change) and returns the exit code, the one line of
    /// error and the seconds it took.
    func merge(_ text: String) throws -> (code: Int32, error: String, seconds: Double, path: String) {
        try merge(bytes: Array(text.utf8))
    }

    /// `merge(_:)` of a report's bytes (which need not be UTF-8).
    func merge(bytes: [UInt8]) throws -> (code: Int32, error: String, seconds: Double, path: String) {
        let f = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scenerun-hostile-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: f) }
        try Data(bytes).write(to: f)
        let c = Captured()
        var console = c.console
        console.located = { m in c.lock.withLock { c.err.append("located: " + m) } }
        var m = MergeRequest(inputs: [f.path])
        m.color = .never
        let start = Date()
        let code = Driver.merge(m, console: console, environment: [:], isTerminal: false)
        #expect(c.out.isEmpty)
        #expect(c.err.count == 1, "\(c.err)")
        return (code, c.err.first ?? "", Date().timeIntervalSince(start), f.path)
    }

    /// The `line:column` of the first `needle` in `text`, plus `skip` characters.
    func place(_ needle: String, in text: String, skip: Int) throws -> String {
        let r = try #require(text.range(of: needle))
        let before = text[..<r.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let column =
            before.split(separator: "\n", omittingEmptySubsequences: false).last!.unicodeScalars.count + 1 + skip
        return "\(line):\(column)"
    }

    /// Each change, the text that locates it, and the words of the message.
    static let hostile: [(from: String, to: String, words: String)] = [
        ("\"line\": 10,", "\"line\": 0,", "line 0 is not a line of a scene"),
        ("\"line\": 10,", "\"line\": -3,", "line -3 is not a line of a scene"),
        ("\"line\": 10,", "\"line\": 4000000000000000000,", "line 4000000000000000000 is not a line of a scene"),
        (
            "\"column\": 22,", "\"column\": 4000000000000000000,",
            "column 4000000000000000000 is past the end of line 10"
        ),
        ("\"column\": 22,", "\"column\": -1,", "column -1 is not a column"),
        ("\"ticks\": 30,", "\"ticks\": -30,", "case 0 has -30 ticks"),
        ("\"work\": 120", "\"work\": -1", "case 0 did -1 units of work"),
        ("\"index\": 0,", "\"index\": -1,", "case -1 is outside the run's 1 cases"),
        ("\"tolerance\": 0.5}", "\"tolerance\": -0.5}", "a tolerance is -0.5"),
        ("\"ticks\": 30,", "\"ticks\": \"many\",", "`.cases[0].ticks` has the wrong type"),
        ("\"cases\": 1,", "\"cases\": -1,", "the run's case count is -1"),
        ("\"status\": \"failed\"", "\"status\": \"bogus\"", "case 0 has an unknown status 'bogus'"),
    ]

    @Test(arguments: hostile.indices)
    func aHostileValueIsALocatedError(_ k: Int) throws {
        let (from, to, words) = Self.hostile[k]
        #expect(Self.report.components(separatedBy: from).count >= 2, "\(from)")
        let text = Self.report.replacingOccurrences(of: from, with: to)
        let r = try merge(text)
        #expect(r.code == 2)
        let skip = to.firstIndex(of: ":").map { to.distance(from: to.startIndex, to: $0) + 2 } ?? 0
        let at = try place(to, in: text, skip: skip)
        #expect(r.error.hasPrefix("located: \(r.path):\(at): error: "), "\(r.error)")
        #expect(r.error.contains(words), "\(r.error)")
        #expect(r.seconds < 5)
    }

    /// Claimed sizes are bounded by what the reports hold: a run of 4e18 cases is a count of
    /// missing cases, a shard count of 4e18 names ten absent shards, a sweep claiming 10^10
    /// combinations is refused at its place.
    @Test func claimedSizesCostOnlyWhatTheFileHolds() throws {
        let many = Self.report.replacingOccurrences(
            of: "\"cases\": 1, \"digest\": \"", with: "\"cases\": 4000000000000000000, \"digest\": \""
        )
        .replacingOccurrences(of: "\"digest\": \"", with: "\"shard\": \"1/4000000000000000000\", \"digest\": \"")
        let m = try merge(many)
        #expect(m.code == 2)
        #expect(
            m.error.contains(
                "3999999999999999999 of the run's 4000000000000000000 cases are missing (the first is case 1)"),
            "\(m.error)")
        #expect(m.error.contains("the report of --shard 2/4000000000000000000, "), "\(m.error)")
        #expect(m.error.contains("11/4000000000000000000 and more is missing"), "\(m.error)")
        #expect(m.seconds < 5)
        let values = "[" + (0..<100_000).map(String.init).joined(separator: ",") + "]"
        let sweep =
            "\"sweeps\": [{\"file\": \"f\", \"scene\": \"s\", \"parameters\": [{\"name\": \"a\", \"values\": \(values)}, {\"name\": \"b\", \"values\": \(values)}]}],\n  \"version\": 3"
        let bomb = Self.report.replacingOccurrences(of: "\"version\": 3", with: sweep)
        let s = try merge(bomb)
        #expect(s.code == 2)
        #expect(
            s.error.contains("error: the sweep of `s` claims 10000000000 combinations, more than the run's 1 cases"),
            "\(s.error)")
        #expect(
            s.error.hasPrefix(
                "located: \(s.path):\(try place("\"parameters\": [{\"name\": \"a\"", in: bomb, skip: 14)): "),
            "\(s.error)")
        #expect(s.seconds < 5)
    }

    /// Text that is not JSON is located too (the decoder says only "not valid JSON").
    @Test func textThatIsNotJSONIsLocated() throws {
        let cases: [(String, String, String)] = [
            ("{\"version\": 3, \"run\": {\"cases\": 1e400}}", "1:33", "`1e400` is not a number a report can hold"),
            ("{\"version\": 3,\n \"run\": [}", "2:10", "not JSON: expected a value"),
            ("{\"version\": 3} x", "1:16", "not JSON: text after the end of the report"),
            ("", "1:1", "not JSON: the report ends early"),
            ("{\"version\": 3, \"run\": \"open", "1:23", "not JSON: a string is not closed or has a bad escape"),
            (
                Self.report.replacingOccurrences(of: "\"ticks\": 30,", with: "\"ticks\" 30,"), "",
                "not JSON: expected `:`"
            ),
            (
                Self.report.replacingOccurrences(of: "\"ticks\": 30,", with: "\"ticks\": 0.5,"), "",
                "`0.5` is not a whole number, which `ticks` is"
            ),
        ]
        for (text, at, words) in cases {
            let r = try merge(text)
            #expect(r.code == 2)
            if at.isEmpty {
                #expect(r.error.hasPrefix("located: \(r.path):3:") && r.error.hasSuffix(words + ")"), "\(r.error)")
            } else {
                #expect(r.error == "located: \(r.path):\(at): error: not a scenerun JSON report (\(words))", "\(text)")
            }
        }
    }

    /// The unmodified report still merges (exit 1: its case fails).
    @Test func theReportItselfMerges() throws {
        let f = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scenerun-hostile-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: f) }
        try Self.report.write(to: f, atomically: true, encoding: .utf8)
        let c = Captured()
        #expect(
            Driver.merge(MergeRequest(inputs: [f.path]), console: c.console, environment: [:], isTerminal: false) == 1)
        #expect(c.err.isEmpty, "\(c.err)")
    }
}
