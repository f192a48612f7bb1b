import Diagnostics
import Expressions
import Geometry
import SceneModel
import Yams

/// The keys of each behaviour kind.
let behaviorKinds: [String: [String]] = [
    "gravity": ["items", "magnitude", "angle", "direction"],
    "collision": ["items", "mode", "referenceBounds", "boundaries"],
    "attachment": ["item", "anchor", "to", "offset", "toOffset", "length", "frequency", "damping", "kind", "axis", "range", "frictionTorque"],
    "snap": ["item", "to", "damping"],
    "push": ["items", "mode", "angle", "magnitude", "direction", "offset", "active"],
    "item": ["items", "elasticity", "friction", "density", "resistance", "angularResistance", "allowsRotation", "anchored", "charge", "linearVelocity", "angularVelocity"],
    "field": ["kind", "items", "position", "strength", "region", "falloff", "minimumRadius", "direction", "smoothness", "animationSpeed"],
]
let behaviorKindOrder = ["gravity", "collision", "attachment", "snap", "push", "item", "field", "children"]
let actionKeys = ["if", "then", "else", "add", "remove", "set", "animate", "start", "progress", "finish", "cancel", "complete", "velocity", "haptic", "removeView", "log"]
let stepKeys = ["pan", "flick", "wait", "waitFor", "timeout", "expect"] + actionKeys
let viewProperties: [String: ValueType] = ["x": .number, "y": .number, "width": .number, "height": .number, "alpha": .number,
                                           "rotation": .number, "center": .point, "frame": .rect, "size": .point]
let behaviorProperties: [String: ValueType] = ["anchor": .point, "length": .number, "frequency": .number, "damping": .number,
                                               "to": .point, "active": .bool, "magnitude": .number, "angle": .number,
                                               "direction": .point, "offset": .point, "linearVelocity": .point,
                                               "angularVelocity": .number, "elasticity": .number, "friction": .number,
                                               "density": .number, "resistance": .number, "angularResistance": .number,
                                               "allowsRotation": .bool, "anchored": .bool, "charge": .number]
let hapticStyles = ["light", "medium", "heavy", "soft", "rigid"]
let curveNames = ["linear", "easeIn", "easeOut", "easeInOut"]

struct SceneBuilder {
    var w: Walker
    var scene: Scene!
    var scope = Scope()

    init(walker: Walker) { w = walker }

    func err(_ m: String, _ n: Node) -> Diagnostic { w.err(m, n) }

    mutating func build(_ root: Node, file: String, text: String, defaultName: String, variant: String?) throws(Diagnostic) -> Scene {
        let top = try w.mapping(root, "the scene", known: ["name", "world", "views", "behaviors", "transitions", "gestures", "on", "script", "expect", "variants"],
                                required: ["views", "script"])
        func node(_ k: String) -> Node? { top.first { $0.0 == k }?.1 }
        var name = defaultName
        if let n = node("name") { name = try w.string(n, "`name`") }
        scene = Scene(file: file, source: text, name: variant.map { "\(name) / \($0)" } ?? name, location: w.loc(root))
        scene.variant = variant
        if let n = node("world") { try world(n) }
        try views(node("views")!)
        if let n = node("gestures") { try gestures(n) }
        if let n = node("transitions") { try transitions(n) }
        buildScope()
        if let n = node("behaviors") { try behaviors(n) }
        if let n = node("on") { try rules(n) }
        try script(node("script")!)
        if let n = node("expect") { scene.expect = try expectation(n) }
        return scene
    }

    // MARK: world, views, gestures, transitions

    mutating func world(_ n: Node) throws(Diagnostic) {
        for (k, v) in try w.mapping(n, "`world`", known: ["size", "frameRate", "substeps", "timeout", "rest"]) {
            switch k {
            case "size":
                let s = try w.numbers(v, "`world.size`", count: 2)
                if s[0] <= 0 || s[1] <= 0 { throw err("`world.size` must be positive, found [\(formatNumber(s[0])), \(formatNumber(s[1]))]", v) }
                scene.world.size = Vec2(s[0], s[1])
            case "frameRate":
                let f = try w.number(v, "`world.frameRate`", positive: true)
                if f > 1000 || f < 1 { throw err("`world.frameRate` must be between 1 and 1000 frames per second, found \(formatNumber(f))", v) }
                scene.world.frameRate = f
            case "substeps": _ = try w.number(v, "`world.substeps`", positive: true)
            case "timeout": scene.world.timeout = try w.number(v, "`world.timeout`", positive: true)
            case "rest":
                for (rk, rv) in try w.mapping(v, "`world.rest`", known: ["speed", "angularSpeed", "for"]) {
                    let d = try w.number(rv, "`world.rest.\(rk)`", min: 0)
                    if rk == "speed" { scene.world.restSpeed = d } else if rk == "angularSpeed" { scene.world.restAngularSpeed = d } else { scene.world.restFor = d }
                }
            default: break
            }
        }
    }

