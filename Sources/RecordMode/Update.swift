import Diagnostics
import Results

/// Record mode: rewrites the expected values of a scene file with what a run observed, as a
/// targeted text edit at the locations the loader recorded. Every byte that is not an updated
/// value stays as it was: comments, blank lines, key order, quoting and spacing.
public enum ExpectationRewriter {
    public enum Scope: Sendable { case failing, all }

    /// One value rewritten.
    public struct Edit: Sendable, Hashable {
        public var location: SourceLocation
        public var old: String
        public var new: String
        /// Characters from the location that `old` covers.
        var length: Int
    }

    /// What an update would do: the edits by file, and the expectations it leaves alone with why.
    public struct Plan: Sendable {
        public var edits: [String: [Edit]] = [:]
        public var leftAlone: [(location: SourceLocation, why: String)] = []
        public var isEmpty: Bool { edits.values.allSatisfy(\.isEmpty) }
        /// `file:line: old → new`, in file and line order.
        public var summary: [String] {
            edits.keys.sorted().flatMap { f in
                (edits[f] ?? []).sorted {
                    ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column)
                }
                .map { "\(f):\($0.location.line): \($0.old) → \($0.new)" }
            }
        }
    }

    /// Plans the rewrite of the value expectations of `results` (every one with `.all`, the
    /// failing ones with `.failing`). `sources` gives each file's text. A value written in a
    /// scene and seen by several cases (its variants) is rewritten only when every case
    /// observed the same new text; swept cases and `that:` expressions are never rewritten.
    public static func plan(_ results: [CaseResult], scope: Scope, sources: [String: String]) -> Plan {
        var plan = Plan()
        var proposals: [SourceLocation: [String?]] = [:]
        var order: [SourceLocation] = []
        var failing: Set<SourceLocation> = []
        var tokens: [SourceLocation: Token] = [:]
        for r in results {
            for f in r.failures where !r.observations.contains(where: { $0.location == f.location }) {
                plan.leftAlone.append((f.location, "not a value expectation (a `that:` or a timeout): needs a hand"))
            }
            if r.sweep != nil {
                for o in r.observations where !o.passed {
                    plan.leftAlone.append((o.location, "in a swept case (\(r.name)): sweeps are not rewritten"))
                }
                continue
            }
            for o in r.observations {
                guard let text = sources[o.location.file] else { continue }
                if !o.passed { failing.insert(o.location) }
                if tokens[o.location] == nil { tokens[o.location] = Token.at(o.location, in: text) }
                if proposals[o.location] == nil { order.append(o.location) }
                proposals[o.location, default: []].append(tokens[o.location].flatMap { replacement(for: o, token: $0) })
            }
        }
        for loc in order where scope == .all || failing.contains(loc) {
            guard let token = tokens[loc], let texts = proposals[loc], let first = texts.first else { continue }
            guard let new = first, texts.allSatisfy({ $0 == new }) else {
                plan.leftAlone.append(
                    (
                        loc,
                        texts.contains(nil)
                            ? "written as an expression or in a form record mode cannot rewrite: needs a hand"
                            : "its cases observed different values: needs a hand"
                    ))
                continue
            }
            if new != token.text {
                plan.edits[loc.file, default: []].append(
                    Edit(location: loc, old: token.text, new: new, length: token.length))
            }
        }
        var seen: Set<String> = []
        plan.leftAlone = plan.leftAlone.filter { seen.insert("\($0.location)\u{0}\($0.why)").inserted }
            .sorted {
                ($0.location.file, $0.location.line, $0.location.column) < (
                    $1.location.file, $1.location.line, $1.location.column
                )
            }
        return plan
    }

    /// The text with the edits applied (each at its line and column, from the last to the first).
    public static func apply(_ edits: [Edit], to text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        for e in edits.sorted(by: { ($0.location.line, $0.location.column) > ($1.location.line, $1.location.column) }) {
            let l = e.location.line - 1
            let c = e.location.column - 1
            guard l >= 0, l < lines.count, c >= 0, c + e.length <= lines[l].count else { continue }
            lines[l].replaceSubrange(c..<(c + e.length), with: Array(e.new))
        }
        return lines.map { String($0) }.joined(separator: "\n")
    }

    /// The new text of the value at `token` for what was observed; nil when record mode cannot
    /// write it (an expression, a shape that does not match).
    @_spi(Testing) public static func replacement(for o: Observation, token: Token) -> String? {
        switch o.observed {
        case .numbers(let values, let tolerance):
            if values.count == 1 {
                guard token.items == nil, let old = token.number else { return nil }
                return number(values[0], tolerance: tolerance, old: old, oldText: token.text)
            }
            guard let items = token.items, items.count == values.count else { return nil }
            var out = token.text
            // Replace each element in place, from the last, so that spacing is kept.
            for (item, v) in zip(items, values).reversed() {
                guard let old = Double(item.text) else { return nil }
                let new = number(v, tolerance: tolerance, old: old, oldText: item.text)
                let a = out.index(out.startIndex, offsetBy: item.offset)
                let b = out.index(a, offsetBy: item.text.count)
                out.replaceSubrange(a..<b, with: new)
            }
            return out
        case .word(let w):
            guard token.items == nil else { return nil }
            return token.quoted ? token.text.first.map { "\($0)\(w)\($0)" } : w
        case .count(let n):
            // A count or range that holds is the author's bound: kept.
            return token.items == nil ? (o.passed ? token.text : String(n)) : nil
        case .restTime(let t, let tick):
            // `restBy` is an upper bound: kept while it holds, else the rest time rounded up.
            guard token.items == nil, token.number != nil else { return nil }
            if o.passed { return token.text }
            for k in 0...6 {
                let scale = power10(k)
                let d = (t * scale - 1e-9).rounded(.up) / scale
                if d - t < tick { return decimal(d, k) }
            }
            return nil
        }
    }

    /// The fewest digits that keep `v` within half its tolerance (a margin for the next run);
    /// the old text when the old value is already that close (so a file already in this form
    /// comes back byte for byte).
    @_spi(Testing) public static func number(_ v: Double, tolerance: Double, old: Double, oldText: String) -> String {
        let margin = Swift.max(tolerance / 2, 1e-12)
        if Swift.abs(old - v) <= margin { return oldText }
        for k in 0...12 {
            let scale = power10(k)
            let r = (v * scale).rounded() / scale
            if Swift.abs(r - v) <= margin {
                return r == old ? oldText : decimal(r, k)
            }
        }
        return "\(v)"
    }

    static func power10(_ k: Int) -> Double { (0..<k).reduce(1.0) { a, _ in a * 10 } }

    /// `r` written with at most `k` decimals, trailing zeros dropped, no `-0`.
    @_spi(Testing) public static func decimal(_ r: Double, _ k: Int) -> String {
        guard Swift.abs(r) < 1e15 else { return "\(r)" }
        let scale = power10(k)
        let n = Int((Swift.abs(r) * scale).rounded())
        if n == 0 { return "0" }
        var digits = String(n)
        if k > 0 {
            if digits.count <= k { digits = String(repeating: "0", count: k - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -k))
            while digits.hasSuffix("0") { digits.removeLast() }
            if digits.hasSuffix(".") { digits.removeLast() }
        }
        return (r < 0 ? "-" : "") + digits
    }
}

