import Diagnostics
import Expressions
import SceneModel
import SceneVocabulary
import Yams

extension SceneBuilder {
    /// `attachment`: an item attached to an anchor point or to another view, by a kind of joint.
    mutating func attachment(_ b: BehaviorBody) throws(Diagnostic) -> BehaviorKind {
        let name = b.name
        var a = AttachmentSpec(item: try itemID(b.req(AttachmentKey.item), "`item`"))  // required key
        if let t = b.get(AttachmentKey.to) {
            let to = try t.string.map { (x) throws(Diagnostic) in try reference(x, t) }
            if let to, case .view(let id)? = scene.names[to], id == a.item {
                throw err(
                    "attachment `\(name)` attaches `\(to)` to itself; `to` names another view (use "
                        + "`anchor` for a point)",
                    t)
            } else if let to, case .view(let id)? = scene.names[to] {
                try checkItem(id, t)
                a.to = id
            } else if let to, Double(to) == nil, !to.contains("."), !to.contains("[") || w.isIndexedName(to) {
                throw err(unknownView(to), t)
            } else {
                throw err("`to` names another view; use `anchor` for a point", t)
            }
        }
        a.anchor = try keyExpr(b, AttachmentKey.anchor)
        if a.anchor == nil && a.to == nil {
            throw err("attachment `\(name)` needs an `anchor` point or `to` another view", b.node)
        }
        if a.anchor != nil && a.to != nil {
            throw err("attachment `\(name)` has both `anchor` and `to`; choose one", b.req(AttachmentKey.to))
        }
        a.offset = try keyExpr(b, AttachmentKey.offset)
        a.toOffset = try keyExpr(b, AttachmentKey.toOffset)
        a.length = try keyExpr(b, AttachmentKey.length)
        a.frequency = try keyExpr(b, AttachmentKey.frequency)
        a.damping = try keyExpr(b, AttachmentKey.damping)
        a.frictionTorque = try keyExpr(b, AttachmentKey.frictionTorque)
        if let k = b.get(AttachmentKey.kind) {
            a.kind = try pick(k, "`kind`") {
                "attachment `kind` must be \(AttachmentKind.alternatives), found `\($0)`"
            }
        }
        a.axis = try keyExpr(b, AttachmentKey.axis)
        if a.kind == .sliding && a.axis == nil {
            throw err("a sliding attachment needs an `axis` [dx, dy]", b.node)
        }
        if let r = b.get(AttachmentKey.range) {
            let items = try w.sequence(r, "`range`")
            guard items.count == 2 else { throw err("`range` needs [min, max]", r) }
            let lo = try w.expr(items[0], "`range` min", .number, scope)
            let hi = try w.expr(items[1], "`range` max", .number, scope)
            if case .number(let x) = lo.node, case .number(let y) = hi.node, x > y {
                throw err("`range` must be [min, max] with min ≤ max", r)
            }
            a.range = (lo, hi)
        }
        return .attachment(a)
    }
}
