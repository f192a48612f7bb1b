import Diagnostics
import Expressions
import Geometry
import SceneModel
import SceneVocabulary
import Yams

extension SceneBuilder {
    // MARK: behaviours

    mutating func viewNames(_ n: Node, _ what: String) throws(Diagnostic) -> [ViewID] {
        var ids: [ViewID] = []
        for v in try w.names(n, what) {
            guard case .view(let id)? = scene.names[v] else {
                throw err("unknown view `\(v)`\(hint(v, scene.views.map(\.name)))", n)
            }
            ids.append(id)
        }
        return ids
    }

    mutating func behaviors(_ n: Node) throws(Diagnostic) {
        let entries = try w.namedMapping(n, "`behaviors`")
        if entries.count > w.limits.behaviors {
            throw err(
                "\(entries.count) behaviours, more than the limit of \(w.limits.behaviors); raise it with "
                    + "--max-behaviors",
                n)
        }
        var childNodes: [(Int, Node, [String])] = []
        var actionNodes: [(Int, Node)] = []
        let kindNames = BehaviorKindName.names
        for (name, v, loc) in entries {
            if let other = scene.vars.first(where: { $0.name == name }) {
                throw err(
                    "the name `\(name)` is already used by the variable declared at line \(other.location.line)", v)
            }
            if let other = scene.animators.first(where: { $0.name == name }) {
                throw err(
                    "the name `\(name)` is already used by the animator declared at line \(other.location.line)", v)
            }
            let kv = try w.mapping(v, "behaviour `\(name)`", known: kindNames + ["active", "action"])
            if let a = kv.first(where: { $0.0 == "action" }) { actionNodes.append((scene.behaviors.count, a.1)) }
            let kinds = kv.filter { $0.0 != "active" && $0.0 != "action" }
            guard kinds.count == 1 else {
                throw err(
                    "behaviour `\(name)` needs exactly one kind (\(kindNames.joined(separator: ", "))), found "
                        + "\(kinds.count)",
                    v)
            }
            let (kindName, body) = kinds[0]
            var spec = BehaviorSpec(name: name, location: loc, kind: .composite(children: []))
            if let a = kv.first(where: { $0.0 == "active" }) { spec.active = try w.bool(a.1, "`active`") }
            let kind = BehaviorKindName(rawValue: kindName)!  // a known key of the mapping above
            if kind == .children {
                childNodes.append((scene.behaviors.count, body, try w.names(body, "`children`")))
            } else {
                spec.kind = try behaviorKind(kind, body, name)
            }
            scene.names[name] = .behavior(BehaviorID(scene.behaviors.count))
            scene.behaviors.append(spec)
        }
        let names = scene.behaviors.map(\.name)
        for (i, node, children) in childNodes {
            var ids: [BehaviorID] = []
            for c in children {
                guard case .behavior(let id)? = scene.names[c] else {
                    throw err("unknown behaviour `\(c)`\(hint(c, names))", node)
                }
                ids.append(id)
            }
            scene.behaviors[i].kind = .composite(children: ids)
        }
        // Cycles in children.
        func visit(_ i: Int, _ stack: [Int]) throws(Diagnostic) {
            guard case .composite(let children) = scene.behaviors[i].kind else { return }
            for c in children {
                let j = c.index
                if stack.contains(j) || j == i {
                    let cycle = (stack + [i, j]).map { names[$0] }.joined(separator: " → ")
                    throw Diagnostic(
                        "behaviour `\(names[i])` contains itself through its children: \(cycle)",
                        at: scene.behaviors[i].location)
                }
                try visit(j, stack + [i])
            }
        }
        for i in scene.behaviors.indices { try visit(i, []) }
        // Actions may name any behaviour, so they are read once every behaviour is known.
        for (i, node) in actionNodes { scene.behaviors[i].action = try actionList(node, scope) }
    }

