import Diagnostics
import Testing

@Suite struct DiagnosticsTests {
    @Test func rendersCompilerForm() {
        let d = Diagnostic(
            "unknown key `frequncy`; did you mean `frequency`?",
            at: SourceLocation(file: "scenes/a.yaml", line: 2, column: 5))
        let text = "a:\n    frequncy: 3\n"
        #expect(
            d.rendered(sourceText: text) == """
                scenes/a.yaml:2:5: error: unknown key `frequncy`; did you mean `frequency`?
                    frequncy: 3
                    ^
                """)
    }
    @Test func suggestsClosest() {
        #expect(closestMatch(to: "frequncy", in: ["damping", "frequency", "length"]) == "frequency")
        #expect(closestMatch(to: "zzz", in: ["damping", "frequency"]) == nil)
        #expect(closestMatch(to: "Damping", in: ["damping"]) == "damping")
    }
    @Test func ordersLocations() {
        let a = SourceLocation(file: "a", line: 2, column: 9)
        let b = SourceLocation(file: "a", line: 10, column: 1)
        #expect(a < b)
        #expect(DiagnosticList([Diagnostic("x", at: b), Diagnostic("y", at: a)]).diagnostics.first?.message == "y")
    }

    /// The excerpt is the line the parser counted, whatever breaks the lines: CRLF, CR, NEL and
    /// U+2028 (a split on "\n" alone showed an empty line for CR files and the wrong one after a
    /// U+2028).
    @Test(arguments: ["\r\n", "\r", "\u{85}", "\u{2028}"])
    func theExcerptIsTheParsersLine(_ br: String) {
        let text = ["a: 1", "b: \"x\"", "c: [1, 2]", "d: 4"].joined(separator: br)
        let d = Diagnostic("bad", at: SourceLocation(file: "f.yaml", line: 3, column: 5))
        #expect(d.rendered(sourceText: text) == "f.yaml:3:5: error: bad\nc: [1, 2]\n    ^")
    }
}
