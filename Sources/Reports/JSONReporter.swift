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

    /// A JSON string (`jsonString`, shared with the replay's data and the scene schema).
    static func string(_ s: String, forScript: Bool = false) -> String { jsonString(s, forScript: forScript) }

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
