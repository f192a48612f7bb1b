import Diagnostics
import Results
import SceneLoader

/// A scene file as record mode edits it: its bytes (never re-split text), the parser's
/// positions mapped onto them, and the parser's own census of its values.
public struct SourceText: Sendable {
    public let lines: ByteLines
    /// Nil when the text does not parse (it changed since the run, or is not UTF-8).
    public let census: YAMLCensus.Census?
    public var bytes: [UInt8] { lines.bytes }
    /// The text the parser reads: the bytes after a byte order mark.
    public var text: String? { String(validating: bytes[lines.start...], as: UTF8.self) }

    public init(bytes: [UInt8]) {
        lines = ByteLines(bytes)
        census = String(validating: bytes[lines.start...], as: UTF8.self).flatMap(YAMLCensus.census)
    }
}

/// Record mode: rewrites the expected values of a scene file with what a run observed, as a
/// targeted edit of the file's bytes at the positions the parser reported. Every byte that is not
/// an updated value stays as it was: comments, blank lines, key order, quoting, spacing, line
/// endings and a byte order mark.
public enum ExpectationRewriter {
    public enum Scope: Sendable { case failing, all }

    /// One value rewritten.
    public struct Edit: Sendable, Hashable {
        public var location: SourceLocation
        public var old: String
        public var new: String
        /// The bytes of the file that `old` covers.
        public var range: Range<Int>
        /// The scalars that change, by their position in the old text, with their new values as
        /// the parser must read them (what `YAMLCensus.difference` checks after the edit).
        public var changes: [YAMLCensus.Position: String]
        /// The first case that observed it (to name in messages).
        public var caseName: String
    }

    /// An expectation the update does not rewrite, with why; `failing` when it failed (the run
    /// then still fails: exit 1).
    public struct LeftAlone: Sendable, Hashable {
        public var location: SourceLocation
        public var why: String
        public var failing: Bool
    }

    /// What an update would do: the edits by file, and the expectations it leaves alone with why.
    public struct Plan: Sendable {
        public var edits: [String: [Edit]] = [:]
        public var leftAlone: [LeftAlone] = []
        public init() {}
        public var isEmpty: Bool { edits.values.allSatisfy(\.isEmpty) }
        /// `file:line: old → new`, in file and line order.
        public var summary: [String] {
            edits.keys.sorted().flatMap { f in
                (edits[f] ?? []).sorted { $0.range.lowerBound < $1.range.lowerBound }
                    .map { "\(f):\($0.location.line): \(oneLine($0.old)) → \(oneLine($0.new))" }
            }
        }

