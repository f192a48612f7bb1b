import Diagnostics
import Expressions
import SceneModel
import SceneVocabulary
import UIDynamics

extension RunBehaviors {
    /// `UIDynamicItemBehavior`: only the keys the scene or a `set` gave; the others keep the
    /// engine's defaults.
    func item(_ items: [ViewID], _ props: Properties<ItemKey>, _ x: inout BehaviorInputs) throws(RunError) -> Behavior {
        var ib = ItemBehavior(items: ids(items))
        var all: [(ItemKey, Expr?)] = props.entries.map { ($0.key, Optional($0.expr)) }
        for k in ItemKey.allCases where props[k] == nil {
            if let p = k.property, x.overrides[p] != nil { all.append((k, nil)) }
        }
        for (k, e) in all {
            // A set override, or the expression when there is none (one of the two exists).
            guard let v = try x.value(k.property, e) else { continue }
            let n = v.number ?? 0  // the loader typed every item key
            switch k {
            case .items: break
            case .elasticity: ib.elasticity = try x.nonNegative(n, "`elasticity`", e)
            case .friction: ib.friction = try x.nonNegative(n, "`friction`", e)
            case .density:
                // The engine computes in float32: a density that rounds to 0 there would
                // make Box2D give the body 1 kg.
                if !(Float(n) > 0) {
                    throw x.run.runtimeError(
                        "`density` must be positive, got \(formatNumber(n))"
                            + (n > 0 ? ", which is 0 in float32, the engine's precision" : ""),
                        at: e?.location ?? x.location)
                }
                ib.density = n
            case .resistance: ib.resistance = try x.nonNegative(n, "`resistance`", e)
            case .angularResistance: ib.angularResistance = try x.nonNegative(n, "`angularResistance`", e)
            case .allowsRotation: ib.allowsRotation = v.bool ?? true
            case .anchored: ib.anchored = v.bool ?? false
            case .charge: ib.charge = n
            case .linearVelocity: ib.linearVelocity = v.point ?? .zero
            case .angularVelocity: ib.angularVelocity = n
            }
        }
        return ib
    }
}
