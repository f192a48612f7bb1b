import Diagnostics
import Expressions
import SceneModel
import SceneVocabulary
import Yams

// Behaviours: the `behaviors` mapping, and the one dispatch over behaviour kinds. A kind whose
// keys are all plain (numbers, points, bools) is read here in one line (`properties`); a kind
// with structure reads it in its own file beside this one.

extension SceneBuilder {
    /// The items a behaviour names (one name or a list; a repeated view's name is every copy),
    /// each a view the animator can move (`checkItem`), each error at its name.
    mutating func viewNames(_ n: Node, _ what: String) throws(Diagnostic) -> [ViewID] {
        var ids: [ViewID] = []
        let nodes: [Node]
        if case .sequence(let s) = n { nodes = Array(s) } else { nodes = [n] }
        for x in nodes {
            let v = try reference(try w.string(x, what), x)
            if let copies = repeatedViews[v] {  // a repeated view's name: every copy
                // Each copy it stands for is work (an item to install): counted, so that 1 000
                // behaviours over a 500-copy view are refused at load, not installed for minutes.
                try w.spend(copies.count, n)
                for c in copies { try checkItem(c, x) }
                ids += copies
                continue
            }
            guard case .view(let id)? = scene.names[v] else {
                throw err(unknownView(v), x)
            }
            try checkItem(id, x)
            ids.append(id)
        }
        return ids
    }

    /// A view a behaviour, a group or `velocity` moves is a subview of the reference view or of
    /// a scroll view (whose content coordinates its behaviours use): UIKit's dynamic animator
    /// reads an item's centre in its superview's coordinates as if they were the reference
    /// view's, so a deeper view would jump. Its own subviews ride along with it.
    mutating func checkItem(_ id: ViewID, _ n: Node) throws(Diagnostic) {
        let v = scene.views[id.index]
        guard let s = v.superview?.index, scene.views[s].scroll == nil else { return }
        let sup = scene.views[s].name
        throw err(
            "`\(v.name)` is a subview of `\(sup)`, so a behaviour cannot move it: the dynamic animator reads an "
                + "item's centre as a point of its reference view, and `\(v.name)`'s centre is in `\(sup)`'s "
                + "coordinates (UIKit would make it jump); name `\(sup)` instead (its subviews ride along with it), "
                + "or make `\(v.name)` a view of the reference view (no `superview`)",
            n)
    }

