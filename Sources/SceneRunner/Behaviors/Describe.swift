import Diagnostics
import Expressions
import Geometry
import SceneModel
import SceneVocabulary
import UIDynamics

// The describe phase of behaviour kinds: a scene behaviour as the UIKit behaviour the animator
// installs. One arm per kind; each kind's description is in its own file beside this one.

extension RunBehaviors {
    /// The UIKit behaviour for scene behaviour `i`. Its expressions are evaluated now when
    /// `reuse` is false (the behaviour is being added); when `reuse` is true (a `set` changed one
    /// property of an installed behaviour), every property not overridden by a `set` keeps the
    /// value it got when the behaviour was added, as assigning one property does in UIKit.
    func describe(_ i: Int, scope: Scope?, reuse: Bool = false, in run: Run) throws(RunError) -> Behavior? {
        let spec = run.scene.behaviors[i]
        var x = BehaviorInputs(
            run: run, location: spec.location, scope: scope, overrides: overrides[i],
            added: reuse ? addedValues[i] : [:])
        defer { setAddedValues(i, x.added) }
        switch spec.kind {
        case .plain(let b):
            switch b.kind {
            case .gravity: return try gravity(b.items, b.values(GravityKey.self), &x)
            case .item: return try item(b.items, b.values(ItemKey.self), &x)
            case .collision, .attachment, .snap, .push, .field, .children:
                preconditionFailure("`\(b.kind.rawValue)` is not read as a plain kind")
            }
        case .collision(let items, let mode, let insets, let bounds):
            return try collision(items, mode, insets, bounds, &x)
        case .attachment(let a): return try attachment(a, &x)
        case .snap(let item, let p): return try snap(item, p, &x)
        case .push(let items, let mode, let p): return try push(items, mode, p, &x)
        case .field(let f): return try field(f, &x)
        case .composite: return nil
        }
    }

    func ids(_ views: [ViewID]) -> [ItemID] { views.map(\.index) }
}

/// What describing one behaviour reads. A property's value is its `set` override, else the
/// value its expression had when the behaviour was added (kept in `added`, by expression, while
/// the behaviour is re-described after a `set`), else its expression evaluated now.
struct BehaviorInputs {
    unowned let run: Run
    /// The behaviour's, for errors with no expression to point at.
    let location: SourceLocation
    let scope: Scope?
    let overrides: [BehaviorProperty: Value]
    var added: [Expr: Value]

    /// The value of an expression, evaluated once per addition of the behaviour.
    mutating func value(_ e: Expr) throws(RunError) -> Value {
        if let v = added[e] { return v }
        let v = try run.eval(e, scope: scope)
        added[e] = v
        return v
    }

    /// The value of property `p` (nil: `set` cannot change it) written as `e`, or nil when neither
    /// a `set` nor the scene gave it.
    mutating func value(_ p: BehaviorProperty?, _ e: Expr?) throws(RunError) -> Value? {
        if let p, let v = overrides[p] { return v }
        return try e.map { e throws(RunError) in try value(e) }
    }

    /// Whether a `set` or the scene gave property `p`.
    func given(_ p: BehaviorProperty, _ e: Expr?) -> Bool { e != nil || overrides[p] != nil }

    mutating func number(_ p: BehaviorProperty?, _ e: Expr?, _ d: Double) throws(RunError) -> Double {
        try value(p, e).map { $0.number ?? 0 } ?? d  // the loader typed every key
    }

    /// A number key of a kind, its default the vocabulary's.
    mutating func number<K: BehaviorKindKeys>(_ key: K, _ e: Expr?) throws(RunError) -> Double {
        try number(key.property, e, key.defaultNumber ?? 0)
    }

    mutating func point(_ p: BehaviorProperty?, _ e: Expr?) throws(RunError) -> Vec2? {
        try value(p, e).map { $0.point ?? .zero }
    }

    /// A gravity or push vector whose square overflows would be dropped by the engine's velocity
    /// clamp (Box2D limits the translation per step through its square): refused, located.
    func checkFinite(_ v: Vec2, _ what: String, _ e: Expr?) throws(RunError) {
        if !(v.x * v.x + v.y * v.y).isFinite {
            throw run.runtimeError(
                "the \(what)'s magnitude (\(formatNumber(Swift.max(Swift.abs(v.x), Swift.abs(v.y))))) is too large "
                    + "for the engine: its square overflows",
                at: e?.location ?? run.scene.location)
        }
    }

    /// `v`, refused when negative or not finite, located at `e` (or the behaviour).
    func nonNegative(_ v: Double, _ what: String, _ e: Expr?) throws(RunError) -> Double {
        if v < 0 || !v.isFinite {
            throw run.runtimeError("\(what) must not be negative, got \(formatNumber(v))", at: e?.location ?? location)
        }
        return v
    }
}
