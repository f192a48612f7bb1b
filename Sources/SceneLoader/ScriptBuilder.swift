import Diagnostics
import Expressions
import Geometry
import SceneModel
import SceneVocabulary
import Yams

extension SceneBuilder {
    mutating func script(_ n: Node) throws(Diagnostic) {
        let steps = try w.sequence(n, "`script`")
        if steps.isEmpty { throw err("`script` needs at least one step", n) }
        for s in steps { scene.script.append(try step(s)) }
    }

    mutating func gestureName(_ n: Node) throws(Diagnostic) -> GestureID {
        let g = try reference(try w.string(n, "`gesture`"), n)
        guard case .gesture(let id)? = scene.names[g] else {
            throw err("unknown gesture `\(g)`\(copiesHint(g) ?? hint(g, scene.gestures.map(\.name)))", n)
        }
        return id
    }

    /// A script step: dispatched by its key (`StepKey`, in its order; `timeout` goes with
    /// `waitFor`); a step with none is an action.
    mutating func step(_ n: Node) throws(Diagnostic) -> Step {
        if case .scalar = n { return .action(try action(n, scope)) }
        let kv = try w.mapping(n, "a script step", known: stepKeys)
        func get(_ k: String) -> Node? { kv.first { $0.0 == k }?.1 }
        if get("timeout") != nil && get("waitFor") == nil { throw err("`timeout` belongs to a `waitFor` step", n) }
        if kv.count > 1 && get("waitFor") == nil && get("if") == nil && get("after") == nil {
            throw err("a step has one key; found \(kv.map { "`\($0.0)`" }.joined(separator: ", "))", n)
        }
        guard let key = StepKey.allCases.first(where: { $0 != .timeout && get($0.rawValue) != nil }),
            let value = get(key.rawValue)
        else { return .action(try action(n, scope)) }
        switch key {
        case .pan: return try pan(value)
        case .flick: return try flick(value)
        case .tap, .press, .pinch, .rotate, .touches: return try touchStep(key, value)
        case .wait: return try wait(value)
        case .waitFor: return try waitFor(value, timeout: get("timeout"))
        case .timeout: throw err("`timeout` belongs to a `waitFor` step", n)  // not chosen above
        case .expect: return .expect(try expectation(value, checkpoint: true))
        }
    }

    /// `flick: { gesture, from, velocity, distance, release }`.
    mutating func flick(_ f: Node) throws(Diagnostic) -> Step {
        let a = try w.mapping(f, "`flick`", known: FlickKey.names, required: ["gesture", "from", "velocity"])
        func fg(_ k: String) -> Node? { a.first { $0.0 == k }?.1 }
        func freq(_ k: String) -> Node { fg(k) ?? f }  // gesture, from and velocity are required keys
        let from = try w.pointOrExpr(freq("from"), "`from`", scope)
        let vel = try w.pointOrExpr(freq("velocity"), "`velocity`", scope)
        if case .list(let c) = vel.node, c.allSatisfy({ $0.literalNumber == 0 }) {
            throw err("a flick needs a non-zero `velocity`", freq("velocity"))
        }
        let dist =
            try fg("distance").map { (x) throws(Diagnostic) in
                try w.numberOrExpr(x, "`distance`", positive: true, scope)
            }
            ?? Expr(node: .number(200), location: w.loc(f), text: "200")
        return .flick(
            gesture: try gestureName(freq("gesture")), from: from, velocity: vel, distance: dist,
            release: try release(fg("release")), location: w.loc(f))
    }

    /// `wait: seconds`, `wait: { seconds: s }` or `wait: { frames: n }`.
    mutating func wait(_ wt: Node) throws(Diagnostic) -> Step {
        guard case .mapping = wt else {
            return .wait(frames: nil, seconds: try w.numberOrExpr(wt, "`wait`", min: 0, scope), location: w.loc(wt))
        }
        let a = try w.mapping(wt, "`wait`", known: ["frames", "seconds"])
        guard a.count == 1 else { throw err("`wait` takes `frames` or `seconds`", wt) }
        guard a[0].0 == "frames" else {
            return .wait(
                frames: nil, seconds: try w.numberOrExpr(a[0].1, "`seconds`", min: 0, scope), location: w.loc(wt))
        }
        let f = try w.numberOrExpr(a[0].1, "`frames`", min: 0, scope)
        if let v = f.literalNumber, v != v.rounded() {
            throw err("`frames` must be a whole number, found \(formatNumber(v))", a[0].1)
        }
        if let v = f.literalNumber, v > 1e15 {
            throw err(
                "`frames` must be at most 1e15, found \(formatNumber(v)); a case runs at most "
                    + "--max-ticks ticks",
                a[0].1)
        }
        return .wait(frames: f, seconds: nil, location: w.loc(wt))
    }

