import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Results
import Testing
import Diagnostics
import Reports

@Suite struct JSONReporterTests {
    @Test func json() throws {
        let s = JSONReporter.render(results)
        let obj = try JSONSerialization.jsonObject(with: Data(s.utf8)) as! [String: Any]
        let summary = obj["summary"] as! [String: Int]
        #expect(summary == ["failed": 1, "invalid": 1, "passed": 1])
        let cases = obj["cases"] as! [[String: Any]]
        #expect(cases.map { $0["status"] as! String } == ["passed", "failed", "invalid"])
        // Keys are written sorted.
        #expect(s.contains("{\"diagnostics\": [], \"failures\": [], \"file\": \"scenes/shade.yaml\", \"name\": \"Shade\", \"status\": \"passed\", \"ticks\": 0}"))
        #expect(JSONReporter.render(results) == s)
    }
}
