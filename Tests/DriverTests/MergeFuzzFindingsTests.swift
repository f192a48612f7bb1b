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
                r.error
                    == "located: \(r.path):\(line):\(column): error: not a scenerun JSON report (not JSON: \(words))",
                "\(r.error)")
        }
        // A pair of escapes that is one character is a string like any other.
        let pair = Self.report.replacingOccurrences(of: "\"name\": \"fails", with: "\"name\": \"\\ud83d\\ude00 fails")
        let f = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-pair-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: f) }
        try pair.write(to: f, atomically: true, encoding: .utf8)
        let c = Captured()
        #expect(
            Driver.merge(MergeRequest(inputs: [f.path]), console: c.console, environment: [:], isTerminal: false) == 1)
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
}

extension MergeHostileTests {
    /// A failure on line 1 048 576 (the largest a report may name) cost merge a text of that many
    /// empty lines per case, then an array of a million strings each time the text report showed
    /// the line: 52 MB for a report of 1 253 bytes, 446 MB for 200 such cases in 90 KB (the merge
    /// target's bound on the heap caught it). Merge now keeps the lines it read, by number; the
    /// text report still shows each at its place.
    @Test func aFarLineCostsOnlyTheLineItself() throws {
        let far = Self.report.replacingOccurrences(of: "\"line\": 10,", with: "\"line\": 1048576,")
        #expect(far != Self.report)
        let f = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-far-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: f) }
        try far.write(to: f, atomically: true, encoding: .utf8)
        let merged = try mergeReports([f.path])
        #expect(merged.results.map { ($0.sourceLines ?? [:]).values.flatMap(\.keys).sorted() } == [[11, 1_048_576]])
        let c = Captured()
        var m = MergeRequest(inputs: [f.path])
        m.color = .never
        #expect(Driver.merge(m, console: c.console, environment: [:], isTerminal: false) == 1)
        #expect(
            c.out.contains(
                "fails.yaml:1048576:22: error: box.y expected 0 ± 0.5, got 120.858848 at t = 0.500 s\n  views: { box: { y: 0, alpha: 0.5 } }\n                     ^\n"
            ), "\(c.out)")
    }
}

extension MergeHostileTests {
    /// A swept case without a value for one of its sweep's parameters merged, and the JSON report
    /// merge wrote then held `null` there, which merge itself refused when it read it again (found
    /// by the merge target's round trip). It is now refused at the case's `parameters`.
    @Test func aSweptCaseMissingAParameterIsLocated() throws {
        let c = Captured()
        var r = RunRequest(selection: Selection(paths: [repo.appendingPathComponent("scenes/shade-sweep.yaml").path]))
        r.format = .json
        _ = execute(r, console: c.console, environment: [:], isTerminal: false)
        let needle = "\"parameters\": {\"v\": -1500, \"y\": 200}"
        #expect(c.out.components(separatedBy: needle).count == 2)
        let text = c.out.replacingOccurrences(of: needle, with: "\"parameters\": {\"v\": -1500, \"<\": 200}")
        let m = try merge(text)
        #expect(m.code == 2)
        let at = try place(needle, in: c.out, skip: 14)
        #expect(
            m.error
                == "located: \(m.path):\(at): error: case 1 has no value for `y`, a parameter of its sweep",
            "\(m.error)")
        // Without `parameters` at all, the error is at the case (it was unlocated: the key it
        // named is not in the file).
        let none = c.out.replacingOccurrences(of: ", " + needle, with: "")
        #expect(none != c.out)
        let n = try merge(none)
        #expect(n.code == 2)
        // Case 1 is the report's fourth line, indented by four spaces.
        #expect(
            n.error == "located: \(n.path):4:5: error: case 1 has no value for `v`, a parameter of its sweep",
            "\(n.error)")
    }

    /// A case without a key the report requires is refused at the case (the decoder names the
    /// missing key, which the file does not hold: the error was at the report's top).
    @Test func aMissingKeyIsLocatedAtItsObject() throws {
        let text = Self.report.replacingOccurrences(of: "\"ticks\": 30, ", with: "")
        #expect(text != Self.report)
        let r = try merge(text)
        #expect(r.code == 2)
        let at = try place("{\"diagnostics\"", in: text, skip: 0)
        #expect(
            r.error == "located: \(r.path):\(at): error: not a scenerun JSON report (`.cases[0].ticks` is missing)",
            "\(r.error)")
    }
}

extension MergeHostileTests {
    /// Two failures of one case on the same line of the same file, with different texts for it:
    /// merge checked each column against the longer text and kept the last, so the JSON report it
    /// wrote was refused when merged again ("column 22 is past the end of line 10, which has 9
    /// characters"; MergeFuzz's round trip). Now one line has one text, or the report is refused
    /// at the second text.
    @Test func oneLineHasOneText() throws {
        let source = "\"source\": \"  views: { box: { y: 0, alpha: 0.5 } }\""
        let parts = Self.report.components(separatedBy: source)
        #expect(parts.count >= 3, "fails.yaml's line 10 has two failures, each with its source line")
        let changed = parts[0] + source + parts[1] + "\"source\": \"  vi\"" + parts[2...].joined(separator: source)
        let r = try merge(changed)
        #expect(r.code == 2)
        #expect(r.error.hasPrefix("located: \(r.path):"), "\(r.error)")
        #expect(
            r.error.contains("error: line 10 of `")
                && r.error.contains("fails.yaml` is given two different texts in case 0"), "\(r.error)")
    }
}
