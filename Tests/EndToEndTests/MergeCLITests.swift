import Foundation
import Testing

/// `scenerun merge` on a hostile report: one line on standard error in compiler form, exit 2.
/// On main (4c35c33) this report killed the process with SIGILL (`Range requires lowerBound <=
/// upperBound`).
@Suite struct MergeCLITests {
    @Test func aFailureOnLineZeroIsALocatedError() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-merge-cli-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = dir.appendingPathComponent("r.json").path
        #expect(try scenerun(["--json", report, "Tests/ReportsTests/Failing/"]).code == 1)
        let text = try String(contentsOfFile: report, encoding: .utf8)
        // Every failure on line 0 (the old merge then rebuilt the source over `1...0`).
        let hostile = text.replacingOccurrences(of: "\"line\": 10,", with: "\"line\": 0,")
            .replacingOccurrences(of: "\"line\": 11,", with: "\"line\": 0,")
        try hostile.write(toFile: report, atomically: true, encoding: .utf8)
        // The first `"line": 0` is on line 3 of the report; its value starts after `"line": `.
        let lineText = try #require(hostile.split(separator: "\n").first { $0.contains("\"line\": 0,") })
        let column = try #require(lineText.range(of: "\"line\": 0,")).lowerBound.utf16Offset(in: lineText) + 9
        let r = try scenerun(["merge", report])
        #expect(r.code == 2)
        #expect(r.out == "")
        #expect(
            r.err
                == "\(report):3:\(column): error: line 0 is not a line of a scene (1 to 1048576, or 0 for no place)\n",
            "\(r.err)")
    }
}
