import Diagnostics
import Expressions
import Results

/// The terminal report: a line per case, failures in compiler form with the source line and a
/// caret, and the closing summary line.
public struct TextReporter: Reporter {
    public init() {}
    public func files(_ results: [CaseResult], options: ReportOptions) -> [ReportFile] {
        [ReportFile(name: "", text: Self.render(results, options: options))]
    }
    public static func render(_ results: [CaseResult], options: ReportOptions = ReportOptions()) -> String {
        var out = ""
        func paint(_ s: String, _ code: String) -> String { options.color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
        // Names, messages and source lines come from scene files: control and bidirectional
        // characters in them are escaped so that they cannot drive the terminal.
        func safe(_ s: String) -> String { s.split(separator: "\n", omittingEmptySubsequences: false).map { escapeForTerminal(String($0)) }.joined(separator: "\n") }
        for r in results {
            switch r.status {
            case .passed:
                if !options.quiet { out += paint("✓", "32") + " \(safe(r.name))\n" }
            case .failed:
                out += paint("✗", "31") + " \(safe(r.name))\n"
            case .invalid:
                out += paint("!", "33") + " \(safe(r.name)) (invalid)\n"
            }
            for d in r.diagnostics { out += safe(d.rendered(sourceText: r.source)) + "\n" }
            for f in r.failures { out += safe(Diagnostic(f.message, at: f.location).rendered(sourceText: r.source)) + "\n" }
            if options.verbose {
                for line in r.trace { out += "    \(safe(line))\n" }
                out += "    \(r.ticks) ticks, t = \(formatFixed(r.time, decimals: 3)) s, \(r.work) units of work\n"
            }
        }
        out += OutcomeMap.render(results)
        out += Summary(results).line + "\n"
        return out
    }
}