        /// A value written over several lines, shown on one: each line break and the blanks
        /// around it as one space.
        func oneLine(_ s: String) -> String {
            let b = Array(s.utf8)
            var out: [UInt8] = []
            var i = 0
            while i < b.count {
                let n = ByteLines.breakLength(b, at: i)
                guard n > 0 else { out.append(b[i]); i += 1; continue }
                while let l = out.last, Token.isBlank(l) { out.removeLast() }
                out.append(0x20)
                i += n
                while i < b.count, Token.isBlank(b[i]) { i += 1 }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Plans the rewrite of the value expectations of `results` (every one with `.all`, the
    /// failing ones with `.failing`). `sources` gives each file as it was read. A value written in
    /// a scene and seen by several cases (its variants) is rewritten only when every case
    /// observed the same new text; a value that a case outside the run reads (`readElsewhere`:
    /// its location and that case's name) is never rewritten; swept cases, `that:` expressions
    /// and values used through aliases are never rewritten, nor values written in a part the
    /// scenes include (`CaseResult.includedSources`): other scenes may include it too. Every
    /// failure is either rewritten or left alone with why.
    public static func plan(
        _ results: [CaseResult], scope: Scope, sources: [String: SourceText],
        readElsewhere: [SourceLocation: String] = [:]
    ) -> Plan {
        var plan = Plan()
        var proposals: [SourceLocation: [String?]] = [:]
        var order: [SourceLocation] = []
        var failing: Set<SourceLocation> = []
        var firstCase: [SourceLocation: String] = [:]
        var tokens: [SourceLocation: Result<Located, Reason>] = [:]
        for r in results {
            for f in r.failures where !r.observations.contains(where: { $0.location == f.location }) {
                plan.leftAlone.append(
                    .init(
                        location: f.location, why: "not a value expectation (a `that:` or a timeout): needs a hand",
                        failing: true))
            }
            if r.sweep != nil {
                for o in r.observations where !o.passed {
                    plan.leftAlone.append(
                        .init(
                            location: o.location, why: "in a swept case (\(r.name)): sweeps are not rewritten",
                            failing: true))
                }
                continue
            }
            for o in r.observations {
                if !o.passed { failing.insert(o.location) }
                if r.includedSources[o.location.file] != nil && o.location.file != r.file {
                    tokens[o.location] = .failure(
                        Reason(
                            why: "written in the part \(o.location.file), which \(r.file) includes and other scenes "
                                + "may include too: record mode does not rewrite parts; edit it by hand"))
                }
                if tokens[o.location] == nil { tokens[o.location] = locate(o.location, in: sources[o.location.file]) }
                if proposals[o.location] == nil {
                    order.append(o.location)
                    firstCase[o.location] = r.name
                }
                let proposal = try? tokens[o.location]?.get().token
                proposals[o.location, default: []].append(proposal.flatMap { replacement(for: o, token: $0) })
            }
        }
        for loc in order where scope == .all || failing.contains(loc) {
            let isFailing = failing.contains(loc)
            func leave(_ why: String) { plan.leftAlone.append(.init(location: loc, why: why, failing: isFailing)) }
            let located: Located
            switch tokens[loc] {
            case .success(let l)?: located = l
            case .failure(let r)?: leave(r.why); continue
            case nil: continue  // every location in `order` has a token result
            }
            guard let texts = proposals[loc], let first = texts.first, let new = first, texts.allSatisfy({ $0 == new })
            else {
                leave(
                    proposals[loc]?.contains(nil) ?? true
                        ? "written as an expression or in a form record mode cannot rewrite: needs a hand"
                        : "its cases observed different values: needs a hand")
                continue
            }
            if new == located.token.text {
                if isFailing { leave("record mode has no other value to write here: needs a hand") }
                continue
            }
            if let other = readElsewhere[loc] {
                leave("also read by case `\(other)`, which this run did not select (--filter or --shard): run it too")
                continue
            }
            guard let changes = located.changes(to: new) else {
                leave("written in a form record mode cannot rewrite: needs a hand")
                continue
            }
            plan.edits[loc.file, default: []].append(
                Edit(
                    location: loc, old: located.token.text, new: new, range: located.token.range, changes: changes,
                    caseName: firstCase[loc] ?? ""))
        }
        var seen: Set<LeftAlone> = []
        plan.leftAlone = plan.leftAlone.filter { seen.insert($0).inserted }
            .sorted {
                ($0.location.file, $0.location.line, $0.location.column, $0.why) < (
                    $1.location.file, $1.location.line, $1.location.column, $1.why
                )
            }
        return plan
    }

    /// Why a value cannot be located or trusted.
    struct Reason: Error { var why: String }

    /// A value's token, checked against the parser: its scalar (or each element of its list) is
    /// what the parser read there, and nothing else in the document uses it (no alias).
    struct Located {
        var token: Token
        /// The parser's positions of a list's elements.
        var itemPositions: [YAMLCensus.Position]
        var position: YAMLCensus.Position

        /// The scalars that change when `token` becomes `new`, with the values the parser must
        /// then read; nil when that cannot be told.
        func changes(to new: String) -> [YAMLCensus.Position: String]? {
            guard let items = token.items else {
                guard token.quoted else { return [position: new] }
                let inner = new.utf8.dropFirst().dropLast()
                return [position: String(decoding: inner, as: UTF8.self)]
            }
            // The new list token, scanned as the old one was: its elements in order.
            guard let newItems = Token.at(0, in: Array(new.utf8))?.items?.map(\.text), newItems.count == items.count
            else { return nil }
            var out: [YAMLCensus.Position: String] = [:]
            for (k, item) in items.enumerated() where newItems[k] != item.text { out[itemPositions[k]] = newItems[k] }
            return out
        }
    }

    static func locate(_ loc: SourceLocation, in source: SourceText?) -> Result<Located, Reason> {
        guard let source else { return .failure(Reason(why: "the scene file could not be read again: needs a hand")) }
        guard let census = source.census else {
            return .failure(Reason(why: "the scene file no longer parses as it did for the run: needs a hand"))
        }
        let p = YAMLCensus.Position(line: loc.line, column: loc.column)
        let cannot = Reason(why: "written in a form record mode cannot rewrite: needs a hand")
        guard let offset = source.lines.offset(line: loc.line, column: loc.column),
            let token = Token.at(offset, in: source.bytes)
        else { return .failure(cannot) }
        let aliased = Reason(why: "used through an alias (`*name`) elsewhere too: needs a hand")
        if let items = token.items {
            guard let seq = census.sequences[p] else { return .failure(cannot) }
            guard seq.uses == 1 else { return .failure(aliased) }
            guard seq.items.count == items.count, zip(seq.items, items).allSatisfy({ $0.value == $1.text }) else {
                return .failure(cannot)
            }
            return .success(Located(token: token, itemPositions: seq.items.map(\.position), position: p))
        }
        guard let scalar = census.scalars[p] else { return .failure(cannot) }
        guard scalar.uses == 1 else { return .failure(aliased) }
        guard token.value == scalar.value else { return .failure(cannot) }
        return .success(Located(token: token, itemPositions: [], position: p))
    }

    /// The bytes with the edits applied, each replacing the bytes its range covers; nil when two
    /// edits overlap or one is outside the bytes.
    public static func apply(_ edits: [Edit], to bytes: [UInt8]) -> [UInt8]? {
        var out = bytes
        var limit = bytes.count
        for e in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            guard e.range.lowerBound >= 0, e.range.upperBound <= limit else { return nil }
            out.replaceSubrange(e.range, with: Array(e.new.utf8))
            limit = e.range.lowerBound
        }
        return out
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
            var out = Array(token.text.utf8)
            let base = token.range.lowerBound
            // Replace each element in place, from the last, so that spacing is kept.
            for (item, v) in zip(items, values).reversed() {
                guard let old = Double(item.text) else { return nil }
                let new = number(v, tolerance: tolerance, old: old, oldText: item.text)
                out.replaceSubrange(
                    (item.range.lowerBound - base)..<(item.range.upperBound - base), with: Array(new.utf8))
            }
            return String(decoding: out, as: UTF8.self)
        case .word(let w):
            guard token.items == nil else { return nil }
            guard token.quoted, let q = token.text.first else { return w }
            // Written between the same quotes; a word that would need an escape is left alone.
            guard !w.contains(q), !w.contains("\\"), !w.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
                return nil
            }
            return "\(q)\(w)\(q)"
        case .count(let n):
            // A count or range that holds is the author's bound: kept.
            guard token.items == nil else { return nil }
            if o.passed { return token.text }
            return token.quoted ? token.text.first.map { "\($0)\(n)\($0)" } : String(n)
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
