import Diagnostics
import Expressions
import Geometry
import SceneModel
import SceneVocabulary
import Yams

let actionKeys = ActionKey.names
let stepKeys = StepKey.names + actionKeys

@_spi(Testing) public struct SceneBuilder {
    var w: Walker
    var scene: Scene!  // set first thing in build(), before any other method runs
    var scope = Scope()
    /// Transitions' `animator` keys, resolved once the animators are known.
    var transitionAnimators: [(Int, Node)] = []
    /// The copies of each repeated view and behaviour, by the template's name.
    var repeatedViews: [String: [ViewID]] = [:]
    /// Each scroll view's `zooming`, resolved once every view and superview is known.
    var zoomings: [(view: Int, name: String, node: Node)] = []
    var repeatedBehaviors: [String: [BehaviorID]] = [:]
    var repeatedGestures: [String: [GestureID]] = [:]
    /// Gestures' `shouldBegin` and `shouldReceiveTouch`, read once the variables are known.
    var delegateNodes: [(gesture: Int, key: GestureKey, node: Node, copy: (String, Int)?)] = []
    /// When kept (the unedited load of `SceneFile.composed`): what each key of `on` built and
    /// cost, for `SceneFile.spliced`.
    var ruleMarks: [RuleMark]?
    /// When kept (as `ruleMarks`): the builder before each entry of `transitions` and
    /// `behaviors` and what the entry cost, for `SceneFile.spliced`.
    var entryMarks: [EntryMark]?

    init(walker: Walker) { w = walker }

    func err(_ m: String, _ n: Node) -> Diagnostic { w.err(m, n) }

    mutating func build(
        _ root: Node, file: String, text: String, defaultName: String, variant: String?
    ) throws(Diagnostic) -> Scene {
        let top = try topKeys(root)
        let name = try sceneName(top, defaultName: defaultName)
        scene = Scene(file: file, source: text, name: variant.map { "\(name) / \($0)" } ?? name, location: w.loc(root))
        scene.variant = variant
        try shared(top, root)
        return try own(top, root)
    }

    /// The keys of the scene's top level, its format checked first (a newer format's keys are
    /// unknown here).
    mutating func topKeys(_ root: Node) throws(Diagnostic) -> [(String, Node)] {
        try w.checkFormat(root)
        return try w.mapping(
            root, "the scene", known: TopLevelKey.names,
            required: TopLevelKey.required.map(\.rawValue))
    }

    /// `name`, or the file's name.
    mutating func sceneName(_ top: [(String, Node)], defaultName: String) throws(Diagnostic) -> String {
        guard let n = top.first(where: { $0.0 == TopLevelKey.name.rawValue })?.1 else { return defaultName }
        return try w.string(n, "`name`")
    }

    /// The keys a variant may patch without changing what `shared` builds: the script and what
    /// it checks (`SceneFile.load` builds such a variant from the main case's shared part).
    static let ownKeys = Set([TopLevelKey.script, .expect, .outcome].map { $0.rawValue })

    /// Everything but the script and what it checks: the world, views, gestures, transitions,
    /// sweep, vars, animators, behaviours and rules, in `sharedSteps` steps, from step `first`
    /// (`before` sees the builder before each). Step i reads no top-level key but its own
    /// (`firstStep`) and what the steps before it built.
    mutating func shared(
        _ top: [(String, Node)], _ root: Node, from first: Int = 0, before: ((SceneBuilder) -> Void)? = nil
    ) throws(Diagnostic) {
        func node(_ k: String) -> Node? { top.first { $0.0 == k }?.1 }
        for step in first..<Self.sharedSteps {
            before?(self)
            switch step {
            case 0: if let n = node("world") { try world(n) }
            case 1: try views(node("views") ?? root)  // a required key
            case 2: if let n = node("gestures") { try gestures(n) }
            case 3: if let n = node("transitions") { try transitions(n) }
            case 4: buildScope()
            case 5: if let n = node("sweep") { try sweep(n) }
            case 6: if let n = node("vars") { try vars(n) }
            case 7: if let n = node("animators") { try animatorNames(n) }
            case 8: try gestureDelegates()
            case 9: if let n = node("behaviors") { try behaviors(n) }
            case 10: try checkGroupsAlone()
            case 11: if let n = node("animators") { try animatorBodies(n) }
            case 12:
                for (t, x) in transitionAnimators { scene.transitions[t].animator = try animatorID(x, "`animator`") }
            default: if let n = node("on") { try rules(n) }  // `rulesStep`
            }
        }
    }

