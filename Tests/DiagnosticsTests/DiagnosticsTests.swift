import Testing
import Diagnostics

@Suite struct DiagnosticsTests {
    @Test func rendersCompilerForm() {
        let d = Diagnostic("unknown key `frequncy`; did you mean `frequency`?",
                           at: SourceLocation(file: "scenes/a.yaml", line: 2, column: 5))
        let text = "a:\n    frequncy: 3\n"
        #expect(d.rendered(sourceText: text) == """
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
}
