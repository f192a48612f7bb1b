import Diagnostics
import Expressions
import Geometry
import SceneVocabulary
import Yams

/// Limits on what a scene file may ask for; every one has a clear message and a flag to raise it.
public struct LoadLimits: Sendable {
    /// Largest file, bytes.
    public var fileSize = 1 << 20
    /// Most YAML nodes visited, aliases expanded (a 400-byte alias bomb expands to billions).
    public var nodes = 200_000
    /// Deepest nesting.
    public var depth = 64
    /// Most views and behaviours.
    public var views = 500
    public var behaviors = 1000
    /// Most cases one swept scene may make.
    public var cases = 100_000
    /// Most units of work loading one file may take: every YAML node read while building a case
    /// (a script step, a pan keyframe, an expression each count), summed over the scene and each
    /// variant (a variant reads the scene again), plus `Walker.expressionCharacterWork` per
    /// character of expression text parsed and `Walker.sweptCaseWork` per case a sweep makes.
    /// Bounds what the other limits do not: 500 variants of a 30 000-step script pass them all.
    /// The default admits a file at `nodes` read once, and refuses any file under `fileSize`
    /// within about 2 s and 100 MB (debug build, 2 cores).
    public var loadWork = 500_000
    public init() {}
    public static let `default` = LoadLimits()
}

/// Walks a Yams node tree, turning every value into a typed one and every problem into a located
/// diagnostic.
struct Walker {
    let file: String
    let limits: LoadLimits
    var visited = 0
    /// Units of load work spent so far, over every case of the file (`LoadLimits.loadWork`).
    var work = 0
    /// The variant being built, where a refusal for load work points (else at the node read).
    var variant: (name: String, at: SourceLocation)?
    /// While a variant is built: where each node of its own patch is written, so that what it
    /// took from the main case can be told apart (`Scene.inherited`).
    var variantNodes: Set<SourceLocation>?
    /// The included files (parts), in the order they were read: a part's nodes carry its place
    /// here, from 1, in their marks' lines (`fileStride`), so that `loc` names the part.
    var parts: [String] = []
    /// Names with a value known at load time: `i` while a copy of a repeated template is read.
    var constants: [String: Double] = [:]
    /// Expressions parsed before (`ComposedScene`), nil when none are kept.
    var memo: ExpressionMemo?

    /// A part's nodes have `k × fileStride` added to their lines (k from 1): no file has that
    /// many lines (the largest file is far below 2^32 bytes).
    static let fileStride = 1 << 32

    /// Load work a swept case costs (a copy of its scene), in nodes read: measured, a case takes
    /// the memory of about ten nodes and the time of about three.
    static let sweptCaseWork = 4
    /// Load work a character of expression text costs: measured, parsing and checking a long
    /// expression takes about as long per character as reading four nodes.
    static let expressionCharacterWork = 4

    init(file: String, limits: LoadLimits) { self.file = file; self.limits = limits }

    /// Spends `units` of load work reading `n`; a located error naming `--max-load-work` when
    /// the file's budget is exceeded.
    mutating func spend(_ units: Int, _ n: Node) throws(Diagnostic) {
        work += units
        guard work > limits.loadWork else { return }
        let reading = variant.map { "reading the variant `\($0.name)` " } ?? ""
        throw Diagnostic(
            "loading the file takes more than \(limits.loadWork) units of work \(reading)(YAML nodes read for the "
                + "scene and again for each variant, expression text, swept cases, the copies a repeated view's name "
                + "stands for, touch steps' finger-frames); raise the limit with --max-load-work",
            at: variant?.at ?? loc(n))
    }

    func loc(_ n: Node) -> SourceLocation {
        guard let m = n.mark else { return SourceLocation(file: file, line: 1, column: 1) }
        let k = m.line / Walker.fileStride
        let path = k >= 1 && k <= parts.count ? parts[k - 1] : file
        return SourceLocation(file: path, line: m.line % Walker.fileStride, column: m.column)
    }

    /// Where the text of a scalar starts (after an opening quote).
    func textLoc(_ n: Node) -> SourceLocation {
        let l = loc(n)
        if case .scalar(let s) = n, s.style == .singleQuoted || s.style == .doubleQuoted {
            return l.advanced(byColumns: 1)
        }
        return l
    }

