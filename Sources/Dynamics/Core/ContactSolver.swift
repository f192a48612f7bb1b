// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

struct VelocityConstraintPoint {
    var rA = Vec2f.zero, rB = Vec2f.zero
    var normalImpulse: Float = 0.0, tangentImpulse: Float = 0.0
    var tangentMass: Float = 0.0
    var velocityBias: Float = 0.0
}

/// A body's inverse mass and inverse rotational inertia, by island index: the velocity and
/// position constraints read them from here rather than each carrying both bodies' (Box2D's
/// layout).
struct SolverMass { var m: Float = 0.0, i: Float = 0.0 }

/// A symmetric 2×2 matrix (the block solver's K and its inverse): three numbers instead of four,
/// the same products (K's off-diagonal entries are one number, and so are its inverse's).
struct Sym22 {
    var k11: Float = 0.0, k12: Float = 0.0, k22: Float = 0.0
    /// The inverse, as `Mat22f.inverse` computes it (zero when singular).
    @inline(__always) var inverse: Sym22 {
        var det = k11 * k22 - k12 * k12
        if det != 0 { det = 1 / det }
        return Sym22(k11: det * k22, k12: -det * k12, k22: det * k11)
    }
    /// `A·v`, as `mul(Mat22f, Vec2f)` computes it.
    @inline(__always) func times(_ v: Vec2f) -> Vec2f { Vec2f(k11 * v.x + k12 * v.y, k12 * v.x + k22 * v.y) }
}

/// One contact's velocity constraint. The velocity iterations walk thousands of these eight times
/// a step, so only what they read every time is here, packed: 112 bytes a constraint in float32
/// (Box2D's is 156; this layout was 216 bytes in double, Box2D's 272). An island's constraints
/// then take fewer cache lines.
/// So:
/// - the bodies' masses are in the solver's `masses`, by island index (shared by a body's
///   contacts);
/// - a point's normal mass is not stored: with one point it is `normalMass.k11`; with two, the
///   block solver's K₁₁ and K₂₂ are the points' normal-mass denominators, computed from the same
///   numbers in the same order, and both positive (`pointNormalMass`);
/// - the restitution is read from the contact when the constraint is initialized.
/// Constraint i is always the island's contact i.
struct ContactVelocityConstraint {
    var points = (VelocityConstraintPoint(), VelocityConstraintPoint())
    var normal = Vec2f.zero
    /// Two points: the block solver's K⁻¹. One point: `k11` is the point's normal mass.
    var normalMass = Sym22()
    var K = Sym22()
    var friction: Float = 0.0
    var indexA: Int32 = 0, indexB: Int32 = 0
    var count: Int32 = 0
    @inline(__always) var pointCount: Int { Int(count) }

    /// Point `j`'s normal mass, `1 / (mA + mB + iA·rnA² + iB·rnB²)` or 0 (Box2D keeps it per
    /// point). With two points K₁₁ and K₂₂ are those sums, and the block solver is used only
    /// when K is well conditioned, so both are positive.
    @inline(__always) func pointNormalMass(_ j: Int) -> Float {
        if count == 1 { return normalMass.k11 }
        return 1 / (j == 0 ? K.k11 : K.k22)
    }

    subscript(i: Int) -> VelocityConstraintPoint {
        get { i == 0 ? points.0 : points.1 }
        set { if i == 0 { points.0 = newValue } else { points.1 = newValue } }
    }
}

/// One contact's position constraint (72 bytes a constraint; the position iterations walk these).
/// The bodies' masses are the solver's `masses`, as for the velocity constraints.
struct ContactPositionConstraint {
    var localPoints = (Vec2f.zero, Vec2f.zero)
    var localNormal = Vec2f.zero
    var localPoint = Vec2f.zero
    var localCenterA = Vec2f.zero, localCenterB = Vec2f.zero
    var radiusA: Float = 0.0, radiusB: Float = 0.0
    var indexA: Int32 = 0, indexB: Int32 = 0
    var count: Int32 = 0
    var type = ManifoldType.circles
    @inline(__always) var pointCount: Int { Int(count) }
    func localPoint(_ i: Int) -> Vec2f { i == 0 ? localPoints.0 : localPoints.1 }
}