    mutating func behaviorKind(_ kind: BehaviorKindName, _ n: Node, _ name: String) throws(Diagnostic) -> BehaviorKind {
        let kv = try w.mapping(n, "`\(kind.rawValue)` of `\(name)`", known: kind.keys, required: kind.requiredKeys)
        func get(_ k: String) -> Node? { kv.first { $0.0 == k }?.1 }
        /// A key the mapping requires (checked by `w.mapping` above), or one known to be present.
        func req(_ k: String) -> Node { kv.first { $0.0 == k }?.1 ?? n }
        let s = scope
        func num(_ k: String, min: Double? = nil, positive: Bool = false) throws(Diagnostic) -> Expr? {
            guard let x = get(k) else { return nil }
            let e = try w.expr(x, "`\(k)`", .number, s)
            if case .number(let d) = e.node {
                if positive && d <= 0 { throw err("`\(k)` must be positive, found \(formatNumber(d))", x) }
                if let m = min, d < m { throw err("`\(k)` must not be negative, found \(formatNumber(d))", x) }
            }
            return e
        }
        func point(_ k: String) throws(Diagnostic) -> Expr? {
            try get(k).map { (x) throws(Diagnostic) in try w.expr(x, "`\(k)`", .point, s) }
        }
        /// Every plain-valued key the scene gave, typed and bounded as the vocabulary says.
        func properties<K: VocabularyKey>(_: K.Type) throws(Diagnostic) -> Properties<K> {
            var out = Properties<K>()
            for (k, x) in kv {
                guard let key = K(rawValue: k) else { continue }  // `w.mapping` refused unknown keys
                let type: ValueType
                switch key.kind {
                case .number: type = .number
                case .bool: type = .bool
                case .point: type = .point
                default: continue  // names, choices and structured keys are read by the kind itself
                }
                let e = try w.expr(x, "`\(k)`", type, s)
                if case .number(let d) = e.node {
                    if let m = key.minimum, m.exclusive ? d <= m.value : d < m.value {
                        let bound =
                            m.value != 0
                            ? "must be \(m.exclusive ? "greater than" : "at least") \(formatNumber(m.value))"
                            : m.exclusive ? "must be positive" : "must not be negative"
                        throw err("`\(k)` \(bound), found \(formatNumber(d))", x)
                    }
                    // The engine computes in float32: a positive value that rounds to 0 there
                    // is 0 to it (Box2D gives a body of density 0 a mass of 1 kg).
                    if let m = key.minimum, m.exclusive, m.value == 0, Float(d) == 0 {
                        throw err(
                            "`\(k)` must be positive, found \(formatNumber(d)), which is 0 in float32, the engine's "
                                + "precision", x)
                    }
                    if let m = key.maximum, d > m {
                        let low = key.minimum.map { formatNumber($0.value) } ?? "-∞"
                        throw err(
                            "\(kind.rawValue) `\(k)` must be between \(low) and \(formatNumber(m)), found "
                                + "\(formatNumber(d))",
                            x)
                    }
                }
                out.entries.append((key, e))
            }
            return out
        }
        switch kind {
        case .gravity:
            return .gravity(items: try viewNames(req("items"), "`items`"), try properties(GravityKey.self))
        case .collision:
            var mode = CollisionMode.everything
            if let m = get("mode") {
                mode = try pick(m, "`mode`") { "collision `mode` must be \(CollisionMode.alternatives), found `\($0)`" }
            }
            var insets: [String: Expr]?
            if let rb = get("referenceBounds") {
                if case .scalar = rb {
                    insets = try w.bool(rb, "`referenceBounds`") ? [:] : nil
                } else {
                    var d: [String: Expr] = [:]
                    for (k, x) in try w.mapping(rb, "`referenceBounds`", known: ["insets"]) where k == "insets" {
                        for (side, sv) in try w.mapping(x, "`insets`", known: ["top", "left", "bottom", "right"]) {
                            d[side] = try w.expr(sv, "`insets.\(side)`", .number, s)
                        }
                    }
                    insets = d
                }
            }
            var bounds: [BoundarySpec] = []
            if let b = get("boundaries") {
                for (bn, bv, bl) in try w.namedMapping(b, "`boundaries`") {
                    let bkv = try w.mapping(bv, "boundary `\(bn)`", known: ["from", "to", "path", "closed"])
                    func bget(_ k: String) -> Node? { bkv.first { $0.0 == k }?.1 }
                    if let f = bget("from"), let t = bget("to") {
                        bounds.append(
                            BoundarySpec(
                                identifier: bn, location: bl,
                                points: [try w.expr(f, "`from`", .point, s), try w.expr(t, "`to`", .point, s)],
                                closed: false))
                    } else if let p = bget("path") {
                        let pts = try w.sequence(p, "`path`")
                        if pts.count < 2 { throw err("a boundary path needs at least 2 points", p) }
                        var es: [Expr] = []
                        for q in pts { es.append(try w.expr(q, "a point of the path", .point, s)) }
                        let closed =
                            try bget("closed").map { (x) throws(Diagnostic) in try w.bool(x, "`closed`") } ?? false
                        if closed && pts.count < 3 { throw err("a closed boundary path needs at least 3 points", p) }
                        bounds.append(BoundarySpec(identifier: bn, location: bl, points: es, closed: closed))
                    } else {
                        throw err("boundary `\(bn)` needs `from` and `to`, or a `path`", bv)
                    }
                }
            }
            return .collision(
                items: try viewNames(req("items"), "`items`"), mode: mode, referenceBounds: insets, boundaries: bounds)
        case .attachment:
            var a = AttachmentSpec(item: try viewID(req("item"), "`item`"))  // required key
            if let t = get("to") {
                if case .scalar(let sc) = t, case .view(let id)? = scene.names[sc.string], id == a.item {
                    throw err(
                        "attachment `\(name)` attaches `\(sc.string)` to itself; `to` names another view (use "
                            + "`anchor` for a point)",
                        t)
                } else if case .scalar(let sc) = t, case .view(let id)? = scene.names[sc.string] {
                    a.to = id
                } else if case .scalar(let sc) = t, Double(sc.string) == nil, !sc.string.contains("."),
                    !sc.string.contains("[")
                {
                    throw err("unknown view `\(sc.string)`\(hint(sc.string, scene.views.map(\.name)))", t)
                } else {
                    throw err("`to` names another view; use `anchor` for a point", t)
                }
            }
            a.anchor = try point("anchor")
            if a.anchor == nil && a.to == nil {
                throw err("attachment `\(name)` needs an `anchor` point or `to` another view", n)
            }
            if a.anchor != nil && a.to != nil {
                throw err("attachment `\(name)` has both `anchor` and `to`; choose one", req("to"))
            }
            a.offset = try point("offset")
            a.toOffset = try point("toOffset")
            a.length = try num("length", min: 0)
            a.frequency = try num("frequency", min: 0)
            a.damping = try num("damping", min: 0)
            a.frictionTorque = try num("frictionTorque", min: 0)
            if let k = get("kind") {
                a.kind = try pick(k, "`kind`") {
                    "attachment `kind` must be \(AttachmentKind.alternatives), found `\($0)`"
                }
            }
            a.axis = try point("axis")
            if a.kind == .sliding && a.axis == nil { throw err("a sliding attachment needs an `axis` [dx, dy]", n) }
            if let r = get("range") {
                let items = try w.sequence(r, "`range`")
                guard items.count == 2 else { throw err("`range` needs [min, max]", r) }
                let lo = try w.expr(items[0], "`range` min", .number, s)
                let hi = try w.expr(items[1], "`range` max", .number, s)
                if case .number(let x) = lo.node, case .number(let y) = hi.node, x > y {
                    throw err("`range` must be [min, max] with min ≤ max", r)
                }
                a.range = (lo, hi)
            }
            return .attachment(a)
        case .snap:
            guard get("to") != nil else { throw err("snap `\(name)` needs `to`: the point to snap to", n) }
            return .snap(item: try viewID(req("item"), "`item`"), try properties(SnapKey.self))
        case .push:
            var mode = PushMode.continuous
            if let m = get("mode") {
                mode = try pick(m, "`mode`") { "push `mode` must be \(PushMode.alternatives), found `\($0)`" }
            }
            return .push(items: try viewNames(req("items"), "`items`"), mode: mode, try properties(PushKey.self))
        case .item:
            return .item(items: try viewNames(req("items"), "`items`"), try properties(ItemKey.self))
        case .field:
            let k: FieldKind = try pick(req("kind"), "`kind`") { "unknown field kind `\($0)`" }  // required key
            var f = FieldSpec(
                kind: k, items: try get("items").map { (x) throws(Diagnostic) in try viewNames(x, "`items`") } ?? [])
            f.position = try point("position")
            f.strength = try num("strength")
            f.falloff = try num("falloff")
            f.minimumRadius = try num("minimumRadius", min: 0)
            f.direction = try point("direction")
            f.smoothness = try num("smoothness", min: 0)
            f.animationSpeed = try num("animationSpeed", min: 0)
            if let r = get("region") { f.region = try region(r, s) }
            return .field(f)
        case .children:
            throw err("`children` takes a list of behaviour names", n)
        }
    }

