import Driver
import Foundation
import Testing

/// What the libFuzzer target of `merge` (Fuzz/Sources/MergeFuzz) found, each reduced to the report
/// that showed it: every one is now a located error (exit 2) or a merge.
extension MergeHostileTests {
    /// Bytes that are not UTF-8 inside a string, or a `\u` escape that is not a whole character:
    /// the decoder said only "not valid JSON", and the report was refused without a place.
    @Test func textThatIsNotUTF8IsLocated() throws {
        let name = Array("\"name\": \"fails".utf8)
        let report = Array(Self.report.utf8)
        let start = try #require(report.indices.first { report[$0...].starts(with: name) })
        let line = report[..<start].filter { $0 == 0x0A }.count + 1
        // In characters (UTF-8 lead bytes), like the error: the opening quote of the name's string.
        let column = report[..<start].reversed().prefix { $0 != 0x0A }.filter { $0 & 0xC0 != 0x80 }.count + 9
        for (from, to, words) in [
            (Array("fails".utf8), [0x66, 0x90, 0x61], "a string is not UTF-8"),
            (Array("fails".utf8), [0x66, 0xED, 0xA0, 0x80], "a string is not UTF-8"),
            (Array("fails".utf8), Array("\\ud800x".utf8), "a string holds half a character (\\u escape)"),
            (Array("fails".utf8), Array("\\udc00\\ud800".utf8), "a string holds half a character (\\u escape)"),
            (Array("fails".utf8), Array("\\u+12f".utf8), "a string is not closed or has a bad escape"),
        ] as [([UInt8], [UInt8], String)] {
            var bytes = report
            let k = start + name.count - from.count
            bytes.replaceSubrange(k..<(k + from.count), with: to)
            let r = try merge(bytes: bytes)
            #expect(r.code == 2)
            #expect(
                r.error == "located: \(r.path):\(line):\(column): error: not a scenerun JSON report (not JSON: \(words))",
                "\(r.error)")
        }
        // A pair of escapes that is one character is a string like any other.
        let pair = Self.report.replacingOccurrences(of: "\"name\": \"fails", with: "\"name\": \"\\ud83d\\ude00 fails")
        let f = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-pair-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: f) }
        try pair.write(to: f, atomically: true, encoding: .utf8)
        let c = Captured()
        #expect(Driver.merge(MergeRequest(inputs: [f.path]), console: c.console, environment: [:], isTerminal: false) == 1)
        #expect(c.err.isEmpty && c.out.contains("✗ 😀 fails"), "\(c.err)")
    }
}

extension MergeHostileTests {
    /// JSON that is not an object, or whose `version` is not a number: refused at its place (it was
    /// "not JSON, or not an object", without one).
    @Test func jsonThatIsNotAnObjectIsLocated() throws {
        for (text, at, words) in [
            ("\"column\" ", "1:1", "not a JSON object"),
            ("\n  [1, 2]", "2:3", "not a JSON object"),
            ("{\"version\": \"3\"}", "1:13", "`.version` has the wrong type"),
        ] {
            let r = try merge(text)
            #expect(r.code == 2)
            #expect(r.error == "located: \(r.path):\(at): error: not a scenerun JSON report (\(words))", "\(text)")
        }
    }

    /// A mutate report as `mutate --json` writes it (two mutants of one file).
    static let mutateReport = """
        {
          "version": 1,
          "kind": "mutate",
          "scenerun": "scenerun 0.2.0 (scene format 1.1)",
          "operators": ["number"],
          "shard": null,
          "files": [
            {"file": "s.yaml", "mutants": 2, "problem": null, "message": null, "killed": 2, "timeout": 0, "survived": 0, "invalid": 0, "equivalent": 0, "score": 1}
          ],
          "mutants": [
            {"index": 0, "id": "s.yaml:7:36 number ×0.5", "file": "s.yaml", "line": 7, "column": 36, "operator": "number", "change": "×0.5", "original": "300", "mutated": "150", "status": "survived", "failingCases": [], "detail": null, "sourceLine": "  home: { snap: { item: card, to: [300, 200], damping: 0.5 }, active: true }"},
            {"index": 1, "id": "s.yaml:7:36 number ×2", "file": "s.yaml", "line": 7, "column": 36, "operator": "number", "change": "×2", "original": "300", "mutated": "600", "status": "killed", "failingCases": ["c"], "detail": null, "sourceLine": "  home: { snap: { item: card, to: [300, 200], damping: 0.5 }, active: true }"}
          ]
        }
        """

    /// `mutate`'s reports are read as defensively as a run's: each hostile one is refused at its
    /// place. Before, every such error had no place, a negative or overflowing count of mutants
    /// trapped (a range with its bounds reversed, an addition that overflowed) and a huge column
    /// made the text report's caret allocate that many spaces.
    @Test func aHostileMutateReportIsALocatedError() throws {
        #expect(try merge(Self.mutateReport.replacingOccurrences(of: "\"id\": \"s.yaml:7:36 number ×2\"", with: "\"id\": 2")).error.hasPrefix("located: "))
        // Each change, the text at whose value (past `skip` characters) the error is, its words.
        for (from, to, needle, skip, words) in [
            ("\"mutants\": 2,", "\"mutants\": -1,", "\"mutants\": -1", 11, "-1 is not a count of mutants"),
            (
                "\"mutants\": 2,", "\"mutants\": 9223372036854775807}, {\"file\": \"t\", \"mutants\": 1,", "\"mutants\": 1,", 11,
                "the files' counts of mutants add up past 9223372036854775807"
            ),
            ("\"index\": 1,", "\"index\": 5,", "\"index\": 5", 9, "mutant 5 is outside the run's 2 mutants"),
            ("\"index\": 1,", "\"index\": -5,", "\"index\": -5", 9, "mutant -5 is outside the run's 2 mutants"),
            ("\"line\": 7,", "\"line\": 0,", "\"line\": 0", 8, "line 0 is not a line of a scene"),
            (
                "\"column\": 36,", "\"column\": 4000000000000000000,", "\"column\": 4", 10,
                "column 4000000000000000000 is not a column of its source line"
            ),
            ("\"version\": 1,\n  \"kind\"", "\"kind\"", "{", 0, "`version` is not 1"),
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