/// Sequential-impulse contact solver (Box2D's `b2ContactSolver`), including the 2-point block
/// solver and position correction.
struct ContactSolver {
    /// The world's reused buffers (`Scratch`), as pools: constraint i is element i, and `count`
    /// (the island's contacts) says how many are this island's. A solver is then plain values
    /// (pointers), copied without retaining anything and not swapped in and out of the world.
    let velocityConstraints: Pool<ContactVelocityConstraint>
    let positionConstraints: Pool<ContactPositionConstraint>
    /// The island's bodies' masses, by island index (written for the bodies of its contacts).
    let masses: Pool<SolverMass>
    /// World contact ids, in island order.
    var contactIds: Pool<Int>
    let step: TimeStep

    /// Constraints for the contacts `contactIds`, in the world's reused buffers. With `positions`
    /// and `velocities`, the velocity constraints are also initialized (as
    /// `initializeVelocityConstraints` would), in the same pass: each contact is read once instead
    /// of twice, which in a large pile is a cache miss saved per contact.
    init(step: TimeStep, contactIds: Pool<Int>, bodyCount: Int, world: World,
         positions: Pool<SolverPosition>? = nil, velocities: Pool<SolverVelocity>? = nil) {
        self.step = step
        self.contactIds = contactIds
        velocityConstraints = world.scratch.velocityConstraints
        positionConstraints = world.scratch.positionConstraints
        masses = world.scratch.masses
        // Every element is written before it is read (the constraints here, the masses of the
        // contacts' bodies): the pools only take the length, within the capacity the world
        // reserved ahead (`Scratch.ensure`), so the step allocates nothing.
        ContactSolver.size(velocityConstraints, contactIds.count)
        ContactSolver.size(positionConstraints, contactIds.count)
        ContactSolver.size(masses, bodyCount)
        let warm = step.warmStarting, dtRatio = step.dtRatio
        // (The solver's positions and velocities by address, unwrapped once: an optional pool
        // bound inside the loop is retained and released per contact.)
        let positionBase = positions?.base, velocityBase = velocities?.base
        velocityConstraints.withUnsafeMutableBufferPointer { vcBuffer in
        positionConstraints.withUnsafeMutableBufferPointer { pcBuffer in
        masses.withUnsafeMutableBufferPointer { msBuffer in
        let vcs = vcBuffer.baseAddress!, pcs = pcBuffer.baseAddress!, ms = msBuffer.baseAddress!
        world.contacts.withUnsafeBufferPointer { cs in
        world.fixtures.withUnsafeBufferPointer { fx in
        world.bodies.withUnsafeBufferPointer { bs in
        let ahead = 4
        for i in 0..<Swift.min(ahead, contactIds.count) { prefetch(cs.baseAddress! + contactIds[i]) }
        for i in contactIds.indices {
            if i + ahead < contactIds.count { prefetch(cs.baseAddress! + contactIds[i + ahead]) }
            let ct = cs.baseAddress! + contactIds[i]
            let fA = fx.baseAddress! + ct.pointee.fixtureA, fB = fx.baseAddress! + ct.pointee.fixtureB
            let pA = bs.baseAddress! + ct.pointee.bA, pB = bs.baseAddress! + ct.pointee.bB
            let pointCount = ct.pointee.manifold.pointCount
            var vc = ContactVelocityConstraint()
            vc.friction = ct.pointee.friction
            vc.indexA = Int32(truncatingIfNeeded: pA.pointee.islandIndex)
            vc.indexB = Int32(truncatingIfNeeded: pB.pointee.islandIndex)
            ms[pA.pointee.islandIndex] = SolverMass(m: pA.pointee.invMass, i: pA.pointee.invI)
            ms[pB.pointee.islandIndex] = SolverMass(m: pB.pointee.invMass, i: pB.pointee.invI)
            vc.count = Int32(truncatingIfNeeded: pointCount)
            var pc = ContactPositionConstraint()
            pc.indexA = vc.indexA; pc.indexB = vc.indexB
            pc.localCenterA = pA.pointee.sweep.localCenter; pc.localCenterB = pB.pointee.sweep.localCenter
            pc.localNormal = ct.pointee.manifold.localNormal
            pc.localPoint = ct.pointee.manifold.localPoint
            pc.count = vc.count
            pc.radiusA = fA.pointee.radius; pc.radiusB = fB.pointee.radius
            pc.type = ct.pointee.manifold.type
            if pointCount > 0 {
                let cp = ct.pointee.manifold.point0
                if warm {
                    vc.points.0.normalImpulse = dtRatio * cp.normalImpulse
                    vc.points.0.tangentImpulse = dtRatio * cp.tangentImpulse
                }
                pc.localPoints.0 = cp.localPoint
            }
            if pointCount > 1 {
                let cp = ct.pointee.manifold.point1
                if warm {
                    vc.points.1.normalImpulse = dtRatio * cp.normalImpulse
                    vc.points.1.tangentImpulse = dtRatio * cp.tangentImpulse
                }
                pc.localPoints.1 = cp.localPoint
            }
            if let positionBase, let velocityBase {
                ContactSolver.initialize(&vc, pc, ct.pointee.manifold, ct.pointee.restitution, positionBase, velocityBase,
                                         ms[pA.pointee.islandIndex], ms[pB.pointee.islandIndex])
            }
            vcs[i] = vc
            pcs[i] = pc
        }
        }
        }
        }
        }
        }
        }
    }