    /// The steps of `shared`.
    static let sharedSteps = 14
    /// The step that builds the rules (`on`), the last: `own` reads nothing it builds.
    static let rulesStep = sharedSteps - 1

    /// The first step of `shared` that reads top-level key `k` (`sharedSteps` for the keys of
    /// `own`); nil for a key read before `shared` (`name`, `format`) or not by the builder.
    static func firstStep(reading k: String) -> Int? { ownKeys.contains(k) ? sharedSteps : firstSteps[k] }
    static let firstSteps = [
        "world": 0, "views": 1, "gestures": 2, "transitions": 3, "sweep": 5, "vars": 6, "animators": 7, "behaviors": 9,
        "on": 13,
    ]

    /// The script, the expectations and a swept scene's `outcome` (`ownKeys`), once `shared` is built.
    mutating func own(_ top: [(String, Node)], _ root: Node) throws(Diagnostic) -> Scene {
        func node(_ k: String) -> Node? { top.first { $0.0 == k }?.1 }
        try script(node("script") ?? root)  // a required key
        if let n = node("expect") { scene.expect = try expectation(n) }
        if let n = node("outcome") {
            if scene.sweep.isEmpty { throw err("`outcome` belongs to a swept scene: add a `sweep`", n) }
            scene.outcome = try w.anyExpr(n, "`outcome`", scope).0
        }
        return scene
    }

    // MARK: world, views, gestures, transitions

    mutating func world(_ n: Node) throws(Diagnostic) {
        for (k, v) in try w.keyed(n, "`world`", WorldKey.self) {
            switch k {
            case .size:
                let s = try w.numbers(v, "`world.size`", count: 2)
                if s[0] <= 0 || s[1] <= 0 {
                    throw err("`world.size` must be positive, found [\(formatNumber(s[0])), \(formatNumber(s[1]))]", v)
                }
                scene.world.size = Vec2(s[0], s[1])
            case .frameRate:
                let f = try w.number(v, "`world.frameRate`", positive: true)
                if f > 1000 || f < 1 {
                    throw err(
                        "`world.frameRate` must be between 1 and 1000 frames per second, found \(formatNumber(f))", v)
                }
                scene.world.frameRate = f
            case .substeps:
                // Accepted and not used (the animator sub-steps at Float(1/120) s, as UIKit
                // does), but only as a number a solver could take.
                let n = try w.number(v, "`world.substeps`", positive: true)
                if n != n.rounded() || n > 1000 {
                    throw err("`world.substeps` must be a whole number from 1 to 1000, found \(formatNumber(n))", v)
                }
            case .timeout: scene.world.timeout = try w.number(v, "`world.timeout`", positive: true)
            case .rest:
                for (rk, rv) in try w.keyed(v, "`world.rest`", RestKey.self) {
                    let d = try w.number(rv, "`world.rest.\(rk.rawValue)`", min: 0)
                    switch rk {
                    case .speed: scene.world.restSpeed = d
                    case .angularSpeed: scene.world.restAngularSpeed = d
                    case .holdFor: scene.world.restFor = d
                    }
                }
            }
        }
    }

