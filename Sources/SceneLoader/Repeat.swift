import Diagnostics
import Expressions
import SceneModel
import Yams

/// `repeat`: copies of a view or behaviour template, `name[0]` … `name[N-1]`, each read from the
/// same nodes with `i` bound to its index.
extension SceneBuilder {
    /// A view's `repeat: N` (or a behaviour's, when `views` is false): a whole number from 1, at
    /// most the limit of views or behaviours.
    mutating func repeatCount(_ n: Node, _ what: String, views: Bool = true) throws(Diagnostic) -> Int {
        let limit = views ? w.limits.views : w.limits.behaviors
        let flag = views ? "--max-views" : "--max-behaviors"
        let c = try w.number(n, what, min: 1)
        if c != c.rounded() { throw err("\(what) is a number of copies, a whole number; found \(formatNumber(c))", n) }
        if c > Double(limit) {
            throw err("\(what) of \(formatNumber(c)) is more than the limit of \(limit); raise it with \(flag)", n)
        }
        return Int(c)
    }

    /// How many copies a behaviour's or a gesture's `repeat` (node `r`) makes of `name`: as many
    /// as the repeated view it names has, or the number it gives (`views`: counted against the
    /// views' limit, else the behaviours').
    mutating func repeatCopies(_ r: Node, of name: String, views: Bool = true) throws(Diagnostic) -> Int {
        if let over = r.string, Double(over) == nil {
            guard let copies = repeatedViews[over] else {
                let names = repeatedViews.keys.sorted()
                throw err(
                    "`repeat` of `\(name)` names `\(over)`, which is not a repeated view"
                        + (names.isEmpty ? " (the scene has none)" : hint(over, names)),
                    r)
            }
            return copies.count
        }
        return try repeatCount(r, "`repeat` of `\(name)`", views: views)
    }

    /// The copies of the template `name` (a view or a behaviour, `what`): `count` of them, made
    /// in order by `make` with each copy's name and index, after `existing` others of their kind,
    /// at most `limit.0` in all (the flag `limit.1` raises it; `r` is the `repeat` node a refusal
    /// points at). Returns the copies' indices among their kind.
    mutating func copies(
        of name: String, _ what: String, count: Int, at r: Node, existing: Int, limit: (Int, String),
        _ make: (inout SceneBuilder, String, Int) throws(Diagnostic) -> Void
    ) throws(Diagnostic) -> Range<Int> {
        if existing + count > limit.0 {
            throw err(
                "`\(name)` repeated \(count) times makes more than \(limit.0) \(what)s, the limit; raise it with "
                    + limit.1,
                r)
        }
        for i in 0..<count {
            try inCopy(i, of: name, what) { (b) throws(Diagnostic) in try make(&b, Expression.indexedName(name, i), i) }
        }
        return existing..<(existing + count)
    }

    /// Reads copy `i` of the template `name` with `body`: `i` reads as the index in its numbers,
    /// expressions and names, and an error says which copy it is in (it is located in the
    /// template, which every copy shares).
    mutating func inCopy(
        _ i: Int, of name: String, _ what: String, _ body: (inout SceneBuilder) throws(Diagnostic) -> Void
    ) throws(Diagnostic) {
        let saved = w.constants
        w.constants["i"] = Double(i)
        defer { w.constants = saved }
        do { try body(&self) } catch {
            var d = error
            d.message += " (in `\(Expression.indexedName(name, i))`, copy i = \(i) of the repeated \(what) `\(name)`)"
            throw d
        }
    }

    /// The name a scene string refers to: `cell[3]` and, inside a repeated template, `cell[i]` or
    /// `cell[i + 1]` become the copy's name; any other string is returned as it is.
    mutating func reference(_ raw: String, _ n: Node) throws(Diagnostic) -> String {
        guard raw.contains("[") else { return raw }
        let e = try w.parse(raw, n)
        if case .name(let parts) = e.node, parts.count == 1 { return parts[0] }
        return raw
    }

    /// What an action's name (`add: "fling[top]"`) or a `set` key's object names: a name known
    /// at load (`fling`, `fling[2]`, `fling[i]` in a copy), or a copy of a repeated template picked
    /// by an index evaluated when the action runs, type-checked in `s`.
    enum Named {
        case name(String)
        case pick(template: String, index: Expr)
    }

    mutating func named(_ raw: String, _ n: Node, _ s: Scope) throws(Diagnostic) -> Named {
        guard raw.contains("[") else { return .name(raw) }
        let e = try w.parse(raw, n)
        switch e.node {
        case .name(let parts) where parts.count == 1: return .name(parts[0])
        case .indexed(let template, let index, let members) where members.isEmpty:
            _ = try typeCheck(index, in: s, expecting: .number)
            return .pick(template: template, index: index)
        default: return .name(raw)
        }
    }

    /// The view an action names (`removeView: "card[top]"`), known at load or picked when it runs.
    mutating func viewRef(_ n: Node, _ what: String, _ s: Scope) throws(Diagnostic) -> Ref<ViewID> {
        switch try named(try w.string(n, what), n, s) {
        case .name(let name):
            guard case .view(let id)? = scene.names[name] else {
                throw err(unknownView(name), n)
            }
            return .id(id)
        case .pick(let template, let index):
            guard let copies = repeatedViews[template], let first = copies.first else {
                throw err(notRepeated(template, "view", repeatedViews.keys.sorted()), n)
            }
            return .pick(CopyPick(template: template, first: first.index, count: copies.count, index: index))
        }
    }

    /// Why `template[index]` cannot pick a copy: `template` is not a repeated `what`.
    func notRepeated(_ template: String, _ what: String, _ repeated: [String]) -> String {
        "`\(template)[…]` picks a copy of a repeated \(what), and `\(template)` is not one"
            + (repeated.isEmpty ? " (the scene repeats no \(what))" : hint(template, repeated))
    }

    /// The hint for a name that is a repeated view's, behaviour's or gesture's template: its copies' names;
    /// for a copy that does not exist, how many there are.
    /// The refusal of `name` where a view is expected: what it names when it is not a view (an
    /// animator, a gesture, ...), else "unknown view" with a hint.
    func unknownView(_ name: String, also: [String] = []) -> String {
        let what: String?
        switch scene.names[name] {
        case .animator?: what = "an animator"
        case .behavior?: what = "a behaviour"
        case .gesture?: what = "a gesture"
        case .transition?: what = "a transition"
        case .variable?: what = "a variable"
        case .parameter?: what = "a swept parameter"
        case .view?, nil: what = nil
        }
        if let what { return "`\(name)` is \(what), not a view; name a view" }
        return "unknown view `\(name)`\(copiesHint(name) ?? hint(name, scene.views.map(\.name) + also))"
    }

    func copiesHint(_ name: String) -> String? {
        if let n = repeatedViews[name]?.count ?? repeatedBehaviors[name]?.count ?? repeatedGestures[name]?.count {
            return "; `\(name)` is repeated: name a copy, `\(name)[0]` … `\(name)[\(n - 1)]`"
        }
        guard let open = name.firstIndex(of: "["),
            let n = repeatedViews[String(name[..<open])]?.count ?? repeatedBehaviors[String(name[..<open])]?.count
                ?? repeatedGestures[String(name[..<open])]?.count
        else {
            return nil
        }
        let template = name[..<open]
        return "; `\(template)` has \(n) copies, `\(template)[0]` … `\(template)[\(n - 1)]`"
    }
}
