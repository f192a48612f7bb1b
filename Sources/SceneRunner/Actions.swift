import Diagnostics
import Dynamics
import Expectations
import Expressions
import Geometry
import Interaction
import SceneModel
import UIDynamics

extension Run {
    // MARK: evaluation

    func snapshot() -> Snapshot {
        let vs = views.enumerated().map { (i, v) in
            ViewState(name: v.spec.name, frame: v.frame, rotation: v.rotation, alpha: v.alpha,
                      velocity: animator.linearVelocity(of: i), angularVelocity: animator.angularVelocity(of: i),
                      resting: animator.isResting(i), removed: v.removed)
        }
        let ts = scene.transitions.enumerated().map { (i, t) in (name: t.name, state: transitions[i].state.rawValue, progress: transitions[i].progress) }
        let gs = scene.gestures.enumerated().map { (i, g) -> GestureSnapshot in
            let r = recognizers[i]
            let viewFrame = views[scene.views.firstIndex { $0.name == g.view }!].frame
            return GestureSnapshot(name: g.name, state: r.state.rawValue, location: r.location, locationInView: r.location - viewFrame.origin,
                                   translation: r.translation, velocity: r.velocity)
        }
        let frames = currentTransition.map { transitionFrames[$0] } ?? (Rect(origin: .zero, size: scene.world.size), Rect(origin: .zero, size: scene.world.size))
        return Snapshot(time: time, elapsed: animator.elapsedTime, paused: !animator.isRunning, lastPause: lastPause, worldSize: scene.world.size,
                        views: vs, transitions: ts, gestures: gs, currentGesture: currentGesture.map { scene.gestures[$0].name },
                        contact: currentContact, initialFrame: frames.0, finalFrame: frames.1, events: eventCounts)
    }

    func eval(_ e: Expr, scope: Scope? = nil) throws -> Value {
        do { return try evaluate(e, snapshot(), scope: scope ?? scene.scope) } catch {
            var d = error
            d.message += " (at tick \(tickCount), \(timeText(time)))"
            throw Abort(diagnostic: d)
        }
    }
    func evalNumber(_ e: Expr, scope: Scope? = nil) throws -> Double { try eval(e, scope: scope).number ?? 0 }
    func evalPoint(_ e: Expr, scope: Scope? = nil) throws -> Vec2 { try eval(e, scope: scope).point ?? .zero }
    func evalBool(_ e: Expr, scope: Scope? = nil) throws -> Bool { try eval(e, scope: scope).bool ?? false }

    // MARK: actions

