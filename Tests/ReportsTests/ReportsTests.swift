import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Results
import Testing
import Diagnostics
@testable import Reports

let source = "views:\n  shade: { frame: [0, 0, 1, 1] }\nexpect:\n  views: { shade: { frame: [0, 0, 375, 667] } }\n"
let results = [
    CaseResult(file: "scenes/shade.yaml", name: "Shade", status: .passed, source: source),
    CaseResult(file: "scenes/shade.yaml", name: "Shade / cancelled", status: .failed,
               failures: [Failure(location: SourceLocation(file: "scenes/shade.yaml", line: 4, column: 28),
                                  message: "shade.frame.y expected 0 ± 0.5, got 12.4 at t = 4.000 s")], source: source),
    CaseResult(file: "scenes/bad.yaml", name: "bad.yaml", status: .invalid,
               diagnostics: [Diagnostic("unknown key `frequncy`; did you mean `frequency`?", at: SourceLocation(file: "scenes/bad.yaml", line: 1, column: 1))]),
]

@Suite struct ReportsTests {
    @Test func text() {
        #expect(TextReporter.render(results) == """
        ✓ Shade
        ✗ Shade / cancelled
        scenes/shade.yaml:4:28: error: shade.frame.y expected 0 ± 0.5, got 12.4 at t = 4.000 s
          views: { shade: { frame: [0, 0, 375, 667] } }
                                   ^
        ! bad.yaml (invalid)
        scenes/bad.yaml:1:1: error: unknown key `frequncy`; did you mean `frequency`?
        1 passed, 1 failed, 1 invalid

        """)
        #expect(TextReporter.render([results[0]], options: ReportOptions(quiet: true)) == "1 passed, 0 failed\n")
        #expect(TextReporter.render([results[0]], options: ReportOptions(color: true)).hasPrefix("\u{1B}[32m✓\u{1B}[0m Shade"))
    }

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

    @Test func junit() throws {
        let x = JUnitReporter.render(results)
        #expect(x.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"scenerun\" tests=\"3\" failures=\"1\" errors=\"1\">"))
        #expect(x.contains("<testsuite name=\"scenes/shade.yaml\" tests=\"2\" failures=\"1\" errors=\"0\" file=\"scenes/shade.yaml\">"))
        #expect(x.contains("<failure message=\"shade.frame.y expected 0 ± 0.5, got 12.4 at t = 4.000 s\" type=\"expectation\">scenes/shade.yaml:4:28: shade.frame.y"))
        #expect(x.contains("<error message=\"unknown key `frequncy`; did you mean `frequency`?\" type=\"invalid\">"))
        #expect(JUnitReporter.xml("a<b & \"c\"") == "a&lt;b &amp; &quot;c&quot;")
        let doc = try XMLDocument(xmlString: x)
        #expect(try doc.nodes(forXPath: "//testcase").count == 3)
    }

    @Test func errorAndCaretColouredAsSwiftcDoes() {
        let colored = TextReporter.render([results[1]], options: ReportOptions(color: true))
        let b = "\u{1B}[1m", red = "\u{1B}[1;31m", green = "\u{1B}[1;32m", reset = "\u{1B}[0m"
        #expect(colored.contains("\(b)scenes/shade.yaml:4:28: \(red)error: \(reset)\(b)shade.frame.y expected 0 ± 0.5, got 12.4 at t = 4.000 s\(reset)\n"))
        #expect(colored.contains("\n  views: { shade: { frame: [0, 0, 375, 667] } }\n" + String(repeating: " ", count: 27) + "\(green)^\(reset)\n"))
        #expect(!TextReporter.render([results[1]]).contains("\u{1B}"), "no escape codes without colour")
    }

    @Test func github() {
        #expect(GitHubReporter.render(results) == """
        ::group::scenes/shade.yaml
        ✓ Shade
        ✗ Shade / cancelled
        ::error file=scenes/shade.yaml,line=4,col=28,title=Shade / cancelled::shade.frame.y expected 0 ± 0.5, got 12.4 at t = 4.000 s
        ::endgroup::
        ::group::scenes/bad.yaml
        ! bad.yaml
        ::error file=scenes/bad.yaml,line=1,col=1,title=bad.yaml::unknown key `frequncy`; did you mean `frequency`?
        ::endgroup::
        1 passed, 1 failed, 1 invalid

        """)
        #expect(GitHubReporter.escapeProperty("a:b,c\n") == "a%3Ab%2Cc%0A")
    }

    @Test func githubPathsAreRelativeToTheWorkspace() {
        var o = ReportOptions()
        o.workspace = "/home/runner/work/app"
        o.currentFolder = "/home/runner/work/app/ui"
        #expect(GitHubReporter.repositoryPath("scenes/a.yaml", options: o) == "ui/scenes/a.yaml")
        #expect(GitHubReporter.repositoryPath("../scenes/a.yaml", options: o) == "scenes/a.yaml")
        #expect(GitHubReporter.repositoryPath("/home/runner/work/app/./x/../s.yaml", options: o) == "s.yaml")
        #expect(GitHubReporter.repositoryPath("/elsewhere/s.yaml", options: o) == "/elsewhere/s.yaml", "outside the workspace: as given")
        #expect(GitHubReporter.repositoryPath("scenes/a.yaml", options: ReportOptions()) == "scenes/a.yaml")
    }

    @Test func githubStepSummary() {
        let md = GitHubReporter.stepSummary(results)
        #expect(md == """
        ### scenerun: 1 passed, 1 failed, 1 invalid

        | case | status | where | first message |
        |---|---|---|---|
        | Shade / cancelled | failed | `scenes/shade.yaml:4:28` | shade.frame.y expected 0 ± 0.5, got 12.4 at t = 4.000 s |
        | bad.yaml | invalid | `scenes/bad.yaml:1:1` | unknown key `frequncy`; did you mean `frequency`? |


        """)
        #expect(GitHubReporter.stepSummary([results[0]]).hasSuffix("Every case passed.\n\n"))
    }

    @Test func traceCSV() {
        var r = CaseResult(file: "f.yaml", name: "Shade / cancel: fast", status: .passed)
        r.tickColumns = ["time", "box.centerX"]
        r.ticksTrace = [[1.0 / 60, 12.5], [2.0 / 60, -0.0000004]]
        #expect(TraceReporter.render(r) == "time,box.centerX\n0.016667,12.500000\n0.033333,0.000000\n")
        #expect(TraceReporter.fileNames([r]) == ["Shade---cancel--fast.csv"])
    }

    /// `Drop: wrong` and `Drop? wrong` share the stem `Drop--wrong`; on main both were written to
    /// one file, the second replacing the first.
    @Test func traceFileNamesAreUniqueAndDeterministic() {
        let a = CaseResult(file: "a.yaml", name: "Drop: wrong", status: .passed)
        let b = CaseResult(file: "a.yaml", name: "Drop? wrong", status: .passed)
        let c = CaseResult(file: "a.yaml", name: "drop! WRONG", status: .passed)   // same stem ignoring case
        let d = CaseResult(file: "a.yaml", name: "Other", status: .passed)
        let names = TraceReporter.fileNames([a, b, c, d])
        #expect(Set(names.map { $0.lowercased() }).count == 4)
        #expect(names[3] == "Other.csv")
        #expect(names[0].hasPrefix("Drop--wrong-") && names[0].hasSuffix(".csv") && names[0].count == "Drop--wrong-".count + 8 + 4)
        // The name of a case does not depend on the order of the others.
        let reversed = TraceReporter.fileNames([c, b, a, d])
        #expect(reversed == [names[2], names[1], names[0], names[3]])
        // Empty, dot-only and very long names still give usable file names.
        #expect(TraceReporter.fileNames([CaseResult(file: "f", name: "..", status: .passed)]) == ["case.csv"])
        #expect(TraceReporter.fileNames([CaseResult(file: "f", name: String(repeating: "x", count: 500), status: .passed)])[0].count == 104)
    }
}
