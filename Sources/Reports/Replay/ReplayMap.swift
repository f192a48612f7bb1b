import Expressions
import Results

/// The replay index's outcome maps: for each swept scene a grid (rows: every parameter but the
/// last, columns: the last; one row for a single parameter) whose cells link to their case pages,
/// a colour per distinct outcome with a legend, and the cases that did not pass marked. Cells are
/// placed by their parameters' values, so a filtered or sharded sweep leaves gaps, not shifts.
enum ReplayMap {
    /// Colours for outcomes in the order they first appear (then again, darker).
    static let palette = [
        "#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#76b7b2", "#edc948", "#9c755f", "#ff9da7", "#bab0ac", "#e15759",
    ]

    static func colour(_ k: Int) -> String { palette[k % palette.count] }

    /// Every swept scene's map, in the order of its first case; `page` names a result's page.
    static func render(_ results: [CaseResult], page: (Int) -> String) -> String {
        var order: [String] = []
        var byScene: [String: [Int]] = [:]
        for (i, r) in results.enumerated() {
            guard let s = r.sweep else { continue }
            let key = r.file + "\u{0}" + s.scene
            if byScene[key] == nil { order.append(key) }
            byScene[key, default: []].append(i)
        }
        return order.enumerated().map { n, key in map(byScene[key] ?? [], n, results, page) }.joined()
    }

    static func map(_ members: [Int], _ n: Int, _ results: [CaseResult], _ page: (Int) -> String) -> String {
        guard let first = members.first, let sweep = results[first].sweep, !sweep.parameters.isEmpty else { return "" }
        func outcome(_ r: CaseResult) -> String { r.sweep?.outcome ?? r.status.rawValue }
        var distinct: [String] = []
        var count: [String: Int] = [:]
        for i in members {
            let o = outcome(results[i])
            if count[o] == nil { distinct.append(o) }
            count[o, default: 0] += 1
        }
        let symbols = OutcomeMap.assignSymbols(distinct)
        var cellOf: [[Double]: Int] = [:]
        for i in members { cellOf[results[i].sweep?.parameters.map(\.value) ?? []] = i }
        let params = sweep.parameters
        let columns = params[params.count - 1]
        // Rows: every combination of the parameters but the last, the first varying slowest.
        var rows: [[Double]] = [[]]
        for p in params.dropLast() { rows = rows.flatMap { r in p.values.map { r + [$0] } } }
        func label(_ names: [SweepInfo.Parameter], _ values: [Double]) -> String {
            zip(names, values).map { "\($0.name)=\(shortestNumber($1))" }.joined(separator: ", ")
        }
        var out = "<section class=\"map\" id=\"map-\(n + 1)\"><h2>\(html(sweep.scene)) — outcome map"
        out += sweep.outcomeText.map { " of <code>\(html($0))</code>" } ?? " (status)"
        out += "</h2>\n<table class=\"grid\"><thead><tr><th></th>"
        for v in columns.values { out += "<th>\(html("\(columns.name)=\(shortestNumber(v))"))</th>" }
        out += "</tr></thead><tbody>\n"
        for row in rows {
            let rowLabel = params.count == 1 ? "" : label(Array(params.dropLast()), row)
            out += "<tr><th>\(html(rowLabel))</th>"
            for v in columns.values {
                guard let i = cellOf[row + [v]] else {
                    out += "<td class=\"gap\"></td>"
                    continue
                }
                let r = results[i]
                let o = outcome(r)
                let k = distinct.firstIndex(of: o) ?? 0
                let bad = r.status != .passed
                let title = "\(label(params, row + [v])): \(o)" + (bad ? " (\(r.status.rawValue))" : "")
                out += "<td class=\"o\(k)\(bad ? " bad" : "")\" style=\"background:\(colour(k))\">"
                out +=
                    "<a href=\"\(html(page(i)))\" "
                    + "title=\"\(html(title))\">\(html(symbols[o] ?? "?"))\(bad ? "✗" : "")</a></td>"
            }
            out += "</tr>\n"
        }
        out += "</tbody></table>\n<p class=\"legend\">"
        out += distinct.enumerated().map { k, o in
            "<span><i style=\"background:\(colour(k))\">\(html(symbols[o] ?? "?"))</i> \(html(o)) "
                + "(\(count[o] ?? 0))</span>"
        }.joined(separator: " ")
        let failing = members.filter { results[$0].status != .passed }.count
        if failing > 0 { out += " <span><i class=\"badkey\">✗</i> did not pass (\(failing))</span>" }
        out += "</p></section>\n"
        return out
    }

    static func html(_ s: String) -> String { JUnitReporter.xml(s) }
}
