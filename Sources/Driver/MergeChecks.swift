import Diagnostics

/// `merge` reads reports that may have been edited by hand or written to hurt: every number a
/// reporter or the merge itself relies on is range-checked here, and every size a report claims
/// is bounded by what the reports hold, before any of it is used. A violation is a located error
/// (`r.json:12:9: …`, exit 2), never a trap, a hang or an allocation the input does not pay for.
package enum ReportLimits {
    /// The largest line a failure or diagnostic may name: the default `--max-file-size` in bytes,
    /// so no scene under the default limit has more lines. (The text report rebuilds each case's
    /// source up to its last named line.)
    package static let line = 1 << 20
}

/// A place in a report's JSON: object keys and array indices from the top.
package typealias JSONPath = [JSONPathItem]
package enum JSONPathItem: Equatable {
    case key(String)
    case index(Int)
}

/// Checks a decoded report; the first violation as a located `MergeError`.
func checkReport(_ doc: ReportDocument, bytes: [UInt8], path: String) throws(MergeError) {
    func fail(_ at: JSONPath, _ message: String) -> MergeError {
        let p = JSONLocator.nearest(at, in: bytes)
        return MergeError(path: path, message: message, line: p.line, column: p.column)
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
        // The source lines known for this case, by file and line: a column must fall inside its
        // line (the text report pads a caret to it), and one line has one text.
        var known: [String: [Int: String]] = [:]
        var spots: [(JSONPath, String, Int, Int, String?)] = []
        for (k, f) in c.failures.enumerated() {
            spots.append((at + [.key("failures"), .index(k)], f.path, f.line, f.column, f.source))
            try finite(f.tolerance, at + [.key("failures"), .index(k), .key("tolerance")], "a tolerance")
            try finite(f.time, at + [.key("failures"), .index(k), .key("time")], "a failure's time")
        }
        for (k, d) in c.diagnostics.enumerated() {
            spots.append((at + [.key("diagnostics"), .index(k)], d.path, d.line, d.column, d.source))
        }
        for (p, path, line, column, source) in spots {
            if line < 0 || line > ReportLimits.line || (source != nil && line == 0) {
                throw fail(
                    p + [.key("line")],
                    "line \(line) is not a line of a scene (1 to \(ReportLimits.line), or 0 for no place)")
            }
            if column < 0 { throw fail(p + [.key("column")], "column \(column) is not a column") }
            guard let s = source else { continue }
            if let other = known[path]?[line], other != s {
                throw fail(
                    p + [.key("source")],
                    "line \(line) of `\(escapeForTerminal(path))` is given two different texts in case \(c.index)")
            }
            known[path, default: [:]][line] = s
        }
        for (p, path, line, column, _) in spots {
            let lines = known[path] ?? [:]
            let length = lines[line]?.unicodeScalars.count ?? 0
            if line >= 1 && line <= (lines.keys.max() ?? 0) && column > length + 1 {
                throw fail(
                    p + [.key("column")],
                    "column \(column) is past the end of line \(line), which has \(length) characters")
            }
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
    case .keyNotFound(_, let c), .typeMismatch(_, let c), .valueNotFound(_, let c): path = c.codingPath
    case .dataCorrupted(let c):
        // With no path, the text itself is not JSON: `syntaxError` finds where.
        guard !c.codingPath.isEmpty else { return nil }
        path = c.codingPath
    default: return nil
    }
    return path.map { k in k.intValue.map { .index($0) } ?? .key(k.stringValue) }
}

/// An error about the value at `at` in the report at `path`, located there, or at the nearest
/// value around it that is there (a key the report lacks: the object that lacks it). The file is
/// read again (this is the error path); unlocated only when it can no longer be read.
func located(_ path: String, _ at: JSONPath, _ message: String) -> MergeError {
    var e = MergeError(path: path, message: message)
    if let bytes = try? readReportBytes(path) {
        (e.line, e.column) = JSONLocator.nearest(at, in: bytes)
    }
    return e
}

/// Finds where a value is in JSON text, by its path, without building the document: a scan that
/// skips every other value. Nil when the path is not there (the decoder then named it anyway).
package enum JSONLocator {
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
        return place(i, in: b)
    }

    /// The place of the value at `path`, or else of the nearest value around it that is found (the
    /// text's first value at worst, or 1:1).
    package static func nearest(_ path: JSONPath, in b: [UInt8]) -> (line: Int, column: Int) {
        var p = path
        while true {
            if let place = position(of: p, in: b) { return place }
            if p.isEmpty { return (1, 1) }
            p.removeLast()
        }
    }

    /// The 1-based line and column (in Unicode scalars) of byte `offset`.
    static func place(_ offset: Int, in b: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for k in 0..<min(offset, b.count) {
            if b[k] == 0x0A {
                line += 1
                column = 1
            } else if b[k] & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// Whether `t` is a number as JSON writes one: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isJSONNumber(_ t: ArraySlice<UInt8>) -> Bool {
        var i = t.startIndex
        func digits() -> Int {
            let s = i
            while i < t.endIndex, t[i] >= 0x30 && t[i] <= 0x39 { i += 1 }
            return i - s
        }
        if i < t.endIndex, t[i] == UInt8(ascii: "-") { i += 1 }
        let first = i
        guard digits() >= 1, t[first] != 0x30 || i == first + 1 else { return false }
        if i < t.endIndex, t[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() >= 1 else { return false }
        }
        if i < t.endIndex, t[i] == UInt8(ascii: "e") || t[i] == UInt8(ascii: "E") {
            i += 1
            if i < t.endIndex, t[i] == UInt8(ascii: "+") || t[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() >= 1 else { return false }
        }
        return i == t.endIndex
    }

    /// The first place where `b` is not JSON (RFC 8259), holds a number no `Double` can hold, or a
    /// number that is not whole under a key the report keeps as an integer, and what is wrong
    /// there; nil otherwise. (For all of these the decoder says only "not valid JSON".)
    /// Iterative: nesting costs a byte of stack each, on the heap.
    package static func syntaxError(in b: [UInt8]) -> (line: Int, column: Int, what: String)? {
        enum Next { case value, valueOrEnd, keyOrEnd, key, colon, commaOrEnd }
        var stack: [UInt8] = []
        var next = Next.value
        var key: [UInt8] = []
        let whole: Set<[UInt8]> = Set(
            ["version", "cases", "index", "ticks", "work", "line", "column"].map { Array($0.utf8) })
        var i = 0
        func fail(_ what: String) -> (line: Int, column: Int, what: String) {
            let p = place(i, in: b)
            return (p.line, p.column, what)
        }
        /// The four hexadecimal digits at `k`, or nil.
        func hex4(_ k: Int) -> Int? {
            guard k + 4 <= b.count, b[k..<(k + 4)].allSatisfy({ "0123456789abcdefABCDEF".utf8.contains($0) }) else {
                return nil
            }
            return Int(String(decoding: b[k..<(k + 4)], as: UTF8.self), radix: 16)
        }
        /// Reads a string at `i`; nil, or what is wrong with it.
        func string() -> String? {
            let closed = "not JSON: a string is not closed or has a bad escape"
            i += 1
            while i < b.count, b[i] != UInt8(ascii: "\"") {
                if b[i] < 0x20 { return closed }
                if b[i] >= 0x80 {
                    // Each run of non-ASCII bytes is whole UTF-8 characters (RFC 8259 §8.1).
                    var j = i
                    while j < b.count, b[j] >= 0x80 { j += 1 }
                    if String(validating: b[i..<j], as: UTF8.self) == nil { return "not JSON: a string is not UTF-8" }
                    i = j
                } else if b[i] == UInt8(ascii: "\\") {
                    guard i + 1 < b.count, "\"\\/bfnrtu".utf8.contains(b[i + 1]) else { return closed }
                    guard b[i + 1] == UInt8(ascii: "u") else {
                        i += 2
                        continue
                    }
                    // \uXXXX, a surrogate only as the first of a pair (a character, not half of one).
                    guard let u = hex4(i + 2) else { return closed }
                    if (0xDC00...0xDFFF).contains(u) { return "not JSON: a string holds half a character (\\u escape)" }
                    if (0xD800...0xDBFF).contains(u) {
                        guard i + 7 < b.count, b[i + 6] == UInt8(ascii: "\\"), b[i + 7] == UInt8(ascii: "u"),
                            let low = hex4(i + 8), (0xDC00...0xDFFF).contains(low)
                        else { return "not JSON: a string holds half a character (\\u escape)" }
                        i += 6
                    }
                    i += 6
                } else {
                    i += 1
                }
            }
            guard i < b.count else { return closed }
            i += 1
            return nil
        }
        while true {
            while i < b.count, [0x20, 0x09, 0x0A, 0x0D].contains(b[i]) { i += 1 }
            if i == b.count {
                return stack.isEmpty && next == .commaOrEnd ? nil : fail("not JSON: the report ends early")
            }
            let c = b[i]
            switch next {
            case .value, .valueOrEnd:
                if next == .valueOrEnd, c == UInt8(ascii: "]") {
                    stack.removeLast()
                    i += 1
                    next = .commaOrEnd
                } else if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
                    stack.append(c)
                    i += 1
                    next = c == UInt8(ascii: "{") ? .keyOrEnd : .valueOrEnd
                } else if c == UInt8(ascii: "\"") {
                    let at = i
                    if let bad = string() {
                        i = at
                        return fail(bad)
                    }
                    next = .commaOrEnd
                } else if let word = ["true", "false", "null"].first(where: { b[i...].starts(with: $0.utf8) }) {
                    i += word.utf8.count
                    next = .commaOrEnd
                } else if c == UInt8(ascii: "-") || (c >= 0x30 && c <= 0x39) {
                    let at = i
                    while i < b.count, "+-.eE0123456789".utf8.contains(b[i]) { i += 1 }
                    let text = String(decoding: b[at..<i], as: UTF8.self)
                    guard isJSONNumber(b[at..<i]) else {
                        i = at
                        return fail("not JSON: `\(text)` is not a JSON number")
                    }
                    guard let d = Double(text), d.isFinite else {
                        i = at
                        return fail("`\(text)` is not a number a report can hold")
                    }
                    if whole.contains(key), Int(text) == nil {
                        i = at
                        return fail(
                            "`\(text)` is not a whole number, which `\(String(decoding: key, as: UTF8.self))` is")
                    }
                    next = .commaOrEnd
                } else {
                    return fail("not JSON: expected a value")
                }
            case .keyOrEnd, .key:
                if next == .keyOrEnd, c == UInt8(ascii: "}") {
                    stack.removeLast()
                    i += 1
                    next = .commaOrEnd
                } else if c == UInt8(ascii: "\"") {
                    let at = i
                    if let bad = string() {
                        i = at
                        return fail(bad)
                    }
                    key = Array(b[(at + 1)..<(i - 1)])
                    next = .colon
                } else {
                    return fail("not JSON: expected a key in quotes")
                }
            case .colon:
                guard c == UInt8(ascii: ":") else { return fail("not JSON: expected `:`") }
                i += 1
                next = .value
            case .commaOrEnd:
                guard let top = stack.last else { return fail("not JSON: text after the end of the report") }
                if c == UInt8(ascii: ",") {
                    i += 1
                    next = top == UInt8(ascii: "{") ? .key : .value
                } else if c == (top == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    stack.removeLast()
                    i += 1
                } else {
                    return fail("not JSON: expected `,` or `\(top == UInt8(ascii: "{") ? "}" : "]")`")
                }
            }
        }
    }
}
