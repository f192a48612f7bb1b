import Diagnostics
import Expressions
import Geometry
import SceneModel
import Yams

extension SceneBuilder {
    mutating func script(_ n: Node) throws(Diagnostic) {
        let steps = try w.sequence(n, "`script`")
        if steps.isEmpty { throw err("`script` needs at least one step", n) }
        for s in steps { scene.script.append(try step(s)) }
    }

    mutating func gestureName(_ n: Node) throws(Diagnostic) -> String {
        let g = try w.string(n, "`gesture`")
        if !scene.gestures.contains(where: { $0.name == g }) { throw err("unknown gesture `\(g)`\(hint(g, scene.gestures.map(\.name)))", n) }
        return g
    }

    mutating func step(_ n: Node) throws(Diagnostic) -> Step {
        if case .scalar = n { return .action(try action(n, scope)) }
        let kv = try w.mapping(n, "a script step", known: stepKeys)
        func get(_ k: String) -> Node? { kv.first { $0.0 == k }?.1 }
        if get("timeout") != nil && get("waitFor") == nil { throw err("`timeout` belongs to a `waitFor` step", n) }
        if kv.count > 1 && get("waitFor") == nil && get("if") == nil {
            throw err("a step has one key; found \(kv.map { "`\($0.0)`" }.joined(separator: ", "))", n)
        }
        if let p = get("pan") { return try pan(p) }
        if let f = get("flick") {
            let a = try w.mapping(f, "`flick`", known: ["gesture", "from", "velocity", "distance"], required: ["gesture", "from", "velocity"])
            func fg(_ k: String) -> Node? { a.first { $0.0 == k }?.1 }
            let from = try w.numbers(fg("from")!, "`from`", count: 2), vel = try w.numbers(fg("velocity")!, "`velocity`", count: 2)
            if vel[0] == 0 && vel[1] == 0 { throw err("a flick needs a non-zero `velocity`", fg("velocity")!) }
            let dist = try fg("distance").map { (x) throws(Diagnostic) in try w.number(x, "`distance`", positive: true) } ?? 200
            return .flick(gesture: try gestureName(fg("gesture")!), from: Vec2(from[0], from[1]), velocity: Vec2(vel[0], vel[1]), distance: dist, location: w.loc(f))
        }
        if let wt = get("wait") {
            if case .mapping = wt {
                let a = try w.mapping(wt, "`wait`", known: ["frames", "seconds"])
                guard a.count == 1 else { throw err("`wait` takes `frames` or `seconds`", wt) }
                if a[0].0 == "frames" {
                    let f = try w.number(a[0].1, "`frames`", min: 0)
                    if f != f.rounded() { throw err("`frames` must be a whole number, found \(formatNumber(f))", a[0].1) }
                    if f > 1e15 { throw err("`frames` must be at most 1e15, found \(formatNumber(f)); a case runs at most --max-ticks ticks", a[0].1) }
                    return .wait(ticks: Int(f), seconds: nil, location: w.loc(wt))
                }
                return .wait(ticks: nil, seconds: try w.number(a[0].1, "`seconds`", min: 0), location: w.loc(wt))
            }
            return .wait(ticks: nil, seconds: try w.number(wt, "`wait`", min: 0), location: w.loc(wt))
        }
        if let wf = get("waitFor") {
            let timeout = try get("timeout").map { (x) throws(Diagnostic) in try w.number(x, "`timeout`", positive: true) }
            if case .scalar(let sc) = wf, sc.string == "rest" { return .waitForRest(timeout: timeout, location: w.loc(wf)) }
            if case .scalar(let sc) = wf, sc.style == .plain, splitName([sc.string], in: scope) == nil,
               sc.string.lowercased().hasPrefix("rest") || closestMatch(to: sc.string, in: ["rest"]) != nil {
                throw err("unknown name `\(sc.string)`; did you mean `rest`? (`waitFor: rest` waits until nothing moves)", wf)
            }
            return .waitFor(try w.expr(wf, "`waitFor`", .bool, scope), timeout: timeout, location: w.loc(wf))
        }
        if let e = get("expect") { return .expect(try expectation(e)) }
        return .action(try action(n, scope))
    }

