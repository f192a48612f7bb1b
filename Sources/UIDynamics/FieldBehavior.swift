import Dynamics
import Geometry

/// A field's region, relative to the field's position (points).
public indirect enum Region: Sendable, Hashable {
    /// Everywhere.
    case infinite
    /// A disc of this radius; points on the circle are inside.
    case circle(radius: Double)
    /// A rectangle of this size centred on the field; points on its edges are outside.
    case rectangle(size: Vec2)
    case inverse(Region)
    case union([Region])
    case difference(Region, Region)
    case intersection([Region])

    /// Whether the point `p` (relative to the field's position, points) is inside.
    public func contains(_ p: Vec2) -> Bool {
        switch self {
        case .infinite: return true
        case .circle(let r): return p.lengthSquared <= r * r
        case .rectangle(let s): return Swift.abs(p.x) < 0.5 * s.x && Swift.abs(p.y) < 0.5 * s.y
        case .inverse(let r): return !r.contains(p)
        case .union(let rs): return rs.contains { $0.contains(p) }
        case .difference(let a, let b): return a.contains(p) && !b.contains(p)
        case .intersection(let rs): return rs.allSatisfy { $0.contains(p) }
        }
    }
}

/// The kinds of `UIFieldBehavior`.
public enum FieldKind: String, Sendable, CaseIterable {
    case linearGravity, radialGravity, spring, drag, velocity, vortex, noise, turbulence, electric, magnetic

    /// The falloff when the scene gives none: 2 for radial gravity, −1 for the spring, else 0.
    public var defaultFalloff: Double {
        switch self {
        case .radialGravity: return 2
        case .spring: return -1
        default: return 0
        }
    }
}

/// `UIFieldBehavior`: a force evaluated in every sub-step on its own items inside its region.
///
/// With p the item's centre relative to the field's position in metres, r = |p|, p̂ = p/r,
/// fall(r) = max(r, minimumRadius)^(−falloff), m the mass, q the charge, v the velocity (m/s), S the
/// strength, d the direction: linear gravity S·m·d; radial gravity −S·m·p̂·fall(r); spring
/// −S·p̂·fall(r); electric S·q·p̂·fall(r); magnetic S·(v.y, −v.x)·fall(r); vortex
/// S·(−p̂.y, p̂.x)·fall(r)/m; drag −S·u·|u|·fall(r) with u = v − d; velocity: v becomes d (m/s);
/// noise and turbulence: S·fall(r) times a deterministic smooth noise vector (turbulence also
/// times |v|). Forces in newtons.
public struct FieldBehavior: DynamicBehavior {
    public var kind: FieldKind
    public var items: [ItemID]
    /// Centre of the field (points).
    public var position: Vec2
    public var region: Region
    public var strength: Double
    public var falloff: Double
    /// Below this distance (points) the falloff uses this distance.
    public var minimumRadius: Double
    public var direction: Vec2
    /// Noise: 0 (rough) … 1 (smooth).
    public var smoothness: Double
    /// Noise: how fast the noise changes (per second).
    public var animationSpeed: Double

    public init(
        kind: FieldKind, items: [ItemID], position: Vec2 = .zero, region: Region = .infinite, strength: Double = 1,
        falloff: Double? = nil, minimumRadius: Double = 0, direction: Vec2 = .zero, smoothness: Double = 0,
        animationSpeed: Double = 0
    ) {
        self.kind = kind; self.items = items; self.position = position; self.region = region; self.strength = strength
        self.falloff = falloff ?? kind.defaultFalloff; self.minimumRadius = minimumRadius; self.direction = direction
        self.smoothness = smoothness; self.animationSpeed = animationSpeed
    }

    public func guides(in bounds: Rect) -> [BehaviorGuide] {
        [BehaviorGuide(kind: "field", points: [.fixed(position)], label: kind.rawValue)]
    }

    public func update(from old: any DynamicBehavior, _ slot: inout InstalledBehavior, in animator: DynamicAnimator) {
        guard old is Self else { return }
        animator.reapplyGravityAndMaterials(items)
    }

    /// A field acts at every sub-step, never once a tick.
    public var forceHooks: ForceHooks { .subStep }

