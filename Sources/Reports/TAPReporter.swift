import Diagnostics
import Results

/// The Test Anything Protocol (TAP 14): a plan line, then `ok` or `not ok` per case, each failure
/// in compiler form as a YAML diagnostic block.
public struct TAPReporter: Reporter {
    public init() {}
    public func files(_ results: [CaseResult], options: ReportOptions) -> [ReportFile] {
        var out = "TAP version 14\n1..\(results.count)\n"
        for (i, r) in results.enumerated() {
            let name = escapeForTerminal(r.name).split(separator: "#", omittingEmptySubsequences: false).joined(
                separator: "\\#")
            out += "\(r.status == .passed ? "ok" : "not ok") \(i + 1) - \(name)\n"
            let messages =
                r.diagnostics.map { $0.rendered(sourceText: nil) }
                + r.failures.map { Diagnostic($0.message, at: $0.location).rendered(sourceText: nil) }
            if messages.isEmpty { continue }
            out += "  ---\n  messages:\n"
            for m in messages { out += "    - \(jsonString(escapeForTerminal(m)))\n" }
            out += "  ...\n"
        }
        return [ReportFile(name: "", text: out)]
    }
}
