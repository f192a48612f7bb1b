import Yams

/// What record mode needs to know of a scene's YAML, from the parser itself (this target is the
/// only one that sees YAML): every scalar and sequence by the position the loader reports for
/// it, how many places of the document use it (more than one: an anchor used through aliases),
/// and whether an edited text is the old document with exactly the intended scalars changed.
public enum YAMLCensus {
    /// A node's position as the loader reports it (1-based line and column, in libyaml's terms).
    public struct Position: Hashable, Sendable, Comparable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
        public static func < (a: Position, b: Position) -> Bool { (a.line, a.column) < (b.line, b.column) }
        public var description: String { "\(line):\(column)" }
    }

    public struct Scalar: Sendable, Equatable {
        /// The scalar's value, as the parser read it (quotes and escapes resolved).
        public var value: String
        /// Places of the document that hold it (aliases count).
        public var uses: Int
    }

    public struct Sequence: Sendable, Equatable {
        /// The elements: each one's position, and its value when it is a scalar.
        public var items: [Item]
        public var uses: Int
        public struct Item: Sendable, Equatable {
            public var position: Position
            public var value: String?
        }
    }

    public struct Census: Sendable {
        public var scalars: [Position: Scalar] = [:]
        public var sequences: [Position: Sequence] = [:]
    }

    /// Most nodes visited, aliases expanded (a file the loader accepted has at most `--max-nodes`).
    public static let budget = 4_000_000

    /// The census of `text`; nil when it does not parse as one YAML document or is larger than
    /// the budget.
    public static func census(_ text: String) -> Census? {
        guard let root = try? Yams.compose(yaml: text) else { return nil }
        var c = Census()
        var visited = 0
        func visit(_ n: Node) -> Bool {
            visited += 1
            if visited > budget { return false }
            let p = position(n)
            switch n {
            case .scalar(let s):
                // An empty scalar's position is the next token's: it cannot be told apart.
                if !(s.string.isEmpty && s.style == .plain) {
                    c.scalars[p, default: Scalar(value: s.string, uses: 0)].uses += 1
                }
            case .sequence(let s):
                let items = s.map { Sequence.Item(position: position($0), value: $0.scalar?.string) }
                c.sequences[p, default: Sequence(items: items, uses: 0)].uses += 1
                for x in s where !visit(x) { return false }
            case .mapping(let m):
                for (k, v) in m where !visit(k) || !visit(v) { return false }
            case .alias: break
            }
            return true
        }
        guard visit(root) else { return nil }
        return c
    }

    /// Why `new` is not `old` with exactly the scalars at `intended` (positions in `old`) changed
    /// to the values given: the position in `old` of the first difference and what it is; nil
    /// when the documents are as intended.
    public static func difference(old: String, new: String, intended: [Position: String]) -> (Position?, String)? {
        guard let a = try? Yams.compose(yaml: old) else { return (nil, "the file no longer parses") }
        let b: Node?
        do { b = try Yams.compose(yaml: new) } catch {
            return (nil, "the edited text would not parse (\(error))")
        }
        guard let b else { return (nil, "the edited text would be empty") }
        var seen: [Position: Int] = [:]
        var visited = 0
        func compare(_ x: Node, _ y: Node) -> (Position?, String)? {
            visited += 1
            if visited > budget { return (nil, "the document is larger than record mode checks") }
            let p = position(x)
            if x.anchor?.rawValue != y.anchor?.rawValue { return (p, "an anchor would change") }
            switch (x, y) {
            case (.scalar(let s), .scalar(let t)):
                if s.style != t.style || s.tag.rawValue != t.tag.rawValue {
                    return (p, "the style or tag of `\(s.string)` would change")
                }
                if let want = intended[p] {
                    seen[p, default: 0] += 1
                    if t.string != want { return (p, "`\(s.string)` would read `\(t.string)`, not `\(want)`") }
                } else if s.string != t.string {
                    return (p, "`\(s.string)`, which is not being rewritten, would read `\(t.string)`")
                }
            case (.sequence(let s), .sequence(let t)):
                guard s.count == t.count, s.style == t.style, s.tag.rawValue == t.tag.rawValue else {
                    return (p, "a list would change shape")
                }
                for (u, v) in zip(s, t) { if let d = compare(u, v) { return d } }
            case (.mapping(let s), .mapping(let t)):
                guard s.count == t.count, s.style == t.style, s.tag.rawValue == t.tag.rawValue else {
                    return (p, "a mapping would change shape")
                }
                for (u, v) in zip(s, t) {
                    if let d = compare(u.key, v.key) ?? compare(u.value, v.value) { return d }
                }
            case (.alias(let s), .alias(let t)) where s == t: break
            default: return (p, "a value would change kind")
            }
            return nil
        }
        if let d = compare(a, b) { return d }
        for p in intended.keys.sorted() where seen[p] != 1 {
            return (p, seen[p] == nil ? "the value was not changed" : "the value is used through an alias too")
        }
        return nil
    }

    static func position(_ n: Node) -> Position {
        Position(line: n.mark?.line ?? 0, column: n.mark?.column ?? 0)
    }
}
