import Diagnostics
import Expressions
import Geometry
import SceneModel
import Yams

extension SceneBuilder {
    // MARK: behaviours

    mutating func viewNames(_ n: Node, _ what: String) throws(Diagnostic) -> [String] {
        let names = try w.names(n, what)
        for v in names where !scene.views.contains(where: { $0.name == v }) {
            throw err("unknown view `\(v)`\(hint(v, scene.views.map(\.name)))", n)
        }
        return names
    }

    mutating func behaviors(_ n: Node) throws(Diagnostic) {
        let entries = try w.namedMapping(n, "`behaviors`")
        if entries.count > w.limits.behaviors { throw err("\(entries.count) behaviours, more than the limit of \(w.limits.behaviors); raise it with --max-behaviors", n) }
        var childNodes: [(Int, Node)] = []
        for (name, v, loc) in entries {
            let kv = try w.mapping(v, "behaviour `\(name)`", known: behaviorKindOrder + ["active"])
            let kinds = kv.filter { $0.0 != "active" }
            guard kinds.count == 1 else {
                throw err("behaviour `\(name)` needs exactly one kind (\(behaviorKindOrder.joined(separator: ", "))), found \(kinds.count)", v)
            }
            let (kindName, body) = kinds[0]
            var spec = BehaviorSpec(name: name, location: loc, kind: .composite(children: []))
            if let a = kv.first(where: { $0.0 == "active" }) { spec.active = try w.bool(a.1, "`active`") }
            if kindName == "children" {
                spec.kind = .composite(children: try w.names(body, "`children`"))
                childNodes.append((scene.behaviors.count, body))
            } else {
                spec.kind = try behaviorKind(kindName, body, name)
            }
            scene.behaviors.append(spec)
        }
        let names = scene.behaviors.map(\.name)
        for (i, node) in childNodes {
            guard case .composite(let children) = scene.behaviors[i].kind else { continue }
            for c in children where !names.contains(c) { throw err("unknown behaviour `\(c)`\(hint(c, names))", node) }
        }
        // Cycles in children.
        func visit(_ i: Int, _ stack: [Int]) throws(Diagnostic) {
            guard case .composite(let children) = scene.behaviors[i].kind else { return }
            for c in children {
                let j = names.firstIndex(of: c)!
                if stack.contains(j) || j == i {
                    let cycle = (stack + [i, j]).map { names[$0] }.joined(separator: " → ")
                    throw Diagnostic("behaviour `\(names[i])` contains itself through its children: \(cycle)", at: scene.behaviors[i].location)
                }
                try visit(j, stack + [i])
            }
        }
        for i in scene.behaviors.indices { try visit(i, []) }
    }