    mutating func views(_ n: Node) throws(Diagnostic) {
        let entries = try w.namedMapping(n, "`views`")
        if entries.isEmpty { throw err("`views` needs at least one view", n) }
        if entries.count > w.limits.views { throw err("\(entries.count) views, more than the limit of \(w.limits.views); raise it with --max-views", n) }
        for (name, v, loc) in entries {
            try reserve(name, v)
            let kv = try w.mapping(v, "view `\(name)`", known: ["frame", "center", "size", "rotation", "alpha", "hidden", "collisionBounds", "superview"])
            func get(_ k: String) -> Node? { kv.first { $0.0 == k }?.1 }
            var frame: Rect
            if let f = get("frame") {
                if get("center") != nil || get("size") != nil { throw err("view `\(name)`: give either `frame` or `center` with `size`, not both", f) }
                let r = try w.numbers(f, "`frame` of `\(name)`", count: 4)
                frame = Rect(x: r[0], y: r[1], width: r[2], height: r[3])
            } else if let c = get("center"), let s = get("size") {
                let cc = try w.numbers(c, "`center` of `\(name)`", count: 2), ss = try w.numbers(s, "`size` of `\(name)`", count: 2)
                frame = Rect(center: Vec2(cc[0], cc[1]), size: Vec2(ss[0], ss[1]))
            } else {
                throw err("view `\(name)` needs a `frame` [x, y, w, h] or a `center` and a `size`", v)
            }
            if frame.size.x <= 0 || frame.size.y <= 0 {
                throw err("view `\(name)` must have a positive size, found \(formatNumber(frame.size.x)) × \(formatNumber(frame.size.y))", get("frame") ?? get("size") ?? v)
            }
            var spec = ViewSpec(name: name, location: loc, frame: frame)
            if let r = get("rotation") { spec.rotation = try w.number(r, "`rotation` of `\(name)`") }
            if let a = get("alpha") {
                spec.alpha = try w.number(a, "`alpha` of `\(name)`")
                if spec.alpha < 0 || spec.alpha > 1 { throw err("`alpha` of `\(name)` must be between 0 and 1, found \(formatNumber(spec.alpha))", a) }
            }
            if let h = get("hidden") { spec.hidden = try w.bool(h, "`hidden` of `\(name)`") }
            if let s = get("superview") { spec.superview = try w.string(s, "`superview` of `\(name)`") }
            if let cb = get("collisionBounds") { spec.collisionBounds = try collisionBounds(cb, name) }
            scene.views.append(spec)
        }
        for v in scene.views {
            if let s = v.superview, !scene.views.contains(where: { $0.name == s }) {
                throw Diagnostic("unknown view `\(s)` as the superview of `\(v.name)`\(hint(s, scene.views.map(\.name)))", at: v.location)
            }
            // A view cannot contain itself, directly or through a chain of superviews.
            var chain = [v.name], next = v.superview
            while let s = next {
                if s == v.name {
                    let how = chain.count == 1 ? "is its own superview" : "is its own superview through \(chain.dropFirst().map { "`\($0)`" }.joined(separator: " → "))"
                    throw Diagnostic("view `\(v.name)` \(how)", at: v.location)
                }
                if chain.count > scene.views.count { break }   // a cycle not through `v`: reported at its own views
                chain.append(s)
                next = scene.views.first { $0.name == s }?.superview
            }
        }
    }

    func hint(_ s: String, _ names: [String]) -> String { closestMatch(to: s, in: names).map { "; did you mean `\($0)`?" } ?? "" }

    mutating func reserve(_ name: String, _ n: Node) throws(Diagnostic) {
        let reserved = ["world", "gesture", "touch", "translation", "velocity", "time", "elapsed", "contact", "finalFrame", "initialFrame", "pi", "true", "false"]
        if reserved.contains(name) { throw err("`\(name)` is a reserved name in expressions; choose another name", n) }
        let used = scene.views.map(\.name) + scene.gestures.map(\.name) + scene.transitions.map(\.name)
        if used.contains(name) { throw err("the name `\(name)` is already used by another view, gesture or transition", n) }
    }

