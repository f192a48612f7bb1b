import Diagnostics
import Expressions
import SceneModel
import SceneVocabulary
import Yams

extension SceneBuilder {
    /// `gestures`: each entry is one kind, `{ <kind>: { in: view, <the kind's keys> } }`. The keys
    /// other than `in` are the kind's own; its vocabulary file reads them through `NodeKeys`.
    mutating func gestures(_ n: Node) throws(Diagnostic) {
        var pairs: [(gesture: Int, requireFail: Bool, node: Node)] = []
        for (name, v, loc) in try w.namedMapping(n, "`gestures`") {
            try reserve(name, v)
            try misplacedGestureKeys(v)
            let kv = try w.mapping(v, "gesture `\(name)`", known: GestureKind.names)
            guard kv.count == 1, let kind = GestureKind(rawValue: kv[0].0) else {
                throw err("gesture `\(name)` needs exactly one kind: \(GestureKind.alternatives)", v)
            }
            // `scrollView: list` is short for `scrollView: { in: list }`.
            let shorthand = kind == .scrollView && { if case .scalar = kv[0].1 { return true } else { return false } }()
            let body =
                shorthand
                ? [(GestureKey.view.rawValue, kv[0].1)]
                : try w.mapping(
                    kv[0].1, "`\(kv[0].0)` of `\(name)`", known: GestureKey.names + kind.keys.names,
                    required: [GestureKey.view.rawValue])
            var view: ViewID?
            for (k, x) in body where k == GestureKey.view.rawValue {
                let v = try reference(try w.string(x, "`in`"), x)
                if v == "world" { continue }
                guard case .view(let id)? = scene.names[v] else {
                    throw err(
                        "unknown view `\(v)`\(copiesHint(v) ?? hint(v, scene.views.map(\.name) + ["world"]))", x)
                }
                view = id
                if kind == .scrollView && scene.views[id.index].scroll == nil {
                    throw err("`\(v)` is not a scroll view: give it `scroll: { contentSize: [w, h] }`", x)
                }
            }
            if kind == .scrollView && view == nil { throw err("`scrollView` needs a scroll view, not the world", v) }
            let settings = try readSettings(kind.keys, body)
            scene.names[name] = .gesture(GestureID(scene.gestures.count))
            scene.gestures.append(GestureSpec(name: name, location: loc, view: view, settings: settings))
            for (k, x) in body where k == GestureKey.simultaneous.rawValue || k == GestureKey.requireFail.rawValue {
                pairs.append((scene.gestures.count - 1, k == GestureKey.requireFail.rawValue, x))
            }
            for (k, x) in body {
                guard let key = GestureKey(rawValue: k), key == .shouldBegin || key == .shouldReceiveTouch else {
                    continue
                }
                delegateNodes.append((scene.gestures.count - 1, key, x))
            }
        }
        try relate(pairs)
    }

    /// A gesture's own keys (`in`, `shouldBegin` …) written beside its kind instead of inside it:
    /// refused at the key, saying where it goes.
    func misplacedGestureKeys(_ v: Node) throws(Diagnostic) {
        guard case .mapping(let m) = v else { return }
        let kind = m.first { GestureKind(rawValue: $0.key.string ?? "") != nil }
        for (k, _) in m {
            guard let key = k.string, GestureKey(rawValue: key) != nil else { continue }
            let kindName = kind?.key.string ?? GestureKind.pan.rawValue
            let view = kind?.value.string ?? "VIEW"
            let short = kindName == GestureKind.scrollView.rawValue && kind?.value.string != nil
            throw err(
                "`\(key)` goes inside the gesture's kind: `\(kindName): { in: \(view), \(key): … }`"
                    + (short ? " (the short form `scrollView: \(view)` takes no other key)" : ""),
                k)
        }
    }

    /// `shouldBegin` and `shouldReceiveTouch`, bool expressions read once the variables and the
    /// animators are known (they may read any of them, as a rule does).
    mutating func gestureDelegates() throws(Diagnostic) {
        for (g, key, x) in delegateNodes {
            let e = try w.expr(x, "`\(key.rawValue)` of `\(scene.gestures[g].name)`", .bool, scope)
            if key == .shouldBegin {
                scene.gestures[g].shouldBegin = e
            } else {
                scene.gestures[g].shouldReceiveTouch = e
            }
        }
        delegateNodes = []
    }

