import Diagnostics
import Expressions
import Geometry
import SceneModel
import SceneVocabulary
import Yams

/// `animators:` (UIViewPropertyAnimator), their timings, and the actions that drive them.
extension SceneBuilder {
    static let animatorSchema = schema(AnimatorMember.self, \.type)

    /// The animators' names, so that every action (behaviours' included) can name them; their
    /// bodies are read by `animatorBodies` once behaviours are known.
    mutating func animatorNames(_ n: Node) throws(Diagnostic) {
        for (name, v, loc) in try w.namedMapping(n, "`animators`") {
            try reserve(name, v)
            if builtins.contains(where: { $0.name == name }) {
                throw err("`\(name)` is a function name; choose another name for the animator", v)
            }
            scene.names[name] = .animator(AnimatorID(scene.animators.count))
            scene.animators.append(AnimatorSpec(name: name, location: loc))
            scope.add(name, SceneBuilder.animatorSchema)
            scene.scope = scope
        }
    }

    mutating func animatorBodies(_ n: Node) throws(Diagnostic) {
        let entries = try w.namedMapping(n, "`animators`")
        for (k, (name, v, loc)) in entries.enumerated() {
            let before = entries.count <= EntryMark.most ? marked() : nil
            try animatorBody(k, name, v)
            if let before {
                entryMarks?.append(
                    EntryMark(
                        step: .animators, key: name, loc: loc, index: k, before: before, end: (w.work, w.visited)))
            }
        }
    }

    /// The body of animator `k` (`name`), from its value `v`.
    mutating func animatorBody(_ k: Int, _ name: String, _ v: Node) throws(Diagnostic) {
        var spec = scene.animators[k]
        let kv = try w.mapping(v, "animator `\(name)`", known: AnimatorKey.names)
        for (key, x) in kv {
            switch AnimatorKey(rawValue: key) {
            case .duration: spec.duration = try w.number(x, "`duration` of `\(name)`", positive: true)
            case .timing: spec.timing = try timing(x, "`timing` of `\(name)`", scope)
            case .set:
                spec.sets = try setTargets(x, scope)
                for t in spec.sets where t.view == nil {
                    throw Diagnostic(
                        "an animator's `set` animates view properties; `\(t.path)` is not one", at: t.location)
                }
            case .then: spec.then = try actionList(x, scope.adding("position", .value(.string)))
            case .pausesOnCompletion: spec.pausesOnCompletion = try w.bool(x, "`pausesOnCompletion`")
            case .scrubsLinearly: spec.scrubsLinearly = try w.bool(x, "`scrubsLinearly`")
            case nil: break  // `w.mapping` refused unknown keys
            }
        }
        scene.animators[k] = spec
    }

    /// A timing: a curve name, `{ cubic: [x1, y1, x2, y2] }` or `{ spring: { … } }`. Each number
    /// may be an expression in `s` (format 1.3), evaluated when the animator starts or continues;
    /// a literal is checked now.
    mutating func timing(_ n: Node, _ what: String, _ s: Scope) throws(Diagnostic) -> TimingSpec {
        if case .scalar = n {
            let c: CurveName = try pick(n, what) {
                "unknown curve `\($0)`; a timing is a curve name (\(CurveName.alternatives)), { cubic: [x1, y1, x2, "
                    + "y2] } or { spring: { … } }"
            }
            let at = w.loc(n)
            switch c {
            case .linear: return .cubic([0, 0, 1, 1], at: at)
            case .easeIn: return .cubic([0.42, 0, 1, 1], at: at)
            case .easeOut: return .cubic([0, 0, 0.58, 1], at: at)
            case .easeInOut: return .cubic([0.42, 0, 0.58, 1], at: at)
            }
        }
        let kv = try w.mapping(n, what, known: TimingKind.names)
        guard kv.count == 1, let kind = TimingKind(rawValue: kv[0].0) else {
            throw err("\(what) needs exactly one of `cubic` or `spring`", n)
        }
        let body = kv[0].1
        switch kind {
        case .cubic:
            let items = try w.sequence(body, "`cubic`")
            guard items.count == 4 else { throw err("`cubic` must have 4 numbers, found \(items.count)", body) }
            var p: [Expr] = []
            for i in items { p.append(try w.numberOrExpr(i, "`cubic`", s)) }
            let xs = [p[0].literalNumber, p[2].literalNumber]
            if xs.contains(where: { $0.map { !(0...1).contains($0) } ?? false }) {
                // An expression's value is checked when the animator starts.
                throw err(
                    "`cubic` control points need x1 and x2 between 0 and 1 (the curve is a function of time), found "
                        + xs.map { $0.map(formatNumber) ?? "an expression" }.joined(separator: " and "),
                    body)
            }
            return .cubic(p[0], p[1], p[2], p[3])
        case .spring:
            let kv = try w.mapping(body, "`spring`", known: SpringTimingKey.names)
            func get(_ k: SpringTimingKey) -> Node? { kv.first { $0.0 == k.rawValue }?.1 }
            var v = Expr(node: .list([zero(body), zero(body)]), location: w.loc(body), text: "[0, 0]")
            if let x = get(.initialVelocity) { v = try w.expr(x, "`initialVelocity`", .point, s) }
            if let r = get(.dampingRatio) {
                if let other = get(.mass) ?? get(.stiffness) ?? get(.damping) {
                    throw err(
                        "a spring takes a `dampingRatio` or `mass`, `stiffness` and `damping`, not both (UIKit's two "
                            + "initialisers)",
                        other)
                }
                return .dampingRatio(try w.numberOrExpr(r, "`dampingRatio`", positive: true, s), initialVelocity: v)
            }
            guard let k = get(.stiffness), let c = get(.damping) else {
                throw err(
                    "a spring needs a `dampingRatio`, or a `stiffness` and a `damping` (with `mass`, default 1)", body)
            }
            let m =
                try get(.mass).map { (x) throws(Diagnostic) in try w.numberOrExpr(x, "`mass`", positive: true, s) }
                ?? Expr(node: .number(1), location: w.loc(body), text: "1")
            return .physical(
                mass: m, stiffness: try w.numberOrExpr(k, "`stiffness`", positive: true, s),
                damping: try w.numberOrExpr(c, "`damping`", positive: true, s), initialVelocity: v)
        }
    }

