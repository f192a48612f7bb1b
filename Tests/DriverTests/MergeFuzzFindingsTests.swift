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