    /// The field's force on each of its dynamic items inside its region, for the next sub-step
    /// (a velocity field sets the velocity instead).
    public func applySubStepForces(_ slot: InstalledBehavior, in animator: DynamicAnimator) {
        let world = animator.world
        for id in items {
            guard let b = animator.items[id]?.body, world.type(of: b) == .dynamicBody else { continue }
            let v = world.linearVelocity(of: b)
            guard
                let out = evaluate(
                    center: pointsPerMeter * world.position(of: b), mass: world.mass(of: b),
                    charge: animator.charges[id] ?? 0, velocity: v,
                    time: animator.elapsedTime)
            else { continue }
            if kind == .velocity {
                world.setLinearVelocity(b, out)
            } else {
                animator.applySubStepForce(out, to: b)
            }
        }
    }

    /// The force (N) on an item at `center` (points) with mass `m` (kg), charge `q` and velocity
    /// `v` (m/s) at animator time `t`; nil outside the region. For a velocity field the result is
    /// the velocity to set (m/s) and `replacesVelocity` is true.
    func evaluate(center: Vec2, mass m: Double, charge q: Double, velocity v: Vec2, time t: Double) -> Vec2? {
        let rel = center - position
        guard region.contains(rel) else { return nil }
        // In metres, divided as the oracle's model divides (a product with 0.01 and a quotient
        // by 100 can round apart, and float32 keeps the difference often enough to matter).
        let p = Vec2(rel.x / pointsPerMeter, rel.y / pointsPerMeter)
        let r = Elementary.hypot(p.x, p.y)
        let unit = r > 0 ? Vec2(p.x / r, p.y / r) : Vec2.zero
        let fall = falloff == 0 ? 1 : Elementary.pow(Swift.max(r, minimumRadius / pointsPerMeter), -falloff)
        let s = strength
        switch kind {
        case .linearGravity: return (s * m) * direction
        case .radialGravity: return (-s * m * fall) * unit
        case .spring: return (-s * fall) * unit
        case .electric: return (s * q * fall) * unit
        case .magnetic: return (s * fall) * Vec2(v.y, -v.x)
        case .vortex: return m > 0 ? (s * fall / m) * Vec2(-unit.y, unit.x) : .zero
        case .drag:
            let u = v - direction
            return (-s * Elementary.hypot(u.x, u.y) * fall) * u
        case .velocity: return direction
        case .noise, .turbulence:
            let n = noise(p, t)
            let scale = kind == .turbulence ? v.length : 1
            return (s * fall * scale) * n
        }
    }

    /// Smooth value noise in [−1, 1]²: a hash of the lattice cell around `p` (cell size grows
    /// with smoothness) and of the time step, interpolated smoothly. Deterministic everywhere.
    func noise(_ p: Vec2, _ t: Double) -> Vec2 {
        let cell = 0.1 + 2 * Swift.max(0, Swift.min(1, smoothness))
        let x = p.x / cell
        let y = p.y / cell
        let z = t * animationSpeed
        func hash(_ i: Int, _ j: Int, _ k: Int, _ c: UInt64) -> Double {
            var h =
                UInt64(bitPattern: Int64(i)) &* 0x9E3779B97F4A7C15 ^ UInt64(bitPattern: Int64(j)) &* 0xC2B2AE3D27D4EB4F
            h ^= UInt64(bitPattern: Int64(k)) &* 0x165667B19E3779F9 ^ c
            h = (h ^ (h >> 29)) &* 0xBF58476D1CE4E5B9
            h ^= h >> 32
            return Double(h >> 11) / Double(1 << 52) - 1
        }
        func smooth(_ f: Double) -> Double { f * f * (3 - 2 * f) }
        // Cells far beyond any screen (or non-finite coordinates) wrap instead of trapping in Int().
        func lattice(_ v: Double) -> Int { let f = v.rounded(.down); return Swift.abs(f) < 1e15 ? Int(f) : 0 }
        let i = lattice(x)
        let j = lattice(y)
        let k = lattice(z)
        let fx = smooth(x - Double(i))
        let fy = smooth(y - Double(j))
        let fz = smooth(z - Double(k))
        func channel(_ c: UInt64) -> Double {
            func at(_ dk: Int) -> Double {
                let a = hash(i, j, k + dk, c) + fx * (hash(i + 1, j, k + dk, c) - hash(i, j, k + dk, c))
                let b = hash(i, j + 1, k + dk, c) + fx * (hash(i + 1, j + 1, k + dk, c) - hash(i, j + 1, k + dk, c))
                return a + fy * (b - a)
            }
            return at(0) + fz * (at(1) - at(0))
        }
        return Vec2(channel(1), channel(2))
    }
}