    /// `simultaneous` and `requireFail`, once every gesture is declared (either may name one
    /// declared later): names resolved, a gesture never related to itself, no `requireFail` cycle.
    mutating func relate(_ pairs: [(gesture: Int, requireFail: Bool, node: Node)]) throws(Diagnostic) {
        for (g, requireFail, x) in pairs {
            let key = requireFail ? "`requireFail`" : "`simultaneous`"
            for other in try w.names(x, key) {
                guard case .gesture(let id)? = scene.names[other] else {
                    throw err("unknown gesture `\(other)` in \(key)\(hint(other, scene.gestures.map(\.name)))", x)
                }
                if id.index == g { throw err("\(key) of `\(scene.gestures[g].name)` names the gesture itself", x) }
                if requireFail {
                    scene.gestures[g].requireFail.append(id)
                } else {
                    scene.gestures[g].simultaneous.append(id)
                }
            }
        }
        // A recogniser that waits for itself through others would wait for ever.
        for (g, requireFail, x) in pairs where requireFail {
            var seen: [Int] = []
            var next = scene.gestures[g].requireFail.map(\.index)
            while let h = next.popLast() {
                if h == g {
                    throw err(
                        "`requireFail` makes `\(scene.gestures[g].name)` wait for its own failure "
                            + "(a cycle of requireFail)", x)
                }
                if seen.contains(h) { continue }
                seen.append(h)
                next += scene.gestures[h].requireFail.map(\.index)
            }
        }
    }

    /// A gesture kind's settings, read by its vocabulary file from the mapping's pairs.
    mutating func readSettings<K: GestureKindKeys>(
        _: K.Type, _ pairs: [(String, Node)]
    ) throws(Diagnostic)
        -> GestureSettings
    {
        var keys = NodeKeys<K>(walker: w, pairs: pairs)
        let settings = try K.settings(&keys)
        w = keys.walker
        return settings
    }
}

/// The literal values of a mapping's keys, for a vocabulary file (`KeyReader`): each checked
/// against its key and located at its node.
struct NodeKeys<Key: VocabularyKey>: KeyReader {
    var walker: Walker
    var pairs: [(String, Node)]

    func node(_ key: Key) -> Node? { pairs.first { $0.0 == key.rawValue }?.1 }

    mutating func number(_ key: Key) throws(Diagnostic) -> Double? {
        guard let x = node(key) else { return nil }
        let what = "`\(key.rawValue)`"
        let d = try walker.number(x, what, min: key.minimum.map(\.value), positive: key.minimum?.exclusive == true)
        if let m = key.maximum, d > m {
            throw walker.err("\(what) must be at most \(formatNumber(m)), found \(formatNumber(d))", x)
        }
        return d
    }

    mutating func count(_ key: Key) throws(Diagnostic) -> Int? {
        guard let d = try number(key), let x = node(key) else { return nil }
        if d != d.rounded() || d > Double(KeyKind.maximumCount) {
            throw walker.err(
                "`\(key.rawValue)` must be a whole number up to \(KeyKind.maximumCount), found \(formatNumber(d))", x)
        }
        return Int(d)
    }

    mutating func names<C: VocabularyName>(_ key: Key, _ of: C.Type) throws(Diagnostic) -> [C]? {
        guard let x = node(key) else { return nil }
        var out: [C] = []
        let names = try walker.names(x, "`\(key.rawValue)`")
        if names.isEmpty {
            throw walker.err(
                "`\(key.rawValue)` is an empty list; name at least one of: \(C.names.joined(separator: ", "))", x)
        }
        for s in names {
            guard let c = C(rawValue: s) else {
                let hint =
                    closestMatch(to: s, in: C.names).map { "; did you mean `\($0)`?" }
                    ?? "; expected one of: \(C.names.joined(separator: ", "))"
                throw walker.err("unknown value `\(s)` in `\(key.rawValue)`\(hint)", x)
            }
            out.append(c)
        }
        return out
    }
}
