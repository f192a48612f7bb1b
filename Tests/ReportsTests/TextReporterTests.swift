import Diagnostics
import Foundation
import Reports
import Results
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct TextReporterTests {
    @Test func text() {
        #expect(
            TextReporter.render(results) == """
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
        #expect(
            TextReporter.render([results[0]], options: ReportOptions(color: true)).hasPrefix(
                "\u{1B}[32m✓\u{1B}[0m Shade"))
    }
    @Test func errorAndCaretColouredAsSwiftcDoes() {
        let colored = TextReporter.render([results[1]], options: ReportOptions(color: true))
        let b = "\u{1B}[1m"
        let red = "\u{1B}[1;31m"
        let green = "\u{1B}[1;32m"
        let reset = "\u{1B}[0m"
        #expect(
            colored.contains(
                "\(b)scenes/shade.yaml:4:28: \(red)error: \(reset)\(b)shade.frame.y expected 0 ± 0.5, got 12.4 at t = 4.000 s\(reset)\n"
            ))
        #expect(
            colored.contains(
                "\n  views: { shade: { frame: [0, 0, 375, 667] } }\n" + String(repeating: " ", count: 27)
                    + "\(green)^\(reset)\n"))
        #expect(!TextReporter.render([results[1]]).contains("\u{1B}"), "no escape codes without colour")
    }
}