    mutating func collisionBounds(_ n: Node, _ view: String) throws(Diagnostic) -> CollisionBoundsSpec {
        if case .scalar(let s) = n {
            switch s.string {
            case "rectangle": return .rectangle
            case "ellipse": return .ellipse
            default: throw err("`collisionBounds` of `\(view)` must be rectangle, ellipse or { path: [[x, y], …] }, found `\(s.string)`", n)
            }
        }
        let kv = try w.mapping(n, "`collisionBounds` of `\(view)`", known: ["path"], required: ["path"])
        let pts = try w.sequence(kv[0].1, "`collisionBounds.path`")
        var ps: [Vec2] = []
        for p in pts { let c = try w.numbers(p, "a point of the path", count: 2); ps.append(Vec2(c[0], c[1])) }
        try checkConvex(ps, kv[0].1)
        return .path(ps)
    }

    /// A collision path must be convex, simple and not degenerate, with 3 to 8 vertices.
    func checkConvex(_ ps: [Vec2], _ n: Node) throws(Diagnostic) {
        if ps.count < 3 { throw err("a collision path needs at least 3 points, found \(ps.count)", n) }
        if ps.count > 8 { throw err("a collision path may have at most 8 points (Box2D's polygon limit), found \(ps.count)", n) }
        var sign = 0.0
        var area = 0.0
        for i in 0..<ps.count {
            let a = ps[i], b = ps[(i + 1) % ps.count], c = ps[(i + 2) % ps.count]
            area += cross(a, b)
            let z = cross(b - a, c - b)
            if Swift.abs(z) < 1e-9 { throw err("the collision path is degenerate: points \(i + 1)…\((i + 2) % ps.count + 1) are collinear or repeated", n) }
            if sign == 0 { sign = z } else if (z > 0) != (sign > 0) { throw err("the collision path must be convex; it turns the other way at point \((i + 1) % ps.count + 1)", n) }
        }
        // A convex turn sequence can still wind twice (a star): the total turning must be one turn.
        var turning = 0.0
        for i in 0..<ps.count {
            let a = ps[i], b = ps[(i + 1) % ps.count], c = ps[(i + 2) % ps.count]
            let d1 = b - a, d2 = c - b
            turning += Elementary.atan2(cross(d1, d2), dot(d1, d2))
        }
        if Swift.abs(Swift.abs(turning) - 2 * Double.pi) > 1e-6 { throw err("the collision path intersects itself", n) }
        if Swift.abs(area) < 1e-9 { throw err("the collision path has no area", n) }
    }

    mutating func gestures(_ n: Node) throws(Diagnostic) {
        for (name, v, loc) in try w.namedMapping(n, "`gestures`") {
            try reserve(name, v)
            let kv = try w.mapping(v, "gesture `\(name)`", known: ["pan", "screenEdgePan"])
            guard kv.count == 1 else { throw err("gesture `\(name)` needs exactly one kind: pan or screenEdgePan", v) }
            let edge = kv[0].0 == "screenEdgePan"
            let body = try w.mapping(kv[0].1, "`\(kv[0].0)` of `\(name)`", known: edge ? ["in", "edges", "minimumDistance"] : ["in", "minimumDistance"], required: ["in"])
            var view = "", minDist = edge ? 15.0 : 10.0, edges: [String] = edge ? ["left"] : []
            for (k, x) in body {
                switch k {
                case "in":
                    view = try w.string(x, "`in`")
                    if !scene.views.contains(where: { $0.name == view }) { throw err("unknown view `\(view)`\(hint(view, scene.views.map(\.name)))", x) }
                case "minimumDistance": minDist = try w.number(x, "`minimumDistance`", min: 0)
                case "edges":
                    edges = try w.names(x, "`edges`")
                    for e in edges where !["left", "right", "top", "bottom"].contains(e) { throw err("unknown edge `\(e)`; edges are left, right, top, bottom", x) }
                default: break
                }
            }
            scene.gestures.append(GestureSpec(name: name, location: loc, view: view, screenEdge: edge, minimumDistance: minDist, edges: edges))
        }
    }

