import Diagnostics
import Yams

// What a variant took from the main case (issue 40, item 1): a failure of an expectation the
// variant never wrote says so, with the line it came from and how to override or drop it.

extension Walker {
    /// Where every node of `n` is written.
    func locations(in n: Node) -> Set<SourceLocation> {
        var out: Set<SourceLocation> = []
        func walk(_ n: Node) {
            out.insert(loc(n))
            switch n {
            case .mapping(let m):
                for (k, v) in m {
                    out.insert(loc(k))
                    walk(v)
                }
            case .sequence(let items): for i in items { walk(i) }
            case .scalar, .alias: break
            }
        }
        walk(n)
        return out
    }
}

extension SceneBuilder {
    /// While a variant is built, notes an expectation written in the main case (`node` is not in
    /// the variant's patch) at `at`, the location its failure names. `keys` is its place in the
    /// scene (`expect`, `views`, `box`, `y`); nil for a checkpoint, which comes with the main
    /// case's whole `script`.
    mutating func inheritExpectation(_ node: Node, _ at: SourceLocation, _ keys: [String]?) {
        guard let mine = w.variantNodes, let variant = scene.variant, !mine.contains(w.loc(node)) else { return }
        let how: String
        if let keys, keys.last == "that" {
            how =
                "`that` is a list, replaced whole: give the variant its own `expect: { that: [ … ] }`, or drop "
                + "them all with `expect: { that: null }`"
        } else if let keys {
            how =
                "override it in the variant with `\(Self.nested(keys, "…"))` or drop it with "
                + "`\(Self.nested(keys, "null"))`"
        } else {
            how =
                "it is a checkpoint of the main case's `script`, which a variant takes whole: give the variant "
                + "its own `script` to change it"
        }
        scene.inherited[at] =
            "(the variant `\(variant)` inherits this from the main case, line \(w.loc(node).line): \(how))"
    }

    /// `expect: { views: { box: { y: value } } }`.
    static func nested(_ keys: [String], _ value: String) -> String {
        guard let first = keys.first else { return value }
        let rest = Array(keys.dropFirst())
        return rest.isEmpty ? "\(first): \(value)" : "\(first): { \(nested(rest, value)) }"
    }
}