/// A YAML value as written at a location: a plain or quoted scalar, or a flow sequence of plain
/// scalars (with each element's offset in the token's text).
@_spi(Testing) public struct Token: Sendable {
    @_spi(Testing) public var text: String
    var length: Int { text.count }
    var quoted: Bool
    var items: [(text: String, offset: Int)]?
    var number: Double? { quoted ? nil : Double(text) }

    @_spi(Testing) public static func at(_ loc: SourceLocation, in source: String) -> Token? {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard loc.line >= 1, loc.line <= lines.count else { return nil }
        let line = Array(lines[loc.line - 1])
        var i = loc.column - 1
        guard i >= 0, i < line.count else { return nil }
        let start = i
        switch line[i] {
        case "[":
            var items: [(String, Int)] = []
            var itemStart = i + 1
            i += 1
            while i < line.count, line[i] != "]" {
                // only plain elements
                if line[i] == "\"" || line[i] == "'" || line[i] == "[" || line[i] == "{" { return nil }
                if line[i] == "," {
                    items.append(trimmed(line, itemStart, i, base: start))
                    itemStart = i + 1
                }
                i += 1
            }
            guard i < line.count else { return nil }  // a sequence over several lines: left alone
            items.append(trimmed(line, itemStart, i, base: start))
            return Token(text: String(line[start...i]), quoted: false, items: items.map { (text: $0.0, offset: $0.1) })
        case "\"", "'":
            let q = line[i]
            i += 1
            while i < line.count, line[i] != q { i += line[i] == "\\" && q == "\"" ? 2 : 1 }
            guard i < line.count else { return nil }
            return Token(text: String(line[start...i]), quoted: true, items: nil)
        default:
            // A plain scalar ends at a flow indicator, a comment or the end of the line.
            while i < line.count, !",]}".contains(line[i]), !(line[i] == "#" && i > start && line[i - 1] == " ") {
                i += 1
            }
            var end = i
            while end > start, line[end - 1] == " " { end -= 1 }
            return Token(text: String(line[start..<end]), quoted: false, items: nil)
        }
    }

    static func trimmed(_ line: [Character], _ a: Int, _ b: Int, base: Int) -> (String, Int) {
        var s = a
        var e = b
        while s < e, line[s] == " " { s += 1 }
        while e > s, line[e - 1] == " " { e -= 1 }
        return (String(line[s..<e]), s - base)
    }
}
