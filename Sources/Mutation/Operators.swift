import Diagnostics
import Expressions
import SceneLoader

// `scenerun mutate`'s mutants (docs/mutate.md). A mutant is an edit of the scene's node tree at
// a path of keys and indices (`TreeEdit`, which SceneLoader applies before it builds the scene).

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
    public var edits: [TreeEdit]
    /// The rule the mutated value belongs to (the key of its event), nil when it is not in a
    /// rule: the mutant can change only the cases in which that rule runs (its coverage).
    public var site: SourceLocation? = nil
    /// The behaviour whose definition holds the mutated value (`behaviors: { home: … }`, in the
    /// scene or a variant), nil when it is in none: the mutant can change only the cases that
    /// add that behaviour (its values are evaluated, its `action` run, only once it is added).
    public var behavior: String? = nil
    /// The transition, property animator or view whose definition holds the mutated value
    /// (`transitions.present`, `animators.fade`, `views.card`), nil when it is in none: the
    /// mutant can change only the cases that start that transition (or complete it from the
    /// start), make that animator active, or create that view (`ComparisonLog.firstUsed`).
    public var part: String? = nil
    /// The transition whose `finalFrame` holds the mutated value, nil for any other mutant: when
    /// the frame is written as numbers, the run is the original's up to the first read of the
    /// transition's frames (`ComparisonLog.use("frames", name)`), not only up to its start.
    public var frames: String? = nil
    /// For a mutant that rewrites one expression (a number, comparison or `||` / `&&` operand in
    /// it), where that expression starts as the runner sees it (`Expr.location` of the whole
    /// scalar): the key of `ReadWatch`, which proves in which cases the mutant's run is the
    /// original's (docs/mutate.md, "Cases a mutant cannot change"). Nil for any other mutant.
    public var read: SourceLocation? = nil

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
    /// Whether the file has a YAML alias: one scalar may then be read in two places, and
    /// `ReadWatch`'s proofs, which know a scalar by where it is written, are not used.
    public var aliases = false
    /// The column of each one's `#`, by line: where a warning about the claim is located.
    public var equivalentColumns: [Int: Int] = [:]
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
    /// The rule of the comparison (`Mutant.site`).
    public var site: SourceLocation? = nil
    /// The behaviour of the comparison (`Mutant.behavior`).
    public var behavior: String? = nil
    /// The transition, animator or view of the comparison (`Mutant.part`).
    public var part: String? = nil

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
            var m = Mutant(
                op: .boundary, location: location, change: "\(literal) → \(text)", original: rewrite.text,
                mutated: expr, edits: [.scalar(rewrite.path, expr)], site: site)
            m.read = rewrite.top
            m.behavior = behavior
            m.part = part
            out.append(m)
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
    /// The location of the whole expression the scalar holds (`Mutant.read`).
    var top: SourceLocation
    func apply(_ replacement: String) -> String {
        let u = Array(text.unicodeScalars)
        var s = String.UnicodeScalarView()
        s.append(contentsOf: u[0..<start])
        s.append(contentsOf: replacement.unicodeScalars)
        s.append(contentsOf: u[(start + length)...])
        return String(s)
    }
}

/// `# scenerun: equivalent — <reason>` comments, by line; a comment without a reason, or with
/// another word after `scenerun:`, is an error at its `#`. Lines break as libyaml breaks them
/// (LF, CRLF, CR, NEL, LS, PS), so the numbers are the loader's.
func equivalentComments(_ text: String, file: String) throws(DiagnosticList) -> [Int: (reason: String, column: Int)] {
    var out: [Int: (reason: String, column: Int)] = [:]
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
        out[line] = (String(reason), hash + 1)
    }
    if !errors.isEmpty { throw DiagnosticList(errors) }
    return out
}

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
