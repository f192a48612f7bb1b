import Diagnostics
import Expressions
import SceneModel
import SceneVocabulary
import Yams

extension SceneBuilder {
    /// `collision`: items, a mode, the reference bounds as a boundary (inset), named boundaries.
    mutating func collision(_ b: BehaviorBody) throws(Diagnostic) -> BehaviorKind {
        var mode = CollisionMode.defaultMode
        if let m = b.get(CollisionKey.mode) {
            mode = try pick(m, "`mode`") { "collision `mode` must be \(CollisionMode.alternatives), found `\($0)`" }
        }
        var insets: InsetsSpec?
        if let rb = b.get(CollisionKey.referenceBounds) {
            if case .scalar = rb {
                insets = try w.bool(rb, "`referenceBounds`") ? InsetsSpec() : nil
            } else {
                var d = InsetsSpec()
                for (k, x) in try w.mapping(rb, "`referenceBounds`", known: ["insets"]) where k == "insets" {
                    for (side, sv) in try w.mapping(x, "`insets`", known: InsetKey.names) {
                        let e = try w.expr(sv, "`insets.\(side)`", .number, scope)
                        switch InsetKey(rawValue: side) {
                        case .top?: d.top = e
                        case .left?: d.left = e
                        case .bottom?: d.bottom = e
                        case .right?: d.right = e
                        case nil: break  // `w.mapping` refused unknown keys
                        }
                    }
                }
                insets = d
            }
        }
        var bounds: [BoundarySpec] = []
        if let bn = b.get(CollisionKey.boundaries) { bounds = try boundaries(bn) }
        return .collision(
            items: try viewNames(b.req(CollisionKey.items), "`items`"), mode: mode, referenceBounds: insets,
            boundaries: bounds)
    }

    /// Named boundaries: `{ from, to }` segments or `{ path, closed }` paths.
    mutating func boundaries(_ n: Node) throws(Diagnostic) -> [BoundarySpec] {
        var bounds: [BoundarySpec] = []
        for (bn, bv, bl) in try w.namedMapping(n, "`boundaries`") {
            let bkv = try w.mapping(bv, "boundary `\(bn)`", known: BoundaryKey.names)
            func bget(_ k: BoundaryKey) -> Node? { bkv.first { $0.0 == k.rawValue }?.1 }
            if let f = bget(.from), let t = bget(.to) {
                bounds.append(
                    BoundarySpec(
                        identifier: bn, location: bl,
                        points: [try w.expr(f, "`from`", .point, scope), try w.expr(t, "`to`", .point, scope)],
                        closed: false))
            } else if let p = bget(.path) {
                let pts = try w.sequence(p, "`path`")
                if pts.count < 2 { throw err("a boundary path needs at least 2 points", p) }
                var es: [Expr] = []
                for q in pts { es.append(try w.expr(q, "a point of the path", .point, scope)) }
                let closed = try bget(.closed).map { (x) throws(Diagnostic) in try w.bool(x, "`closed`") } ?? false
                if closed && pts.count < 3 { throw err("a closed boundary path needs at least 3 points", p) }
                bounds.append(BoundarySpec(identifier: bn, location: bl, points: es, closed: closed))
            } else {
                throw err("boundary `\(bn)` needs `from` and `to`, or a `path`", bv)
            }
        }
        return bounds
    }
}