    /// `checkItem` of the view a reference names, or of every copy a run-time index may pick.
    mutating func checkItems(_ ref: Ref<ViewID>, _ n: Node) throws(Diagnostic) {
        switch ref {
        case .id(let id): try checkItem(id, n)
        case .pick(let p): for k in 0..<p.count { try checkItem(ViewID(p.first + k), n) }
        }
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
        var actionNodes: [(Int, Node, copy: (String, Int)?)] = []
        for (name, v, loc) in entries {
            let before = entries.count <= EntryMark.most ? marked() : nil
            try behaviorEntry(name, v, loc, &childNodes, &actionNodes)
            if let before, repeatedBehaviors[name] == nil {
                entryMarks?.append(
                    EntryMark(
                        step: .behaviors, key: name, loc: loc, index: scene.behaviors.count - 1, before: before,
                        end: (w.work, w.visited)))
            }
        }
        let names = scene.behaviors.map(\.name)
        for (i, node, children) in childNodes {
            var ids: [BehaviorID] = []
            for c in children {
                if let copies = repeatedBehaviors[c] {  // a repeated behaviour's name: every copy
                    ids += copies
                    continue
                }
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
        for (i, node, copy) in actionNodes {
            guard let (name, k) = copy else {
                let before = entries.count <= EntryMark.most ? marked() : nil
                scene.behaviors[i].action = try actionList(node, scope)
                if let before {
                    entryMarks?.append(
                        EntryMark(
                            step: .behaviorActions, key: scene.behaviors[i].name, loc: scene.behaviors[i].location,
                            index: i, before: before, end: (w.work, w.visited)))
                }
                continue
            }
            try inCopy(k, of: name, "behaviour") { (b) throws(Diagnostic) in
                b.scene.behaviors[i].action = try b.actionList(node, b.scope)
            }
        }
    }

    /// One entry of `behaviors` (a behaviour, or a repeated behaviour's copies); its `children`
    /// and `action` are noted in `childNodes` and `actionNodes`, read once every behaviour is known.
    mutating func behaviorEntry(
        _ name: String, _ v: Node, _ loc: SourceLocation, _ childNodes: inout [(Int, Node, [String])],
        _ actionNodes: inout [(Int, Node, copy: (String, Int)?)]
    ) throws(Diagnostic) {
        // Copies of repeated behaviours count: the entries alone may be under the limit.
        if scene.behaviors.count >= w.limits.behaviors {
            throw err(
                "behaviour `\(name)` would be behaviour \(scene.behaviors.count + 1), more than the limit of "
                    + "\(w.limits.behaviors) (the copies of repeated behaviours count); raise it with "
                    + "--max-behaviors", v)
        }
        if let other = scene.vars.first(where: { $0.name == name }) {
            throw err(
                "the name `\(name)` is already used by the variable declared at line \(other.location.line)", v)
        }
        if let other = scene.animators.first(where: { $0.name == name }) {
            throw err(
                "the name `\(name)` is already used by the animator declared at line \(other.location.line)", v)
        }
        if repeatedViews[name] != nil {
            throw err("the name `\(name)` is already used by a repeated view", v)
        }
        let kv = try w.mapping(v, "behaviour `\(name)`", known: behaviorEntryNames)
        guard let r = kv.first(where: { $0.0 == BehaviorEntryKey.repeat.rawValue })?.1 else {
            try behavior(name, v, kv, loc, &childNodes, &actionNodes, copy: nil)
            return
        }
        let count = try repeatCopies(r, of: name, views: false)
        let made = try copies(
            of: name, "behaviour", count: count, at: r, existing: scene.behaviors.count,
            limit: (w.limits.behaviors, "--max-behaviors")
        ) { (b, copy, i) throws(Diagnostic) in
            let kv = try b.w.mapping(
                v, "behaviour `\(copy)`", known: behaviorEntryNames)
            try b.behavior(copy, v, kv, loc, &childNodes, &actionNodes, copy: (name, i))
        }
        repeatedBehaviors[name] = made.map(BehaviorID.init)
    }

    /// One behaviour, `name` (a copy of a repeated behaviour has its copy's name), from its keys;
    /// its `children` and `action` are read once every behaviour is known.
    mutating func behavior(
        _ name: String, _ v: Node, _ kv: [(String, Node)], _ loc: SourceLocation,
        _ childNodes: inout [(Int, Node, [String])], _ actionNodes: inout [(Int, Node, copy: (String, Int)?)],
        copy: (String, Int)?
    ) throws(Diagnostic) {
        let kindNames = BehaviorKindName.names
        if let a = kv.first(where: { $0.0 == "action" }) { actionNodes.append((scene.behaviors.count, a.1, copy)) }
        let kinds = kv.filter { BehaviorEntryKey(rawValue: $0.0) == nil }
        guard kinds.count == 1 else {
            throw err(
                "behaviour `\(name)` needs exactly one kind (\(kindNames.joined(separator: ", "))), found "
                    + "\(kinds.count)",
                v)
        }
        let (kindName, body) = kinds[0]
        var spec = BehaviorSpec(name: name, location: loc, kind: .composite(children: []))
        if let a = kv.first(where: { $0.0 == "active" }) { spec.active = try w.bool(a.1, "`active`") }
        let kind = BehaviorKindName(rawValue: kindName)!  // a known key of the mapping
        if kind == .children {
            var children: [String] = []
            for c in try w.names(body, "`children`") { children.append(try reference(c, body)) }
            childNodes.append((scene.behaviors.count, body, children))
        } else {
            spec.kind = try behaviorKind(kind, body, name)
        }
        scene.names[name] = .behavior(BehaviorID(scene.behaviors.count))
        scene.behaviors.append(spec)
    }

    mutating func behaviorKind(_ kind: BehaviorKindName, _ n: Node, _ name: String) throws(Diagnostic) -> BehaviorKind {
        let b = BehaviorBody(
            kind: kind, name: name, node: n,
            pairs: try w.mapping(
                n, "`\(kind.rawValue)` of `\(name)`", known: kind.keyNames, required: kind.requiredKeys))
        switch kind {
        case .gravity: return try plain(b, GravityKey.items)
        case .collision: return try collision(b)
        case .attachment: return try attachment(b)
        case .snap:
            guard b.get(SnapKey.to) != nil else { throw err("snap `\(name)` needs `to`: the point to snap to", n) }
            return .snap(item: try itemID(b.req(SnapKey.item), "`item`"), try properties(b, SnapKey.self))
        case .push:
            var mode = PushMode.defaultMode
            if let m = b.get(PushKey.mode) {
                mode = try pick(m, "`mode`") { "push `mode` must be \(PushMode.alternatives), found `\($0)`" }
            }
            return .push(
                items: try viewNames(b.req(PushKey.items), "`items`"), mode: mode, try properties(b, PushKey.self))
        case .item: return try plain(b, ItemKey.items)
        case .field: return try field(b)
        case .children:
            throw err("`children` takes a list of behaviour names", n)
        }
    }

    /// A kind whose keys are its views, `items`, and plain values.
    mutating func plain<K: BehaviorKindKeys>(_ b: BehaviorBody, _ items: K) throws(Diagnostic) -> BehaviorKind {
        .plain(PlainBehavior(b.kind, items: try viewNames(b.req(items), "`items`"), try properties(b, K.self)))
    }

    /// The expression at a number, bool or point `key`, typed and bounded as the vocabulary
    /// says (nil when the scene left the key out).
    mutating func keyExpr<K: BehaviorKindKeys>(_ b: BehaviorBody, _ key: K) throws(Diagnostic) -> Expr? {
        guard let x = b.get(key) else { return nil }
        let k = key.rawValue
        let type: ValueType
        switch key.kind {
        case .number, .literalNumber, .literalCount: type = .number
        case .bool: type = .bool
        case .point, .literalPoint: type = .point
        case .viewName, .viewNames, .choice, .choices, .range, .referenceBounds, .boundaries, .region, .gestureName,
            .gestureNames, .fingerPaths, .insets, .zoom:
            return nil  // read by the kind itself
        }
        let e = try w.expr(x, "`\(k)`", type, scope)
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
                    "\(b.kind.rawValue) `\(k)` must be between \(low) and \(formatNumber(m)), found "
                        + "\(formatNumber(d))",
                    x)
            }
        }
        return e
    }

    /// Every plain-valued key the scene gave (numbers, points, bools), in file order.
    mutating func properties<K: BehaviorKindKeys>(_ b: BehaviorBody, _: K.Type) throws(Diagnostic) -> Properties<K> {
        var out = Properties<K>()
        for (k, _) in b.pairs {
            guard let key = K(rawValue: k) else { continue }  // `w.mapping` refused unknown keys
            if let e = try keyExpr(b, key) { out.entries.append((key, e)) }
        }
        return out
    }
}

/// The mapping of one behaviour's kind, as the kind's parse reads it.
struct BehaviorBody {
    let kind: BehaviorKindName
    /// The behaviour's name.
    let name: String
    let node: Node
    let pairs: [(String, Node)]

    func get<K: BehaviorKindKeys>(_ key: K) -> Node? { pairs.first { $0.0 == key.rawValue }?.1 }
    /// A key the mapping requires (checked by `w.mapping`), or one known to be present.
    func req<K: BehaviorKindKeys>(_ key: K) -> Node { get(key) ?? node }
}

/// The keys of an entry of `behaviors`: its kinds and the keys every kind takes (made once).
private let behaviorEntryNames = BehaviorKindName.names + BehaviorEntryKey.names
