import Diagnostics
import Expressions
import Results

/// JSON, described by schema/report.schema.json: keys sorted, stable number formatting, no
/// timings unless asked (`--timings` adds each case's `duration`).
///
/// Version 2: a `version` key; failures and diagnostics carry `path`, `line` and `column`
/// (1-based) instead of a `location` object; failures also `expected`, `actual`, `tolerance` and
/// `time` (null where the judge does not know them).
/// Version 3: what `scenerun merge` needs to rebuild every other report from shards' JSON: each
/// case's `index` in the whole run, `time`, `work` and (when it did not pass) `trace`; the source
/// line of each failure and diagnostic, a diagnostic's `notes`; the run's identity (`run`) and
/// each swept scene's axes (`sweeps`).
public struct JSONReporter: Reporter {
    public init() {}

    /// The version of the report's shape (schema/report.schema.json); raised on any change to it.
    public static let version = 3

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
            var lines: [String: [Substring]] = [:]
            // The source line a location points at (in the scene or a part it includes), as the
            // text report shows it (null when it has none), so that `merge` renders failures as
            // the run did.
            func source(_ l: SourceLocation) -> String {
                guard let text = r.sourceText(of: l.file), l.line >= 1 else { return "null" }
                if lines[l.file] == nil {
                    lines[l.file] = text.split(separator: "\n", omittingEmptySubsequences: false)
                }
                guard let ls = lines[l.file], l.line <= ls.count else { return "null" }
                return string(String(ls[l.line - 1]))
            }
            let fails = r.failures.map { f in
                "{\"actual\": \(value(f.actual)), \"column\": \(f.location.column), \"expected\": "
                    + "\(value(f.expected)), \"line\": \(f.location.line), \"message\": \(string(f.message)), "
                    + "\"path\": \(string(f.location.file)), \"source\": \(source(f.location)), "
                    + "\"time\": \(number(f.time)), \"tolerance\": \(number(f.tolerance))}"
            }
            let diags = r.diagnostics.map {
                "{\(located($0.location)), \"message\": \(string($0.message)), "
                    + "\"notes\": [\($0.notes.map { string($0) }.joined(separator: ", "))], "
                    + "\"path\": \(string($0.location.file)), \"source\": \(source($0.location))}"
            }
            var fields = ["\"diagnostics\": [\(diags.joined(separator: ", "))]"]
            if options.timings, let d = options.durations, i < d.count {
                fields.append("\"duration\": \(formatFixed(d[i], decimals: 6))")
            }
            fields.append("\"failures\": [\(fails.joined(separator: ", "))]")
            fields.append("\"file\": \(string(r.file))")
            fields.append("\"index\": \(r.index ?? i)")
            fields.append("\"name\": \(string(r.name))")
            if let s = r.sweep {
                let params = s.parameters.sorted { $0.name < $1.name }.map { "\(string($0.name)): \(number($0.value))" }
                fields.append("\"outcome\": \(s.outcome.map { string($0) } ?? "null")")
                fields.append("\"parameters\": {\(params.joined(separator: ", "))}")
                fields.append("\"scene\": \(string(s.scene))")
            }
            fields.append("\"status\": \(string(r.status.rawValue))")
            fields.append("\"ticks\": \(r.ticks)")
            fields.append("\"time\": \(number(r.time))")
            if r.status != .passed && !r.trace.isEmpty {
                fields.append("\"trace\": [\(r.trace.map { string($0) }.joined(separator: ", "))]")
            }
            fields.append("\"work\": \(r.work)")
            cases.append("    {" + fields.joined(separator: ", ") + "}")
        }
        let s = Summary(results)
        var top = ["  \"cases\": [\n\(cases.joined(separator: ",\n"))\n  ]"]
        if let run = options.run {
            let shard = run.shard.map { ", \"shard\": \(string($0))" } ?? ""
            top.append("  \"run\": {\"cases\": \(run.cases), \"digest\": \(string(run.digest))\(shard)}")
        }
        if !options.version.isEmpty { top.append("  \"scenerun\": \(string(options.version))") }
        top.append("  \"summary\": {\"failed\": \(s.failed), \"invalid\": \(s.invalid), \"passed\": \(s.passed)}")
        let sweeps = sweepAxes(results)
        if !sweeps.isEmpty { top.append("  \"sweeps\": [\n" + sweeps.joined(separator: ",\n") + "\n  ]") }
        if options.timings, let t = options.timestamp { top.append("  \"timestamp\": \(string(t))") }
        top.append("  \"version\": \(version)")
        return "{\n" + top.joined(separator: ",\n") + "\n}\n"
    }

    /// Each swept scene once, in the order of its first case: its file, name, `outcome`
    /// expression and parameters in the sweep's order with all their values (the outcome map's axes).
    static func sweepAxes(_ results: [CaseResult]) -> [String] {
        var seen: Set<String> = []
        var out: [String] = []
        for r in results {
            guard let s = r.sweep, seen.insert(r.file + "\u{0}" + s.scene).inserted else { continue }
            let params = s.parameters.map {
                "{\"name\": \(string($0.name)), \"values\": [\($0.values.map { number($0) }.joined(separator: ", "))]}"
            }
            out.append(
                "    {\"file\": \(string(r.file)), \"outcome\": \(s.outcomeText.map { string($0) } ?? "null"), "
                    + "\"parameters\": [\(params.joined(separator: ", "))], \"scene\": \(string(s.scene))}")
        }
        return out
    }
}
