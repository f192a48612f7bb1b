import Diagnostics
import SceneModel
import SceneVocabulary
import Yams

// Where a key of an expectation goes when it is found at the wrong level (issue 40): `within`
// beside a view's mapping instead of inside it, a view member or a view straight under `expect`,
// an `expect` key inside a view's mapping. Each says where the key goes, with the shape written out.

/// The level of an expectation a key was found at.
enum ExpectLevel {
    /// The keys of `expect` (or of a checkpoint).
    case expect
    /// The keys of `expect.views`: view names; `before` is the view written just before the key.
    case views(before: String?)
    /// The keys of one view's expectations.
    case view(String)
}

extension SceneBuilder {
    /// A view name to write the shape with: `before`, else the scene's first view.
    func exampleView(_ before: String?) -> String { before ?? scene.views.first?.name ?? "box" }

    /// What to say of `key`, found at `level` where it is not known, or nil when it is no key of
    /// another level (a typo: the caller's did-you-mean applies).
    func misplacedExpectation(_ key: String, at level: ExpectLevel) -> String? {
        let member = ViewMember.expectable.contains { $0.rawValue == key } || key == ViewMember.presentation
        let expectKey = ExpectKey(rawValue: key) != nil
        switch level {
        case .views(let before):
            let v = exampleView(before)
            if key == "within" {
                return "`within` goes inside the view's mapping, beside the values it applies to: "
                    + "`views: { \(v): { y: 100, within: 2 } }`"
            }
            if member {
                return
                    "`\(key)` is a view's member: it goes inside the view's mapping: `views: { \(v): { \(key): … } }`"
            }
            if expectKey {
                return "`\(key)` is a key of `expect`, beside `views`: `expect: { views: { … }, \(key): … }`"
            }
        case .expect:
            let v = exampleView(nil)
            if key == "within" || member {
                return "`\(key)` goes inside a view's mapping under `views`: "
                    + "`expect: { views: { \(v): { \(key): … } } }`"
            }
            if case .view? = scene.names[key] {
                return "`\(key)` is a view: its expectations go under `views`: `expect: { views: { \(key): { … } } }`"
            }
            if case .transition? = scene.names[key] {
                return "`\(key)` is a transition: its state goes under `transition`: "
                    + "`expect: { transition: { \(key): completed } }`"
            }
            if CountedEvent(rawValue: key) != nil || key.contains(".") {
                return "event counts go under `events`: `expect: { events: { \(key): … } }`"
            }
        case .view(let name):
            if expectKey {
                return "`\(key)` is a key of `expect`, beside `views`, not of a view: `expect: { views: { \(name): "
                    + "{ … } }, \(key): … }`"
            }
            if case .view? = scene.names[key] {
                return "`\(key)` is a view: it goes beside `\(name)` under `views`, not inside it"
            }
        }
        return nil
    }

    /// Refuses the first key of the mapping `n` that is not known at `level` (`isKnown`) and is a
    /// key of another level, saying where it goes, at the key: `unknown` words the start.
    func refuseMisplaced(
        _ n: Node, at level: ExpectLevel, isKnown: (String) -> Bool, unknown: (String) -> String
    ) throws(Diagnostic) {
        guard case .mapping(let m) = n else { return }
        var before: String?
        for (k, _) in m {
            guard let key = k.string else { continue }
            if !isKnown(key) {
                var here = level
                if case .views = level { here = .views(before: before) }
                if let goes = misplacedExpectation(key, at: here) { throw err("\(unknown(key)): \(goes)", k) }
            }
            before = key
        }
    }
}