    /// The number of constraints: one per island contact (the buffers may be longer).
    @inline(__always) var count: Int { contactIds.count }

    /// Makes `pool` `n` long (plain values, each written before it is read), growing it if
    /// needed.
    @inline(__always) private static func size<T>(_ pool: Pool<T>, _ n: Int) {
        if pool.capacity < n { pool.reserveCapacity(Swift.max(n, 2 * pool.capacity)) }
        pool.setCount(n)
    }

    /// (A time-of-impact sub-step's, after its position iterations.) The constraints, the
    /// masses and the contacts through pointers, each constraint initialized in place: copying a
    /// constraint out and back checked the array's uniqueness and its bounds at each contact.
    mutating func initializeVelocityConstraints(_ positions: Pool<SolverPosition>, _ velocities: Pool<SolverVelocity>, _ world: World) {
        let n = count, ids = contactIds, contacts = world.contacts.base
        let positionBase = positions.base, velocityBase = velocities.base
        positionConstraints.withUnsafeBufferPointer { pcs in
        masses.withUnsafeBufferPointer { ms in
        velocityConstraints.withUnsafeMutableBufferPointer { vcs in
        for i in 0..<n {
            let ct = UnsafePointer(contacts + ids[i])
            let massA = ms[Int(vcs[i].indexA)], massB = ms[Int(vcs[i].indexB)]
            ContactSolver.initialize(&vcs[i], pcs[i], ct.pointee.manifold, ct.pointee.restitution, positionBase, velocityBase,
                                     massA, massB)
        }
        }
        }
        }
    }

