import Diagnostics

/// `merge` reads reports that may have been edited by hand or written to hurt: every number a
/// reporter or the merge itself relies on is range-checked here, and every size a report claims
/// is bounded by what the reports hold, before any of it is used. A violation is a located error
/// (`r.json:12:9: …`, exit 2), never a trap, a hang or an allocation the input does not pay for.
enum ReportLimits {
    /// The largest line a failure or diagnostic may name: the default `--max-file-size` in bytes,
    /// so no scene under the default limit has more lines. (The text report rebuilds each case's
    /// source up to its last named line.)
    static let line = 1 << 20
}

/// A place in a report's JSON: object keys and array indices from the top.
typealias JSONPath = [JSONPathItem]
enum JSONPathItem: Equatable {
    case key(String)
    case index(Int)
}

/// Checks a decoded report; the first violation as a located `MergeError`.
func checkReport(_ doc: ReportDocument, bytes: [UInt8], path: String) throws(MergeError) {
    func fail(_ at: JSONPath, _ message: String) -> MergeError {
        var e = MergeError(path: path, message: message)
        if let p = JSONLocator.position(of: at, in: bytes) {
            e.line = p.line
            e.column = p.column
        }
        return e
    }
    func finite(_ x: Double?, _ at: JSONPath, _ what: String) throws(MergeError) {
        if let x, !(x.isFinite && x >= 0) { throw fail(at, "\(what) is \(x); it must be a number ≥ 0") }
    }
    let run = doc.run
    if run.cases < 0 { throw fail([.key("run"), .key("cases")], "the run's case count is \(run.cases)") }
    for (i, c) in doc.cases.enumerated() {
        let at: JSONPath = [.key("cases"), .index(i)]
        if c.index < 0 || c.index >= run.cases {
            throw fail(at + [.key("index")], "case \(c.index) is outside the run's \(run.cases) cases")
        }
        if c.ticks < 0 { throw fail(at + [.key("ticks")], "case \(c.index) has \(c.ticks) ticks") }
        if c.work < 0 { throw fail(at + [.key("work")], "case \(c.index) did \(c.work) units of work") }
        try finite(c.time, at + [.key("time")], "case \(c.index)'s time")
        try finite(c.duration, at + [.key("duration")], "case \(c.index)'s duration")
        for (name, v) in c.parameters ?? [:] where !v.isFinite {
            throw fail(at + [.key("parameters"), .key(name)], "parameter `\(escapeForTerminal(name))` is \(v)")
        }
        // The source lines known for this case, by line: a column must fall inside its line (the
        // text report pads a caret to it).
        var known: [Int: Int] = [:]
        var spots: [(JSONPath, Int, Int, String?)] = []
        for (k, f) in c.failures.enumerated() {
            spots.append((at + [.key("failures"), .index(k)], f.line, f.column, f.source))
            try finite(f.tolerance, at + [.key("failures"), .index(k), .key("tolerance")], "a tolerance")
            try finite(f.time, at + [.key("failures"), .index(k), .key("time")], "a failure's time")
        }
        for (k, d) in c.diagnostics.enumerated() {
            spots.append((at + [.key("diagnostics"), .index(k)], d.line, d.column, d.source))
        }
        for (p, line, column, source) in spots {
            if line < 0 || line > ReportLimits.line || (source != nil && line == 0) {
                throw fail(
                    p + [.key("line")],
                    "line \(line) is not a line of a scene (1 to \(ReportLimits.line), or 0 for no place)")
            }
            if column < 0 { throw fail(p + [.key("column")], "column \(column) is not a column") }
            if let s = source { known[line] = max(known[line] ?? 0, s.unicodeScalars.count) }
        }
        let last = known.keys.max() ?? 0
        for (p, line, column, _) in spots where line >= 1 && line <= last && column > (known[line] ?? 0) + 1 {
            throw fail(
                p + [.key("column")],
                "column \(column) is past the end of line \(line), which has \(known[line] ?? 0) characters")
        }
    }
    for (i, s) in (doc.sweeps ?? []).enumerated() {
        var combinations = 1
        for (j, a) in s.parameters.enumerated() {
            if let bad = a.values.first(where: { !$0.isFinite }) {
                throw fail([.key("sweeps"), .index(i), .key("parameters"), .index(j)], "a swept value is \(bad)")
            }
            let (m, overflow) = combinations.multipliedReportingOverflow(by: a.values.count)
            combinations = overflow ? Int.max : m
        }
        if combinations > run.cases {
            let claimed = combinations == Int.max ? "more than \(Int.max)" : "\(combinations)"
            throw fail(
                [.key("sweeps"), .index(i), .key("parameters")],
                "the sweep of `\(escapeForTerminal(s.scene))` claims \(claimed) combinations, more than the run's "
                    + "\(run.cases) cases")
        }
    }
}