    func err(_ msg: String, _ n: Node) -> Diagnostic { Diagnostic(msg, at: loc(n)) }

    func kind(_ n: Node) -> String {
        switch n {
        case .scalar(let s): return s.string.isEmpty && s.style == .plain ? "null" : "a scalar `\(s.string)`"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    /// `kind` without the value: what a file's top level is when that file is not a mapping (it
    /// is then no scene or part, say /etc/passwd, and none of its text is quoted).
    func shape(_ n: Node) -> String {
        switch n {
        case .scalar(let s): return s.string.isEmpty && s.style == .plain ? "null" : "a scalar (text)"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    mutating func count(_ n: Node, depth: Int = 0) throws(Diagnostic) {
        visited += 1
        try spend(1, n)
        if visited > limits.nodes {
            throw err(
                "the scene expands to more than \(limits.nodes) YAML nodes (aliases included); raise the limit with "
                    + "--max-nodes",
                n)
        }
        if depth > limits.depth {
            throw err("nesting deeper than \(limits.depth) levels; raise the limit with --max-depth", n)
        }
    }

    /// Visits the whole tree once (aliases expanded) so that an alias bomb or absurd nesting is
    /// refused before any other work.
    mutating func countTree(_ n: Node, depth: Int = 0) throws(Diagnostic) {
        try count(n, depth: depth)
        switch n {
        case .mapping(let m): for (k, v) in m { try countTree(k, depth: depth + 1); try countTree(v, depth: depth + 1) }
        case .sequence(let s): for v in s { try countTree(v, depth: depth + 1) }
        default: break
        }
    }

    static let nonFinite: Set<String> = [
        ".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", "nan",
        "inf", "-inf", "NaN", "Infinity", "-Infinity",
    ]

    /// The pairs of a mapping, checking keys against `known` (with a suggestion) and `required`.
    mutating func mapping(
        _ n: Node, _ what: String, known: [String], required: [String] = [], depth: Int = 0
    ) throws(Diagnostic) -> [(String, Node)] {
        try count(n, depth: depth)
        guard case .mapping(let m) = n else { throw err("\(what) must be a mapping, found \(kind(n))", n) }
        var out: [(String, Node)] = []
        for (k, v) in m {
            guard case .scalar(let ks) = k else { throw err("keys of \(what) must be plain names", k) }
            let key = ks.string
            if out.contains(where: { $0.0 == key }) { throw err("duplicate key `\(key)` in \(what)", k) }
            if !known.isEmpty && !known.contains(key) {
                let hint =
                    closestMatch(to: key, in: known).map { "; did you mean `\($0)`?" }
                    ?? "; expected one of: \(known.joined(separator: ", "))"
                throw err("unknown key `\(key)` in \(what)\(hint)", k)
            }
            out.append((key, v))
        }
        for r in required where !out.contains(where: { $0.0 == r }) {
            throw err("\(what) needs the key `\(r)`", n)
        }
        return out
    }

    /// The pairs of a mapping whose keys are the vocabulary's `K`, typed (unknown keys are refused
    /// as `mapping` refuses them), so that a switch over them is exhaustive.
    mutating func keyed<K: VocabularyName>(
        _ n: Node, _ what: String, _: K.Type, required: [K] = []
    ) throws(Diagnostic) -> [(K, Node)] {
        try mapping(n, what, known: K.names, required: required.map { $0.rawValue }).compactMap { k, v in
            K(rawValue: k).map { ($0, v) }
        }
    }

    /// A mapping whose keys are user names (views, behaviours …), in file order; with `indexed`,
    /// a key may also name a copy of a repeated view (`cell[3]`).
    mutating func namedMapping(
        _ n: Node, _ what: String, indexed: Bool = false
    ) throws(Diagnostic) -> [(String, Node, SourceLocation)] {
        try count(n)
        guard case .mapping(let m) = n else { throw err("\(what) must be a mapping of names, found \(kind(n))", n) }
        var out: [(String, Node, SourceLocation)] = []
        for (k, v) in m {
            guard case .scalar(let ks) = k, !ks.string.isEmpty else {
                throw err("names in \(what) must be plain strings", k)
            }
            let name = ks.string
            if out.contains(where: { $0.0 == name }) { throw err("duplicate name `\(name)` in \(what)", k) }
            if !isIdentifier(name) && !(indexed && isIndexedName(name)) {
                let copies = indexed ? ", or name a copy of a repeated view as `cell[3]`" : ""
                throw err(
                    "`\(name)` is not a valid name: use letters, digits and _, starting with a letter\(copies)", k)
            }
            out.append((name, v, loc(k)))
        }
        return out
    }

    func isIdentifier(_ s: String) -> Bool {
        guard let f = s.first, f.isLetter || f == "_" else { return false }
        return s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// `name[digits]`: the name of a copy of a repeated view or behaviour.
    func isIndexedName(_ s: String) -> Bool {
        guard s.hasSuffix("]"), let open = s.firstIndex(of: "[") else { return false }
        let digits = s[s.index(after: open)..<s.index(before: s.endIndex)]
        return isIdentifier(String(s[..<open])) && !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
            && (digits == "0" || digits.first != "0")
    }

    mutating func sequence(_ n: Node, _ what: String) throws(Diagnostic) -> [Node] {
        try count(n)
        guard case .sequence(let s) = n else { throw err("\(what) must be a list, found \(kind(n))", n) }
        return Array(s)
    }

    static let yaml11Booleans: Set<String> = [
        "yes", "no", "on", "off", "y", "n", "Yes", "No", "On", "Off", "YES", "NO", "ON", "OFF", "Y", "N",
    ]

    mutating func string(_ n: Node, _ what: String) throws(Diagnostic) -> String {
        try count(n)
        guard case .scalar(let s) = n else { throw err("\(what) must be a string, found \(kind(n))", n) }
        if s.style == .plain && Walker.yaml11Booleans.contains(s.string) {
            throw err("\(what) is `\(s.string)`, a YAML 1.1 boolean; quote it if you mean the string", n)
        }
        return s.string
    }

    mutating func bool(_ n: Node, _ what: String) throws(Diagnostic) -> Bool {
        try count(n)
        guard case .scalar(let s) = n, s.style == .plain else {
            throw err("\(what) must be true or false, found \(kind(n))", n)
        }
        switch s.string {
        case "true": return true
        case "false": return false
        default:
            if Walker.yaml11Booleans.contains(s.string) {
                throw err("\(what) must be true or false; `\(s.string)` is a YAML 1.1 boolean, write true or false", n)
            }
            throw err("\(what) must be true or false, found `\(s.string)`", n)
        }
    }

    /// A literal number (no expression). Text that reads as an expression is refused with a
    /// message saying that the key takes a literal, and `elsewhere`: where an expression may go
    /// instead (by default, to write the number itself).
    mutating func number(
        _ n: Node, _ what: String, min: Double? = nil, positive: Bool = false, elsewhere: String? = nil
    ) throws(Diagnostic) -> Double {
        try count(n)
        guard case .scalar(let s) = n else { throw err("\(what) must be a number, found \(kind(n))", n) }
        if s.style == .plain && Walker.yaml11Booleans.contains(s.string) {
            throw err("\(what) must be a number; `\(s.string)` is a YAML 1.1 boolean", n)
        }
        if s.style == .plain && Walker.nonFinite.contains(s.string) {
            throw err("\(what) must be a finite number, found `\(s.string)`", n)
        }
        var d: Double?
        if s.style == .plain { d = Double(s.string) }
        if d == nil, !constants.isEmpty, !s.string.isEmpty {
            // In a repeated template a number may be an expression of `i`, computed now.
            let e = try parse(s.string, n)
            guard let v = Expression.constantValue(e) else {
                throw err("\(what) must be a number, or an expression of numbers and `i`; found `\(s.string)`", n)
            }
            d = v
        }
        if d == nil, s.string.hasSuffix("deg"), s.style != .plain || true, let v = Double(String(s.string.dropLast(3)))
        {
            d = v * Double.pi / 180
        }
        guard let v = d else {
            if (try? Expression.parse(s.string, at: textLoc(n))) != nil {
                let instead = elsewhere ?? "write the number itself (this key takes no expression)"
                throw err(
                    "\(what) takes a literal number, not an expression: found `\(s.string)`; \(instead)", n)
            }
            throw err("\(what) must be a number, found `\(s.string)`", n)
        }
        if !v.isFinite { throw err("\(what) must be finite, found `\(s.string)`", n) }
        if positive && v <= 0 { throw err("\(what) must be positive, found \(formatNumber(v))", n) }
        if let m = min, v < m { throw err("\(what) must be at least \(formatNumber(m)), found \(formatNumber(v))", n) }
        return v
    }

    /// A number of a script step: a literal, checked now as `number` checks it, or an expression
    /// (a quoted string), checked when the step runs.
    mutating func numberOrExpr(
        _ n: Node, _ what: String, min: Double? = nil, positive: Bool = false, _ scope: Scope
    ) throws(Diagnostic) -> Expr {
        if case .scalar(let s) = n, s.style == .plain || Double(s.string) != nil {
            let v = try number(n, what, min: min, positive: positive)
            return Expr(node: .number(v), location: loc(n), text: s.string)
        }
        return try expr(n, what, .number, scope)
    }

    /// A point of a script step: a literal `[x, y]` or an expression.
    mutating func pointOrExpr(_ n: Node, _ what: String, _ scope: Scope) throws(Diagnostic) -> Expr {
        try expr(n, what, .point, scope)
    }

    /// A number that may be an expression (a string), typed and checked in `scope`.
    mutating func expr(_ n: Node, _ what: String, _ type: ValueType, _ scope: Scope) throws(Diagnostic) -> Expr {
        try count(n)
        switch n {
        case .scalar(let s):
            if s.style == .plain && Walker.nonFinite.contains(s.string) {
                throw err("\(what) must be a finite number, found `\(s.string)`", n)
            }
            if s.style == .plain, let d = Double(s.string) {
                if !d.isFinite { throw err("\(what) must be finite, found `\(s.string)`", n) }
                let e = Expr(node: .number(d), location: loc(n), text: s.string)
                if type != .number { throw err("\(what) must be a \(type), found the number \(s.string)", n) }
                return e
            }
            if s.style == .plain && Walker.yaml11Booleans.contains(s.string) && !scope.contains(s.string) {
                throw err("\(what) must be a \(type); `\(s.string)` is a YAML 1.1 boolean", n)
            }
            if s.style == .plain && (s.string == "true" || s.string == "false") {
                let e = Expr(node: .bool(s.string == "true"), location: loc(n), text: s.string)
                if type != .bool { throw err("\(what) must be a \(type), found \(s.string)", n) }
                return e
            }
            if s.string.isEmpty { throw err("\(what) is empty", n) }
            try spend(s.string.utf8.count * Walker.expressionCharacterWork, n)
            let e = try parse(s.string, n)
            _ = try typeCheck(e, in: scope, expecting: type)
            return e
        case .sequence(let items):
            let want = type == .point ? 2 : type == .rect ? 4 : -1
            guard want > 0 else { throw err("\(what) must be a \(type), found a list", n) }
            guard items.count == want else {
                throw err(
                    "\(what) must be a \(type == .point ? "point [x, y]" : "rect [x, y, w, h]"): \(want) numbers, "
                        + "found \(items.count)",
                    n)
            }
            var parts: [Expr] = []
            for i in items { parts.append(try expr(i, what, .number, scope)) }
            return Expr(
                node: .list(parts), location: loc(n), text: "[" + parts.map(\.text).joined(separator: ", ") + "]")
        default:
            throw err("\(what) must be a \(type), found \(kind(n))", n)
        }
    }

    /// An expression of whatever type it has: a plain number or boolean, a list of 2 (a point) or
    /// 4 (a rect), or a string parsed and type-checked as it stands.
    mutating func anyExpr(_ n: Node, _ what: String, _ scope: Scope) throws(Diagnostic) -> (Expr, ValueType) {
        if case .sequence(let items) = n {
            let t: ValueType = items.count == 4 ? .rect : .point
            return (try expr(n, what, t, scope), t)
        }
        if case .scalar(let s) = n, s.style == .plain,
            Double(s.string) != nil || s.string == "true" || s.string == "false"
        {
            let t: ValueType = Double(s.string) != nil ? .number : .bool
            return (try expr(n, what, t, scope), t)
        }
        guard case .scalar(let s) = n else {
            throw err(
                "\(what) must be a value (a number, a boolean, a point, a rect or an expression), found \(kind(n))", n)
        }
        if s.style == .plain && Walker.yaml11Booleans.contains(s.string) && !scope.contains(s.string) {
            throw err("\(what): `\(s.string)` is a YAML 1.1 boolean; write true or false", n)
        }
        if s.string.isEmpty { throw err("\(what) is empty", n) }
        try count(n)
        try spend(s.string.utf8.count * Walker.expressionCharacterWork, n)
        let e = try parse(s.string, n)
        return (e, try typeCheck(e, in: scope))
    }

    /// The expression `text` of scalar `n` (its value, a name like `fling[i]`), parsed (or
    /// found in `memo`).
    func parse(_ text: String, _ n: Node) throws(Diagnostic) -> Expr {
        guard let m = memo else { return try Expression.parse(text, at: textLoc(n), constants: constants) }
        return try m.parse(text, at: textLoc(n), constants: constants)
    }

    /// A literal point or rect (numbers only).
    mutating func numbers(
        _ n: Node, _ what: String, count c: Int, elsewhere: String? = nil
    ) throws(Diagnostic) -> [Double] {
        let items = try sequence(n, what)
        guard items.count == c else { throw err("\(what) must have \(c) numbers, found \(items.count)", n) }
        var out: [Double] = []
        for i in items { out.append(try number(i, what, elsewhere: elsewhere)) }
        return out
    }

    /// One name or a list of names.
    /// Like `names`, with the node each name is written at.
    mutating func nameNodes(_ n: Node, _ what: String) throws(Diagnostic) -> [(String, Node)] {
        if case .sequence(let s) = n {
            var out: [(String, Node)] = []
            for i in s { out.append((try string(i, what), i)) }
            return out
        }
        return [(try string(n, what), n)]
    }

    mutating func names(_ n: Node, _ what: String) throws(Diagnostic) -> [String] {
        if case .sequence(let s) = n {
            var out: [String] = []
            for i in s { out.append(try string(i, what)) }
            return out
        }
        return [try string(n, what)]
    }
}

/// The located diagnostic of Yams' error composing `file`. With `quoting` false (an included part, which
/// is quoted only once it parses as a mapping) the message holds none of the file's text: libyaml's
/// fixed problem sentences and the place, no duplicated key's name, no snippet.
func diagnostic(from error: Error, file: String, quoting: Bool = true) -> Diagnostic {
    if let y = error as? YamlError {
        switch y {
        case .scanner(let ctx, let problem, let mark, _), .parser(let ctx, let problem, let mark, _),
            .composer(let ctx, let problem, let mark, _):
            var msg = "YAML syntax error: \(problem)"
            if let c = ctx { msg += " (\(c.text) at \(c.mark.line):\(c.mark.column))" }
            if problem.contains("tab") { msg += "; indent with spaces, not tabs" }
            return Diagnostic(msg, at: SourceLocation(file: file, line: mark.line, column: mark.column))
        case .reader(let problem, let offset, _, _):
            return Diagnostic(
                "the file is not valid text: \(problem)\(offset.map { " at byte \($0)" } ?? "")",
                at: SourceLocation(file: file, line: 1, column: 1))
        case .duplicatedKeysInMapping(let dups, let ctx):
            let keys = quoting ? " `\(dups.joined(separator: "`, `"))`" : ""
            return Diagnostic(
                "duplicate key\(keys) in a mapping",
                at: SourceLocation(file: file, line: ctx.mark.line, column: ctx.mark.column))
        default:
            return Diagnostic(
                quoting ? "YAML error: \(y)" : "YAML error", at: SourceLocation(file: file, line: 1, column: 1))
        }
    }
    return Diagnostic(
        quoting ? "cannot read the scene: \(error)" : "cannot read the file",
        at: SourceLocation(file: file, line: 1, column: 1))
}