    func runAction(_ a: Action, scope: Scope) throws {
        actionBudget += 1
        if actionBudget > limits.actionsPerTick {
            throw Abort(diagnostic: Diagnostic("more than \(limits.actionsPerTick) actions in one tick: do rules trigger each other in a loop?", at: scene.location))
        }
        switch a {
        case .branch(let c, let then, let otherwise):
            for x in try evalBool(c, scope: scope) ? then : otherwise { try runAction(x, scope: scope) }
        case .add(let names, _):
            for n in names { try addBehavior(scene.behaviors.firstIndex { $0.name == n }!, scope: scope) }
        case .remove(let names, _):
            if let names {
                for n in names { removeBehavior(scene.behaviors.firstIndex { $0.name == n }!) }
            } else {
                for i in scene.behaviors.indices { removeBehavior(i) }
                animator.removeAllBehaviors()
            }
        case .set(let targets):
            for t in targets { try set(t, scope: scope) }
        case .animate(let spec):
            let duration = try evalNumber(spec.duration, scope: scope)
            let delay = try spec.delay.map { try evalNumber($0, scope: scope) } ?? 0
            if duration < 0 || delay < 0 {
                throw Abort(diagnostic: Diagnostic("an animation's duration and delay must not be negative", at: spec.location))
            }
            var spring: Spring?
            if let d = spec.springDamping {
                let ratio = try evalNumber(d, scope: scope)
                if ratio <= 0 { throw Abort(diagnostic: Diagnostic("a spring's damping ratio must be positive, got \(formatNumber(ratio))", at: d.location)) }
                spring = Spring(duration: Swift.max(duration, 1e-3), dampingRatio: ratio,
                                initialVelocity: try spec.springVelocity.map { try evalNumber($0, scope: scope) } ?? 0)
            }
            var touched: [Int] = []
            var before: [Int: (Rect, Double)] = [:]
            for t in spec.sets {
                let i = scene.views.firstIndex { $0.name == t.object }!
                if !touched.contains(i) { touched.append(i); before[i] = presentation(i) }
                try set(t, scope: scope)
            }
            for i in touched where !animator.isDynamic(i) {
                let (f, a) = before[i]!
                let props = spec.sets.filter { $0.object == scene.views[i].name }.map(\.property)
                for animatesFrame in [true, false] where props.contains(where: { ($0 == "alpha") != animatesFrame }) {
                    animations.append(ViewAnimation(view: i, animatesFrame: animatesFrame, start: time + delay, duration: duration,
                                                    curve: TimingCurve.named(spec.curve) ?? .easeInOut, spring: spring,
                                                    fromFrame: f, toFrame: views[i].frame, fromAlpha: a, toAlpha: views[i].alpha))
                }
            }
            note("animate \(spec.sets.map { "\($0.object).\($0.property)" }.joined(separator: ", ")) over \(formatNumber(duration)) s\(spring == nil ? " (\(spec.curve))" : " (spring)")")
        case .start(let name, _):
            let i = scene.transitions.firstIndex { $0.name == name }!
            if transitions[i].state == .interactive || transitions[i].state == .finishing || transitions[i].state == .cancelling { return }
            transitions[i].start()
            currentTransition = i
            let spec = scene.transitions[i]
            let bounds = Rect(origin: .zero, size: scene.world.size)
            let toFrame = spec.to.map { n in views[scene.views.firstIndex { $0.name == n }!].frame } ?? bounds
            let final = try spec.finalFrame.map { try eval($0, scope: scope).rect ?? bounds } ?? bounds
            transitionFrames[i] = (toFrame, final)
            for side in [spec.from, spec.to] { if let n = side, let vi = scene.views.firstIndex(where: { $0.name == n }) { transitionBase[vi] = views[vi].frame } }
            note("\(name) started")
        case .progress(let e):
            guard let i = currentTransition else { return }
            transitions[i].update(try evalNumber(e, scope: scope))
            applyTransitionAnimations(i)
        case .finish:
            guard let i = currentTransition, transitions[i].state == .interactive else { return }
            if scene.transitions[i].percentDriven { transitions[i].finish(at: time) } else { transitions[i].complete(true); pendingTransitionEnded.append(i) }
        case .cancel:
            guard let i = currentTransition, transitions[i].state == .interactive else { return }
            if scene.transitions[i].percentDriven { transitions[i].cancel(at: time) } else { transitions[i].complete(false); pendingTransitionEnded.append(i) }
        case .complete(let e):
            guard let i = currentTransition, transitions[i].state != .completed && transitions[i].state != .cancelled && transitions[i].state != .idle else { return }
            transitions[i].complete(try evalBool(e, scope: scope))
            pendingTransitionEnded.append(i)
        case .velocity(let item, let linear, let angular, let loc):
            let id = scene.views.firstIndex { $0.name == item }!
            if let l = linear {
                let v = try evalPoint(l, scope: scope)
                // The sum may overflow even when each value is finite: refuse it, do not pass inf on.
                let total = animator.linearVelocity(of: id) + v
                guard total.isFinite else {
                    throw Abort(diagnostic: Diagnostic("adding `\(l.text)` to the velocity of `\(item)` overflows (the result is not a finite number)", at: loc))
                }
                animator.addLinearVelocity(v, to: id)
            }
            if let w = angular {
                let a = try evalNumber(w, scope: scope)
                guard (animator.angularVelocity(of: id) + a).isFinite else {
                    throw Abort(diagnostic: Diagnostic("adding `\(w.text)` to the angular velocity of `\(item)` overflows (the result is not a finite number)", at: loc))
                }
                animator.addAngularVelocity(a, to: id)
            }
        case .haptic(let style, _):
            count("haptic"); count(style)
            note("haptic \(style)")
        case .removeView(let name, _):
            let id = scene.views.firstIndex { $0.name == name }!
            views[id].removed = true
            for i in scene.behaviors.indices where scene.behaviors[i].kind.items.contains(name) { removeBehavior(i) }
            note("\(name) removed")
        case .log(let e):
            count("log")
            note("log \(e.text) = \(try eval(e, scope: scope))")
        }
    }