    mutating func behaviorKind(_ kind: String, _ n: Node, _ name: String) throws(Diagnostic) -> BehaviorKind {
        let kv = try w.mapping(n, "`\(kind)` of `\(name)`", known: behaviorKinds[kind]!, required: kind == "attachment" || kind == "snap" ? ["item"] : kind == "field" ? ["kind"] : ["items"])
        func get(_ k: String) -> Node? { kv.first { $0.0 == k }?.1 }
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
        func point(_ k: String) throws(Diagnostic) -> Expr? { try get(k).map { (x) throws(Diagnostic) in try w.expr(x, "`\(k)`", .point, s) } }
        switch kind {
        case "gravity":
            return .gravity(items: try viewNames(get("items")!, "`items`"), magnitude: try num("magnitude"), angle: try num("angle"), direction: try point("direction"))
        case "collision":
            var mode = CollisionModeSpec.everything
            if let m = get("mode") {
                let ms = try w.string(m, "`mode`")
                guard let v = CollisionModeSpec(rawValue: ms) else { throw err("collision `mode` must be items, boundaries or everything, found `\(ms)`", m) }
                mode = v
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
                        bounds.append(BoundarySpec(identifier: bn, location: bl, points: [try w.expr(f, "`from`", .point, s), try w.expr(t, "`to`", .point, s)], closed: false))
                    } else if let p = bget("path") {
                        let pts = try w.sequence(p, "`path`")
                        if pts.count < 2 { throw err("a boundary path needs at least 2 points", p) }
                        var es: [Expr] = []
                        for q in pts { es.append(try w.expr(q, "a point of the path", .point, s)) }
                        let closed = try bget("closed").map { (x) throws(Diagnostic) in try w.bool(x, "`closed`") } ?? false
                        if closed && pts.count < 3 { throw err("a closed boundary path needs at least 3 points", p) }
                        bounds.append(BoundarySpec(identifier: bn, location: bl, points: es, closed: closed))
                    } else {
                        throw err("boundary `\(bn)` needs `from` and `to`, or a `path`", bv)
                    }
                }
            }
            return .collision(items: try viewNames(get("items")!, "`items`"), mode: mode, referenceBounds: insets, boundaries: bounds)
        case "attachment":
            var a = AttachmentSpec(item: try viewNames(get("item")!, "`item`")[0])
            if let t = get("to") {
                if case .scalar(let sc) = t, sc.string == a.item {
                    throw err("attachment `\(name)` attaches `\(a.item)` to itself; `to` names another view (use `anchor` for a point)", t)
                } else if case .scalar(let sc) = t, scene.views.contains(where: { $0.name == sc.string }) {
                    a.to = sc.string
                } else if case .scalar(let sc) = t, Double(sc.string) == nil, !sc.string.contains("."), !sc.string.contains("[") {
                    throw err("unknown view `\(sc.string)`\(hint(sc.string, scene.views.map(\.name)))", t)
                } else {
                    throw err("`to` names another view; use `anchor` for a point", t)
                }
            }
            a.anchor = try point("anchor")
            if a.anchor == nil && a.to == nil { throw err("attachment `\(name)` needs an `anchor` point or `to` another view", n) }
            if a.anchor != nil && a.to != nil { throw err("attachment `\(name)` has both `anchor` and `to`; choose one", get("to")!) }
            a.offset = try point("offset")
            a.toOffset = try point("toOffset")
            a.length = try num("length", min: 0)
            a.frequency = try num("frequency", min: 0)
            a.damping = try num("damping", min: 0)
            a.frictionTorque = try num("frictionTorque", min: 0)
            if let k = get("kind") {
                let ks = try w.string(k, "`kind`")
                guard let kk = AttachmentKindSpec(rawValue: ks) else { throw err("attachment `kind` must be spring, sliding, limit, fixed or pin, found `\(ks)`\(hint(ks, ["spring", "sliding", "limit", "fixed", "pin"]))", k) }
                a.kind = kk
            }
            a.axis = try point("axis")
            if a.kind == .sliding && a.axis == nil { throw err("a sliding attachment needs an `axis` [dx, dy]", n) }
            if let r = get("range") {
                let items = try w.sequence(r, "`range`")
                guard items.count == 2 else { throw err("`range` needs [min, max]", r) }
                let lo = try w.expr(items[0], "`range` min", .number, s), hi = try w.expr(items[1], "`range` max", .number, s)
                if case .number(let x) = lo.node, case .number(let y) = hi.node, x > y { throw err("`range` must be [min, max] with min ≤ max", r) }
                a.range = (lo, hi)
            }
            return .attachment(a)
        case "snap":
            guard let to = get("to") else { throw err("snap `\(name)` needs `to`: the point to snap to", n) }
            let d = try num("damping", min: 0)
            if let d, case .number(let v) = d.node, v > 1 { throw err("snap `damping` must be between 0 and 1, found \(formatNumber(v))", get("damping")!) }
            return .snap(item: try viewNames(get("item")!, "`item`")[0], to: try w.expr(to, "`to`", .point, s), damping: d)
        case "push":
            var inst = false
            if let m = get("mode") {
                let ms = try w.string(m, "`mode`")
                guard ms == "continuous" || ms == "instantaneous" else { throw err("push `mode` must be continuous or instantaneous, found `\(ms)`", m) }
                inst = ms == "instantaneous"
            }
            let active = try get("active").map { (x) throws(Diagnostic) in try w.expr(x, "`active`", .bool, s) }
            return .push(items: try viewNames(get("items")!, "`items`"), instantaneous: inst, magnitude: try num("magnitude"), angle: try num("angle"),
                         direction: try point("direction"), offset: try point("offset"), active: active)
        case "item":
            var props: [(String, Expr)] = []
            for (k, x) in kv where k != "items" {
                switch k {
                case "allowsRotation", "anchored": props.append((k, try w.expr(x, "`\(k)`", .bool, s)))
                case "linearVelocity": props.append((k, try w.expr(x, "`\(k)`", .point, s)))
                case "density": props.append((k, try num(k, positive: true)!))
                case "elasticity", "friction", "resistance", "angularResistance": props.append((k, try num(k, min: 0)!))
                default: props.append((k, try w.expr(x, "`\(k)`", .number, s)))
                }
            }
            return .item(items: try viewNames(get("items")!, "`items`"), properties: props)
        case "field":
            let k = try w.string(get("kind")!, "`kind`")
            let kinds = ["linearGravity", "radialGravity", "spring", "drag", "velocity", "vortex", "noise", "turbulence", "electric", "magnetic"]
            if !kinds.contains(k) { throw err("unknown field kind `\(k)`\(hint(k, kinds))", get("kind")!) }
            var f = FieldSpec(kind: k, items: try get("items").map { (x) throws(Diagnostic) in try viewNames(x, "`items`") } ?? [])
            f.position = try point("position")
            f.strength = try num("strength")
            f.falloff = try num("falloff")
            f.minimumRadius = try num("minimumRadius", min: 0)
            f.direction = try point("direction")
            f.smoothness = try num("smoothness", min: 0)
            f.animationSpeed = try num("animationSpeed", min: 0)
            if let r = get("region") { f.region = try region(r, s) }
            return .field(f)
        default:
            throw err("unknown behaviour kind `\(kind)`", n)
        }
    }

    /// `region: { radius: r }`, `{ size: [w, h] }`, `{ inverse: region }`, `{ union: [regions] }`,
    /// `{ difference: [a, b] }`, `{ intersection: [regions] }`.
    mutating func region(_ n: Node, _ s: Scope) throws(Diagnostic) -> RegionSpec {
        let kv = try w.mapping(n, "a region", known: ["radius", "size", "inverse", "union", "difference", "intersection"])
        guard kv.count == 1 else { throw err("a region has exactly one of radius, size, inverse, union, difference, intersection", n) }
        let (k, v) = kv[0]
        switch k {
        case "radius":
            let e = try w.expr(v, "`radius`", .number, s)
            if case .number(let d) = e.node, d < 0 { throw err("`radius` must not be negative, found \(formatNumber(d))", v) }
            return .circle(radius: e)
        case "size": return .rectangle(size: try w.expr(v, "`size`", .point, s))
        case "inverse": return .inverse(try region(v, s))
        default:
            var parts: [RegionSpec] = []
            for x in try w.sequence(v, "`\(k)`") { parts.append(try region(x, s)) }
            if k == "difference" {
                guard parts.count == 2 else { throw err("`difference` takes two regions [a, b]: the points of a not in b", v) }
                return .difference(parts[0], parts[1])
            }
            if parts.isEmpty { throw err("`\(k)` needs at least one region", v) }
            return k == "union" ? .union(parts) : .intersection(parts)
        }
    }

    // MARK: rules and actions

    mutating func rules(_ n: Node) throws(Diagnostic) {
        try w.count(n)
        guard case .mapping(let m) = n else { throw err("`on` must be a mapping of events to actions, found \(w.kind(n))", n) }
        var seen: [String] = []
        for (k, v) in m {
            let event = try w.string(k, "an event")
            if seen.contains(event) { throw err("duplicate event `\(event)` in `on`", k) }
            seen.append(event)
            try checkEvent(event, k)
            let actionScope = event == "contact" || event == "contactEnded" ? contactScope : scope
            let actions = try actionList(v, actionScope)
            scene.rules.append(Rule(event: event, location: w.loc(k), actions: actions))
        }
    }

    func checkEvent(_ e: String, _ n: Node) throws(Diagnostic) {
        let plain = ["step", "contact", "contactEnded", "rest", "resume"]
        if plain.contains(e) { return }
        let parts = e.split(separator: ".").map(String.init)
        let all = plain + scene.gestures.flatMap { g in ["began", "changed", "ended", "cancelled"].map { "\(g.name).\($0)" } }
            + scene.transitions.map { "\($0.name).ended" }
        guard parts.count == 2 else { throw err("unknown event `\(e)`\(hint(e, all))", n) }
        if scene.gestures.contains(where: { $0.name == parts[0] }) {
            if ["began", "changed", "ended", "cancelled"].contains(parts[1]) { return }
        } else if scene.transitions.contains(where: { $0.name == parts[0] }) {
            if parts[1] == "ended" { return }
        }
        throw err("unknown event `\(e)`\(hint(e, all))", n)
    }

    mutating func actionList(_ n: Node, _ s: Scope) throws(Diagnostic) -> [Action] {
        if case .sequence = n {
            var out: [Action] = []
            for a in try w.sequence(n, "actions") { out.append(try action(a, s)) }
            return out
        }
        return [try action(n, s)]
    }

    mutating func behaviorNames(_ n: Node, allowAll: Bool) throws(Diagnostic) -> [String]? {
        let names = try w.names(n, "behaviour names")
        if allowAll && names == ["all"] { return nil }
        let known = scene.behaviors.map(\.name)
        for b in names where !known.contains(b) { throw err("unknown behaviour `\(b)`\(hint(b, known))", n) }
        return names
    }

    mutating func setTargets(_ n: Node, _ s: Scope) throws(Diagnostic) -> [SetTarget] {
        var out: [SetTarget] = []
        for (k, v) in try w.mapping(n, "`set`", known: []) {
            let parts = k.split(separator: ".").map(String.init)
            let keyNode = n
            guard parts.count == 2 else { throw err("`set` keys are `view.property` or `behaviour.property`, found `\(k)`", keyNode) }
            if scene.views.contains(where: { $0.name == parts[0] }) {
                guard let t = viewProperties[parts[1]] else { throw err("a view has no settable property `\(parts[1])`\(hint(parts[1], Array(viewProperties.keys).sorted()))", v) }
                out.append(SetTarget(object: parts[0], property: parts[1], value: try w.expr(v, "`\(k)`", t, s), location: w.loc(v), isView: true))
            } else if scene.behaviors.contains(where: { $0.name == parts[0] }) {
                guard let t = behaviorProperties[parts[1]] else { throw err("a behaviour has no settable property `\(parts[1])`\(hint(parts[1], Array(behaviorProperties.keys).sorted()))", v) }
                out.append(SetTarget(object: parts[0], property: parts[1], value: try w.expr(v, "`\(k)`", t, s), location: w.loc(v), isView: false))
            } else {
                throw err("unknown view or behaviour `\(parts[0])`\(hint(parts[0], scene.views.map(\.name) + scene.behaviors.map(\.name)))", v)
            }
        }
        return out
    }

    mutating func action(_ n: Node, _ s: Scope) throws(Diagnostic) -> Action {
        if case .scalar(let sc) = n {
            switch sc.string {
            case "finish": return .finish(w.loc(n))
            case "cancel": return .cancel(w.loc(n))
            default: throw err("unknown action `\(sc.string)`\(hint(sc.string, actionKeys))", n)
            }
        }
        let kv = try w.mapping(n, "an action", known: actionKeys)
        func get(_ k: String) -> Node? { kv.first { $0.0 == k }?.1 }
        if let c = get("if") {
            guard let t = get("then") else { throw err("`if` needs `then`", n) }
            let cond = try w.expr(c, "the condition", .bool, s)
            return .branch(condition: cond, then: try actionList(t, s), otherwise: try get("else").map { (x) throws(Diagnostic) in try actionList(x, s) } ?? [])
        }
        guard kv.count == 1 else { throw err("an action has exactly one key (\(kv.map(\.0).joined(separator: ", ")) found)", n) }
        let (k, v) = kv[0]
        switch k {
        case "add": return .add(try behaviorNames(v, allowAll: false)!, w.loc(v))
        case "remove": return .remove(try behaviorNames(v, allowAll: true), w.loc(v))
        case "set": return .set(try setTargets(v, s))
        case "animate":
            let a = try w.mapping(v, "`animate`", known: ["duration", "curve", "spring", "delay", "set"], required: ["set"])
            func ag(_ k: String) -> Node? { a.first { $0.0 == k }?.1 }
            let duration = try ag("duration").map { (x) throws(Diagnostic) in try w.expr(x, "`duration`", .number, s) } ?? Expr(node: .number(0.25), location: w.loc(v), text: "0.25")
            var curve = "easeInOut"
            if let c = ag("curve") {
                curve = try w.string(c, "`curve`")
                if !curveNames.contains(curve) { throw err("unknown curve `\(curve)`\(hint(curve, curveNames))", c) }
            }
            var sd: Expr?, sv: Expr?
            if let sp = ag("spring") {
                for (sk, sx) in try w.mapping(sp, "`spring`", known: ["damping", "velocity"]) {
                    if sk == "damping" { sd = try w.expr(sx, "`damping`", .number, s) } else { sv = try w.expr(sx, "`velocity`", .number, s) }
                }
                if sd == nil { throw err("`spring` needs a `damping` ratio", sp) }
            }
            let delay = try ag("delay").map { (x) throws(Diagnostic) in try w.expr(x, "`delay`", .number, s) }
            let targets = try setTargets(ag("set")!, s)
            for t in targets where !t.isView { throw Diagnostic("`animate` animates view properties; `\(t.object)` is a behaviour", at: t.location) }
            return .animate(AnimateSpec(duration: duration, delay: delay, curve: curve, springDamping: sd, springVelocity: sv, sets: targets, location: w.loc(v)))
        case "start":
            let t = try w.string(v, "`start`")
            if !scene.transitions.contains(where: { $0.name == t }) { throw err("unknown transition `\(t)`\(hint(t, scene.transitions.map(\.name)))", v) }
            return .start(t, w.loc(v))
        case "progress": return .progress(try w.expr(v, "`progress`", .number, s))
        case "finish": return .finish(w.loc(v))
        case "cancel": return .cancel(w.loc(v))
        case "complete": return .complete(try w.expr(v, "`complete`", .bool, s))
        case "velocity":
            let a = try w.mapping(v, "`velocity`", known: ["item", "linear", "angular"], required: ["item"])
            func vg(_ k: String) -> Node? { a.first { $0.0 == k }?.1 }
            let item = try viewNames(vg("item")!, "`item`")[0]
            return .velocity(item: item, linear: try vg("linear").map { (x) throws(Diagnostic) in try w.expr(x, "`linear`", .point, s) },
                             angular: try vg("angular").map { (x) throws(Diagnostic) in try w.expr(x, "`angular`", .number, s) }, location: w.loc(v))
        case "haptic":
            let st = try w.string(v, "`haptic`")
            if !hapticStyles.contains(st) { throw err("unknown haptic style `\(st)`\(hint(st, hapticStyles)); styles are \(hapticStyles.joined(separator: ", "))", v) }
            return .haptic(st, w.loc(v))
        case "removeView": return .removeView(try viewNames(v, "`removeView`")[0], w.loc(v))
        case "log":
            if case .scalar(let sc) = v, sc.style != .plain || Double(sc.string) == nil {
                if let e = try? w.expr(v, "`log`", .number, s) { return .log(e) }
                for t in [ValueType.point, .rect, .bool, .string] {
                    if let e = try? w.expr(v, "`log`", t, s) { return .log(e) }
                }
            }
            return .log(try w.expr(v, "`log`", .number, s))
        default:
            throw err("`\(k)` is not an action on its own", n)
        }
    }
}
