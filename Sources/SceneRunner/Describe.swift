import Diagnostics
import Dynamics
import Expectations
import Expressions
import Geometry
import Interaction
import SceneModel
import SceneVocabulary
import UIDynamics

/// A scene behaviour described as the UIKit behaviour the animator installs.
extension Run {
    /// The UIKit behaviour for scene behaviour `i`. Its expressions are evaluated now when
    /// `reuse` is false (the behaviour is being added); when `reuse` is true (a `set` changed one
    /// property of an installed behaviour), every property not overridden by a `set` keeps the
    /// value it got when the behaviour was added, as assigning one property does in UIKit.
    func describe(_ i: Int, scope: Scope?, reuse: Bool = false) throws -> Behavior? {
        let spec = scene.behaviors[i]
        let o = overrides[i] ?? [:]
        var memo = reuse ? (addedValues[i] ?? [:]) : [:]
        defer { addedValues[i] = memo }
        /// The value of the property at `key`: a `set` override, else its value when added.
        func value(_ key: String, _ e: Expr) throws -> Value {
            if let v = o[key] { return v }
            if let v = memo[key] { return v }
            let v = try eval(e, scope: scope)
            memo[key] = v
            return v
        }
        func num(_ key: String, _ e: Expr?, _ d: Double) throws -> Double {
            if let v = o[key]?.number { return v }
            return try e.map { try value(key, $0).number ?? 0 } ?? d
        }
        func pt(_ key: String, _ e: Expr?) throws -> Vec2? {
            if let v = o[key]?.point { return v }
            return try e.map { try value(key, $0).point ?? .zero }
        }
        func nonNegative(_ v: Double, _ what: String, _ e: Expr?) throws -> Double {
            if v < 0 || !v.isFinite {
                throw Abort(
                    diagnostic: Diagnostic(
                        "\(what) must not be negative, got \(formatNumber(v)) (at tick \(tickCount), "
                            + "\(timeText(time)))",
                        at: e?.location ?? spec.location))
            }
            return v
        }
        switch spec.kind {
        case .gravity(let items, let p):
            let (magnitude, angle, direction) = (p[.magnitude], p[.angle], p[.direction])
            var dir = try pt("direction", direction) ?? Vec2(0, 1)
            if direction == nil && o["direction"] == nil, angle != nil || o["angle"] != nil {
                let a = try num("angle", angle, Double.pi / 2)
                dir = Vec2(Elementary.cos(a), Elementary.sin(a))
            }
            if magnitude != nil || o["magnitude"] != nil { dir = try num("magnitude", magnitude, 1) * dir.normalized }
            try checkFinite(dir, "gravity", magnitude ?? direction)
            return .gravity(GravityBehavior(items: ids(items), direction: dir))
        case .collision(let items, let mode, let rb, let boundaries):
            var insets: EdgeInsets?
            if let rb {
                insets = EdgeInsets(
                    top: try num("referenceBounds.top", rb["top"], 0),
                    left: try num("referenceBounds.left", rb["left"], 0),
                    bottom: try num("referenceBounds.bottom", rb["bottom"], 0),
                    right: try num("referenceBounds.right", rb["right"], 0))
            }
            var bnds: [Boundary] = []
            for b in boundaries {
                var pts: [Vec2] = []
                for (k, p) in b.points.enumerated() {
                    pts.append(try pt("boundaries.\(b.identifier).\(k)", p) ?? .zero)
                }
                bnds.append(Boundary(identifier: b.identifier, points: pts, closed: b.closed))
            }
            return .collision(
                CollisionBehavior(items: ids(items), mode: mode.engine, referenceBoundsInsets: insets, boundaries: bnds)
            )
        case .attachment(let a):
            let item = a.item.index
            let offset = try pt("offset", a.offset) ?? .zero
            var length: Double?
            if a.length != nil || o["length"] != nil {
                length = try nonNegative(try num("length", a.length, 0), "`length`", a.length)
            }
            let freq = try nonNegative(try num("frequency", a.frequency, 0), "`frequency`", a.frequency)
            let damp = try nonNegative(try num("damping", a.damping, 0), "`damping`", a.damping)
            var axis = Vec2(0, 1)
            if a.kind == .sliding {
                axis = try pt("axis", a.axis) ?? axis
                if axis.length == 0 {
                    throw Abort(
                        diagnostic: Diagnostic(
                            "the sliding `axis` must not be zero", at: a.axis?.location ?? spec.location))
                }
            }
            let kind = a.kind.engine(axis: axis)
            var range: ClosedRange<Double>?
            if let (lo, hi) = a.range {
                let l = try num("range.0", lo, 0)
                let h = try num("range.1", hi, 0)
                if l > h {
                    throw Abort(
                        diagnostic: Diagnostic(
                            "`range` must be [min, max] with min ≤ max, got [\(formatNumber(l)), \(formatNumber(h))]",
                            at: lo.location))
                }
                range = l...h
            }
            let torque = try num("frictionTorque", a.frictionTorque, 0)
            if let to = a.to {
                return .attachment(
                    AttachmentBehavior(
                        item: item, offset: offset, to: to.index, otherOffset: try pt("toOffset", a.toOffset) ?? .zero,
                        length: length, frequency: freq, damping: damp, kind: kind, range: range, frictionTorque: torque
                    ))
            }
            let anchor = try pt("anchor", a.anchor) ?? .zero
            return .attachment(
                AttachmentBehavior(
                    item: item, offset: offset, anchor: anchor, length: length, frequency: freq, damping: damp,
                    kind: kind, range: range, frictionTorque: torque))
        case .snap(let item, let p):
            return .snap(
                SnapBehavior(
                    item: item.index, snapPoint: try pt("to", p[.to]) ?? .zero,  // `to` is required: pt gives a point
                    damping: try num("damping", p[.damping], 0.5)))
        case .push(let items, let mode, let p):
            let (magnitude, angle, direction) = (p[.magnitude], p[.angle], p[.direction])
            let (offset, active) = (p[.offset], p[.active])
            var dir: Vec2
            if let d = try pt("direction", direction) {
                dir = d
                if magnitude != nil || o["magnitude"] != nil { dir = try num("magnitude", magnitude, 1) * d.normalized }
            } else {
                let a = try num("angle", angle, 0)
                dir = try num("magnitude", magnitude, 1) * Vec2(Elementary.cos(a), Elementary.sin(a))
            }
            var isActive = true
            if let a = active {
                isActive = try value("active", a).bool ?? false
            } else if let v = o["active"]?.bool {
                isActive = v
            }
            let off = try pt("offset", offset) ?? .zero
            var offsets: [Int: Vec2] = [:]
            if off != .zero { for id in ids(items) { offsets[id] = off } }
            try checkFinite(dir, "push", magnitude ?? direction)
            return .push(
                PushBehavior(
                    items: ids(items), mode: mode.engine, pushDirection: dir, offsets: offsets, active: isActive))
        case .item(let items, let props):
            var ib = ItemBehavior(items: ids(items))
            var all: [(ItemKey, Expr?)] = props.entries.map { ($0.key, Optional($0.expr)) }
            for k in ItemKey.allCases where k != .items && o[k.rawValue] != nil && props[k] == nil {
                all.append((k, nil))
            }
            for (k, expr) in all {
                // A set override, or the expression when there is none (one of the two exists).
                guard let v = try o[k.rawValue] ?? expr.map({ try value(k.rawValue, $0) }) else { continue }
                let e = expr
                let n = v.number ?? 0  // the loader typed every item key
                switch k {
                case .items: break
                case .elasticity: ib.elasticity = try nonNegative(n, "`elasticity`", e)
                case .friction: ib.friction = try nonNegative(n, "`friction`", e)
                case .density:
                    // The engine computes in float32: a density that rounds to 0 there would
                    // make Box2D give the body 1 kg.
                    if !(Float(n) > 0) {
                        throw Abort(
                            diagnostic: Diagnostic(
                                "`density` must be positive, got \(formatNumber(n))"
                                    + (n > 0 ? ", which is 0 in float32, the engine's precision" : ""),
                                at: e?.location ?? spec.location))
                    }
                    ib.density = n
                case .resistance: ib.resistance = try nonNegative(n, "`resistance`", e)
                case .angularResistance: ib.angularResistance = try nonNegative(n, "`angularResistance`", e)
                case .allowsRotation: ib.allowsRotation = v.bool ?? true
                case .anchored: ib.anchored = v.bool ?? false
                case .charge: ib.charge = n
                case .linearVelocity: ib.linearVelocity = v.point ?? .zero
                case .angularVelocity: ib.angularVelocity = n
                }
            }
            return .item(ib)
        case .field(let f):
            let kind = f.kind.engine
            let falloff: Double? = try f.falloff.map { try num("falloff", $0, 0) }
            return .field(
                FieldBehavior(
                    kind: kind, items: ids(f.items), position: try pt("position", f.position) ?? .zero,
                    region: try region(f.region) {
                        try num("region.\($0)", $1, 0)
                    } pointAt: {
                        try pt("region.\($0)", $1) ?? .zero
                    }, strength: try num("strength", f.strength, 1),
                    falloff: falloff, minimumRadius: try num("minimumRadius", f.minimumRadius, 0),
                    direction: try pt("direction", f.direction) ?? (kind == .linearGravity ? Vec2(0, 1) : .zero),
                    smoothness: try num("smoothness", f.smoothness, 0),
                    animationSpeed: try num("animationSpeed", f.animationSpeed, 0)))
        case .composite:
            return nil
        }
    }

