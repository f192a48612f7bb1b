import Diagnostics
import Foundation
import Reports
import Results
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct JSONReporterTests {
    @Test func json() throws {
        let s = JSONReporter.render(results)
        let obj = try JSONSerialization.jsonObject(with: Data(s.utf8)) as! [String: Any]
        let summary = obj["summary"] as! [String: Int]
        #expect(summary == ["failed": 1, "invalid": 1, "passed": 1])
        let cases = obj["cases"] as! [[String: Any]]
        #expect(cases.map { $0["status"] as! String } == ["passed", "failed", "invalid"])
        // Keys are written sorted.
        #expect(
            s.contains(
                "{\"diagnostics\": [], \"failures\": [], \"file\": \"scenes/shade.yaml\", \"index\": 0, \"name\": \"Shade\", \"status\": \"passed\", \"ticks\": 0, \"time\": 0, \"work\": 0}"
            ))
        // A failure carries the source line it points at (the text report's excerpt).
        #expect(s.contains("\"source\": \"  views: { shade: { frame: [0, 0, 375, 667] } }\""))
        #expect(JSONReporter.render(results) == s)
    }
}