/// The place in the JSON a decoding error names.
func decodingPath(_ error: any Error) -> JSONPath? {
    let path: [any CodingKey]
    switch error as? DecodingError {
    case .keyNotFound(_, let c), .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c):
        path = c.codingPath
    default: return nil
    }
    return path.map { k in k.intValue.map { .index($0) } ?? .key(k.stringValue) }
}

/// Finds where a value is in JSON text, by its path, without building the document: a scan that
/// skips every other value. Nil when the path is not there (the decoder then named it anyway).
enum JSONLocator {
    static func position(of path: JSONPath, in b: [UInt8]) -> (line: Int, column: Int)? {
        var i = 0
        func ws() { while i < b.count, [0x20, 0x09, 0x0A, 0x0D].contains(b[i]) { i += 1 } }
        /// Skips one value (iteratively: nesting costs no stack); false on malformed text.
        func skip() -> Bool {
            ws()
            var depth = 0
            repeat {
                guard i < b.count else { return false }
                switch b[i] {
                case UInt8(ascii: "\""): guard string() != nil else { return false }
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1; i += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1; i += 1
                default:
                    if depth == 0 {
                        while i < b.count, !",}] \t\r\n".utf8.contains(b[i]) { i += 1 }
                    } else {
                        i += 1
                    }
                }
            } while depth > 0
            return true
        }
        /// Reads a string at `i` (its raw bytes between the quotes: keys written by scenerun have
        /// no escapes).
        func string() -> [UInt8]? {
            guard i < b.count, b[i] == UInt8(ascii: "\"") else { return nil }
            let start = i + 1
            i += 1
            while i < b.count, b[i] != UInt8(ascii: "\"") { i += b[i] == UInt8(ascii: "\\") ? 2 : 1 }
            guard i < b.count else { return nil }
            i += 1
            return Array(b[start..<(i - 1)])
        }
        for item in path {
            ws()
            guard i < b.count else { return nil }
            switch item {
            case .key(let k):
                guard b[i] == UInt8(ascii: "{") else { return nil }
                i += 1
                var found = false
                while !found {
                    ws()
                    guard let key = string() else { return nil }
                    ws()
                    guard i < b.count, b[i] == UInt8(ascii: ":") else { return nil }
                    i += 1
                    if key == Array(k.utf8) { found = true; break }
                    guard skip() else { return nil }
                    ws()
                    guard i < b.count, b[i] == UInt8(ascii: ",") else { return nil }
                    i += 1
                }
            case .index(let n):
                guard b[i] == UInt8(ascii: "[") else { return nil }
                i += 1
                for _ in 0..<n {
                    guard skip() else { return nil }
                    ws()
                    guard i < b.count, b[i] == UInt8(ascii: ",") else { return nil }
                    i += 1
                }
            }
        }
        ws()
        guard i <= b.count else { return nil }
        var line = 1
        var column = 1
        var k = 0
        while k < i {
            if b[k] == 0x0A {
                line += 1
                column = 1
            } else if b[k] & 0xC0 != 0x80 {
                column += 1
            }
            k += 1
        }
        return (line, column)
    }
}