    /// The velocity constraints as `initializeVelocityConstraints` makes them, from `saved`, which
    /// it made from the same position constraints, masses and solved positions
    /// (`TOIIslandMemo`): each constraint's geometry is `saved`'s; its friction and impulses are
    /// this solver's (as `init` set them), and each point's restitution bias is computed from the
    /// velocities, as `initialize` does.
    func reinitializeVelocityConstraints(from saved: Pool<ContactVelocityConstraint>, _ velocities: Pool<SolverVelocity>,
                                         _ world: World) {
        let n = count, ids = contactIds, contacts = world.contacts.base
        let vcs = velocityConstraints.base, old = saved.base, pcs = positionConstraints.base, v = velocities.base
        for i in 0..<n {
            var vc = old[i]
            vc.friction = vcs[i].friction
            vc.points.0.normalImpulse = vcs[i].points.0.normalImpulse
            vc.points.0.tangentImpulse = vcs[i].points.0.tangentImpulse
            vc.points.1.normalImpulse = vcs[i].points.1.normalImpulse
            vc.points.1.tangentImpulse = vcs[i].points.1.tangentImpulse
            let restitution = contacts[ids[i]].restitution
            let indexA = Int(vc.indexA), indexB = Int(vc.indexB)
            let vA = v[indexA].v, wA = v[indexA].w, vB = v[indexB].v, wB = v[indexB].w
            // (Every point the manifold had: `initialize` drops a point only after the biases.)
            for j in 0..<pcs[i].pointCount {
                var vcp = vc[j]
                vcp.velocityBias = 0
                let vRel = dot(vc.normal, vB + cross(wB, vcp.rB) - vA - cross(wA, vcp.rA))
                if vRel < -Settings.velocityThreshold { vcp.velocityBias = -restitution * vRel }
                vc[j] = vcp
            }
            vcs[i] = vc
        }
    }

    /// Box2D's `InitializeVelocityConstraints` for one contact of manifold `m`.
    @inline(__always)
    static func initialize(_ vc: inout ContactVelocityConstraint, _ pc: ContactPositionConstraint, _ m: Manifold, _ restitution: Float,
                           _ positions: UnsafeMutablePointer<SolverPosition>, _ velocities: UnsafeMutablePointer<SolverVelocity>,
                           _ massA: SolverMass, _ massB: SolverMass) {
        let mA = massA.m, mB = massB.m, iA = massA.i, iB = massB.i
        let indexA = Int(vc.indexA), indexB = Int(vc.indexB)
        let cA = positions[indexA].c, aA = positions[indexA].a
        let vA = velocities[indexA].v, wA = velocities[indexA].w
        let cB = positions[indexB].c, aB = positions[indexB].a
        let vB = velocities[indexB].v, wB = velocities[indexB].w
        var xfA = Transformf(p: .zero, q: rotF(aA)), xfB = Transformf(p: .zero, q: rotF(aB))
        xfA.p = cA - mul(xfA.q, pc.localCenterA)
        xfB.p = cB - mul(xfB.q, pc.localCenterB)
        let wm = WorldManifold(m, xfA, pc.radiusA, xfB, pc.radiusB)
        vc.normal = wm.normal
        for j in 0..<vc.pointCount {
            var vcp = vc[j]
            vcp.rA = wm.point(j) - cA
            vcp.rB = wm.point(j) - cB
            let rnA = cross(vcp.rA, vc.normal), rnB = cross(vcp.rB, vc.normal)
            let kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB
            // (Kept for one point only: see `pointNormalMass`.)
            if j == 0 { vc.normalMass.k11 = kNormal > 0 ? 1 / kNormal : 0 }
            let tangent = cross(vc.normal, 1.0)
            let rtA = cross(vcp.rA, tangent), rtB = cross(vcp.rB, tangent)
            let kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB
            vcp.tangentMass = kTangent > 0 ? 1 / kTangent : 0
            vcp.velocityBias = 0
            let vRel = dot(vc.normal, vB + cross(wB, vcp.rB) - vA - cross(wA, vcp.rA))
            if vRel < -Settings.velocityThreshold { vcp.velocityBias = -restitution * vRel }
            vc[j] = vcp
        }
        if vc.pointCount == 2 {
            let p1 = vc.points.0, p2 = vc.points.1
            let rn1A = cross(p1.rA, vc.normal), rn1B = cross(p1.rB, vc.normal)
            let rn2A = cross(p2.rA, vc.normal), rn2B = cross(p2.rB, vc.normal)
            let k11 = mA + mB + iA * rn1A * rn1A + iB * rn1B * rn1B
            let k22 = mA + mB + iA * rn2A * rn2A + iB * rn2B * rn2B
            let k12 = mA + mB + iA * rn1A * rn2A + iB * rn1B * rn2B
            let maxConditionNumber: Float = 1000.0
            if k11 * k11 < maxConditionNumber * (k11 * k22 - k12 * k12) {
                vc.K = Sym22(k11: k11, k12: k12, k22: k22)
                vc.normalMass = vc.K.inverse
            } else {
                vc.count = 1
            }
        }
    }

