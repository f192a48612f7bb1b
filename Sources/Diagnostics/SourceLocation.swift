/// A place in a scene file: the path as given on the command line, 1-based line and column.
///
/// The one location type of scenerun: load errors, expression errors, expectation failures and
/// every report use it.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file path as the user named it (relative paths stay relative).
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in Unicode scalars.
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file; self.line = line; self.column = column
    }

    /// A location for values that come from no file (defaults, synthesised values).
    public static func unknown(_ file: String = "<none>") -> SourceLocation {
        SourceLocation(file: file, line: 0, column: 0)
    }

    /// The location `offset` columns to the right on the same line.
    public func advanced(byColumns offset: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column + offset)
    }

    /// `path:line:col`.
    public var description: String { "\(file):\(line):\(column)" }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}

/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable {
    case error, warning, note
}

/// A message tied to a place in a scene file, printed in compiler form:
/// `path:line:col: error: message`, then the source line and a caret.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var severity: Severity
    public var message: String
    /// Extra lines printed after the caret (e.g. "did you mean `frequency`?" is in the message;
    /// notes hold things like the items still moving at a timeout).
    public var notes: [String]

    public init(_ message: String, at location: SourceLocation, severity: Severity = .error, notes: [String] = []) {
        self.location = location; self.severity = severity; self.message = message; self.notes = notes
    }

    /// `path:line:col: error: message` (one line, no source excerpt).
    public var description: String { "\(location): \(severity.rawValue): \(message)" }

    /// The compiler-style rendering: the header line, the source line and a caret under the column,
    /// then the notes. `sourceText` is the whole file's text, if available.
    public func rendered(sourceText: String?) -> String {
        // Lines as the parser counts them (CRLF, CR, NEL, LS and PS break lines too), so that the
        // excerpt is the line the location names.
        rendered(line: sourceText.flatMap { location.line >= 1 ? ByteLines(Array($0.utf8)).line(location.line) : nil })
    }

    /// The rendering with `line` as the source line the location names (nil: none known).
    public func rendered(line: String?) -> String {
        var out = description
        if let src = line {
            out += "\n" + src
            let col = max(1, location.column)
            var caret = ""
            for (i, ch) in src.unicodeScalars.enumerated() where i < col - 1 {
                caret.unicodeScalars.append(ch == "\t" ? "\t" : " ")
            }
            if src.unicodeScalars.count < col - 1 {
                caret += String(repeating: " ", count: col - 1 - src.unicodeScalars.count)
            }
            out += "\n" + caret + "^"
        }
        for n in notes { out += "\n" + n }
        return out
    }
}

/// A collection of diagnostics thrown together (a loader reports every error it finds, in
/// source order, not just the first).
public struct DiagnosticList: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics.sorted { $0.location < $1.location } }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Suggests the closest candidate to a misspelt name ("did you mean …?"), or nil when none is close.
///
/// Uses the Levenshtein distance, case-insensitively; a candidate qualifies when its distance is at
/// most a third of the longer name's length (at least 1, at most 3). Ties go to the earlier candidate.
public func closestMatch(to name: String, in candidates: [String]) -> String? {
    var best: (String, Int)?
    let a = Array(name.lowercased().unicodeScalars)
    for cand in candidates {
        let b = Array(cand.lowercased().unicodeScalars)
        let d = levenshtein(a, b)
        let limit = min(3, max(1, max(a.count, b.count) / 3))
        if d <= limit, d < (best?.1 ?? .max) { best = (cand, d) }
    }
    return best?.0
}

/// Edit distance counting insertions, deletions, substitutions and swaps of neighbours
/// (optimal string alignment), so that `crad` is one edit from `card`.
func levenshtein(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            d[i][j] = Swift.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = Swift.min(d[i][j], d[i - 2][j - 2] + 1)
            }
        }
    }
    return d[a.count][b.count]
}
