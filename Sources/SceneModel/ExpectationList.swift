import Diagnostics
import Expressions

extension Scene {
    /// Every expectation of the case in the order it is judged (the checkpoints in script order,
    /// then the end), each as `path:line:col: when: what`, marked when a variant took it from the
    /// main case (`--verbose` lists them).
    public var expectationList: [String] {
        var out: [String] = []
        func list(_ e: Expectation, _ when: String) {
            var items: [(SourceLocation, String)] = []
            for t in e.transitions {
                items.append((t.location, "transition \(transitions[t.id.index].name) \(t.state.rawValue)"))
            }
            for v in e.views {
                let member = (v.onScreen ? "presentation." : "") + v.property.rawValue
                items.append(
                    (v.location, "\(views[v.view.index].name).\(member) \(v.value.text) ± \(formatNumber(v.within))"))
            }
            if let (b, l) = e.rest { items.append((l, "rest \(b)")) }
            if let (t, l) = e.restBy { items.append((l, "at rest by t = \(formatNumber(t)) s")) }
            for ev in e.events { items.append((ev.location, "events.\(ev.event.name) \(ev.spec)")) }
            for x in e.that { items.append((x.location, "that `\(x.text)`")) }
            for (l, what) in items {
                out.append("\(l): \(when): \(what)" + (inherited[l] == nil ? "" : " (inherited from the main case)"))
            }
        }
        var n = 0
        for case .expect(let e) in script {
            n += 1
            list(e, "checkpoint \(n)")
        }
        if let e = expect { list(e, "at the end") }
        return out
    }
}
