import Diagnostics
import Expectations
import Expressions

/// `scenerun mutate`'s proof that a mutant cannot change a case (docs/mutate.md, "Cases a mutant
/// cannot change"). A mutant that rewrites one expression changes a run only through the values
/// that expression gives. While the original runs, every evaluation of a watched expression — a
/// condition (`if:`, of a rule or an action), a `set` value, a `progress:` or `complete:` value
/// or an `after:` delay, each read nowhere else — also evaluates each mutant's rewrite of it, in
/// the same state and scope. A mutant whose rewrite gave, at every evaluation of the case, what
/// the original gave (the same branch taken or outcome decided, a bit-identical value) runs that
/// case exactly as the original did: every read it makes sees the original's values, so every
/// tick is the original's. Such a case need not run for that mutant.
///
/// One watch serves one case's run, on one thread.
public final class ReadWatch: @unchecked Sendable {
    /// A mutant's rewrite of the expression at a location: the mutant's number among the file's
    /// mutants and the whole rewritten scalar.
    public struct Rewrite: Sendable, Hashable {
        public var mutant: Int
        public var text: String
        public init(mutant: Int, text: String) {
            self.mutant = mutant
            self.text = text
        }
    }

    /// A file's rewrites, parsed once for the watches of all its cases: by location, each
    /// rewrite's mutant and what its text parses to at that location (nil: does not parse).
    public final class Parsed: @unchecked Sendable {
        let index: [SourceLocation: Int]
        let lists: [[(mutant: Int, expr: Expr?)]]

        public init(_ rewrites: [SourceLocation: [Rewrite]]) {
            var index: [SourceLocation: Int] = [:]
            var lists: [[(mutant: Int, expr: Expr?)]] = []
            for (at, list) in rewrites {
                index[at] = lists.count
                lists.append(list.map { ($0.mutant, try? Expression.parse($0.text, at: at)) })
            }
            self.index = index
            self.lists = lists
        }

        /// Whether no expression is watched.
        public var isEmpty: Bool { lists.isEmpty }
    }

    let parsed: Parsed
    /// The mutants whose expression this run evaluated in a watched place.
    public private(set) var read: Set<Int> = []
    /// Of those, the ones whose rewrite gave another value at some evaluation (or could not be
    /// compared: the expression depends on a repeated template's constants, or the rewrite
    /// does not parse or throws).
    public private(set) var changed: Set<Int> = []
    /// By location (`Parsed.index`): the expression last evaluated there and whether it is what
    /// its text parses to without constants (the rewrites are parsed so: a template's copy,
    /// parsed with its `i`, is not compared).
    var plain: [(Expr, Bool)?]

    public init(_ parsed: Parsed) {
        self.parsed = parsed
        plain = parsed.lists.map { _ in nil }
    }

    public convenience init(_ rewrites: [SourceLocation: [Rewrite]]) { self.init(Parsed(rewrites)) }

    /// An evaluation of `e`, which gave `value`: nothing when no rewrite is watched at its location
    /// (one lookup, on every watched evaluation); else each rewrite evaluated by `evaluate` (nil
    /// when it throws) and compared: as a condition (the branch it takes) or as a value (bit for bit).
    func evaluated(_ e: Expr, _ value: Value, condition: Bool, _ evaluate: (Expr) -> Value?) {
        guard let k = parsed.index[e.location] else { return }
        let isPlain: Bool
        if let (x, known) = plain[k], x == e {
            isPlain = known
        } else {
            isPlain = (try? Expression.parse(e.text, at: e.location)) == e
            plain[k] = (e, isPlain)
        }
        for r in parsed.lists[k] {
            read.insert(r.mutant)
            if changed.contains(r.mutant) { continue }
            guard isPlain, let alternative = r.expr, let v = evaluate(alternative) else {
                changed.insert(r.mutant)
                continue
            }
            let same = condition ? (v.bool ?? false) == (value.bool ?? false) : v.identical(to: value)
            if !same { changed.insert(r.mutant) }
        }
    }
}

extension Value {
    /// The same value, bit for bit (`-0.0` is not `0.0`; a NaN is itself).
    func identical(to o: Value) -> Bool {
        func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }
        switch (self, o) {
        case (.number(let a), .number(let b)): return same(a, b)
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.point(let a), .point(let b)): return same(a.x, b.x) && same(a.y, b.y)
        case (.rect(let a), .rect(let b)):
            return same(a.origin.x, b.origin.x) && same(a.origin.y, b.origin.y) && same(a.size.x, b.size.x)
                && same(a.size.y, b.size.y)
        default: return false
        }
    }
}

extension Run {
    /// `eval` of an expression mutate's proofs watch — a condition (`condition`: only its truth
    /// counts), a `set`, `progress:` or `complete:` value, an `after:` delay — telling the watch,
    /// when mutate set one, what it gave.
    func evalWatched(_ e: Expr, condition: Bool, scope: Scope) throws(RunError) -> Value {
        let value = try eval(e, scope: scope)
        guard let w = limits.reads else { return value }
        // Read as `eval` reads, and as the mutant's own run would (Observed.swift).
        w.evaluated(e, value, condition: condition) { alternative in
            try? evaluate(alternative, LiveState(self), scope: scope)
        }
        return value
    }
}
