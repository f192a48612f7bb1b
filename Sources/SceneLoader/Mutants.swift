import Diagnostics
import Expressions
import SceneModel
import Yams

// `scenerun mutate`'s mutants (docs/mutate.md). A mutant is an edit of the scene's YAML node
// tree at a path of keys and indices: the tree is composed from the file's text as the loader
// composes it, edited, and built by the normal loader, so every other node keeps its line and
// column (diagnostics point at the real file) and no byte offsets need computing.

/// The mutation operators, each selectable with `--only`.
public enum MutationOperator: String, CaseIterable, Sendable, Comparable {
    case number, boundary, condition, action, behaviour, event, script

    /// Every operator but `script` (a script is the test, not the interaction).
    public static let defaults: [MutationOperator] = allCases.filter { $0 != .script }

    public var summary: String {
        switch self {
        case .number: return "every number literal ×0.5 and ×2 (0 → ±1)"
        case .boundary: return "a comparison's constant moved just past the nearest value the cases saw"
        case .condition: return "a || / && operand dropped, a comparison negated, then and else swapped"
        case .action: return "an action dropped, two adjacent actions swapped"
        case .behaviour: return "a behaviour dropped from add or from a composite's children"
        case .event: return "a haptic's style changed, a rule's event ended ↔ cancelled"
        case .script: return "a gesture's speed ×0.5 (off unless named)"
        }
    }

    var rank: Int { MutationOperator.allCases.firstIndex(of: self) ?? 0 }
    public static func < (a: MutationOperator, b: MutationOperator) -> Bool { a.rank < b.rank }
}

/// One step of a path into the YAML tree: a mapping's value by key, or a list's item.
enum PathStep: Hashable, Sendable {
    case key(String)
    case index(Int)
}

/// An edit of the node tree.
enum TreeEdit: Hashable, Sendable {
    /// Replace the scalar at the path with this text (its style, tag and mark kept).
    case scalar([PathStep], String)
    /// Rename a key of the mapping at the path.
    case renameKey([PathStep], from: String, to: String)
    /// Drop item i of the list at the path.
    case drop([PathStep], Int)
    /// Swap items i and i + 1 of the list at the path.
    case swap([PathStep], Int)
    /// Swap the values of two keys of the mapping at the path.
    case swapValues([PathStep], String, String)
}

/// One mutant of a scene file.
public struct Mutant: Sendable, Hashable {
    public var op: MutationOperator
    /// Where the mutated value is written.
    public var location: SourceLocation
    /// What changes, short: `×0.5`, `0.4 → 0.256`, `drop { remove: all }`.
    public var change: String
    /// The text before and after (a number, an expression, an action; empty when dropped).
    public var original: String
    public var mutated: String
    var edits: [TreeEdit]

    /// `shade.yaml:41:30 number ×0.5`: the file's base name, the location, the operator and
    /// the change.
    public var id: String {
        let base = location.file.split(separator: "/").last.map(String.init) ?? location.file
        return "\(base):\(location.line):\(location.column) \(op.rawValue) \(change)"
    }
}

/// The mutants of one scene file, before the run: the boundary operator's sites wait for the
/// values the original run observes.
public struct MutationPlan: Sendable {
    public var mutants: [Mutant] = []
    public var boundaries: [BoundarySite] = []
    /// `# scenerun: equivalent — reason` comments, by line.
    public var equivalent: [Int: String] = [:]
    public init() {}
}

/// A comparison of a rule with a number literal, whose constant the boundary operator moves.
public struct BoundarySite: Sendable, Hashable {
    /// The comparison's location: the key of `ComparisonLog.nearest`.
    public var comparison: SourceLocation
    /// The literal's location and text, and its value (radians for `deg`).
    public var location: SourceLocation
    public var literal: String
    public var constant: Double
    var rewrite: ScalarRewrite