    mutating func pan(_ n: Node) throws(Diagnostic) -> Step {
        let a = try w.mapping(n, "`pan`", known: ["gesture", "path", "from", "to", "duration", "curve", "release"], required: ["gesture"])
        func get(_ k: String) -> Node? { a.first { $0.0 == k }?.1 }
        let g = try gestureName(get("gesture")!)
        var frames: [(t: Double, p: Vec2)] = []
        var curve = "linear"
        if let p = get("path") {
            if get("from") != nil || get("to") != nil { throw err("a pan takes a `path` or `from`/`to`, not both", p) }
            let items = try w.sequence(p, "`path`")
            if items.count < 2 { throw err("a pan path needs at least 2 keyframes [t, x, y]", p) }
            for item in items {
                let k = try w.numbers(item, "a keyframe [t, x, y]", count: 3)
                if k[0] < 0 { throw err("keyframe times must not be negative, found \(formatNumber(k[0]))", item) }
                if let last = frames.last, k[0] <= last.t {
                    throw err("keyframe times must increase: \(formatNumber(k[0])) s comes after \(formatNumber(last.t)) s", item)
                }
                frames.append((k[0], Vec2(k[1], k[2])))
            }
        } else {
            guard let f = get("from"), let t = get("to") else { throw err("a pan needs a `path` of keyframes, or `from`, `to` and `duration`", n) }
            let ff = try w.numbers(f, "`from`", count: 2), tt = try w.numbers(t, "`to`", count: 2)
            let d = try get("duration").map { (x) throws(Diagnostic) in try w.number(x, "`duration`", positive: true) } ?? 0.25
            frames = [(0, Vec2(ff[0], ff[1])), (d, Vec2(tt[0], tt[1]))]
            if let c = get("curve") {
                curve = try w.string(c, "`curve`")
                if !curveNames.contains(curve) { throw err("unknown curve `\(curve)`\(hint(curve, curveNames))", c) }
            }
        }
        var hold = false
        if let r = get("release") {
            let rs = try w.string(r, "`release`")
            guard rs == "lift" || rs == "hold" else { throw err("`release` must be lift or hold, found `\(rs)`", r) }
            hold = rs == "hold"
        }
        return .pan(PanSpec(gesture: g, keyframes: frames, curve: curve, hold: hold, location: w.loc(n)))
    }

    mutating func expectation(_ n: Node) throws(Diagnostic) -> Expectation {
        var e = Expectation(location: w.loc(n))
        for (k, v) in try w.mapping(n, "`expect`", known: ["transition", "views", "rest", "restBy", "events", "that"]) {
            switch k {
            case "transition":
                for (name, sv) in try w.mapping(v, "`expect.transition`", known: scene.transitions.map(\.name)) {
                    let st = try w.string(sv, "the transition state")
                    let states = ["completed", "cancelled", "interactive", "idle", "finishing", "cancelling"]
                    if !states.contains(st) { throw err("unknown transition state `\(st)`\(hint(st, states))", sv) }
                    e.transitions.append((name, st, w.loc(sv)))
                }
            case "views":
                for (name, vv, _) in try w.namedMapping(v, "`expect.views`") {
                    if !scene.views.contains(where: { $0.name == name }) { throw err("unknown view `\(name)`\(hint(name, scene.views.map(\.name)))", vv) }
                    let props = try w.mapping(vv, "the expectations of `\(name)`", known: ["frame", "center", "x", "y", "width", "height", "rotation", "alpha", "removed", "within"])
                    var within: Double?
                    if let wn = props.first(where: { $0.0 == "within" }) { within = try w.number(wn.1, "`within`", min: 0) }
                    for (p, pv) in props where p != "within" {
                        let t: ValueType = p == "frame" ? .rect : p == "center" ? .point : p == "removed" ? .bool : .number
                        let tol = within ?? (p == "rotation" ? 0.01 : p == "alpha" ? 0.01 : 0.5)
                        e.views.append(ViewExpectation(view: name, property: p, value: try w.expr(pv, "`\(p)`", t, scope), within: tol, location: w.loc(pv)))
                    }
                }
            case "rest": e.rest = (try w.bool(v, "`rest`"), w.loc(v))
            case "restBy": e.restBy = (try w.number(v, "`restBy`", min: 0), w.loc(v))
            case "events":
                for (name, cv) in try w.mapping(v, "`expect.events`", known: ["haptic", "contact", "contactEnded", "log", "light", "medium", "heavy", "soft", "rigid"]) {
                    let text: String
                    if case .scalar(let sc) = cv { text = sc.string } else { throw err("an event count is a number or a range like \">= 1\" or \"1...4\"", cv) }
                    guard let spec = CountSpec.parse(text) else { throw err("cannot read the count `\(text)`; write 3, \">= 1\", \"< 5\", \"== 2\" or \"1...4\"", cv) }
                    e.events.append((name, spec, w.loc(cv)))
                }
            case "that":
                for x in try w.sequence(v, "`that`") { e.that.append(try w.expr(x, "an expectation", .bool, scope)) }
            default: break
            }
        }
        return e
    }
}