    func set(_ t: SetTarget, scope: Scope) throws {
        let v = try eval(t.value, scope: scope)
        if t.isView {
            let i = scene.views.firstIndex { $0.name == t.object }!
            var f = views[i].frame
            switch t.property {
            case "x": f.origin.x = v.number!
            case "y": f.origin.y = v.number!
            case "width": f = Rect(center: f.center, size: Vec2(v.number!, f.size.y))
            case "height": f = Rect(center: f.center, size: Vec2(f.size.x, v.number!))
            case "size": f = Rect(center: f.center, size: v.point!)
            case "center": f = Rect(center: v.point!, size: f.size)
            case "frame": f = v.rect!
            case "alpha":
                if !(0...1).contains(v.number!) {
                    throw Abort(diagnostic: Diagnostic("`\(t.object).alpha` must be between 0 and 1, got \(formatNumber(v.number!)) (at tick \(tickCount), \(timeText(time)))", at: t.location))
                }
                views[i].alpha = v.number!
            case "rotation":
                views[i].rotation = v.number!
                animator.setRotation(v.number!, of: i)
            default: break
            }
            if !(f.size.x > 0 && f.size.y > 0) || !f.origin.isFinite || !f.size.isFinite {
                throw Abort(diagnostic: Diagnostic("`\(t.object).\(t.property)` would give the view a size of \(formatNumber(f.size.x)) × \(formatNumber(f.size.y)); sizes must be positive (at tick \(tickCount), \(timeText(time)))", at: t.location))
            }
            if f != views[i].frame {
                if f.size != views[i].frame.size { animator.setSize(f.size, of: i) }
                views[i].frame = f
                animator.setCenter(f.center, of: i)
            }
        } else {
            let b = scene.behaviors.firstIndex { $0.name == t.object }!
            overrides[b, default: [:]][t.property] = v
            if let id = installed[b], let desc = try describe(b, scope: scope) {
                animator.updateBehavior(id, desc)
            }
        }
    }

    // MARK: behaviours

    func addBehavior(_ i: Int, scope: Scope? = nil) throws {
        if installed[i] != nil { return }
        let spec = scene.behaviors[i]
        if case .composite(let children) = spec.kind {
            installed[i] = -1
            for c in children { try addBehavior(scene.behaviors.firstIndex { $0.name == c }!, scope: scope) }
            return
        }
        for n in spec.kind.items where views[scene.views.firstIndex { $0.name == n }!].removed {
            throw Abort(diagnostic: Diagnostic("behaviour `\(spec.name)` names `\(n)`, which was removed from the scene", at: spec.location))
        }
        guard let desc = try describe(i, scope: scope) else { return }
        installed[i] = animator.addBehavior(desc)
        note("added \(spec.name)")
    }

    func removeBehavior(_ i: Int) {
        guard let id = installed[i] else { return }
        installed[i] = nil
        if id >= 0 { animator.removeBehavior(id) }
        if case .composite(let children) = scene.behaviors[i].kind {
            for c in children { removeBehavior(scene.behaviors.firstIndex { $0.name == c }!) }
        }
        note("removed \(scene.behaviors[i].name)")
    }

    func ids(_ names: [String]) -> [ItemID] { names.map { n in scene.views.firstIndex { $0.name == n }! } }