    /// The mutants for the observed values: one per side of the constant with an observation,
    /// the constant moved to just past the nearest value on that side (so that value, and
    /// nothing nearer, changes its outcome).
    public func mutants(_ n: ComparisonLog.Nearest) -> [Mutant] {
        var out: [Mutant] = []
        for (v, down) in [(n.below, true), (n.above, false)] {
            guard let v else { continue }
            let step = Swift.max(Swift.abs(v) * 1e-3, 1e-6)
            let target = down ? v - step : v + step
            let lo = down ? v - 2 * step : v + step / 2
            let hi = down ? v - step / 2 : v + 2 * step
            let moved = shortDecimal(target, in: lo, hi)
            let text =
                literal.hasSuffix("deg") ? shortestNumber(moved * 180 / Double.pi) + "deg" : shortestNumber(moved)
            let expr = rewrite.apply(text)
            out.append(
                Mutant(
                    op: .boundary, location: location, change: "\(literal) → \(text)", original: rewrite.text,
                    mutated: expr, edits: [.scalar(rewrite.path, expr)]))
        }
        return out
    }
}

/// The shortest decimal (fewest places) strictly between `lo` and `hi`, or `x`.
func shortDecimal(_ x: Double, in lo: Double, _ hi: Double) -> Double {
    var scale = 1.0
    for _ in 0...17 {
        let c = (x * scale).rounded() / scale
        if c > lo && c < hi { return c }
        scale *= 10
    }
    return x
}

/// A scalar of the tree whose text changes in one span: the path, the whole text, and the span
/// in Unicode scalars.
struct ScalarRewrite: Sendable, Hashable {
    var path: [PathStep]
    var text: String
    var start: Int
    var length: Int
    func apply(_ replacement: String) -> String {
        let u = Array(text.unicodeScalars)
        var s = String.UnicodeScalarView()
        s.append(contentsOf: u[0..<start])
        s.append(contentsOf: replacement.unicodeScalars)
        s.append(contentsOf: u[(start + length)...])
        return String(s)
    }
}

extension SceneFile {
    /// Loads `text` with `mutant`'s edits applied to its node tree (the file's own, not its
    /// parts'); nil loads it as it is.
    public static func load(
        path: String, text: String, mutant: Mutant?, limits: LoadLimits = .default, includes: IncludeReader? = nil
    ) throws(DiagnosticList) -> [Scene] {
        try load(path: path, text: text, limits: limits, edits: mutant?.edits ?? [], includes: includes)
    }

    /// Applies edits to a composed tree.
    static func apply(_ edits: [TreeEdit], to root: Node) -> Node {
        var root = root
        for e in edits {
            switch e {
            case .scalar(let p, let text):
                root = edit(root, p[...]) { n in
                    guard case .scalar(let s) = n else { return n }
                    return .scalar(Node.Scalar(text, s.tag, s.style, s.mark))
                }
            case .renameKey(let p, let from, let to):
                root = edit(root, p[...]) { n in
                    guard case .mapping(let m) = n else { return n }
                    let pairs = m.map { kv -> (Node, Node) in
                        guard case .scalar(let k) = kv.key, k.string == from else { return (kv.key, kv.value) }
                        return (.scalar(Node.Scalar(to, k.tag, k.style, k.mark)), kv.value)
                    }
                    return .mapping(Node.Mapping(pairs, m.tag, m.style, m.mark))
                }
            case .drop(let p, let i), .swap(let p, let i):
                root = edit(root, p[...]) { n in
                    guard case .sequence(let s) = n else { return n }
                    var items = Array(s)
                    if case .drop = e { items.remove(at: i) } else { items.swapAt(i, i + 1) }
                    return .sequence(Node.Sequence(items, s.tag, s.style, s.mark))
                }
            case .swapValues(let p, let a, let b):
                root = edit(root, p[...]) { n in
                    guard case .mapping(let m) = n else { return n }
                    let va = m.first { $0.key.string == a }?.value
                    let vb = m.first { $0.key.string == b }?.value
                    let pairs = m.map { kv -> (Node, Node) in
                        if kv.key.string == a, let vb { return (kv.key, vb) }
                        if kv.key.string == b, let va { return (kv.key, va) }
                        return (kv.key, kv.value)
                    }
                    return .mapping(Node.Mapping(pairs, m.tag, m.style, m.mark))
                }
            }
        }
        return root
    }