    /// `sweep`: each parameter a list of numbers or `{ from, to, steps }` (inclusive, evenly
    /// spaced); read-only numbers in every expression.
    mutating func sweep(_ n: Node) throws(Diagnostic) {
        var cases = 1.0
        for (name, v, loc) in try w.namedMapping(n, "`sweep`") {
            try reserve(name, v)
            if builtins.contains(where: { $0.name == name }) {
                throw err("`\(name)` is a function name; choose another name for the sweep parameter", v)
            }
            var values: [Double] = []
            if case .mapping = v {
                let kv = try w.mapping(
                    v, "the range of `\(name)`", known: ["from", "to", "steps"], required: ["from", "to", "steps"])
                func get(_ k: String) -> Node { kv.first { $0.0 == k }!.1 }  // required keys
                let from = try w.number(get("from"), "`from`")
                let to = try w.number(get("to"), "`to`")
                let steps = try w.number(get("steps"), "`steps`", min: 1)
                if steps != steps.rounded() {
                    throw err(
                        "`steps` is the number of values, a whole number; found \(formatNumber(steps))", get("steps"))
                }
                if steps > Double(w.limits.cases) {
                    throw err(
                        "`steps` of \(formatNumber(steps)) is more than the limit of \(w.limits.cases) cases; raise "
                            + "it with --max-cases",
                        get("steps"))
                }
                let k = Int(steps)
                if k == 1 {
                    if from != to {
                        throw err(
                            "one step cannot go from \(formatNumber(from)) to \(formatNumber(to)); give at least 2 "
                                + "steps",
                            get("steps"))
                    }
                    values = [from]
                } else {
                    // Integer weights and one division: both ends exact, the middle correctly rounded.
                    values = (0..<k).map { i in (from * Double(k - 1 - i) + to * Double(i)) / Double(k - 1) }
                }
            } else {
                let items = try w.sequence(v, "`sweep.\(name)`")
                if items.isEmpty { throw err("`sweep.\(name)` needs at least one value", v) }
                for i in items { values.append(try w.number(i, "a value of `\(name)`")) }
            }
            cases *= Double(values.count)
            if cases > Double(w.limits.cases) {
                throw err(
                    "the sweep makes \(formatNumber(cases)) cases or more, more than the limit of "
                        + "\(w.limits.cases); raise it with --max-cases",
                    n)
            }
            scene.names[name] = .parameter(scene.sweep.count)
            scene.sweep.append(SweepParameter(name: name, values: values, location: loc))
            scope.add(name, .value(.number))
            scene.scope = scope
        }
        if scene.sweep.isEmpty { throw err("`sweep` needs at least one parameter", n) }
        try w.spend(Int(cases) * Walker.sweptCaseWork, n)
    }

    /// `vars`: each a name and an initial value whose type fixes the variable's type; an initial
    /// expression may read the scene's initial state and the variables declared before it.
    mutating func vars(_ n: Node) throws(Diagnostic) {
        for (name, v, loc) in try w.namedMapping(n, "`vars`") {
            try reserve(name, v)
            if builtins.contains(where: { $0.name == name }) {
                throw err("`\(name)` is a function name; choose another name for the variable", v)
            }
            let (e, t) = try w.anyExpr(v, "the initial value of `\(name)`", scope)
            scene.names[name] = .variable(VariableID(scene.vars.count))
            scene.vars.append(VariableSpec(name: name, location: loc, initial: e, type: t))
            scope.add(name, .value(t))
            scene.scope = scope
        }
    }

    func hint(_ s: String, _ names: [String]) -> String {
        closestMatch(to: s, in: names).map { "; did you mean `\($0)`?" } ?? ""
    }

    mutating func reserve(_ name: String, _ n: Node) throws(Diagnostic) {
        if BuiltinName(rawValue: name) != nil || name == "true" || name == "false" {
            throw err("`\(name)` is a reserved name in expressions; choose another name", n)
        }
        if scene.names[name] != nil || repeatedViews[name] != nil || repeatedBehaviors[name] != nil
            || repeatedGestures[name] != nil
        {
            throw err("the name `\(name)` is already used by another view, gesture, transition or variable", n)
        }
    }

    /// The view named by the scalar `n`.
    mutating func viewID(_ n: Node, _ what: String) throws(Diagnostic) -> ViewID {
        let name = try reference(try w.string(n, what), n)
        guard case .view(let id)? = scene.names[name] else {
            throw err(unknownView(name), n)
        }
        return id
    }

    /// The view named by the scalar `n`, which a behaviour, a group or `velocity` moves (`checkItem`).
    mutating func itemID(_ n: Node, _ what: String) throws(Diagnostic) -> ViewID {
        let id = try viewID(n, what)
        try checkItem(id, n)
        return id
    }

    /// A value of a vocabulary enum, or an error built by `message` from what was found, with a
    /// did-you-mean.
    mutating func pick<E: VocabularyName>(
        _ n: Node, _ what: String, _ message: (String) -> String
    ) throws(Diagnostic) -> E {
        let s = try w.string(n, what)
        guard let v = E(rawValue: s) else { throw err(message(s) + hint(s, E.names), n) }
        return v
    }