    /// The UIKit behaviour for scene behaviour `i`, its expressions evaluated now.
    func describe(_ i: Int, scope: Scope?) throws -> Behavior? {
        let spec = scene.behaviors[i]
        let o = overrides[i] ?? [:]
        func num(_ key: String, _ e: Expr?, _ d: Double) throws -> Double {
            if let v = o[key]?.number { return v }
            return try e.map { try evalNumber($0, scope: scope) } ?? d
        }
        func pt(_ key: String, _ e: Expr?) throws -> Vec2? {
            if let v = o[key]?.point { return v }
            return try e.map { try evalPoint($0, scope: scope) }
        }
        func nonNegative(_ v: Double, _ what: String, _ e: Expr?) throws -> Double {
            if v < 0 || !v.isFinite {
                throw Abort(diagnostic: Diagnostic("\(what) must not be negative, got \(formatNumber(v)) (at tick \(tickCount), \(timeText(time)))", at: e?.location ?? spec.location))
            }
            return v
        }
        switch spec.kind {
        case .gravity(let items, let magnitude, let angle, let direction):
            var dir = try pt("direction", direction) ?? Vec2(0, 1)
            if direction == nil && o["direction"] == nil, angle != nil || o["angle"] != nil {
                let a = try num("angle", angle, Double.pi / 2)
                dir = Vec2(Elementary.cos(a), Elementary.sin(a))
            }
            if magnitude != nil || o["magnitude"] != nil { dir = try num("magnitude", magnitude, 1) * dir.normalized }
            return .gravity(GravityBehavior(items: ids(items), direction: dir))
        case .collision(let items, let mode, let rb, let boundaries):
            var insets: EdgeInsets?
            if let rb {
                insets = EdgeInsets(top: try num("", rb["top"], 0), left: try num("", rb["left"], 0),
                                    bottom: try num("", rb["bottom"], 0), right: try num("", rb["right"], 0))
            }
            var bnds: [Boundary] = []
            for b in boundaries {
                var pts: [Vec2] = []
                for p in b.points { pts.append(try evalPoint(p, scope: scope)) }
                bnds.append(Boundary(identifier: b.identifier, points: pts, closed: b.closed))
            }
            let m: CollisionMode = mode == .items ? .items : mode == .boundaries ? .boundaries : .everything
            return .collision(CollisionBehavior(items: ids(items), mode: m, referenceBoundsInsets: insets, boundaries: bnds))
        case .attachment(let a):
            let item = ids([a.item])[0]
            let offset = try pt("offset", a.offset) ?? .zero
            var length: Double?
            if a.length != nil || o["length"] != nil { length = try nonNegative(try num("length", a.length, 0), "`length`", a.length) }
            let freq = try nonNegative(try num("frequency", a.frequency, 0), "`frequency`", a.frequency)
            let damp = try nonNegative(try num("damping", a.damping, 0), "`damping`", a.damping)
            let kind: AttachmentKind
            switch a.kind {
            case .spring: kind = .spring
            case .limit: kind = .limit
            case .fixed: kind = .fixed
            case .pin: kind = .pin
            case .sliding:
                let ax = try pt("axis", a.axis) ?? Vec2(0, 1)
                if ax.length == 0 { throw Abort(diagnostic: Diagnostic("the sliding `axis` must not be zero", at: a.axis?.location ?? spec.location)) }
                kind = .sliding(axis: ax)
            }
            var range: ClosedRange<Double>?
            if let (lo, hi) = a.range {
                let l = try evalNumber(lo, scope: scope), h = try evalNumber(hi, scope: scope)
                if l > h { throw Abort(diagnostic: Diagnostic("`range` must be [min, max] with min ≤ max, got [\(formatNumber(l)), \(formatNumber(h))]", at: lo.location)) }
                range = l...h
            }
            let torque = try num("frictionTorque", a.frictionTorque, 0)
            if let to = a.to {
                return .attachment(AttachmentBehavior(item: item, offset: offset, to: ids([to])[0], otherOffset: try pt("toOffset", a.toOffset) ?? .zero,
                                                      length: length, frequency: freq, damping: damp, kind: kind, range: range, frictionTorque: torque))
            }
            let anchor = try pt("anchor", a.anchor) ?? .zero
            return .attachment(AttachmentBehavior(item: item, offset: offset, anchor: anchor, length: length, frequency: freq, damping: damp,
                                                  kind: kind, range: range, frictionTorque: torque))
        case .snap(let item, let to, let damping):
            return .snap(SnapBehavior(item: ids([item])[0], snapPoint: try pt("to", to)!, damping: try num("damping", damping, 0.5)))
        case .push(let items, let inst, let magnitude, let angle, let direction, let offset, let active):
            var dir: Vec2
            if let d = try pt("direction", direction) {
                dir = d
                if magnitude != nil || o["magnitude"] != nil { dir = try num("magnitude", magnitude, 1) * d.normalized }
            } else {
                let a = try num("angle", angle, 0)
                dir = try num("magnitude", magnitude, 1) * Vec2(Elementary.cos(a), Elementary.sin(a))
            }
            var isActive = true
            if let v = o["active"]?.bool { isActive = v } else if let a = active { isActive = try evalBool(a, scope: scope) }
            let off = try pt("offset", offset) ?? .zero
            var offsets: [Int: Vec2] = [:]
            if off != .zero { for id in ids(items) { offsets[id] = off } }
            return .push(PushBehavior(items: ids(items), mode: inst ? .instantaneous : .continuous, pushDirection: dir, offsets: offsets, active: isActive))
        case .item(let items, let props):
            var ib = ItemBehavior(items: ids(items))
            var all: [(String, Expr?)] = props.map { ($0.0, Optional($0.1)) }
            for k in ["elasticity", "friction", "density", "resistance", "angularResistance", "allowsRotation", "anchored", "charge",
                      "linearVelocity", "angularVelocity"] where o[k] != nil && !props.contains(where: { $0.0 == k }) {
                all.append((k, nil))
            }
            for (k, expr) in all {
                let v = try o[k] ?? eval(expr!, scope: scope)
                let e = expr
                switch k {
                case "elasticity": ib.elasticity = try nonNegative(v.number!, "`elasticity`", e)
                case "friction": ib.friction = try nonNegative(v.number!, "`friction`", e)
                case "density":
                    if v.number! <= 0 { throw Abort(diagnostic: Diagnostic("`density` must be positive, got \(formatNumber(v.number!))", at: e?.location ?? spec.location)) }
                    ib.density = v.number!
                case "resistance": ib.resistance = try nonNegative(v.number!, "`resistance`", e)
                case "angularResistance": ib.angularResistance = try nonNegative(v.number!, "`angularResistance`", e)
                case "allowsRotation": ib.allowsRotation = v.bool!
                case "anchored": ib.anchored = v.bool!
                case "charge": ib.charge = v.number!
                case "linearVelocity": ib.linearVelocity = v.point!
                case "angularVelocity": ib.angularVelocity = v.number!
                default: break
                }
            }
            return .item(ib)
        case .field(let f):
            guard let kind = FieldKind(rawValue: f.kind) else { return nil }
            let falloff: Double? = try f.falloff.map { try evalNumber($0, scope: scope) }
            return .field(FieldBehavior(kind: kind, items: ids(f.items), position: try pt("position", f.position) ?? .zero,
                                        region: try region(f.region, scope: scope), strength: try num("strength", f.strength, 1),
                                        falloff: falloff, minimumRadius: try num("minimumRadius", f.minimumRadius, 0),
                                        direction: try pt("direction", f.direction) ?? (kind == .linearGravity ? Vec2(0, 1) : .zero),
                                        smoothness: try num("smoothness", f.smoothness, 0), animationSpeed: try num("animationSpeed", f.animationSpeed, 0)))
        case .composite:
            return nil
        }
    }