    static func edit(_ n: Node, _ path: ArraySlice<PathStep>, _ body: (Node) -> Node) -> Node {
        guard let step = path.first else { return body(n) }
        let rest = path.dropFirst()
        switch (step, n) {
        case (.key(let k), .mapping(let m)):
            let pairs = m.map { kv -> (Node, Node) in
                (kv.key, kv.key.string == k ? edit(kv.value, rest, body) : kv.value)
            }
            return .mapping(Node.Mapping(pairs, m.tag, m.style, m.mark))
        case (.index(let i), .sequence(let s)):
            var items = Array(s)
            if i < items.count { items[i] = edit(items[i], rest, body) }
            return .sequence(Node.Sequence(items, s.tag, s.style, s.mark))
        default:
            return n
        }
    }
}

/// `# scenerun: equivalent — <reason>` comments, by line; a comment without a reason, or with
/// another word after `scenerun:`, is an error at its `#`. Lines break as libyaml breaks them
/// (LF, CRLF, CR, NEL, LS, PS), so the numbers are the loader's.
func equivalentComments(_ text: String, file: String) throws(DiagnosticList) -> [Int: String] {
    var out: [Int: String] = [:]
    var errors: [Diagnostic] = []
    var line = 1
    let lines = yamlLines(text).map { Array($0.unicodeScalars) }
    for l in lines {
        defer { line += 1 }
        guard let hash = commentStart(l) else { continue }
        var body = String(String.UnicodeScalarView(l[(hash + 1)...])).trimmingWhitespace()
        guard body.hasPrefix("scenerun:") else { continue }
        body = String(body.dropFirst("scenerun:".count)).trimmingWhitespace()
        let at = SourceLocation(file: file, line: line, column: hash + 1)
        guard body.hasPrefix("equivalent") else {
            errors.append(
                Diagnostic(
                    "unknown `# scenerun:` comment `\(body)`; the one scenerun reads is "
                        + "`# scenerun: equivalent — <reason>`",
                    at: at))
            continue
        }
        var reason = Substring(body.dropFirst("equivalent".count))
        while let f = reason.first, f == " " || f == "\t" || f == "—" || f == "–" || f == "-" || f == ":" {
            reason.removeFirst()
        }
        if reason.isEmpty {
            errors.append(
                Diagnostic(
                    "an `equivalent` comment needs the reason the app behaves the same: "
                        + "`# scenerun: equivalent — <reason>`",
                    at: at))
            continue
        }
        out[line] = String(reason)
    }
    if !errors.isEmpty { throw DiagnosticList(errors) }
    return out
}

/// The lines of a text, broken as libyaml breaks them (LF, CRLF, CR, NEL, LS, PS), so that line
/// n is the line of a node marked at line n.
public func yamlLines(_ text: String) -> [String] { ByteLines(Array(text.utf8)).lines }

/// The offset of the `#` that starts a comment on a line (outside quotes, at the start or after
/// a space), or nil.
func commentStart(_ l: [Unicode.Scalar]) -> Int? {
    var quote: Unicode.Scalar?
    for (i, u) in l.enumerated() {
        if let q = quote {
            if u == q { quote = nil }
        } else if u == "'" || u == "\"" {
            if i == 0 || " \t[{,:".unicodeScalars.contains(l[i - 1]) { quote = u }
        } else if u == "#" && (i == 0 || l[i - 1] == " " || l[i - 1] == "\t") {
            return i
        }
    }
    return nil
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
