import Diagnostics
import Expressions
import Results

/// JSON, described by schema/report.schema.json: keys sorted, stable number formatting, no
/// timings unless asked (`--timings` adds each case's `duration`).
///
/// Version 2: a `version` key; failures and diagnostics carry `path`, `line` and `column`
/// (1-based) instead of a `location` object; failures also `expected`, `actual`, `tolerance` and
/// `time` (null where the judge does not know them).
public struct JSONReporter: Reporter {
    public init() {}

    /// The version of the report's shape (schema/report.schema.json); raised on any change to it.
    public static let version = 2

    public func files(_ results: [CaseResult], options: ReportOptions) -> [ReportFile] {
        [ReportFile(name: "", text: Self.render(results, options: options))]
    }

    /// A JSON string. `forScript` also escapes `<`, `>`, `&` and the two line separators
    /// JavaScript rejects, so that the text can stand inside an HTML `<script>` element.
    static func string(_ s: String, forScript: Bool = false) -> String {
        var o = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": o += "\\\""
            case "\\": o += "\\\\"
            case "\n": o += "\\n"
            case "\r": o += "\\r"
            case "\t": o += "\\t"
            case "<" where forScript, ">" where forScript, "&" where forScript, "\u{2028}" where forScript,
                "\u{2029}" where forScript:
                o += unicodeEscape(u)
            default:
                if u.value < 0x20 { o += unicodeEscape(u) } else { o.unicodeScalars.append(u) }
            }
        }
        return o + "\""
    }

    static func unicodeEscape(_ u: Unicode.Scalar) -> String {
        let h = String(u.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - h.count)) + h
    }

    /// A JSON number (JSON has no infinity or NaN: those are null).
    static func number(_ d: Double?) -> String {
        guard let d, d.isFinite else { return "null" }
        return shortestNumber(d)
    }

    static func value(_ v: ObservedValue?) -> String {
        switch v {
        case .none: "null"
        case .number(let d): number(d)
        case .text(let s): string(s)
        }
    }

    static func located(_ l: SourceLocation) -> String {
        "\"column\": \(l.column), \"line\": \(l.line)"
    }

    public static func render(_ results: [CaseResult], options: ReportOptions = ReportOptions()) -> String {
        var cases: [String] = []
        for (i, r) in results.enumerated() {
            let fails = r.failures.map { f in
                "{\"actual\": \(value(f.actual)), \"column\": \(f.location.column), \"expected\": "
                    + "\(value(f.expected)), "
                    + "\"line\": \(f.location.line), \"message\": \(string(f.message)), \"path\": "
                    + "\(string(f.location.file)), "
                    + "\"time\": \(number(f.time)), \"tolerance\": \(number(f.tolerance))}"
            }
            let diags = r.diagnostics.map {
                "{\(located($0.location)), \"message\": \(string($0.message)), \"path\": \(string($0.location.file))}"
            }
            var fields = ["\"diagnostics\": [\(diags.joined(separator: ", "))]"]
            if options.timings, let d = options.durations, i < d.count {
                fields.append("\"duration\": \(formatFixed(d[i], decimals: 6))")
            }
            fields.append("\"failures\": [\(fails.joined(separator: ", "))]")
            fields.append("\"file\": \(string(r.file))")
            fields.append("\"name\": \(string(r.name))")
            if let s = r.sweep {
                let params = s.parameters.sorted { $0.name < $1.name }.map { "\(string($0.name)): \(number($0.value))" }
                fields.append("\"outcome\": \(s.outcome.map { string($0) } ?? "null")")
                fields.append("\"parameters\": {\(params.joined(separator: ", "))}")
                fields.append("\"scene\": \(string(s.scene))")
            }
            fields.append("\"status\": \(string(r.status.rawValue))")
            fields.append("\"ticks\": \(r.ticks)")
            cases.append("    {" + fields.joined(separator: ", ") + "}")
        }
        let s = Summary(results)
        var top = ["  \"cases\": [\n\(cases.joined(separator: ",\n"))\n  ]"]
        if !options.version.isEmpty { top.append("  \"scenerun\": \(string(options.version))") }
        top.append("  \"summary\": {\"failed\": \(s.failed), \"invalid\": \(s.invalid), \"passed\": \(s.passed)}")
        if options.timings, let t = options.timestamp { top.append("  \"timestamp\": \(string(t))") }
        top.append("  \"version\": \(version)")
        return "{\n" + top.joined(separator: ",\n") + "\n}\n"
    }
}