    /// `waitFor: rest` or `waitFor: expression`, with its `timeout`.
    mutating func waitFor(_ wf: Node, timeout t: Node?) throws(Diagnostic) -> Step {
        let timeout = try t.map { (x) throws(Diagnostic) in
            try w.numberOrExpr(x, "`timeout`", positive: true, scope)
        }
        if case .scalar(let sc) = wf, sc.string == "rest" {
            return .waitForRest(timeout: timeout, location: w.loc(wf))
        }
        if case .scalar(let sc) = wf, sc.style == .plain, splitName([sc.string], in: scope) == nil,
            sc.string.lowercased().hasPrefix("rest") || closestMatch(to: sc.string, in: ["rest"]) != nil
        {
            throw err(
                "unknown name `\(sc.string)`; did you mean `rest`? (`waitFor: rest` waits until nothing moves)", wf)
        }
        return .waitFor(try w.expr(wf, "`waitFor`", .bool, scope), timeout: timeout, location: w.loc(wf))
    }

    mutating func pan(_ n: Node) throws(Diagnostic) -> Step {
        let a = try w.mapping(n, "`pan`", known: PanKey.names, required: [PanKey.gesture.rawValue])
        func get(_ k: String) -> Node? { a.first { $0.0 == k }?.1 }
        let g = try gestureName(get("gesture") ?? n)  // a required key of `pan`
        var frames: [Keyframe] = []
        var curve = CurveName.linear
        if let p = get("path") {
            if get("from") != nil || get("to") != nil { throw err("a pan takes a `path` or `from`/`to`, not both", p) }
            frames = try keyframes(p, minimum: 2, "pan path", key: "path")
        } else {
            guard let f = get("from"), let t = get("to") else {
                throw err("a pan needs a `path` of keyframes, or `from`, `to` and `duration`", n)
            }
            let ff = try w.pointOrExpr(f, "`from`", scope)
            let tt = try w.pointOrExpr(t, "`to`", scope)
            let d =
                try get("duration").map { (x) throws(Diagnostic) in
                    try w.numberOrExpr(x, "`duration`", positive: true, scope)
                }
                ?? Expr(node: .number(0.25), location: w.loc(n), text: "0.25")
            frames = [
                Keyframe(t: Expr(node: .number(0), location: w.loc(f), text: "0"), p: ff, location: w.loc(f)),
                Keyframe(t: d, p: tt, location: w.loc(t)),
            ]
            if let c = get("curve") { curve = try pick(c, "`curve`") { "unknown curve `\($0)`" } }
        }
        let release = try self.release(get("release"))
        return .pan(PanSpec(gesture: g, keyframes: frames, curve: curve, release: release, location: w.loc(n)))
    }

