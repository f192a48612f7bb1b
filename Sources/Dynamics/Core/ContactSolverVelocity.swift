// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

extension ContactSolver {
    /// One velocity iteration over the island's contacts (Box2D's `SolveVelocityConstraints`):
    /// friction point by point, then the normal impulses, two points by the block solver.
    mutating func solveVelocityConstraints(_ velocities: Pool<SolverVelocity>) {
        // Unsafe buffers: the constraint and velocity arrays are read and written once per
        // constraint per iteration, and their bounds and uniqueness checks cost more than the math.
        // Only the fields used are read, and only the impulses written back.
        let count = count
        velocityConstraints.withUnsafeMutableBufferPointer { vcs in
        masses.withUnsafeBufferPointer { ms in
        velocities.withUnsafeMutableBufferPointer { velocities in
        guard let base = vcs.baseAddress, let vel = velocities.baseAddress, let ms = ms.baseAddress else { return }
        let pointsOffset = MemoryLayout<ContactVelocityConstraint>.offset(of: \.points)!
        for i in 0..<count {
            let p = base + i
            // The points are read in place where they are used, as Box2D does (copies of both,
            // held across the whole body, spilled registers).
            let c1 = (UnsafeMutableRawPointer(p) + pointsOffset).assumingMemoryBound(to: VelocityConstraintPoint.self)
            let c2 = c1 + 1
            let indexA = Int(p.pointee.indexA), indexB = Int(p.pointee.indexB)
            let mA = ms[indexA].m, iA = ms[indexA].i, mB = ms[indexB].m, iB = ms[indexB].i
            var vA = vel[indexA].v, wA = vel[indexA].w
            var vB = vel[indexB].v, wB = vel[indexB].w
            let normal = p.pointee.normal, tangent = cross(normal, 1.0)
            let friction = p.pointee.friction
            let pointCount = p.pointee.pointCount
            // Friction first, point by point.
            ContactSolver.solveFriction(c1, tangent, friction, mA, iA, mB, iB, &vA, &wA, &vB, &wB)
            if pointCount > 1 { ContactSolver.solveFriction(c2, tangent, friction, mA, iA, mB, iB, &vA, &wA, &vB, &wB) }
            if pointCount == 1 {
                let rA = c1.pointee.rA, rB = c1.pointee.rB
                let dv = vB + cross(wB, rB) - vA - cross(wA, rA)
                let vn = dot(dv, normal)
                var lambda = -p.pointee.normalMass.k11 * (vn - c1.pointee.velocityBias)
                let old = c1.pointee.normalImpulse
                let newImpulse = Swift.max(old + lambda, 0)
                lambda = newImpulse - old
                c1.pointee.normalImpulse = newImpulse
                let P = lambda * normal
                vA -= mA * P; wA -= iA * cross(rA, P)
                vB += mB * P; wB += iB * cross(rB, P)
            } else {
                let K = p.pointee.K
                let r1A = c1.pointee.rA, r1B = c1.pointee.rB, r2A = c2.pointee.rA, r2B = c2.pointee.rB
                let a = Vec2f(c1.pointee.normalImpulse, c2.pointee.normalImpulse)
                let dv1 = vB + cross(wB, r1B) - vA - cross(wA, r1A)
                let dv2 = vB + cross(wB, r2B) - vA - cross(wA, r2A)
                var vn1 = dot(dv1, normal), vn2 = dot(dv2, normal)
                var b = Vec2f(vn1 - c1.pointee.velocityBias, vn2 - c2.pointee.velocityBias)
                b -= K.times(a)
                // Box2D's block solver: the first of the four cases whose impulses and
                // velocities are admissible wins; if none is, nothing changes.
                var x = -p.pointee.normalMass.times(b)
                var found = x.x >= 0 && x.y >= 0
                if !found {
                    x = Vec2f(-p.pointee.pointNormalMass(0) * b.x, 0)
                    vn2 = K.k12 * x.x + b.y
                    found = x.x >= 0 && vn2 >= 0
                }
                if !found {
                    x = Vec2f(0, -p.pointee.pointNormalMass(1) * b.y)
                    vn1 = K.k12 * x.y + b.x
                    found = x.y >= 0 && vn1 >= 0
                }
                if !found {
                    x = .zero
                    vn1 = b.x; vn2 = b.y
                    found = vn1 >= 0 && vn2 >= 0
                }
                if found {
                    let d = x - a
                    let P1 = d.x * normal, P2 = d.y * normal
                    vA -= mA * (P1 + P2)
                    wA -= iA * (cross(r1A, P1) + cross(r2A, P2))
                    vB += mB * (P1 + P2)
                    wB += iB * (cross(r1B, P1) + cross(r2B, P2))
                    c1.pointee.normalImpulse = x.x
                    c2.pointee.normalImpulse = x.y
                }
            }
            vel[indexA] = SolverVelocity(v: vA, w: wA)
            vel[indexB] = SolverVelocity(v: vB, w: wB)
        }
        }
        }
        }
    }

    /// One point's friction impulse (a function, not a closure: a closure's captured velocities
    /// are boxed on the heap in a debug build). No tangent speed: the engine has no conveyor
    /// (Box2D subtracts the contact's, which is 0 unless a pre-solve listener sets it, and
    /// subtracting +0 changes no number).
    @inline(__always)
    static func solveFriction(_ cp: UnsafeMutablePointer<VelocityConstraintPoint>, _ tangent: Vec2f, _ friction: Float, _ mA: Float, _ iA: Float, _ mB: Float, _ iB: Float,
                              _ vA: inout Vec2f, _ wA: inout Float, _ vB: inout Vec2f, _ wB: inout Float) {
        let rA = cp.pointee.rA, rB = cp.pointee.rB
        let dv = vB + cross(wB, rB) - vA - cross(wA, rA)
        let vt = dot(dv, tangent)
        var lambda = cp.pointee.tangentMass * (-vt)
        let maxFriction = friction * cp.pointee.normalImpulse
        let old = cp.pointee.tangentImpulse
        let newImpulse = clampF(old + lambda, -maxFriction, maxFriction)
        lambda = newImpulse - old
        cp.pointee.tangentImpulse = newImpulse
        let P = lambda * tangent
        vA -= mA * P; wA -= iA * cross(rA, P)
        vB += mB * P; wB += iB * cross(rB, P)
    }
}

