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
        func safe(_ s: String) -> String {
            s.split(separator: "\n", omittingEmptySubsequences: false).map { escapeForTerminal(String($0)) }.joined(
                separator: "\n")
        }
        for r in results {
            switch r.status {
            case .passed:
                if !options.quiet { out += paint("✓", "32") + " \(safe(r.name))\n" }
            case .failed:
                out += paint("✗", "31") + " \(safe(r.name))\n"
            case .invalid:
                out += paint("!", "33") + " \(safe(r.name)) (invalid)\n"
            }
            for d in r.diagnostics {
                out += compilerForm(d, line: r.sourceLine(at: d.location), color: options.color) + "\n"
            }
            for f in r.failures {
                let d = Diagnostic(f.message, at: f.location)
                out += compilerForm(d, line: r.sourceLine(at: f.location), color: options.color) + "\n"
            }
            if options.verbose {
                for line in r.trace { out += "    \(safe(line))\n" }
                if !r.expectations.isEmpty {
                    out += "    expectations:\n"
                    for line in r.expectations { out += "      \(safe(line))\n" }
                }
                out += "    \(r.ticks) ticks, t = \(formatFixed(r.time, decimals: 3)) s, \(r.work) units of work\n"
            }
        }
        out += OutcomeMap.render(results)
        out += Summary(results).line + "\n"
        return out
    }

    /// A diagnostic in compiler form — `path:line:col: error: message`, the source line, a caret —
    /// with control characters escaped, and, with colour, painted as swiftc paints it: the
    /// location and message bold, `error:` bold red, the caret bold green.
    public static func compilerForm(_ d: Diagnostic, line: String?, color: Bool) -> String {
        let lines = d.rendered(line: line).split(separator: "\n", omittingEmptySubsequences: false)
            .map { escapeForTerminal(String($0)) }
        guard color, let head = lines.first else { return lines.joined(separator: "\n") }
        let bold = "\u{1B}[1m"
        let red = "\u{1B}[1;31m"
        let green = "\u{1B}[1;32m"
        let reset = "\u{1B}[0m"
        var out: [String] = []
        if let r = head.firstRange(of: ": error: ") {
            let location = String(head[..<r.lowerBound])
            let message = String(head[r.upperBound...])
            out.append(bold + location + ": " + red + "error: " + reset + bold + message + reset)
        } else {
            out.append(head)
        }
        for (i, line) in lines.enumerated().dropFirst() {
            // The caret line follows the source line: blanks, then `^`.
            if i == 2, line.hasSuffix("^"), line.dropLast().allSatisfy({ $0 == " " || $0 == "\t" }) {
                out.append(String(line.dropLast()) + green + "^" + reset)
            } else {
                out.append(line)
            }
        }
        return out.joined(separator: "\n")
    }
}