    /// A field's region, its numbers read through `number` and `point` under a key that names
    /// their place in the region tree (so that a `set` elsewhere reuses them).
    func region(
        _ r: RegionSpec, path: String = "", number: (String, Expr) throws -> Double,
        pointAt point: (String, Expr) throws -> Vec2
    ) throws -> Region {
        func sub(_ x: RegionSpec, _ k: Int) throws -> Region {
            try region(x, path: path + "\(k).", number: number, pointAt: point)
        }
        switch r {
        case .infinite: return .infinite
        case .circle(let e):
            let radius = try number(path + "radius", e)
            if radius < 0 {
                throw Abort(
                    diagnostic: Diagnostic(
                        "a region's `radius` must not be negative, got \(formatNumber(radius))", at: e.location))
            }
            return .circle(radius: radius)
        case .rectangle(let e): return .rectangle(size: try point(path + "size", e))
        case .inverse(let x): return .inverse(try sub(x, 0))
        case .union(let xs): return .union(try xs.enumerated().map { try sub($1, $0) })
        case .difference(let a, let b): return .difference(try sub(a, 0), try sub(b, 1))
        case .intersection(let xs): return .intersection(try xs.enumerated().map { try sub($1, $0) })
        }
    }

    /// A gravity or push vector whose square overflows would be dropped by the engine's velocity
    /// clamp (Box2D limits the translation per step through its square): refused, located.
    func checkFinite(_ v: Vec2, _ what: String, _ e: Expr?) throws {
        if !(v.x * v.x + v.y * v.y).isFinite {
            throw runtimeError(
                "the \(what)'s magnitude (\(formatNumber(Swift.max(Swift.abs(v.x), Swift.abs(v.y))))) is too large "
                    + "for the engine: its square overflows",
                at: e?.location ?? scene.location)
        }
    }

}
