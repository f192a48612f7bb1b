import Reports
import Results
import Testing

@Suite struct TAPReporterTests {
    @Test func aLinePerCaseAndFailuresAsDiagnostics() {
        let tap = ReportFormat.tap.render(results)
        #expect(tap.hasPrefix("TAP version 14\n1..3\nok 1 - Shade\nnot ok 2 - Shade / cancelled\n  ---\n"))
        #expect(tap.contains("    - \"scenes/shade.yaml:4:28: error: shade.frame.y expected 0 ± 0.5, got 12.4 at t = 4.000 s\"\n"))
        #expect(tap.hasSuffix("not ok 3 - bad.yaml\n  ---\n  messages:\n    - \"scenes/bad.yaml:1:1: error: unknown key `frequncy`; did you mean `frequency`?\"\n  ...\n"))
    }
}
