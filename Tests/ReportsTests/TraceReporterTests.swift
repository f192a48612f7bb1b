import Diagnostics
import Foundation
import Reports
import Results
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct TraceReporterTests {
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
        let c = CaseResult(file: "a.yaml", name: "drop! WRONG", status: .passed)  // same stem ignoring case
        let d = CaseResult(file: "a.yaml", name: "Other", status: .passed)
        let names = TraceReporter.fileNames([a, b, c, d])
        #expect(Set(names.map { $0.lowercased() }).count == 4)
        #expect(names[3] == "Other.csv")
        #expect(
            names[0].hasPrefix("Drop--wrong-") && names[0].hasSuffix(".csv")
                && names[0].count == "Drop--wrong-".count + 8 + 4)
        // The name of a case does not depend on the order of the others.
        let reversed = TraceReporter.fileNames([c, b, a, d])
        #expect(reversed == [names[2], names[1], names[0], names[3]])
        // Empty, dot-only and very long names still give usable file names.
        #expect(TraceReporter.fileNames([CaseResult(file: "f", name: "..", status: .passed)]) == ["case.csv"])
        #expect(
            TraceReporter.fileNames([CaseResult(file: "f", name: String(repeating: "x", count: 500), status: .passed)])[
                0
            ].count == 104)
    }
}
