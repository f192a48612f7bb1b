import Diagnostics
import Expressions
import SceneModel
import SceneVocabulary
import Yams

extension SceneBuilder {
    /// `gestures`: each entry is one kind, `{ <kind>: { in: view, <the kind's keys> } }`. The keys
    /// other than `in` are the kind's own; its vocabulary file reads them through `NodeKeys`.
    mutating func gestures(_ n: Node) throws(Diagnostic) {
        for (name, v, loc) in try w.namedMapping(n, "`gestures`") {
            try reserve(name, v)
            let kv = try w.mapping(v, "gesture `\(name)`", known: GestureKind.names)
            guard kv.count == 1, let kind = GestureKind(rawValue: kv[0].0) else {
                throw err("gesture `\(name)` needs exactly one kind: \(GestureKind.alternatives)", v)
            }
            let body = try w.mapping(
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
            }
            let settings = try readSettings(kind.keys, body)
            scene.names[name] = .gesture(GestureID(scene.gestures.count))
            scene.gestures.append(GestureSpec(name: name, location: loc, view: view, settings: settings))
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

    mutating func names<C: VocabularyName>(_ key: Key, _ of: C.Type) throws(Diagnostic) -> [C]? {
        guard let x = node(key) else { return nil }
        var out: [C] = []
        for s in try walker.names(x, "`\(key.rawValue)`") {
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