    mutating func transitions(_ n: Node) throws(Diagnostic) {
        let entries = try w.namedMapping(n, "`transitions`")
        for (name, v, loc) in entries {
            let before = entries.count <= EntryMark.most ? marked() : nil
            try transition(name, v, loc)
            if let before {
                entryMarks?.append(
                    EntryMark(
                        step: .transitions, key: name, loc: loc, index: scene.transitions.count - 1, before: before,
                        end: (w.work, w.visited)))
            }
        }
    }

    /// One entry of `transitions`.
    mutating func transition(_ name: String, _ v: Node, _ loc: SourceLocation) throws(Diagnostic) {
        try reserve(name, v)
        let kv = try w.keyed(v, "transition `\(name)`", TransitionKey.self, required: [.kind])
        var t = TransitionSpec(name: name, location: loc, kind: .present)
        for (k, x) in kv {
            switch k {
            case .kind:
                t.kind = try pick(x, "`kind`") {
                    "transition `kind` must be \(TransitionKind.alternatives), found `\($0)`"
                }
            case .from: t.from = try viewID(x, "`from`")
            case .to: t.to = try viewID(x, "`to`")
            case .finalFrame:
                let e = try w.expr(x, "`finalFrame`", .rect, Scope([("world", SceneBuilder.worldSchema)]))
                if case .list(let items) = e.node, items.count == 4, case .number(let width) = items[2].node,
                    case .number(let height) = items[3].node, !(width > 0 && height > 0)
                {
                    throw err(
                        "`finalFrame` must have a positive width and height, found "
                            + "\(formatNumber(width)) × \(formatNumber(height))", x)
                }
                t.finalFrame = e
            case .duration: t.duration = try w.number(x, "`duration`", min: 0)
            case .animator: transitionAnimators.append((scene.transitions.count, x))
            case .initial:
                let st = try w.string(x, "`initial`")
                guard st == "idle" || st == "completed" else {
                    throw err(
                        "a transition's `initial` state is idle or completed, found "
                            + "`\(st)`\(hint(st, ["idle", "completed"]))",
                        x)
                }
                t.initiallyCompleted = st == "completed"
            case .interactive:
                t.interactive = try pick(x, "`interactive`") {
                    "`interactive` must be \(InteractionKind.alternatives), found `\($0)`"
                }
            case .completionSpeed: t.completionSpeed = try w.number(x, "`completionSpeed`", positive: true)
            case .completionCurve:
                t.completionCurve = try pick(x, "`completionCurve`") { "unknown curve `\($0)`" }
            case .animations:
                for (side, props) in try w.mapping(x, "`animations`", known: ["from", "to"]) {
                    for (prop, pv) in try w.mapping(
                        props, "`animations.\(side)`", known: TransitionAnimation.Property.allCases.map(\.rawValue))
                    {
                        let pair = try w.sequence(pv, "`\(prop)`")
                        guard pair.count == 2 else { throw err("`\(prop)` needs [from, to]", pv) }
                        var a: [Double] = []
                        var b: [Double] = []
                        if prop == "translate" {
                            a = try w.numbers(pair[0], "`translate` from", count: 2);
                            b = try w.numbers(pair[1], "`translate` to", count: 2)
                        } else {
                            a = [try w.number(pair[0], "`\(prop)` from")]
                            b = [try w.number(pair[1], "`\(prop)` to")]
                        }
                        // `prop` is a known key of the mapping above.
                        guard let property = TransitionAnimation.Property(rawValue: prop) else { continue }
                        t.animations.append(
                            TransitionAnimation(onFrom: side == "from", property: property, from: a, to: b))
                    }
                }
            }
        }
        scene.names[name] = .transition(TransitionID(scene.transitions.count))
        scene.transitions.append(t)
    }

    /// A copy of this builder to keep in an `EntryMark` (nil when marks are not kept).
    func marked() -> SceneBuilder? {
        guard entryMarks != nil else { return nil }
        var b = self
        b.entryMarks = nil
        b.ruleMarks = nil
        return b
    }

    // MARK: scope

