import Diagnostics
import Foundation
import Reports
import Results
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The results every reporter test renders: a passed case, a failed one with its source line, an
/// invalid file. One test file per reporter, as one source file per reporter.
let source = "views:\n  shade: { frame: [0, 0, 1, 1] }\nexpect:\n  views: { shade: { frame: [0, 0, 375, 667] } }\n"
let results = [
    CaseResult(file: "scenes/shade.yaml", name: "Shade", status: .passed, source: source),
    CaseResult(
        file: "scenes/shade.yaml", name: "Shade / cancelled", status: .failed,
        failures: [
            Failure(
                location: SourceLocation(file: "scenes/shade.yaml", line: 4, column: 28),
                message: "shade.frame.y expected 0 ± 0.5, got 12.4 at t = 4.000 s")
        ], source: source),
    CaseResult(
        file: "scenes/bad.yaml", name: "bad.yaml", status: .invalid,
        diagnostics: [
            Diagnostic(
                "unknown key `frequncy`; did you mean `frequency`?",
                at: SourceLocation(file: "scenes/bad.yaml", line: 1, column: 1))
        ]),
]
