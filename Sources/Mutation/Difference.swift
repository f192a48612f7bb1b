import Expectations
import Expressions
import SceneRunner

/// Where a surviving mutant's run first differs from the original's, in the first case (in file
/// order) whose run differs, and where that case's run differs most (docs/mutate.md, "The first
/// difference").
public struct RunDifference: Sendable, Equatable {
    /// One value that differs at one tick: the column (`sheet.center.y`, `events.contact`; `end`
    /// when one run ends before the other), the original's value and the mutant's, as shown, and
    /// for a number the size of the difference with its unit (`31.2 pt`; empty otherwise).
    public struct Value: Sendable, Equatable {
        public var time: Double
        public var name: String
        public var original: String
        public var mutated: String
        public var by: String
    }
    public var caseName: String
    /// The first tick that differs, and what differs most there.
    public var first: Value
    /// The tick of the case's run where it differs most, and what.
    public var largest: Value

    /// `case "dismiss" differs from t = 0.433 s, sheet.center.y 512.4 → 498.0 (largest at t =
    /// 0.617 s, sheet.center.y 543.6 → 512.4, 31.2 pt)`.
    public var text: String {
        func value(_ v: Value) -> String {
            "\(v.name) \(v.original) → \(v.mutated)" + (v.by.isEmpty ? "" : ", \(v.by)")
        }
        let first = "\(first.name) \(first.original) → \(first.mutated)"
        return "case \"\(caseName)\" differs from \(timeText(self.first.time)), \(first) (largest at "
            + "\(timeText(largest.time)), \(value(largest)))"
    }
}

/// Compares a mutant's state log of one case with the original's, tick by tick: nil when every
/// tick is the same, to within rounding (`StateLog.Column.tolerance`), and both runs have as
/// many ticks. At a tick, what differs most is the column of the most telling class with a
/// difference (positions and sizes; rotation; scale; alpha; events, removals and states;
/// velocity; angular velocity; animators' and transitions' progress; vars; whether the animator
/// runs), and in it the largest difference.
func difference(case name: String, original a: StateLog, mutant b: StateLog) -> RunDifference? {
    let w = a.columns.count
    guard b.columns == a.columns else {
        let v = RunDifference.Value(time: 0, name: "columns", original: "\(w)", mutated: "\(b.columns.count)", by: "")
        return RunDifference(caseName: name, first: v, largest: v)
    }
    // (row, column, rank, size): rank lower wins, then size larger.
    typealias Spot = (row: Int, column: Int, rank: Int, size: Double)
    func better(_ x: Spot, than y: Spot?) -> Bool {
        guard let y else { return true }
        return x.rank < y.rank || (x.rank == y.rank && x.size > y.size)
    }
    var first: Spot?
    var largest: Spot?
    let n = Swift.min(a.rowCount, b.rowCount)
    // Every cell of every tick is compared: the rows and the columns' kinds, ranks and tolerances
    // read once, not through the logs and a copy of the column per cell.
    let (av, bv) = (a.values, b.values)
    let isText = a.columns.map { $0.kind == .text }
    let ranks = a.columns.map { $0.rank }
    let tolerances = a.columns.map { $0.tolerance }
    for r in 0..<n {
        var here: Spot?
        for c in 0..<w {
            let x = av[r * w + c]  // a.value(r, c)
            let y = bv[r * w + c]
            var size: Double
            if isText[c] {
                if a.text(c, x, against: x) == b.text(c, y, against: y) { continue }
                size = 1
            } else {
                if x.bitPattern == y.bitPattern { continue }
                size = Swift.abs(x - y)
                if !size.isFinite { size = .infinity } else if size <= tolerances[c] { continue }
            }
            let spot: Spot = (r, c, ranks[c], size)
            if better(spot, than: here) { here = spot }
        }
        guard let h = here else { continue }
        if first == nil { first = h }
        if better(h, than: largest) { largest = h }
    }
    func value(_ s: Spot) -> RunDifference.Value {
        let (x, y) = (a.value(s.row, s.column), b.value(s.row, s.column))
        var by = ""
        if case .number(let unit) = a.columns[s.column].kind {
            let d = (1...6).first { formatFixed(s.size, decimals: $0).contains(where: { "123456789".contains($0) }) }
            by = (d.map { formatFixed(s.size, decimals: $0) } ?? "\(s.size)") + (unit.isEmpty ? "" : " \(unit)")
        }
        return RunDifference.Value(
            time: a.times[s.row], name: a.columns[s.column].name, original: a.text(s.column, x, against: y),
            mutated: b.text(s.column, y, against: x), by: by)
    }
    if let f = first, let l = largest { return RunDifference(caseName: name, first: value(f), largest: value(l)) }
    guard a.rowCount != b.rowCount else { return nil }
    // The same up to where the shorter run ends: the difference is where each one ends.
    func end(_ log: StateLog) -> String { log.times.last.map { formatFixed($0, decimals: 3) + " s" } ?? "0.000 s" }
    let t = n < a.times.count ? a.times[n] : b.times[n]
    let v = RunDifference.Value(time: t, name: "end", original: end(a), mutated: end(b), by: "")
    return RunDifference(caseName: name, first: v, largest: v)
}
