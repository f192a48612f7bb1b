import Diagnostics
import Foundation
@_spi(Testing) import Reports
import Results
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct GitHubReporterTests {
    @Test func github() {
        #expect(
            GitHubReporter.render(results) == """
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

    /// A case line is plain text, not a workflow command: `%` shows as `%` (not `%25`), and a line
    /// break in a name cannot start a command; the annotation's title and message stay escaped.
    @Test func caseLinesAreShownAsTheyAre() {
        let r = [CaseResult(file: "s.yaml", name: "Edge pan past 40 %\n::error::x", status: .passed)]
        let text = GitHubReporter.render(r)
        #expect(text.contains("\n✓ Edge pan past 40 % ::error::x\n"), "\(text)")
        #expect(!text.contains("%25"))
    }

    @Test func githubPathsAreRelativeToTheWorkspace() {
        var o = ReportOptions()
        o.workspace = "/home/runner/work/app"
        o.currentFolder = "/home/runner/work/app/ui"
        #expect(GitHubReporter.repositoryPath("scenes/a.yaml", options: o) == "ui/scenes/a.yaml")
        #expect(GitHubReporter.repositoryPath("../scenes/a.yaml", options: o) == "scenes/a.yaml")
        #expect(GitHubReporter.repositoryPath("/home/runner/work/app/./x/../s.yaml", options: o) == "s.yaml")
        #expect(
            GitHubReporter.repositoryPath("/elsewhere/s.yaml", options: o) == "/elsewhere/s.yaml",
            "outside the workspace: as given")
        #expect(GitHubReporter.repositoryPath("scenes/a.yaml", options: ReportOptions()) == "scenes/a.yaml")
    }

    @Test func githubStepSummary() {
        let md = GitHubReporter.stepSummary(results)
        #expect(
            md == """
                ### scenerun: 1 passed, 1 failed, 1 invalid

                | case | status | where | first message |
                |---|---|---|---|
                | Shade / cancelled | failed | `scenes/shade.yaml:4:28` | shade.frame.y expected 0 ± 0.5, got 12.4 at t = 4.000 s |
                | bad.yaml | invalid | `scenes/bad.yaml:1:1` | unknown key `frequncy`; did you mean `frequency`? |


                """)
        #expect(GitHubReporter.stepSummary([results[0]]).hasSuffix("Every case passed.\n\n"))
    }
}