    /// `region: { radius: r }`, `{ size: [w, h] }`, `{ inverse: region }`, `{ union: [regions] }`,
    /// `{ difference: [a, b] }`, `{ intersection: [regions] }`.
    mutating func region(_ n: Node, _ s: Scope) throws(Diagnostic) -> RegionSpec {
        let kv = try w.mapping(
            n, "a region", known: ["radius", "size", "inverse", "union", "difference", "intersection"])
        guard kv.count == 1 else {
            throw err("a region has exactly one of radius, size, inverse, union, difference, intersection", n)
        }
        let (k, v) = kv[0]
        switch k {
        case "radius":
            let e = try w.expr(v, "`radius`", .number, s)
            if case .number(let d) = e.node, d < 0 {
                throw err("`radius` must not be negative, found \(formatNumber(d))", v)
            }
            return .circle(radius: e)
        case "size": return .rectangle(size: try w.expr(v, "`size`", .point, s))
        case "inverse": return .inverse(try region(v, s))
        default:
            var parts: [RegionSpec] = []
            for x in try w.sequence(v, "`\(k)`") { parts.append(try region(x, s)) }
            if k == "difference" {
                guard parts.count == 2 else {
                    throw err("`difference` takes two regions [a, b]: the points of a not in b", v)
                }
                return .difference(parts[0], parts[1])
            }
            if parts.isEmpty { throw err("`\(k)` needs at least one region", v) }
            return k == "union" ? .union(parts) : .intersection(parts)
        }
    }
}
