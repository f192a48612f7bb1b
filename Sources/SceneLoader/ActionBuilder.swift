import Diagnostics
import Expressions
import Geometry
import SceneModel
import SceneVocabulary
import Yams

/// Rules, their events and actions.
extension SceneBuilder {
    // MARK: rules and actions

    mutating func rules(_ n: Node) throws(Diagnostic) {
        try w.count(n)
        guard case .mapping(let m) = n else {
            throw err("`on` must be a mapping of events to actions, found \(w.kind(n))", n)
        }
        var seen: [String] = []
        for (k, v) in m {
            let event = try w.string(k, "an event")
            if seen.contains(event) { throw err("duplicate event `\(event)` in `on`", k) }
            seen.append(event)
            let resolved = try checkEvent(event, k)
            var actionScope = resolved.isContact ? contactScope : scope
            if case .scroll(_, .willEndDragging) = resolved { actionScope = actionScope.inWillEndDragging }
            let actions = try actionList(v, actionScope)
            scene.rulesByEvent[resolved, default: []].append(scene.rules.count)
            scene.rules.append(Rule(event: resolved, eventName: event, location: w.loc(k), actions: actions))
        }
    }

    /// The event a rule's key names: a plain event, `<gesture>.<state>` or `<transition>.ended`.
    func checkEvent(_ e: String, _ n: Node) throws(Diagnostic) -> Event {
        if let p = PlainEvent(rawValue: e) { return .plain(p) }
        let parts = e.split(separator: ".").map(String.init)
        let all =
            PlainEvent.names + scene.gestures.flatMap { g in GestureEvent.names.map { "\(g.name).\($0)" } }
            + scene.transitions.map { "\($0.name).ended" }
            + scene.views.filter { $0.scroll != nil }.flatMap { v in ScrollEvent.names.map { "\(v.name).\($0)" } }
            + scene.views.flatMap { v in ViewEvent.names.map { "\(v.name).\($0)" } }
        if parts.count == 2 {
            switch scene.names[parts[0]] {
            case .gesture(let id)?: if let ge = GestureEvent(rawValue: parts[1]) { return .gesture(id, ge) }
            case .transition(let id)?: if parts[1] == "ended" { return .transitionEnded(id) }
            case .view(let id)?:
                if let se = ScrollEvent(rawValue: parts[1]) {
                    if scene.views[id.index].scroll == nil {
                        throw err("`\(parts[0])` is not a scroll view: `\(e)` needs `scroll` on it", n)
                    }
                    return .scroll(id, se)
                }
                if let ve = ViewEvent(rawValue: parts[1]) { return .view(id, ve) }
            default: break
            }
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

    mutating func behaviorNames(_ n: Node, allowAll: Bool) throws(Diagnostic) -> [BehaviorID]? {
        let names = try w.names(n, "behaviour names")
        if allowAll && names == ["all"] { return nil }
        var ids: [BehaviorID] = []
        for raw in names {
            let b = try reference(raw, n)
            if let copies = repeatedBehaviors[b] {  // a repeated behaviour's name: every copy
                ids += copies
                continue
            }
            guard case .behavior(let id)? = scene.names[b] else {
                throw err("unknown behaviour `\(b)`\(hint(b, scene.behaviors.map(\.name)))", n)
            }
            ids.append(id)
        }
        return ids
    }

    mutating func setTargets(_ n: Node, _ s: Scope) throws(Diagnostic) -> [SetTarget] {
        var out: [SetTarget] = []
        for (k, v) in try w.mapping(n, "`set`", known: []) {
            let kn = v
            var parts = k.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if parts.count == 2 { parts[0] = try reference(parts[0], kn) }
            let k = parts.joined(separator: ".")
            if parts.count == 1, k == WillEndDraggingName.targetContentOffset.rawValue, scene.names[k] == nil {
                guard s.contains(k) else {
                    throw err("`targetContentOffset` can be set only in a scroll view's `willEndDragging` rule", kn)
                }
                let e = try w.expr(v, "`\(k)`", .point, s)
                out.append(SetTarget(target: .targetContentOffset, path: k, value: e, location: w.loc(v)))
                continue
            }
            if parts.count == 1, case .variable(let id)? = scene.names[k] {
                let type = scene.vars[id.index].type
                let e = try w.expr(v, "`\(k)` (a \(type) variable)", type, s)
                out.append(SetTarget(target: .variable(id), path: k, value: e, location: w.loc(v)))
                continue
            }
            guard parts.count == 2 else {
                let names = scene.vars.map(\.name)
                throw err(
                    "`set` keys are `view.property`, `behaviour.property` or a variable, found `\(k)`\(hint(k, names))",
                    kn)
            }
            switch scene.names[parts[0]] {
            case .view(let id)?:
                if scene.views[id.index].isGroup {
                    throw err(
                        "`\(parts[0])` is a group: its frame is its items' and the dynamics move it; set its items", kn)
                }
                guard let p = ViewProperty(rawValue: parts[1]) else {
                    throw err(
                        "a view has no settable property `\(parts[1])`\(hint(parts[1], ViewProperty.names.sorted()))",
                        kn)
                }
                out.append(
                    SetTarget(
                        target: .view(id, p), path: k, value: try w.expr(v, "`\(k)`", p.type, s), location: w.loc(v)))
            case .behavior(let id)?:
                let kind = scene.behaviors[id.index].kind.name
                let settable = kind.settable.map(\.rawValue)
                guard let p = BehaviorProperty(rawValue: parts[1]), kind.settable.contains(p) else {
                    let list =
                        settable.isEmpty
                        ? "none can be set" : "its settable properties are \(settable.joined(separator: ", "))"
                    throw err(
                        "`\(parts[0])` is \("aeiou".contains(kind.rawValue.first ?? "x") ? "an" : "a") "
                            + "\(kind.rawValue) behaviour with no settable property "
                            + "`\(parts[1])`\(hint(parts[1], settable)); \(list)",
                        kn)
                }
                out.append(
                    SetTarget(
                        target: .behavior(id, p), path: k, value: try w.expr(v, "`\(k)`", p.type, s), location: w.loc(v)
                    ))
            case .animator(let id)?:
                guard let p = AnimatorProperty(rawValue: parts[1]) else {
                    throw err(
                        "an animator has no settable property `\(parts[1])`\(hint(parts[1], AnimatorProperty.names)); "
                            + "its settable properties are \(AnimatorProperty.names.joined(separator: ", "))",
                        kn)
                }
                out.append(
                    SetTarget(
                        target: .animator(id, p), path: k, value: try w.expr(v, "`\(k)`", p.type, s), location: w.loc(v)
                    ))
            default:
                let names = scene.views.map(\.name) + scene.behaviors.map(\.name) + scene.animators.map(\.name)
                throw err(
                    "unknown view, behaviour or animator "
                        + "`\(parts[0])`\(copiesHint(parts[0]) ?? hint(parts[0], names))",
                    kn)
            }
        }
        return out
    }

    mutating func action(_ n: Node, _ s: Scope) throws(Diagnostic) -> Action {
        if case .scalar(let sc) = n {
            switch sc.string {
            case "finish": return .finish(w.loc(n))
            case "cancel": return .cancel(w.loc(n))
            case "resetAnimator": return .resetAnimator(w.loc(n))
            default: throw err("unknown action `\(sc.string)`\(hint(sc.string, actionKeys))", n)
            }
        }
        let kv = try w.mapping(n, "an action", known: actionKeys)
        func get(_ k: String) -> Node? { kv.first { $0.0 == k }?.1 }
        if let d = get("after") {
            guard let body = get("do") else {
                throw err("`after` needs `do`: the actions to run when the time has passed", n)
            }
            if kv.count > 2 { throw err("an `after` action has the keys `after` and `do` only", n) }
            let delay = try w.expr(d, "`after`", .number, s)
            if case .number(let x) = delay.node, x < 0 {
                throw err("`after` must not be negative, found \(formatNumber(x))", d)
            }
            return .after(delay: delay, actions: try actionList(body, s), location: w.loc(d))
        }
        if get("do") != nil { throw err("`do` belongs to an `after` action", n) }
        if let c = get("if") {
            guard let t = get("then") else { throw err("`if` needs `then`", n) }
            let cond = try w.expr(c, "the condition", .bool, s)
            return .branch(
                condition: cond, then: try actionList(t, s),
                otherwise: try get("else").map { (x) throws(Diagnostic) in try actionList(x, s) } ?? [])
        }
        guard kv.count == 1 else {
            throw err("an action has exactly one key (\(kv.map(\.0).joined(separator: ", ")) found)", n)
        }
        let (k, v) = kv[0]
        // `w.mapping` refused unknown keys; `branch` stands for none, which it refuses below.
        switch ActionKey(rawValue: k) ?? .branch {
        // nil only for `all`, not allowed here
        case .add: return .add(try behaviorNames(v, allowAll: false) ?? [], w.loc(v))
        case .remove: return .remove(try behaviorNames(v, allowAll: true), w.loc(v))
        case .set: return .set(try setTargets(v, s))
        case .animate:
            let a = try w.mapping(v, "`animate`", known: AnimateKey.names, required: [AnimateKey.set.rawValue])
            func ag(_ k: String) -> Node? { a.first { $0.0 == k }?.1 }
            let duration =
                try ag("duration").map { (x) throws(Diagnostic) in try w.expr(x, "`duration`", .number, s) }
                ?? Expr(node: .number(0.25), location: w.loc(v), text: "0.25")
            var curve = CurveName.easeInOut
            if let c = ag("curve") { curve = try pick(c, "`curve`") { "unknown curve `\($0)`" } }
            var sd: Expr?
            var sv: Expr?
            if let sp = ag("spring") {
                if let c = ag("curve") {
                    throw err("`animate` takes a `curve` or a `spring`, not both (the spring is its own timing)", c)
                }
                for (sk, sx) in try w.mapping(sp, "`spring`", known: ["damping", "velocity"]) {
                    if sk == "damping" {
                        sd = try w.expr(sx, "`damping`", .number, s)
                    } else {
                        sv = try w.expr(sx, "`velocity`", .number, s)
                    }
                }
                if sd == nil { throw err("`spring` needs a `damping` ratio", sp) }
            }
            let delay = try ag("delay").map { (x) throws(Diagnostic) in try w.expr(x, "`delay`", .number, s) }
            let targets = try setTargets(ag("set") ?? v, s)  // `set` is a required key of `animate`
            for t in targets where t.view == nil {
                let what: String
                switch t.target {
                case .variable: what = "variable"
                case .targetContentOffset: what = "delegate argument"
                case .view, .behavior, .animator: what = "behaviour"
                }
                throw Diagnostic(
                    "`animate` animates view properties; `\(t.path.split(separator: ".")[0])` is a \(what)",
                    at: t.location)
            }
            var spec = AnimateSpec(
                duration: duration, delay: delay, curve: curve, springDamping: sd, springVelocity: sv, sets: targets,
                location: w.loc(v))
            if let t = ag("then") { spec.then = try actionList(t, s) }
            return .animate(spec)
        case .start:
            let t = try w.string(v, "`start`")
            guard case .transition(let id)? = scene.names[t] else {
                throw err("unknown transition `\(t)`\(hint(t, scene.transitions.map(\.name)))", v)
            }
            return .start(id, w.loc(v))
        case .progress: return .progress(try w.expr(v, "`progress`", .number, s))
        case .finish: return .finish(w.loc(v))
        case .cancel: return .cancel(w.loc(v))
        case .complete: return .complete(try w.expr(v, "`complete`", .bool, s))
        case .velocity:
            let a = try w.mapping(v, "`velocity`", known: ["item", "linear", "angular"], required: ["item"])
            func vg(_ k: String) -> Node? { a.first { $0.0 == k }?.1 }
            let item = try itemID(vg("item")!, "`item`")  // required key
            return .velocity(
                item: item,
                linear: try vg("linear").map { (x) throws(Diagnostic) in try w.expr(x, "`linear`", .point, s) },
                angular: try vg("angular").map { (x) throws(Diagnostic) in try w.expr(x, "`angular`", .number, s) },
                location: w.loc(v))
        case .haptic:
            let st = try w.string(v, "`haptic`")
            guard let style = HapticStyle(rawValue: st) else {
                throw err(
                    "unknown haptic style `\(st)`\(hint(st, HapticStyle.names)); styles are "
                        + "\(HapticStyle.names.joined(separator: ", "))",
                    v)
            }
            return .haptic(style, w.loc(v))
        case .removeView: return .removeView(try viewID(v, "`removeView`"), w.loc(v))
        case .log: return .log(try w.anyExpr(v, "`log`", s).0)
        case .resetAnimator: return .resetAnimator(w.loc(v))
        case .startAnimator: return try startAnimator(v, s)
        case .pauseAnimator: return try pauseAnimator(v)
        case .continueAnimator: return try continueAnimator(v, s)
        case .stopAnimator: return try stopAnimator(v)
        case .branch, .then, .otherwise, .after, .actions:
            throw err("`\(k)` is not an action on its own", n)
        }
    }
}
