import Diagnostics
import Expressions
import SceneModel
import SceneVocabulary
import Yams

extension SceneBuilder {
    /// `field`: a kind of field, the items it acts on, its numbers and its region.
    mutating func field(_ b: BehaviorBody) throws(Diagnostic) -> BehaviorKind {
        let k: FieldKind = try pick(b.req(FieldKey.kind), "`kind`") { "unknown field kind `\($0)`" }  // required
        var f = FieldSpec(
            kind: k,
            items: try b.get(FieldKey.items).map { (x) throws(Diagnostic) in try viewNames(x, "`items`") } ?? [])
        f.position = try keyExpr(b, FieldKey.position)
        f.strength = try keyExpr(b, FieldKey.strength)
        f.falloff = try keyExpr(b, FieldKey.falloff)
        f.minimumRadius = try keyExpr(b, FieldKey.minimumRadius)
        f.direction = try keyExpr(b, FieldKey.direction)
        f.smoothness = try keyExpr(b, FieldKey.smoothness)
        f.animationSpeed = try keyExpr(b, FieldKey.animationSpeed)
        if let r = b.get(FieldKey.region) { f.region = try region(r, scope) }
        return .field(f)
    }

    /// `region: { radius: r }`, `{ size: [w, h] }`, `{ inverse: region }`, `{ union: [regions] }`,
    /// `{ difference: [a, b] }`, `{ intersection: [regions] }`.
    mutating func region(_ n: Node, _ s: Scope) throws(Diagnostic) -> RegionSpec {
        let kv = try w.mapping(n, "a region", known: RegionKey.names)
        guard kv.count == 1 else {
            throw err("a region has exactly one of \(RegionKey.names.joined(separator: ", "))", n)
        }
        let (k, v) = kv[0]
        let key = RegionKey(rawValue: k) ?? .radius  // `w.mapping` refused unknown keys
        switch key {
        case .radius:
            let e = try w.expr(v, "`radius`", .number, s)
            if case .number(let d) = e.node, d < 0 {
                throw err("`radius` must not be negative, found \(formatNumber(d))", v)
            }
            return .circle(radius: e)
        case .size: return .rectangle(size: try w.expr(v, "`size`", .point, s))
        case .inverse: return .inverse(try region(v, s))
        case .union: return .union(try regions(v, k, s))
        case .intersection: return .intersection(try regions(v, k, s))
        case .difference:
            var parts: [RegionSpec] = []
            for x in try w.sequence(v, "`\(k)`") { parts.append(try region(x, s)) }
            guard parts.count == 2 else {
                throw err("`difference` takes two regions [a, b]: the points of a not in b", v)
            }
            return .difference(parts[0], parts[1])
        }
    }

    /// The regions of a `union` or an `intersection`: at least one.
    mutating func regions(_ n: Node, _ k: String, _ s: Scope) throws(Diagnostic) -> [RegionSpec] {
        var parts: [RegionSpec] = []
        for x in try w.sequence(n, "`\(k)`") { parts.append(try region(x, s)) }
        if parts.isEmpty { throw err("`\(k)` needs at least one region", n) }
        return parts
    }
}