    func region(_ r: RegionSpec, scope: Scope?) throws -> Region {
        switch r {
        case .infinite: return .infinite
        case .circle(let e):
            let radius = try evalNumber(e, scope: scope)
            if radius < 0 { throw Abort(diagnostic: Diagnostic("a region's `radius` must not be negative, got \(formatNumber(radius))", at: e.location)) }
            return .circle(radius: radius)
        case .rectangle(let e): return .rectangle(size: try evalPoint(e, scope: scope))
        case .inverse(let x): return .inverse(try region(x, scope: scope))
        case .union(let xs): return .union(try xs.map { try region($0, scope: scope) })
        case .difference(let a, let b): return .difference(try region(a, scope: scope), try region(b, scope: scope))
        case .intersection(let xs): return .intersection(try xs.map { try region($0, scope: scope) })
        }
    }

    // MARK: transitions

    /// Applies a transition's `animations` (scale, translate, alpha of its from/to views) at its progress.
    func applyTransitionAnimations(_ i: Int) {
        let spec = scene.transitions[i]
        guard !spec.animations.isEmpty, [.interactive, .finishing, .cancelling].contains(transitions[i].state) else { return }
        let p = transitions[i].progress
        for anim in spec.animations {
            guard let name = anim.view == "from" ? spec.from : spec.to, let vi = scene.views.firstIndex(where: { $0.name == name }),
                  let base = transitionBase[vi], !animator.isDynamic(vi) else { continue }
            let lerp = { (k: Int) in anim.from[k] + p * (anim.to[k] - anim.from[k]) }
            switch anim.property {
            case "scale":
                views[vi].frame = Rect(center: views[vi].frame.center, size: lerp(0) * base.size)
            case "translate":
                views[vi].frame.origin = base.origin + Vec2(lerp(0), lerp(1))
            default:
                views[vi].alpha = lerp(0)
            }
        }
    }

    /// When a transition ends, its views drop their transforms (as the seeds' completion blocks do).
    func restoreTransitionViews(_ i: Int) {
        let spec = scene.transitions[i]
        guard !spec.animations.isEmpty else { return }
        for name in [spec.from, spec.to].compactMap({ $0 }) {
            guard let vi = scene.views.firstIndex(where: { $0.name == name }), let base = transitionBase[vi], !animator.isDynamic(vi) else { continue }
            let animatesTranslate = spec.animations.contains { ($0.view == "from" ? spec.from : spec.to) == name && $0.property != "alpha" }
            if animatesTranslate { views[vi].frame = base }
            transitionBase[vi] = nil
        }
    }
}
