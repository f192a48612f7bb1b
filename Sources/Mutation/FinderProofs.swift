import Diagnostics
import Expressions
import SceneLoader

/// The finder's proofs that a mutant changes nothing (docs/mutate.md, "Not generated"): what
/// an action reads and writes, and the words the file's values name.
extension MutantFinder {
    /// What an action reads and writes, when the finder can tell: a `set` of vars only writes
    /// them and reads the names its expressions name; a `haptic` reads nothing and writes only
    /// the haptic counts (no expression reads them). Nil for any other action.
    func effects(_ n: SourceNode) -> (reads: Set<String>, writes: Set<String>)? {
        let kv = pairs(n)
        guard kv.count == 1, let (key, value) = kv.first else { return nil }
        if key == "haptic" { return ([], ["haptic counts"]) }
        guard key == "set", case .mapping = value else { return nil }
        var reads: Set<String> = []
        var writes: Set<String> = []
        for (target, v) in pairs(value) {
            guard vars.contains(target) else { return nil }
            writes.insert(target)
            guard let r = names(v) else { return nil }
            reads.formUnion(r)
        }
        return (reads, writes)
    }

    /// The names the expressions of a value read (`card.center` reads `card`), nil when a scalar
    /// of it is not an expression.
    func names(_ n: SourceNode) -> Set<String>? {
        switch n {
        case .scalar(let s, _, _):
            guard let e = try? Expression.parse(s, at: SourceLocation(file: file, line: 1, column: 1)) else {
                return nil
            }
            var out: Set<String> = []
            func walk(_ e: Expr) {
                switch e.node {
                case .name(let parts): if let f = parts.first { out.insert(f) }
                case .member(let x, _), .unary(_, let x): walk(x)
                case .indexed(let name, let index, _):  // `cell[i].x` reads `cell` and `i`
                    out.insert(name)
                    walk(index)
                case .list(let xs), .call(_, let xs): xs.forEach(walk)
                case .binary(_, let a, let b): walk(a); walk(b)
                case .ternary(let a, let b, let c): walk(a); walk(b); walk(c)
                case .number, .bool, .string: break
                }
            }
            walk(e)
            return out
        case .sequence(let items, _):
            var out: Set<String> = []
            for i in items {
                guard let r = names(i) else { return nil }
                out.formUnion(r)
            }
            return out
        case .mapping, .alias: return nil
        }
    }

    /// Whether swapping two adjacent actions provably changes nothing: each one's effects are
    /// known, and neither writes what the other reads or writes.
    func commute(_ a: SourceNode, _ b: SourceNode) -> Bool {
        guard let x = effects(a), let y = effects(b) else { return false }
        return x.writes.isDisjoint(with: y.reads.union(y.writes)) && y.writes.isDisjoint(with: x.reads)
    }

    /// Every word (letters, digits, `_`) of every scalar value below `n`, keys left out.
    static func valueWords(_ n: SourceNode) -> Set<String> {
        switch n {
        case .scalar(let s, _, _):
            var out: Set<String> = []
            var word = ""
            for u in s.unicodeScalars {
                if u.properties.isAlphabetic || u.properties.numericType != nil || u == "_" {
                    word.unicodeScalars.append(u)
                } else if !word.isEmpty {
                    out.insert(word)
                    word = ""
                }
            }
            if !word.isEmpty { out.insert(word) }
            return out
        case .sequence(let items, _): return items.reduce(into: []) { $0.formUnion(valueWords($1)) }
        case .mapping(let m, _): return m.reduce(into: []) { $0.formUnion(valueWords($1.value)) }
        case .alias: return []
        }
    }
}
