import Diagnostics
import Expressions
import Results

/// GitHub Actions workflow commands: a `::group::` per scene file holding its cases' lines, one
/// `::error` annotation per failure or diagnostic with the file's path relative to the workspace
/// (`GITHUB_WORKSPACE`), so that annotations attach to the file whatever folder scenerun ran in;
/// and a Markdown summary for `$GITHUB_STEP_SUMMARY`.
public struct GitHubReporter: Reporter {
    public init() {}

    public func files(_ results: [CaseResult], options: ReportOptions) -> [ReportFile] {
        [ReportFile(name: "", text: Self.render(results, options: options))]
    }

    static func escapeData(_ s: String) -> String {
        s.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }

    @_spi(Testing) public static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }

    /// `path` as GitHub wants it in an annotation: relative to the workspace when it lies inside
    /// it (a relative path is first resolved against the current folder), else as given.
    public static func repositoryPath(_ path: String, options: ReportOptions) -> String {
        guard let ws = options.workspace, !ws.isEmpty else { return path }
        var absolute = path
        if !path.hasPrefix("/") {
            guard let cwd = options.currentFolder else { return path }
            absolute = cwd + "/" + path
        }
        let parts = normalized(absolute)
        let root = normalized(ws)
        guard parts.count > root.count, Array(parts.prefix(root.count)) == root else { return path }
        return parts.dropFirst(root.count).joined(separator: "/")
    }

    /// The components of an absolute path with `.` and `..` resolved (no links followed).
    static func normalized(_ path: String) -> [String] {
        var out: [String] = []
        for c in path.split(separator: "/") {
            if c == "." { continue }
            if c == ".." {
                if !out.isEmpty { out.removeLast() }
                continue
            }
            out.append(String(c))
        }
        return out
    }

    public static func render(_ results: [CaseResult], options: ReportOptions = ReportOptions()) -> String {
        var out = ""
        var file: String?
        for r in results {
            if r.file != file {
                if file != nil { out += "::endgroup::\n" }
                file = r.file
                out += "::group::\(escapeData(repositoryPath(r.file, options: options)))\n"
            }
            let mark = r.status == .passed ? "✓" : r.status == .failed ? "✗" : "!"
            // A plain line, not a workflow command: GitHub shows it as it is, so `%` stays `%`;
            // line breaks become spaces, so that a name cannot start a command of its own.
            out += "\(mark) \(r.name.replacingAll("\r", " ").replacingAll("\n", " "))\n"
            let located = r.diagnostics.map { ($0.location, $0.message) } + r.failures.map { ($0.location, $0.message) }
            for (at, message) in located {
                let path = escapeProperty(repositoryPath(at.file, options: options))
                let title = escapeProperty(r.name)
                out += "::error file=\(path),line=\(at.line),col=\(at.column),title=\(title)::\(escapeData(message))\n"
            }
        }
        if file != nil { out += "::endgroup::\n" }
        return out + Summary(results).line + "\n"
    }

    /// The Markdown summary appended to `$GITHUB_STEP_SUMMARY`: the counts, then a table of the
    /// cases that did not pass with their first message.
    public static func stepSummary(_ results: [CaseResult], options: ReportOptions = ReportOptions()) -> String {
        func cell(_ s: String) -> String {
            s.replacingAll("\\", "\\\\").replacingAll("|", "\\|").replacingAll("\n", " ").replacingAll("<", "&lt;")
        }
        let s = Summary(results)
        var out = "### scenerun: \(s.line)\n\n"
        let bad = results.filter { $0.status != .passed }
        if bad.isEmpty { return out + "Every case passed.\n\n" }
        out += "| case | status | where | first message |\n|---|---|---|---|\n"
        for r in bad {
            let first =
                r.diagnostics.first.map { ($0.location, $0.message) }
                ?? r.failures.first.map { ($0.location, $0.message) }
            let at =
                first.map { "\(repositoryPath($0.0.file, options: options)):\($0.0.line):\($0.0.column)" }
                ?? repositoryPath(r.file, options: options)
            out += "| \(cell(r.name)) | \(r.status.rawValue) | `\(cell(at))` | \(cell(first?.1 ?? "")) |\n"
        }
        return out + "\n"
    }
}

extension String {
    func replacingAll(_ a: String, _ b: String) -> String {
        guard !a.isEmpty else { return self }
        var out = ""
        var rest = Substring(self)
        while let r = rest.firstRange(of: a) {
            out += rest[..<r.lowerBound]
            out += b
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