    func warmStart(_ velocities: Pool<SolverVelocity>) {
        velocityConstraints.withUnsafeBufferPointer { vcs in
        masses.withUnsafeBufferPointer { ms in
        velocities.withUnsafeMutableBufferPointer { velocities in
        for i in 0..<count {
            let vc = vcs[i]
            let indexA = Int(vc.indexA), indexB = Int(vc.indexB)
            let mA = ms[indexA].m, iA = ms[indexA].i, mB = ms[indexB].m, iB = ms[indexB].i
            var vA = velocities[indexA].v, wA = velocities[indexA].w
            var vB = velocities[indexB].v, wB = velocities[indexB].w
            let normal = vc.normal, tangent = cross(normal, 1.0)
            for j in 0..<vc.pointCount {
                let vcp = vc[j]
                let P = vcp.normalImpulse * normal + vcp.tangentImpulse * tangent
                wA -= iA * cross(vcp.rA, P)
                vA -= mA * P
                wB += iB * cross(vcp.rB, P)
                vB += mB * P
            }
            velocities[indexA] = SolverVelocity(v: vA, w: wA)
            velocities[indexB] = SolverVelocity(v: vB, w: wB)
        }
        }
        }
        }
    }

    /// The constraints' impulses (normal and tangent, of both points) into `out`, replacing its
    /// contents (sized ahead by `Scratch.ensure`, four per contact).
    func saveImpulses(to out: Pool<Float>) {
        let n = count
        if out.capacity < 4 * n { out.reserveCapacity(4 * n) }
        let vcs = velocityConstraints.base, o = out.base
        for i in 0..<n {
            let p = vcs[i].points
            o[4 * i] = p.0.normalImpulse; o[4 * i + 1] = p.0.tangentImpulse
            o[4 * i + 2] = p.1.normalImpulse; o[4 * i + 3] = p.1.tangentImpulse
        }
        out.setCount(4 * n)
    }

    /// Whether the constraints' impulses are `impulses` (as `saveImpulses` gave them), bit for
    /// bit.
    func impulsesAre(_ impulses: Pool<Float>) -> Bool {
        let n = count
        if impulses.count != 4 * n { return false }
        let vcs = velocityConstraints.base, old = impulses.base
        for i in 0..<n {
            let p = vcs[i].points
            if p.0.normalImpulse.bitPattern != old[4 * i].bitPattern || p.0.tangentImpulse.bitPattern != old[4 * i + 1].bitPattern
                || p.1.normalImpulse.bitPattern != old[4 * i + 2].bitPattern || p.1.tangentImpulse.bitPattern != old[4 * i + 3].bitPattern {
                return false
            }
        }
        return true
    }

    /// Copies the impulses back into the world's manifolds for the next step's warm start.
    func storeImpulses(_ world: World) {
        // Through pointers: only the four impulses are written (copying each manifold point out
        // and back read and wrote whole contacts).
        velocityConstraints.withUnsafeBufferPointer { vcs in
        world.contacts.withUnsafeMutableBufferPointer { cs in
        let base = cs.baseAddress!
        for i in 0..<count {
            if i + 4 < count { prefetchManifold(base + contactIds[i + 4]) }
            let c = base + contactIds[i]
            let n = vcs[i].pointCount
            if n > 0 {
                c.pointee.manifold.point0.normalImpulse = vcs[i].points.0.normalImpulse
                c.pointee.manifold.point0.tangentImpulse = vcs[i].points.0.tangentImpulse
            }
            if n > 1 {
                c.pointee.manifold.point1.normalImpulse = vcs[i].points.1.normalImpulse
                c.pointee.manifold.point1.tangentImpulse = vcs[i].points.1.tangentImpulse
            }
        }
        }
        }
    }