    /// The number 0, located at `n` (a default spring velocity's components).
    func zero(_ n: Node) -> Expr { Expr(node: .number(0), location: w.loc(n), text: "0") }

    /// The animator named by a scalar.
    mutating func animatorID(_ n: Node, _ what: String) throws(Diagnostic) -> AnimatorID {
        let name = try w.string(n, what)
        guard case .animator(let id)? = scene.names[name] else {
            throw err("unknown animator `\(name)`\(hint(name, scene.animators.map(\.name)))", n)
        }
        return id
    }

    /// The animator of an animator action (a name, or a mapping with `animator` and the action's
    /// own keys), and the other keys of the mapping.
    mutating func animatorTarget(
        _ v: Node, _ action: ActionKey, known: [String]
    ) throws(Diagnostic) -> (AnimatorID, [(String, Node)]) {
        let what = "`\(action.rawValue)`"
        guard case .mapping = v else { return (try animatorID(v, what), []) }
        let kv = try w.mapping(v, what, known: known, required: ["animator"])
        let id = try animatorID(kv.first { $0.0 == "animator" }?.1 ?? v, "`animator`")  // a required key
        return (id, kv)
    }

    /// `startAnimator: name` or `{ animator, afterDelay }`.
    mutating func startAnimator(_ v: Node, _ s: Scope) throws(Diagnostic) -> Action {
        let (id, kv) = try animatorTarget(v, .startAnimator, known: StartAnimatorKey.names)
        let delay = try kv.first { $0.0 == StartAnimatorKey.afterDelay.rawValue }.map {
            (x) throws(Diagnostic) in try w.numberOrExpr(x.1, "`afterDelay`", min: 0, s)
        }
        return .animator(id, .start(delay: delay), w.loc(v))
    }

    /// `pauseAnimator: name` or `{ animator }`.
    mutating func pauseAnimator(_ v: Node) throws(Diagnostic) -> Action {
        let (id, _) = try animatorTarget(v, .pauseAnimator, known: ["animator"])
        return .animator(id, .pause, w.loc(v))
    }

    /// `continueAnimator: name` or `{ animator, timing, durationFactor }`.
    mutating func continueAnimator(_ v: Node, _ s: Scope) throws(Diagnostic) -> Action {
        let (id, kv) = try animatorTarget(v, .continueAnimator, known: ContinueAnimatorKey.names)
        func get(_ k: ContinueAnimatorKey) -> Node? { kv.first { $0.0 == k.rawValue }?.1 }
        let t = try get(.timing).map { (x) throws(Diagnostic) in try timing(x, "`timing`", s) }
        let f = try get(.durationFactor).map { (x) throws(Diagnostic) in
            try w.numberOrExpr(x, "`durationFactor`", min: 0, s)
        }
        return .animator(id, .resume(timing: t, durationFactor: f), w.loc(v))
    }

    /// `stopAnimator: name` or `{ animator, finish }` (default `none`).
    mutating func stopAnimator(_ v: Node) throws(Diagnostic) -> Action {
        let (id, kv) = try animatorTarget(v, .stopAnimator, known: StopAnimatorKey.names)
        var finish = StopFinish.withoutFinishing
        if let f = kv.first(where: { $0.0 == StopAnimatorKey.finish.rawValue })?.1 {
            finish = try pick(f, "`finish`") { "`finish` must be \(StopFinish.alternatives), found `\($0)`" }
        }
        return .animator(id, .stop(finish), w.loc(v))
    }
}
