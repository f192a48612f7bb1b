import Diagnostics
import Expressions
import SceneModel
import SceneVocabulary
import Yams

extension SceneBuilder {
    /// `gestures`: each entry is one kind, `{ <kind>: { in: view, <the kind's keys> } }`. The keys
    /// other than `in` are the kind's own; its vocabulary file reads them through `NodeKeys`.
    /// `repeat: card` (or a count) makes copies, `drag[0]` …, each read with `i` bound.
    mutating func gestures(_ n: Node) throws(Diagnostic) {
        var pairs: [Related] = []
        for (name, v, loc) in try w.namedMapping(n, "`gestures`") {
            try reserve(name, v)
            try misplacedGestureKeys(v)
            let kv = try w.mapping(v, "gesture `\(name)`", known: gestureEntryNames)
            guard let r = kv.first(where: { $0.0 == GestureEntryKey.repeat.rawValue })?.1 else {
                try gesture(name, v, kv, loc, &pairs, copy: nil)
                continue
            }
            let count = try repeatCopies(r, of: name)
            let made = try copies(
                of: name, "gesture", count: count, at: r, existing: scene.gestures.count,
                limit: (w.limits.views, "--max-views")
            ) { (b, copy, i) throws(Diagnostic) in
                try b.reserve(copy, v)
                try b.gesture(copy, v, kv, loc, &pairs, copy: (name, i))
            }
            repeatedGestures[name] = made.map(GestureID.init)
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
        for (g, key, x, copy) in delegateNodes {
            let read = { (b: inout SceneBuilder) throws(Diagnostic) in
                let e = try b.w.expr(x, "`\(key.rawValue)` of `\(b.scene.gestures[g].name)`", .bool, b.scope)
                if key == .shouldBegin {
                    b.scene.gestures[g].shouldBegin = e
                } else {
                    b.scene.gestures[g].shouldReceiveTouch = e
                }
            }
            // A copy's delegate reads `i` as its index, as the rest of the copy does.
            if let (template, i) = copy {
                try inCopy(i, of: template, "gesture") { (b) throws(Diagnostic) in try read(&b) }
            } else {
                try read(&self)
            }
        }
        delegateNodes = []
    }

    /// A `simultaneous` or `requireFail` list to resolve once every gesture is declared: the
    /// gesture it is written on, which list, its node, and the copy it belongs to (`i` in it).
    typealias Related = (gesture: Int, requireFail: Bool, node: Node, copy: (String, Int)?)

    /// One gesture (or one copy of a repeated one) from its entry's pairs `kv`.
    mutating func gesture(
        _ name: String, _ v: Node, _ kv: [(String, Node)], _ loc: SourceLocation, _ pairs: inout [Related],
        copy: (String, Int)?
    ) throws(Diagnostic) {
        let kinds = kv.filter { $0.0 != GestureEntryKey.repeat.rawValue }
        guard kinds.count == 1, let kind = GestureKind(rawValue: kinds[0].0) else {
            throw err("gesture `\(name)` needs exactly one kind: \(GestureKind.alternatives)", v)
        }
        // `scrollView: list` is short for `scrollView: { in: list }` (and `scrollViewZoom`).
        let ofScrollView = kind == .scrollView || kind == .scrollViewZoom
        let shorthand = ofScrollView && { if case .scalar = kinds[0].1 { return true } else { return false } }()
        let body =
            shorthand
            ? [(GestureKey.view.rawValue, kinds[0].1)]
            : try w.mapping(
                kinds[0].1, "`\(kinds[0].0)` of `\(name)`", known: GestureKey.names + kind.keys.names,
                required: [GestureKey.view.rawValue])
        var view: ViewID?
        for (k, x) in body where k == GestureKey.view.rawValue {
            let v = try reference(try w.string(x, "`in`"), x)
            if v == "world" { continue }
            guard case .view(let id)? = scene.names[v] else {
                throw err(unknownView(v, also: ["world"]), x)
            }
            view = id
            if ofScrollView && scene.views[id.index].scroll == nil {
                throw err("`\(v)` is not a scroll view: give it `scroll: { contentSize: [w, h] }`", x)
            }
            if kind == .scrollViewZoom && scene.views[id.index].scroll?.zoom == nil {
                throw err(
                    "`\(v)` does not zoom: give its `scroll` a `zoom: { minimum, maximum }` and `zooming: VIEW`", x)
            }
        }
        if ofScrollView && view == nil { throw err("`\(kind.rawValue)` needs a scroll view, not the world", v) }
        let settings = try readSettings(kind.keys, body)
        scene.names[name] = .gesture(GestureID(scene.gestures.count))
        scene.gestures.append(GestureSpec(name: name, location: loc, view: view, settings: settings))
        for (k, x) in body where k == GestureKey.simultaneous.rawValue || k == GestureKey.requireFail.rawValue {
            pairs.append((scene.gestures.count - 1, k == GestureKey.requireFail.rawValue, x, copy))
        }
        for (k, x) in body {
            guard let key = GestureKey(rawValue: k), key == .shouldBegin || key == .shouldReceiveTouch else {
                continue
            }
            delegateNodes.append((scene.gestures.count - 1, key, x, copy))
        }
    }

    /// `simultaneous` and `requireFail`, once every gesture is declared (either may name one
    /// declared later): names resolved, a gesture never related to itself, no `requireFail` cycle.
    /// A repeated gesture's template name stands for every copy (`simultaneous: [zoom]`), except
    /// the gesture itself when it is one of them; `zoom[i]` names the copy of the same index.
    mutating func relate(_ pairs: [Related]) throws(Diagnostic) {
        for (g, requireFail, x, copy) in pairs {
            let key = requireFail ? "`requireFail`" : "`simultaneous`"
            var ids: [GestureID] = []
            let read = { (b: inout SceneBuilder) throws(Diagnostic) in
                for raw in try b.w.names(x, key) {
                    let other = try b.reference(raw, x)
                    if let copies = b.repeatedGestures[other] {
                        ids += copies.filter { $0.index != g }
                        continue
                    }
                    guard case .gesture(let id)? = b.scene.names[other] else {
                        let known = b.scene.gestures.map(\.name) + b.repeatedGestures.keys.sorted()
                        throw b.err(
                            "unknown gesture `\(other)` in \(key)\(b.copiesHint(other) ?? b.hint(other, known))", x)
                    }
                    if id.index == g {
                        throw b.err("\(key) of `\(b.scene.gestures[g].name)` names the gesture itself", x)
                    }
                    ids.append(id)
                }
            }
            if let (template, i) = copy {
                try inCopy(i, of: template, "gesture") { (b) throws(Diagnostic) in try read(&b) }
            } else {
                try read(&self)
            }
            for id in ids {
                if requireFail {
                    scene.gestures[g].requireFail.append(id)
                } else {
                    scene.gestures[g].simultaneous.append(id)
                }
            }
        }
        // A recogniser that waits for itself through others would wait for ever.
        for (g, requireFail, x, _) in pairs where requireFail {
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

/// The keys of an entry of `gestures`: its kinds and the keys every kind takes (made once).
private let gestureEntryNames = GestureKind.names + GestureEntryKey.names