    func positionManifold(_ pc: ContactPositionConstraint, _ xfA: Transformf, _ xfB: Transformf, _ index: Int) -> (Vec2f, Vec2f, Float) {
        switch pc.type {
        case .circles:
            let pointA = mul(xfA, pc.localPoint)
            let pointB = mul(xfB, pc.localPoints.0)
            let normal = (pointB - pointA).safeNormalized
            return (normal, 0.5 * (pointA + pointB), dot(pointB - pointA, normal) - pc.radiusA - pc.radiusB)
        case .faceA:
            let normal = mul(xfA.q, pc.localNormal)
            let planePoint = mul(xfA, pc.localPoint)
            let clipPoint = mul(xfB, pc.localPoint(index))
            return (normal, clipPoint, dot(clipPoint - planePoint, normal) - pc.radiusA - pc.radiusB)
        case .faceB:
            let normal = mul(xfB.q, pc.localNormal)
            let planePoint = mul(xfB, pc.localPoint)
            let clipPoint = mul(xfA, pc.localPoint(index))
            return (-normal, clipPoint, dot(clipPoint - planePoint, normal) - pc.radiusA - pc.radiusB)
        }
    }

    /// One point of a position constraint (Box2D's loop body in `SolvePositionConstraints` and
    /// `SolveTOIPositionConstraints`): the bodies at (`cA`, `aA`) and (`cB`, `aB`), rotated by
    /// `qA` and `qB`, pushed apart along the normal. Returns the point's separation before the push.
    @inline(__always)
    func solvePositionPoint(_ pc: ContactPositionConstraint, _ j: Int, _ qA: Rotf, _ qB: Rotf,
                            _ cA: inout Vec2f, _ aA: inout Float, _ cB: inout Vec2f, _ aB: inout Float,
                            masses: (Float, Float, Float, Float), baumgarte: Float) -> Float {
        let (mA, iA, mB, iB) = masses
        var xfA = Transformf(p: .zero, q: qA), xfB = Transformf(p: .zero, q: qB)
        xfA.p = cA - mul(xfA.q, pc.localCenterA)
        xfB.p = cB - mul(xfB.q, pc.localCenterB)
        let (normal, point, separation) = positionManifold(pc, xfA, xfB, j)
        let rA = point - cA, rB = point - cB
        let C = clampF(baumgarte * (separation + Settings.linearSlop), -Settings.maxLinearCorrection, 0)
        let rnA = cross(rA, normal), rnB = cross(rB, normal)
        let K = mA + mB + iA * rnA * rnA + iB * rnB * rnB
        let impulse = K > 0 ? -C / K : 0
        let P = impulse * normal
        cA -= mA * P; aA -= iA * cross(rA, P)
        cB += mB * P; aB += iB * cross(rB, P)
        return separation
    }

    /// One position iteration.
    func solvePositionConstraints(_ positions: Pool<SolverPosition>) -> Bool {
        var minSeparation: Float = 0.0
        let baumgarte = Settings.baumgarte
        positionConstraints.withUnsafeBufferPointer { pcs in
        masses.withUnsafeBufferPointer { ms in
        positions.withUnsafeMutableBufferPointer { positions in
        for i in 0..<count {
            let pc = pcs[i]
            let indexA = Int(pc.indexA), indexB = Int(pc.indexB)
            let mA = ms[indexA].m, iA = ms[indexA].i, mB = ms[indexB].m, iB = ms[indexB].i
            var cA = positions[indexA].c, aA = positions[indexA].a
            var cB = positions[indexB].c, aB = positions[indexB].a
            for j in 0..<pc.pointCount {
                let separation = solvePositionPoint(pc, j, rotF(aA), rotF(aB), &cA, &aA, &cB, &aB,
                                                    masses: (mA, iA, mB, iB), baumgarte: baumgarte)
                minSeparation = Swift.min(minSeparation, separation)
            }
            positions[indexA] = SolverPosition(c: cA, a: aA)
            positions[indexB] = SolverPosition(c: cB, a: aB)
        }
        }
        }
        }
        return minSeparation >= -3.0 * Settings.linearSlop
    }
}
