@_spi(Testing) import Reports
import Results
import Testing

/// The text report's outcome map: a labelled grid, or one character per cell when the labelled
/// grid would be wider than a terminal line.
@Suite struct OutcomeMapTests {
    /// A swept scene's cases: `a` rows × `b` columns, "high" where b > a, else "low".
    func sweep(rows: [Double], columns: [Double]) -> [CaseResult] {
        var out: [CaseResult] = []
        for a in rows {
            for b in columns {
                var r = CaseResult(file: "s.yaml", name: "S [a=\(a), b=\(b)]", status: .passed)
                r.sweep = SweepInfo(
                    scene: "S", outcomeText: "b > a",
                    parameters: [
                        .init(name: "a", value: a, values: rows), .init(name: "b", value: b, values: columns),
                    ],
                    outcome: b > a ? "high" : "low")
                out.append(r)
            }
        }
        return out
    }

    @Test func aNarrowGridLabelsEveryColumn() {
        let text = OutcomeMap.render(sweep(rows: [0, 1], columns: [0, 0.5, 2]))
        #expect(
            text == """
                S — outcome map of `b > a`
                       b=0   b=0.5 b=2
                  a=0  L     H     H
                  a=1  L     L     H
                  L low (3), H high (3)

                """)
    }

    /// Under --filter or --shard only some cases are there: each is drawn in the cell of its own
    /// parameter values, the others left empty (they were packed from the top left before).
    @Test func aPartialSweepKeepsEachCaseInItsCell() {
        let all = sweep(rows: [0, 1], columns: [0, 0.5, 2])
        let text = OutcomeMap.render([all[2], all[4]])  // a=0 b=2 (high), a=1 b=0.5 (low)
        #expect(
            text == """
                S — outcome map of `b > a`
                       b=0   b=0.5 b=2
                  a=0              H
                  a=1        L
                  H high (1), L low (1)

                """)
    }

    @Test func aWideGridIsOneCharacterPerCell() {
        let columns = (0..<60).map { Double($0) / 3 }
        let text = OutcomeMap.render(sweep(rows: [2, 10], columns: columns))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[1] == "        columns: b=0 … b=19.666666666666668, 60 values, one character each")
        #expect(lines[2] == "  a=2   " + String(repeating: "L", count: 7) + String(repeating: "H", count: 53))
        #expect(lines[3] == "  a=10  " + String(repeating: "L", count: 31) + String(repeating: "H", count: 29))
        #expect(lines.allSatisfy { $0.count <= OutcomeMap.compactWidth })
    }
}
