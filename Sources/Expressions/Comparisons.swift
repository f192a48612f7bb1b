import Diagnostics

/// What a run records for `scenerun mutate`: the rules that ran (its coverage) and the values
/// rule comparisons saw, for the boundary operator: for
/// each comparison of a value with a number literal (`translation.x / world.width > 0.4`), the
/// observed values nearest the constant on each side of it. Evaluation records into it when the
/// name resolver hands one out (`NameResolver.comparisonLog`); nothing is recorded otherwise.
///
/// One log belongs to one case's run at a time (a run is single-threaded); the driver merges
/// the logs of a file's cases.
public final class ComparisonLog: @unchecked Sendable {
    /// The nearest observed values around one comparison's constant.
    public struct Nearest: Sendable, Hashable {
        /// The largest value on the side where the comparison is what it is just below the
        /// constant (`x > 0.4`: values ≤ 0.4), and the smallest on the other side.
        public var below: Double?
        public var above: Double?
        public init(below: Double? = nil, above: Double? = nil) { self.below = below; self.above = above }
        mutating func merge(_ o: Nearest) {
            if let b = o.below { below = Swift.max(below ?? b, b) }
            if let a = o.above { above = Swift.min(above ?? a, a) }
        }
    }
    /// By the location of the comparison (the location of its `Expr`).
    public private(set) var nearest: [SourceLocation: Nearest] = [:]
    /// The run's last checkpoint (SceneRunner's RunSnapshot.swift; 0 during its set-up), set by
    /// the run.
    public var checkpoint = 0
    /// The rules that ran, by their location (the key of their event), each with the checkpoint
    /// at which it first ran: `scenerun mutate`'s coverage (a mutant inside a rule that never ran
    /// in a case cannot change that case) and sharing (a run resumed from a snapshot taken at
    /// that checkpoint or before shares everything a mutant there can change; 0: during the
    /// set-up, before any checkpoint, nothing can be shared).
    public private(set) var firstReached: [SourceLocation: Int] = [:]
    /// The behaviours added to the animator, by the name they are written under (a repeated
    /// behaviour's copies `chain[0]`, `chain[1]`, … as `chain`), each with the checkpoint at which
    /// it was first added: a mutant inside a behaviour's definition cannot change a case that
    /// never adds it.
    public private(set) var firstAdded: [String: Int] = [:]
    /// The transitions started (or completed from the start), the property animators made
    /// active and the views created, as `transitions.NAME`, `animators.NAME`, `views.NAME` (a
    /// copy under its template's name), each with the checkpoint at which it was first used: a
    /// mutant inside one's definition cannot change a case that never uses it.
    public private(set) var firstUsed: [String: Int] = [:]
    public init() {}

    /// Adds another log's observations (of the first checkpoints, the smallest).
    public func merge(_ other: ComparisonLog) {
        for (k, v) in other.nearest { nearest[k, default: Nearest()].merge(v) }
        firstReached.merge(other.firstReached, uniquingKeysWith: Swift.min)
        firstAdded.merge(other.firstAdded, uniquingKeysWith: Swift.min)
        firstUsed.merge(other.firstUsed, uniquingKeysWith: Swift.min)
    }

    /// A rule at `location` runs.
    public func reach(_ location: SourceLocation) {
        if firstReached[location] == nil { firstReached[location] = checkpoint }
    }

    /// Behaviour `name` (a copy `name[i]`: its template's name) is added.
    public func add(behavior name: String) {
        let t = Self.template(name)
        if firstAdded[t] == nil { firstAdded[t] = checkpoint }
    }

    /// The `part` (`transitions`, `animators`, `views`) named `name` (a copy: its template's
    /// name) is used; `frames`: transition `name`'s `initialFrame` and `finalFrame` are read.
    public func use(_ part: String, _ name: String) {
        let key = "\(part).\(Self.template(name))"
        if firstUsed[key] == nil { firstUsed[key] = checkpoint }
    }

    static func template(_ name: String) -> String {
        if name.hasSuffix("]"), let open = name.firstIndex(of: "[") { return String(name[..<open]) }
        return name
    }

    /// Records one evaluation of `e` (a comparison) whose operands were `lhs` and `rhs`.
    func record(_ e: Expr, _ lhs: Double, _ rhs: Double) {
        guard case .binary(let op, let l, let r) = e.node, let side = ComparisonLog.constantSide(op, l, r) else {
            return
        }
        let (value, constant) = side.constantOnRight ? (lhs, rhs) : (rhs, lhs)
        guard value.isFinite else { return }
        var n = nearest[e.location] ?? Nearest()
        // `x > c` and `x <= c` are false (true) at c itself, as just below it; `x >= c` and
        // `x < c` are what they are just above it.
        let belowAtEquality = side.op == ">" || side.op == "<="
        if value < constant || (value == constant && belowAtEquality) {
            n.below = Swift.max(n.below ?? value, value)
        } else {
            n.above = Swift.min(n.above ?? value, value)
        }
        nearest[e.location] = n
    }

    /// The constant of a comparison `x OP c` or `c OP x` (a number literal, possibly negated),
    /// with the operator as it reads with the constant on the right. Nil when it has none.
    public static func constantSide(
        _ op: String, _ l: Expr, _ r: Expr
    ) -> (
        op: String, constant: Expr, constantOnRight: Bool
    )? {
        let mirror = ["<": ">", "<=": ">=", ">": "<", ">=": "<="]
        guard let m = mirror[op] else { return nil }
        if isLiteral(r) { return (op, r, true) }
        if isLiteral(l) && !isLiteral(r) { return (m, l, false) }
        return nil
    }

    /// A number literal, or a negated one.
    public static func isLiteral(_ e: Expr) -> Bool {
        if case .number = e.node { return true }
        if case .unary("-", let x) = e.node, case .number = x.node { return true }
        return false
    }
}
