import Diagnostics
import Expressions
import Results

/// JSON: keys sorted, stable number formatting, no timings.
public struct JSONReporter: Reporter {
    public init() {}
    public func files(_ results: [CaseResult], options: ReportOptions) -> [ReportFile] {
        [ReportFile(name: "", text: Self.render(results))]
    }
    public static func render(_ results: [CaseResult]) -> String {
        func esc(_ s: String) -> String {
            var o = "\""
            for u in s.unicodeScalars {
                switch u {
                case "\"": o += "\\\""
                case "\\": o += "\\\\"
                case "\n": o += "\\n"
                case "\r": o += "\\r"
                case "\t": o += "\\t"
                default:
                    if u.value < 0x20 {
                        let h = String(u.value, radix: 16)
                        o += "\\u" + String(repeating: "0", count: 4 - h.count) + h
                    } else { o.unicodeScalars.append(u) }
                }
            }
            return o + "\""
        }
        func loc(_ l: SourceLocation) -> String { "{\"column\": \(l.column), \"file\": \(esc(l.file)), \"line\": \(l.line)}" }
        var cases: [String] = []
        for r in results {
            let fails = r.failures.map { "{\"location\": \(loc($0.location)), \"message\": \(esc($0.message))}" }
            let diags = r.diagnostics.map { "{\"location\": \(loc($0.location)), \"message\": \(esc($0.message))}" }
            var sweep = ""
            if let s = r.sweep {
                let params = s.parameters.sorted { $0.name < $1.name }.map { "\(esc($0.name)): \(shortestNumber($0.value))" }.joined(separator: ", ")
                sweep = ", \"outcome\": \(s.outcome.map(esc) ?? "null"), \"parameters\": {\(params)}, \"scene\": \(esc(s.scene))"
            }
            cases.append("    {\"diagnostics\": [\(diags.joined(separator: ", "))], \"failures\": [\(fails.joined(separator: ", "))], \"file\": \(esc(r.file)), \"name\": \(esc(r.name))\(sweep), \"status\": \(esc(r.status.rawValue)), \"ticks\": \(r.ticks)}")
        }
        let s = Summary(results)
        return "{\n  \"cases\": [\n\(cases.joined(separator: ",\n"))\n  ],\n  \"summary\": {\"failed\": \(s.failed), \"invalid\": \(s.invalid), \"passed\": \(s.passed)}\n}\n"
    }
}
