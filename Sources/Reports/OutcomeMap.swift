import Expressions
import Results

/// The outcome map of a swept scene: the outcome of every combination of its parameters, as a
/// grid when it has one or two parameters (rows: the first, columns: the second), else as a list.
/// Each distinct outcome gets a one-character symbol, explained in a legend, so that the boundary
/// between outcomes shows at a glance.
public enum OutcomeMap {
    /// One map per swept scene (or variant), in the order of the results.
    public static func render(_ results: [CaseResult]) -> String {
        var scenes: [String] = []
        var byScene: [String: [CaseResult]] = [:]
        for r in results {
            guard let s = r.sweep else { continue }
            let key = r.file + "\u{0}" + s.scene
            if byScene[key] == nil { scenes.append(key) }
            byScene[key, default: []].append(r)
        }
        return scenes.map { map(byScene[$0] ?? []) }.joined()
    }

    /// The widest grid drawn with a label over every column.
    @_spi(Testing) public static let compactWidth = 160

    static func map(_ cases: [CaseResult]) -> String {
        guard let first = cases.first?.sweep else { return "" }
        let outcomes = cases.map { $0.sweep?.outcome ?? $0.status.rawValue }
        var distinct: [String] = []
        for o in outcomes where !distinct.contains(o) { distinct.append(o) }
        let symbols = assignSymbols(distinct)
        let title = "\(first.scene) — outcome map" + (first.outcomeText.map { " of `\($0)`" } ?? " (status)")
        var out = title + "\n"
        let params = first.parameters
        func fmt(_ d: Double) -> String { shortestNumber(d) }
        if params.count <= 2 {
            let rows = params[0].values
            let cols = params.count == 2 ? params[1].values : [Double.nan]
            let rowLabels = rows.map { "\(params[0].name)=\(fmt($0))" }
            let colLabels = params.count == 2 ? cols.map { "\(params[1].name)=\(fmt($0))" } : [""]
            let w0 = rowLabels.map(\.count).max() ?? 0
            let cw = max(1, colLabels.map(\.count).max() ?? 1)
            func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
            // A grid wider than a terminal's line is drawn one character per cell, the columns
            // named once above it.
            let compact = params.count == 2 && 4 + w0 + cols.count * (cw + 1) > compactWidth
            if compact {
                let name = params[1].name
                out +=
                    "  " + pad("", w0) + "  columns: \(name)=\(fmt(cols[0])) … \(name)=\(fmt(cols[cols.count - 1])), "
                out += "\(cols.count) values, one character each\n"
            } else if params.count == 2 {
                var header = "  " + pad("", w0) + "  " + colLabels.map { pad($0, cw) }.joined(separator: " ")
                while header.last == " " { header.removeLast() }
                out += header + "\n"
            }
            // Each case in the cell of its own parameter values: under --filter or --shard some
            // cells have no case, and the cases present are not the first ones.
            var cell: [Int: String] = [:]
            for (c, o) in zip(cases, outcomes) {
                let ps = c.sweep?.parameters ?? []
                guard let i = ps.first.flatMap({ p in rows.firstIndex(of: p.value) }) else { continue }
                let j = params.count == 2 ? ps.dropFirst().first.flatMap { p in cols.firstIndex(of: p.value) } : 0
                if let j { cell[i * cols.count + j] = o }
            }
            for (i, label) in rowLabels.enumerated() {
                var line = "  " + pad(label, w0) + "  "
                for j in cols.indices {
                    let symbol = cell[i * cols.count + j].map { symbols[$0] ?? "?" } ?? " "
                    line += compact ? symbol : pad(symbol, cw) + (j < cols.count - 1 ? " " : "")
                }
                while line.last == " " { line.removeLast() }
                out += line + "\n"
            }
        } else {
            for (k, c) in cases.enumerated() {
                let p = (c.sweep?.parameters ?? []).map { "\($0.name)=\(fmt($0.value))" }.joined(separator: ", ")
                out += "  \(p): \(outcomes[k])\n"
            }
        }
        out +=
            "  "
            + distinct.map { d in "\(symbols[d] ?? "?") \(d) (\(outcomes.filter { $0 == d }.count))" }.joined(
                separator: ", ") + "\n"
        return out
    }

    /// A distinct one-character symbol per outcome: the first of its letters or digits, upper
    /// case, not taken by an earlier outcome (completed C, cancelled A), else a spare letter.
    static func assignSymbols(_ outcomes: [String]) -> [String: String] {
        var used: Set<String> = []
        var out: [String: String] = [:]
        let spare = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmnopqrstuvwxyz").map(String.init)
        for o in outcomes {
            let own = o.filter { $0.isLetter || $0.isNumber }.map { String($0).uppercased() }
            let s = (own + spare).first { !used.contains($0) } ?? "?"
            used.insert(s)
            out[o] = s
        }
        return out
    }
}