    mutating func expectation(_ n: Node, checkpoint: Bool = false) throws(Diagnostic) -> Expectation {
        var e = Expectation(location: w.loc(n))
        /// Notes an expectation of a variant written in the main case: `keys` are its place under
        /// `expect`, the way to override or drop it.
        func inherit(_ node: Node, _ at: SourceLocation, _ keys: [String]) {
            inheritExpectation(node, at, checkpoint ? nil : ["expect"] + keys)
        }
        try refuseMisplaced(
            n, at: .expect, isKnown: { ExpectKey(rawValue: $0) != nil }, unknown: { "unknown key `\($0)` in `expect`" })
        for (k, v) in try w.keyed(n, "`expect`", ExpectKey.self) {
            switch k {
            case .transition:
                for (name, sv) in try w.mapping(v, "`expect.transition`", known: scene.transitions.map(\.name)) {
                    guard case .transition(let id)? = scene.names[name] else { continue }  // a known key of the mapping
                    let st: TransitionStateName = try pick(sv, "the transition state") {
                        "unknown transition state `\($0)`"
                    }
                    e.transitions.append((id, st, w.loc(sv)))
                    inherit(sv, w.loc(sv), ["transition", name])
                }
            case .views:
                try refuseMisplaced(
                    v, at: .views(before: nil),
                    isKnown: { if case .view? = scene.names[$0] { true } else { false } },
                    unknown: { "unknown view `\($0)`" })
                for (name, vv, at) in try w.namedMapping(v, "`expect.views`", indexed: true) {
                    guard case .view(let id)? = scene.names[name] else {
                        throw Diagnostic(unknownView(name), at: at)  // at the name, not its expectations
                    }
                    let known = ViewMember.expectable.map(\.rawValue) + ["within", ViewMember.presentation]
                    try refuseMisplaced(
                        vv, at: .view(name), isKnown: { known.contains($0) },
                        unknown: { "unknown key `\($0)` in the expectations of `\(name)`" })
                    let props = try w.mapping(vv, "the expectations of `\(name)`", known: known)
                    var within: Double?
                    if let wn = props.first(where: { $0.0 == "within" }) {
                        within = try w.number(wn.1, "`within`", min: 0)
                    }
                    func add(_ props: [(String, Node)], onScreen: Bool) throws(Diagnostic) {
                        for (p, pv) in props where p != "within" && p != ViewMember.presentation {
                            inherit(pv, w.loc(pv), ["views", name] + (onScreen ? [ViewMember.presentation] : []) + [p])
                            let m = ViewMember(rawValue: p)!  // a known key of the mapping above
                            if m.ofScrollViewOnly && scene.views[id.index].scroll == nil {
                                throw err("`\(p)` is a scroll view's; `\(name)` has no `scroll`", pv)
                            }
                            e.views.append(
                                ViewExpectation(
                                    view: id, property: m, value: try w.expr(pv, "`\(p)`", m.type, scope),
                                    within: within ?? m.defaultWithin, location: w.loc(pv),
                                    onScreen: onScreen))
                        }
                    }
                    try add(props, onScreen: false)
                    // `presentation: { y: … }`: what the screen shows (the `within` above applies).
                    if let pn = props.first(where: { $0.0 == ViewMember.presentation })?.1 {
                        // A scroll view's on-screen offset only where there is a scroll view.
                        let isScroll = scene.views[id.index].scroll != nil
                        let known = ViewMember.expectableOnScreen.filter { isScroll || !$0.ofScrollViewOnly }
                        let shown = try w.mapping(
                            pn, "the on-screen expectations of `\(name)`", known: known.map(\.rawValue))
                        try add(shown, onScreen: true)
                    }
                }
            case .rest:
                e.rest = (try w.bool(v, "`rest`"), w.loc(v))
                inherit(v, w.loc(v), ["rest"])
            case .restBy:
                e.restBy = (try w.number(v, "`restBy`", min: 0), w.loc(v))
                inherit(v, w.loc(v), ["restBy"])
            case .events:
                let pairs = try w.mapping(v, "`expect.events`", known: [])
                guard case .mapping(let m) = v else { break }  // `w.mapping` took only a mapping
                for ((name, cv), (keyNode, _)) in zip(pairs, m) {
                    let event = try expectedEvent(name, keyNode)
                    let text: String
                    if case .scalar(let sc) = cv {
                        text = sc.string
                    } else {
                        throw err("an event count is a number or a range like \">= 1\" or \"1...4\"", cv)
                    }
                    guard let spec = CountSpec.parse(text) else {
                        throw err(
                            "cannot read the count `\(text)`; write 3, \">= 1\", \"< 5\", \"== 2\" or \"1...4\"", cv)
                    }
                    if case .fired = event { scene.countsObjectEvents = true }
                    e.events.append((event, spec, w.loc(cv)))
                    inherit(cv, w.loc(cv), ["events", name])
                }
            case .that:
                for x in try w.sequence(v, "`that`") {
                    let t = try w.expr(x, "an expectation", .bool, scope)
                    e.that.append(t)
                    inherit(x, t.location, ["that"])
                }
            }
        }
        return e
    }

    /// A key of `expect.events`: a counted event of the scene, or a rule's event of one gesture,
    /// scroll view, view or transition (`drag.began`), resolved as `on` resolves it.
    func expectedEvent(_ name: String, _ k: Node) throws(Diagnostic) -> ExpectedEvent {
        if let c = CountedEvent(rawValue: name) { return .counted(c) }
        if name.contains(".") { return .fired(try checkEvent(name, k), name: name) }
        let known = CountedEvent.names
        let hint =
            closestMatch(to: name, in: known).map { "; did you mean `\($0)`?" }
            ?? "; expected one of: \(known.joined(separator: ", "))"
        throw err(
            "unknown key `\(name)` in `expect.events`\(hint) (or an event of a gesture, a view or a "
                + "transition, as `on` names it: `drag.began`)", k)
    }
}
