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
            let start = (work: w.work, visited: w.visited)
            let first = scene.rules.count
            let event = try rule(k, v, seen: &seen)
            ruleMarks?.append(
                RuleMark(
                    key: event, start: start, end: (w.work, w.visited), rules: first..<scene.rules.count))
        }
        Self.orderTemplateRules(&scene)
    }

    /// The rules of one key of `on` (one, or one per copy for `NAME[*].EVENT`), appended to the
    /// scene's; its event's text, which `seen` (the keys before it) must not hold.
    @discardableResult
    mutating func rule(_ k: Node, _ v: Node, seen: inout [String]) throws(Diagnostic) -> String {
        let event = try w.string(k, "an event")
        if seen.contains(event) { throw err("duplicate event `\(event)` in `on`", k) }
        seen.append(event)
        if let (template, member) = everyCopy(event) {
            try copyRules(template, member, event, k, v)
            return event
        }
        let resolved = try checkEvent(event, k)
        let actions = try actionList(v, ruleScope(resolved))
        addRule(Rule(event: resolved, eventName: event, location: w.loc(k), actions: actions))
        return event
    }

    /// An event's `[*]` rule runs before the rule of that one copy, wherever each is written.
    static func orderTemplateRules(_ scene: inout Scene) {
        for (e, list) in scene.rulesByEvent where list.count > 1 {
            scene.rulesByEvent[e] =
                list.filter { scene.rules[$0].template != nil } + list.filter { scene.rules[$0].template == nil }
        }
    }

    mutating func addRule(_ r: Rule) { Self.add(r, to: &scene) }

    static func add(_ r: Rule, to scene: inout Scene) {
        scene.rulesByEvent[r.event, default: []].append(scene.rules.count)
        scene.rules.append(r)
    }

    /// The names a rule's actions read: `contact` in contact rules, the delegate's arguments in a
    /// `willEndDragging` rule.
    func ruleScope(_ e: Event) -> Scope {
        var s = e.isContact ? contactScope : scope
        if case .scroll(_, .willEndDragging) = e { s = s.inWillEndDragging }
        return s
    }

    /// `drag[*].ended` → (`drag`, `ended`): a rule for the event of every copy; nil for any other key.
    func everyCopy(_ event: String) -> (String, String)? {
        guard let r = event.range(of: "[*].") else { return nil }
        return (String(event[..<r.lowerBound]), String(event[r.upperBound...]))
    }

    /// `NAME[*].EVENT`: one rule per copy of the repeated gesture or view `NAME`, its actions read
    /// with `i` bound to the copy's index, each keeping the template's locations and its key.
    mutating func copyRules(
        _ template: String, _ member: String, _ key: String, _ k: Node, _ v: Node
    ) throws(Diagnostic) {
        let copies: [String]
        if let g = repeatedGestures[template] {
            copies = g.map { scene.gestures[$0.index].name }
        } else if let views = repeatedViews[template] {
            copies = views.map { scene.views[$0.index].name }
        } else {
            let repeated = (repeatedGestures.keys.sorted() + repeatedViews.keys.sorted()).sorted()
            let what =
                repeatedBehaviors[template] != nil
                ? "`\(template)` is a repeated behaviour, which has no events"
                : scene.names[template] != nil
                    ? "`\(template)` is not repeated" : "the scene has no repeated gesture or view `\(template)`"
            throw err(
                "`\(key)` is a rule for every copy of a repeated gesture or view, and \(what)"
                    + (repeated.isEmpty ? "" : hint(template, repeated)),
                k)
        }
        for (i, copy) in copies.enumerated() {
            let event = "\(copy).\(member)"
            let resolved: Event
            do { resolved = try checkEvent(event, k) } catch {
                var d = error
                d.message = "unknown event `\(key)`: \(d.message)"
                throw d
            }
            let saved = w.constants
            w.constants["i"] = Double(i)
            defer { w.constants = saved }
            do {
                let actions = try actionList(v, ruleScope(resolved))
                addRule(Rule(event: resolved, eventName: event, location: w.loc(k), actions: actions, template: key))
            } catch {
                var d = error
                d.message += " (in the rule `\(key)` for `\(copy)`, i = \(i))"
                throw d
            }
        }
    }

    /// The event a rule's key names: a plain event, `<gesture>.<state>` or `<transition>.ended`.
    func checkEvent(_ e: String, _ n: Node) throws(Diagnostic) -> Event {
        if let p = PlainEvent(rawValue: e) { return .plain(p) }
        if let (template, member) = everyCopy(e) {
            throw err(
                "`\(e)` names every copy, which only a rule's key in `on` may; name one copy, "
                    + "`\(template)[0].\(member)`", n)
        }
        let parts = e.split(separator: ".").map(String.init)
        // Every event of the scene, for the did-you-mean of a refusal only (a scene of 500 copies
        // names thousands).
        let all = {
            PlainEvent.names + scene.gestures.flatMap { g in GestureEvent.names.map { "\(g.name).\($0)" } }
                + scene.transitions.map { "\($0.name).ended" }
                + scene.views.filter { $0.scroll != nil }.flatMap { v in ScrollEvent.names.map { "\(v.name).\($0)" } }
                + scene.views.flatMap { v in ViewEvent.names.map { "\(v.name).\($0)" } }
        }
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
        let suggestion = hint(e, all())
        if parts.count == 1, suggestion.isEmpty {
            // A bare name like `refreshDone:`: a scene has no events of its own.
            throw err(
                "unknown event `\(e)`: an event is NAME.EVENT of a gesture, view, scroll view or transition, "
                    + "or one of \(PlainEvent.names.map { "`\($0)`" }.joined(separator: ", ")); a scene has no "
                    + "events of its own: to run actions later, put `after:` in the rule that starts them", n)
        }
        throw err("unknown event `\(e)`\(suggestion)", n)
    }

    mutating func actionList(_ n: Node, _ s: Scope) throws(Diagnostic) -> [Action] {
        if case .sequence = n {
            var out: [Action] = []
            for a in try w.sequence(n, "actions") { out.append(try action(a, s)) }
            return out
        }
        return [try action(n, s)]
    }

    /// The behaviours of `add` or `remove`: a name, a copy (`fling[2]`, `fling[i]` in a copy's
    /// rule), a repeated behaviour's template (every copy), a copy picked when the action runs
    /// (`fling[top]`), or `all` (nil) where `allowAll`.
    mutating func behaviorNames(_ n: Node, allowAll: Bool, _ s: Scope) throws(Diagnostic) -> [Ref<BehaviorID>]? {
        let names = try w.nameNodes(n, "behaviour names")
        if allowAll && names.map(\.0) == ["all"] { return nil }
        var ids: [Ref<BehaviorID>] = []
        for (raw, x) in names {
            switch try named(raw, x, s) {
            case .name(let b):
                if let copies = repeatedBehaviors[b] {  // a repeated behaviour's name: every copy
                    ids += copies.map(Ref.id)
                    continue
                }
                guard case .behavior(let id)? = scene.names[b] else {
                    throw err(
                        "unknown behaviour `\(b)`\(copiesHint(b) ?? hint(b, scene.behaviors.map(\.name)))", x)
                }
                ids.append(.id(id))
            case .pick(let template, let index):
                guard let copies = repeatedBehaviors[template], let first = copies.first else {
                    throw err(notRepeated(template, "behaviour", repeatedBehaviors.keys.sorted()), x)
                }
                ids.append(.pick(CopyPick(template: template, first: first.index, count: copies.count, index: index)))
            }
        }
        return ids
    }

    /// `set` keys: a variable, `targetContentOffset`, or `object.property` where the object is a
    /// view, a behaviour or an animator, or a copy picked when the action runs (`card[top].center`).
    mutating func setTargets(_ n: Node, _ s: Scope) throws(Diagnostic) -> [SetTarget] {
        var out: [SetTarget] = []
        let pairs = try w.mapping(n, "`set`", known: [])
        var keyNodes: [Node] = []
        if case .mapping(let m) = n { keyNodes = m.map(\.key) }
        for (j, (k, v)) in pairs.enumerated() {
            let kn = v
            let keyNode = j < keyNodes.count ? keyNodes[j] : v
            var parts = splitKey(k)
            // A scroll view's inset is a dotted property: `list.contentInset.top`.
            if parts.count == 3 && parts[1] == "contentInset" { parts = [parts[0], parts[1] + "." + parts[2]] }
            var pick: CopyPick?
            if parts.count == 2 {
                switch try named(parts[0], keyNode, s) {
                case .name(let name): parts[0] = name
                case .pick(let template, let index):
                    let first: Int
                    let count: Int
                    if let copies = repeatedViews[template], let c = copies.first {
                        (first, count) = (c.index, copies.count)
                    } else if let copies = repeatedBehaviors[template], let c = copies.first {
                        (first, count) = (c.index, copies.count)
                    } else {
                        let repeated = (repeatedViews.keys.sorted() + repeatedBehaviors.keys.sorted()).sorted()
                        throw err(notRepeated(template, "view or behaviour", repeated), keyNode)
                    }
                    pick = CopyPick(template: template, first: first, count: count, index: index)
                    parts[0] = Expression.indexedName(template, 0)  // copy 0 types the key
                }
            }
            let k = pick == nil ? parts.joined(separator: ".") : k
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
                let isScroll = scene.views[id.index].scroll != nil
                let settable = ViewProperty.allCases.filter { isScroll || !$0.ofScrollViewOnly }.map(\.rawValue)
                guard let p = ViewProperty(rawValue: parts[1]), isScroll || !p.ofScrollViewOnly else {
                    let what =
                        ViewProperty(rawValue: parts[1]) != nil
                        ? "`\(parts[0])` is not a scroll view: it has" : "a view has"
                    throw err(
                        "\(what) no settable property `\(parts[1])`\(hint(parts[1], settable.sorted()))", kn)
                }
                if p == .zoomScale && scene.views[id.index].scroll?.zoom == nil {
                    throw err(
                        "`\(parts[0])` does not zoom: "
                            + "give its `scroll` a `zoom: { minimum, maximum }` and `zooming: VIEW`",
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
            case .animator(let id)? where pick == nil:
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
            case .animator?, .gesture?, .transition?, .variable?, .parameter?, nil:
                let names = scene.views.map(\.name) + scene.behaviors.map(\.name) + scene.animators.map(\.name)
                throw err(
                    "unknown view, behaviour or animator "
                        + "`\(parts[0])`\(copiesHint(parts[0]) ?? hint(parts[0], names))",
                    kn)
            }
            out[out.count - 1].pick = pick  // each case above appended its target or threw
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
        case .add: return .add(try behaviorNames(v, allowAll: false, s) ?? [], w.loc(v))
        case .remove: return .remove(try behaviorNames(v, allowAll: true, s), w.loc(v))
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
            for t in targets {
                if let (_, p) = t.view, !p.animatable {
                    throw Diagnostic(
                        "`animate` cannot animate `\(p.rawValue)`"
                            + (p == .zoomScale ? ": `zoomTo` zooms with an animation" : ": `set` it"),
                        at: t.location)
                }
            }
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
            let item = try viewRef(vg("item")!, "`item`", s)  // required key
            try checkItems(item, vg("item")!)  // required key
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
        case .removeView: return .removeView(try viewRef(v, "`removeView`", s), w.loc(v))
        case .log: return .log(try w.anyExpr(v, "`log`", s).0)
        case .resetAnimator: return .resetAnimator(w.loc(v))
        case .startAnimator: return try startAnimator(v, s)
        case .pauseAnimator: return try pauseAnimator(v)
        case .continueAnimator: return try continueAnimator(v, s)
        case .stopAnimator: return try stopAnimator(v)
        case .scrollTo, .zoomTo:
            let zoom = ActionKey(rawValue: k) == .zoomTo
            let (what, type): (String, ValueType) = zoom ? ("rect", .rect) : ("offset", .point)
            let a = try w.mapping(v, "`\(k)`", known: ["view", what], required: ["view", what])
            func ag(_ key: String) -> Node? { a.first { $0.0 == key }?.1 }
            guard let vn = ag("view"), let wn = ag(what) else { throw err("`\(k)` needs `view` and `\(what)`", v) }
            let id = try viewID(vn, "`view` of `\(k)`")
            guard let sc = scene.views[id.index].scroll else {
                throw err("`\(scene.views[id.index].name)` is not a scroll view: `\(k)` needs `scroll` on it", vn)
            }
            if zoom && sc.zoom == nil {
                throw err(
                    "`\(scene.views[id.index].name)` does not zoom: give its `scroll` a `zoom: { minimum, maximum }` "
                        + "and `zooming: VIEW`", vn)
            }
            let e = try w.expr(wn, "`\(what)`", type, s)
            return zoom ? .zoomTo(id, rect: e, w.loc(v)) : .scrollTo(id, offset: e, w.loc(v))
        case .branch, .then, .otherwise, .after, .actions:
            throw err("`\(k)` is not an action on its own", n)
        }
    }
}

/// A `set` key split at its dots outside brackets: `card[top].center` → [`card[top]`, `center`]
/// (an index may hold dots: `card[a.b]`).
func splitKey(_ k: String) -> [String] {
    var parts: [String] = []
    var current = ""
    var depth = 0
    for c in k {
        if c == "[" { depth += 1 }
        if c == "]" { depth -= 1 }
        if c == ".", depth == 0 {
            parts.append(current)
            current = ""
        } else {
            current.append(c)
        }
    }
    parts.append(current)
    return parts
}