    /// An object schema of a member table of the vocabulary.
    static func schema<M: VocabularyName>(_ m: M.Type, _ type: (M) -> ValueType) -> NameSchema {
        .object(M.allCases.map { ($0.rawValue, NameSchema.value(type($0))) })
    }
    static let worldSchema = schema(WorldMember.self, \.type)
    /// `gesture`, the current gesture of any kind: the members a pan has.
    static let gestureSchema = NameSchema.object(GestureMember.ofCurrentGesture.map { ($0.rawValue, .value($0.type)) })
    /// A named gesture: the members its kind has.
    static func gestureSchema(_ kind: GestureKind) -> NameSchema {
        .object(kind.members.compactMap { m in kind.type(of: m).map { (m.rawValue, NameSchema.value($0)) } })
    }
    /// A view's members, and `presentation` with the same members as the screen shows them.
    static let viewSchema: NameSchema = viewSchema(scroll: false)
    static let scrollViewSchema: NameSchema = viewSchema(scroll: true)
    /// A view's members; a scroll view's add `contentOffset`, `isDragging` and `isDecelerating`.
    static func viewSchema(scroll: Bool) -> NameSchema {
        // A dotted member (`contentInset.top`) is a member of an object (`contentInset`).
        func tree(_ ms: [ViewMember]) -> [(String, NameSchema)] {
            var out: [(String, NameSchema)] = []
            for m in ms {
                let parts = m.rawValue.split(separator: ".").map(String.init)
                guard parts.count == 2 else {
                    out.append((m.rawValue, .value(m.type)))
                    continue
                }
                let leaf = (parts[1], NameSchema.value(m.type))
                if let i = out.firstIndex(where: { $0.0 == parts[0] }), case .object(let inner) = out[i].1 {
                    out[i].1 = .object(inner + [leaf])
                } else {
                    out.append((parts[0], .object([leaf])))
                }
            }
            return out
        }
        let members = tree(ViewMember.allCases.filter { !$0.ofScrollViewOnly })
        // A scroll view's presentation has the offset the screen shows, too.
        let shown = scroll ? members + [(ViewMember.contentOffset.rawValue, .value(.point))] : members
        return .object(
            (scroll ? tree(Array(ViewMember.allCases)) : members) + [(ViewMember.presentation, .object(shown))])
    }
    static let transitionSchema = schema(TransitionMember.self, \.type)
    @_spi(Testing) public static let contactSchema = schema(ContactMember.self, \.type)

    /// The scope of the scene's expressions, from the vocabulary's member tables: the built-in
    /// names, then the scene's views, gestures and transitions (variables are added as declared).
    mutating func buildScope() {
        var s = Scope()
        for b in BuiltinName.allCases {
            switch b {
            case .world: s.add("world", SceneBuilder.worldSchema)
            case .gesture: s.add("gesture", SceneBuilder.gestureSchema)
            case .touch, .translation, .velocity: s.add(b.rawValue, .value(.point))
            case .time, .elapsed, .pi: s.add(b.rawValue, .value(.number))
            case .finalFrame, .initialFrame: s.add(b.rawValue, .value(.rect))
            case .contact: break  // inside contact rules only
            case .position: break  // inside animators' completions only
            }
        }
        for v in scene.views {
            s.add(v.name, v.scroll == nil ? SceneBuilder.viewSchema : SceneBuilder.scrollViewSchema)
        }
        s.views = scene.views.filter { !$0.isGroup }.map(\.name)
        for g in scene.gestures { s.add(g.name, SceneBuilder.gestureSchema(g.kind)) }
        for t in scene.transitions { s.add(t.name, SceneBuilder.transitionSchema) }
        for (name, copies) in repeatedViews {
            s.hints[name] = "`\(name)` is repeated: name a copy, `\(name)[0]` … `\(name)[\(copies.count - 1)]`"
            s.copies[name] = copies.count
        }
        for (name, copies) in repeatedGestures {
            s.hints[name] = "`\(name)` is repeated: name a copy, `\(name)[0]` … `\(name)[\(copies.count - 1)]`"
            s.copies[name] = copies.count
        }
        if !repeatedViews.isEmpty || !repeatedGestures.isEmpty {
            s.hints["i"] =
                "`i` is the index of a copy, known inside a repeated view, behaviour or gesture "
                + "and in a `[*]` rule only"
        }
        scope = s
        scene.scope = s
    }

    var contactScope: Scope { scope.adding("contact", SceneBuilder.contactSchema) }
}
