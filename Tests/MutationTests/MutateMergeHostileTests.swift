import Driver
import Foundation
import Mutation
import Testing

/// `scenerun merge` of `mutate`'s JSON reports (`MergeRequest.otherKinds`), read as defensively
/// as a run's (what the merge fuzzer found; moved here from DriverTests with the mutation code).
@Suite struct MutateMergeHostileTests {
    /// Merges `text` as `scenerun merge` does: the exit code, the one line of error and the path.
    func merge(_ text: String) throws -> (code: Int32, error: String, path: String) {
        let f = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scenerun-hostile-mutate-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: f) }
        try Data(text.utf8).write(to: f)
        let c = Captured()
        var console = c.console
        console.located = { m in c.lock.withLock { c.err.append("located: " + m) } }
        var m = MergeRequest(inputs: [f.path])
        m.color = .never
        m.otherKinds = [mutateReports]
        let code = Driver.merge(m, console: console, environment: [:], isTerminal: false)
        #expect(c.out.isEmpty)
        #expect(c.err.count == 1, "\(c.err)")
        return (code, c.err.first ?? "", f.path)
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

    /// A mutate report as `mutate --json` writes it (two mutants of one file).
    static let mutateReport = """
        {
          "version": 3,
          "kind": "mutate",
          "scenerun": "scenerun 0.2.0 (scene format 1.3)",
          "operators": ["number"],
          "shard": null,
          "files": [
            {"file": "s.yaml", "mutants": 2, "problem": null, "message": null, "killed": 2, "timeout": 0, "survived": 0, "unasserted": 0, "unobserved": 0, "noCoverage": 0, "invalid": 0, "equivalent": 0, "leftOut": 0, "score": 1}
          ],
          "mutants": [
            {"index": 0, "id": "s.yaml:7:36 number ×0.5", "file": "s.yaml", "line": 7, "column": 36, "operator": "number", "change": "×0.5", "original": "300", "mutated": "150", "status": "unasserted", "failingCases": [], "detail": null, "sourceLine": "  home: { snap: { item: card, to: [300, 200], damping: 0.5 }, active: true }", "difference": {"case": "c", "first": {"time": 0.1, "name": "card.center.x", "original": "300.0", "mutated": "150.0", "by": "150.0 pt"}, "largest": {"time": 0.1, "name": "card.center.x", "original": "300.0", "mutated": "150.0", "by": "150.0 pt"}, "text": "t"}, "claim": null},
            {"index": 1, "id": "s.yaml:7:36 number ×2", "file": "s.yaml", "line": 7, "column": 36, "operator": "number", "change": "×2", "original": "300", "mutated": "600", "status": "killed", "failingCases": ["c"], "detail": null, "sourceLine": "  home: { snap: { item: card, to: [300, 200], damping: 0.5 }, active: true }", "difference": null, "claim": null}
          ]
        }
        """

    /// `mutate`'s reports are read as defensively as a run's: each hostile one is refused at its
    /// place. Before, every such error had no place, a negative or overflowing count of mutants
    /// trapped (a range with its bounds reversed, an addition that overflowed) and a huge column
    /// made the text report's caret allocate that many spaces.
    @Test func aHostileMutateReportIsALocatedError() throws {
        #expect(
            try merge(
                Self.mutateReport.replacingOccurrences(of: "\"id\": \"s.yaml:7:36 number ×2\"", with: "\"id\": 2")
            ).error.hasPrefix("located: "))
        // Each change, the text at whose value (past `skip` characters) the error is, its words.
        for (from, to, needle, skip, words) in [
            ("\"mutants\": 2,", "\"mutants\": -1,", "\"mutants\": -1", 11, "-1 is not a count of mutants"),
            (
                "\"mutants\": 2,",
                "\"mutants\": 9223372036854775807, \"leftOut\": 0}, {\"file\": \"t\", \"mutants\": 1,",
                "\"mutants\": 1,", 11,
                "the files' counts of mutants add up past 9223372036854775807"
            ),
            ("\"index\": 1,", "\"index\": 5,", "\"index\": 5", 9, "mutant 5 is outside the run's 2 mutants"),
            ("\"index\": 1,", "\"index\": -5,", "\"index\": -5", 9, "mutant -5 is outside the run's 2 mutants"),
            ("\"line\": 7,", "\"line\": 0,", "\"line\": 0", 8, "line 0 is not a line of a scene"),
            (
                "\"column\": 36,", "\"column\": 4000000000000000000,", "\"column\": 4", 10,
                "column 4000000000000000000 is not a column of its source line"
            ),
            ("\"version\": 3,\n  \"kind\"", "\"kind\"", "{", 0, "`version` is not 3"),
            ("\"time\": 0.1, \"name\"", "\"name\"", "\"difference\": {", 14, "mutant 0's difference lacks a key"),
            (
                "\"claim\": null}\n", "\"claim\": {\"line\": 0, \"column\": 1}}\n", "\"claim\": {", 9,
                "mutant 1's claim is not a line and column"
            ),
            ("\"operators\": [\"number\"],", "", "{", 0, "`operators` is missing"),
            ("\"status\": \"killed\"", "\"status\": \"bogus\"", "{\"index\": 1", 0, "mutant 1 lacks a key"),
        ] {
            let text = Self.mutateReport.replacingOccurrences(of: from, with: to)
            #expect(text != Self.mutateReport)
            let r = try merge(text)
            #expect(r.code == 2)
            let at = try place(needle, in: text, skip: skip)
            #expect(r.error.hasPrefix("located: \(r.path):\(at): error: not a scenerun mutate report: "), "\(r.error)")
            #expect(r.error.contains(words), "\(r.error)")
        }
    }
}