    mutating func transitions(_ n: Node) throws(Diagnostic) {
        for (name, v, loc) in try w.namedMapping(n, "`transitions`") {
            try reserve(name, v)
            let kv = try w.mapping(v, "transition `\(name)`", known: ["kind", "from", "to", "finalFrame", "duration", "interactive", "completionSpeed", "completionCurve", "animations"], required: ["kind"])
            var t = TransitionSpec(name: name, location: loc, presenting: true)
            for (k, x) in kv {
                switch k {
                case "kind":
                    let s = try w.string(x, "`kind`")
                    guard s == "present" || s == "dismiss" else { throw err("transition `kind` must be present or dismiss, found `\(s)`", x) }
                    t.presenting = s == "present"
                case "from", "to":
                    let s = try w.string(x, "`\(k)`")
                    if !scene.views.contains(where: { $0.name == s }) { throw err("unknown view `\(s)`\(hint(s, scene.views.map(\.name)))", x) }
                    if k == "from" { t.from = s } else { t.to = s }
                case "finalFrame": t.finalFrame = try w.expr(x, "`finalFrame`", .rect, Scope([("world", worldSchema)]))
                case "duration": t.duration = try w.number(x, "`duration`", min: 0)
                case "interactive":
                    let s = try w.string(x, "`interactive`")
                    guard s == "custom" || s == "percentDriven" else { throw err("`interactive` must be custom or percentDriven, found `\(s)`", x) }
                    t.percentDriven = s == "percentDriven"
                case "completionSpeed": t.completionSpeed = try w.number(x, "`completionSpeed`", positive: true)
                case "completionCurve":
                    t.completionCurve = try w.string(x, "`completionCurve`")
                    if !curveNames.contains(t.completionCurve) { throw err("unknown curve `\(t.completionCurve)`\(hint(t.completionCurve, curveNames))", x) }
                case "animations":
                    for (side, props) in try w.mapping(x, "`animations`", known: ["from", "to"]) {
                        for (prop, pv) in try w.mapping(props, "`animations.\(side)`", known: ["scale", "translate", "alpha"]) {
                            let pair = try w.sequence(pv, "`\(prop)`")
                            guard pair.count == 2 else { throw err("`\(prop)` needs [from, to]", pv) }
                            var a: [Double] = [], b: [Double] = []
                            if prop == "translate" {
                                a = try w.numbers(pair[0], "`translate` from", count: 2); b = try w.numbers(pair[1], "`translate` to", count: 2)
                            } else {
                                a = [try w.number(pair[0], "`\(prop)` from")]; b = [try w.number(pair[1], "`\(prop)` to")]
                            }
                            t.animations.append((view: side, property: prop, from: a, to: b))
                        }
                    }
                default: break
                }
            }
            scene.transitions.append(t)
        }
    }

    // MARK: scope

    var worldSchema: NameSchema {
        .object([("bounds", .value(.rect)), ("width", .value(.number)), ("height", .value(.number)), ("center", .value(.point)), ("size", .value(.point))])
    }

    static let gestureSchema = NameSchema.object([("location", .value(.point)), ("locationInView", .value(.point)), ("translation", .value(.point)),
                                                  ("velocity", .value(.point)), ("state", .value(.string))])

    mutating func buildScope() {
        var s = Scope()
        s.add("world", worldSchema)
        let viewSchema = NameSchema.object([
            ("center", .value(.point)), ("x", .value(.number)), ("y", .value(.number)), ("width", .value(.number)), ("height", .value(.number)),
            ("frame", .value(.rect)), ("minX", .value(.number)), ("midX", .value(.number)), ("maxX", .value(.number)), ("minY", .value(.number)),
            ("midY", .value(.number)), ("maxY", .value(.number)), ("rotation", .value(.number)), ("alpha", .value(.number)),
            ("velocity", .value(.point)), ("speed", .value(.number)), ("angularVelocity", .value(.number)), ("resting", .value(.bool)),
            ("removed", .value(.bool)), ("size", .value(.point)),
        ])
        for v in scene.views { s.add(v.name, viewSchema) }
        s.add("gesture", SceneBuilder.gestureSchema)
        for g in scene.gestures { s.add(g.name, SceneBuilder.gestureSchema) }
        s.add("touch", .value(.point))
        s.add("translation", .value(.point))
        s.add("velocity", .value(.point))
        s.add("time", .value(.number))
        s.add("elapsed", .value(.number))
        for t in scene.transitions { s.add(t.name, .object([("progress", .value(.number)), ("state", .value(.string))])) }
        s.add("finalFrame", .value(.rect))
        s.add("initialFrame", .value(.rect))
        scope = s
        scene.scope = s
    }

    var contactScope: Scope {
        scope.adding("contact", .object([("point", .value(.point)), ("boundary", .value(.string)), ("item", .value(.string)), ("otherItem", .value(.string))]))
    }
}
