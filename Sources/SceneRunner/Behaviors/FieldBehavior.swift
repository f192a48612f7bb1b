import Diagnostics
import Expressions
import Geometry
import SceneModel
import SceneVocabulary
import UIDynamics

extension RunBehaviors {
    /// `UIFieldBehavior`: its numbers are evaluated when it is added (none can be set).
    func field(_ f: FieldSpec, _ x: inout BehaviorInputs) throws(RunError) -> Behavior {
        let kind = f.kind.engine
        let falloff: Double? = try f.falloff.map { e throws(RunError) in try x.number(nil, e, 0) }
        return FieldBehavior(
            kind: kind, items: ids(f.items), position: try x.point(nil, f.position) ?? .zero,
            region: try region(f.region, &x), strength: try x.number(FieldKey.strength, f.strength),
            falloff: falloff, minimumRadius: try x.number(FieldKey.minimumRadius, f.minimumRadius),
            direction: try x.point(nil, f.direction) ?? (kind == .linearGravity ? Vec2(0, 1) : .zero),
            smoothness: try x.number(FieldKey.smoothness, f.smoothness),
            animationSpeed: try x.number(FieldKey.animationSpeed, f.animationSpeed))
    }

    /// A field's region, its numbers evaluated once per addition.
    func region(_ r: RegionSpec, _ x: inout BehaviorInputs) throws(RunError) -> Region {
        switch r {
        case .infinite: return .infinite
        case .circle(let e):
            let radius = try x.number(nil, e, 0)
            if radius < 0 {
                throw x.run.runtimeError(
                    "a region's `radius` must not be negative, got \(formatNumber(radius))", at: e.location)
            }
            return .circle(radius: radius)
        case .rectangle(let e): return .rectangle(size: try x.point(nil, e) ?? .zero)
        case .inverse(let a): return .inverse(try region(a, &x))
        case .union(let rs):
            var out: [Region] = []
            for a in rs { out.append(try region(a, &x)) }
            return .union(out)
        case .difference(let a, let b): return .difference(try region(a, &x), try region(b, &x))
        case .intersection(let rs):
            var out: [Region] = []
            for a in rs { out.append(try region(a, &x)) }
            return .intersection(out)
        }
    }
}
