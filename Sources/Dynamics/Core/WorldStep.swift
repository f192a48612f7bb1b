// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

extension World {
    /// Advances the world by `dt` seconds: collide, solve islands, resolve times of impact,
    /// as Box2D 2.3's `b2World::Step`.
    /// `dt` is rounded to float32, as everything the engine computes with.
    public func step(_ dt: Double, velocityIterations: Int = Settings.velocityIterations,
                     positionIterations: Int = Settings.positionIterations) {
        let dt = Float(dt)
        if newFixture {
            findNewContacts()
            newFixture = false
        }
        locked = true
        stepListener = hasListener ? contactListener : nil
        stepWantsPreSolve = stepListener?.wantsPreSolve ?? false
        stepWantsPostSolve = stepListener?.wantsPostSolve ?? false
        defer { locked = false; stepListener = nil; stepWantsPreSolve = false; stepWantsPostSolve = false }
        let step = TimeStep(dt: dt, invDt: dt > 0 ? 1 / dt : 0, dtRatio: invDt0 * dt,
                            velocityIterations: velocityIterations, positionIterations: positionIterations,
                            warmStarting: warmStarting)
        collide()
        if stepComplete && dt > 0 { solve(step) }
        if continuousPhysics && dt > 0 { solveTOI(step) }
        if dt > 0 { invDt0 = step.invDt }
        if autoClearForces { clearForces() }
    }

    func solve(_ step: TimeStep) {
        var b = bodyList
        while b != nullIndex { bodies[b].inIsland = false; b = bodies[b].next }
        // (The contacts' island flags were cleared by the narrow phase, `collide`, which this step
        // ran just before and which visits every contact; no contact is created in between.)
        var j = jointList
        while j != nullIndex { joints[j].inIsland = false; j = joints[j].next }

        scratch.ensure(bodies: bodyCount, contacts: contactCount, joints: jointCount)
        let islandBodies = scratch.islandBodies, islandContacts = scratch.islandContacts
        let islandJoints = scratch.islandJoints, stack = scratch.stack
        let sleeping = sleepingAllowed
        // The island lists and the stack are written through their buffers, with the counts
        // in locals: `ensure` has sized them for every body, contact and joint of the world (a
        // body is pushed and listed once, a contact and a joint listed once), so no write needs a
        // capacity check, and a count kept in memory was reloaded after every store.
        let bodyBuf = islandBodies.base, contactBuf = islandContacts.base, stackBuf = stack.base
        var seed = bodyList
        while seed != nullIndex {
            defer { seed = bodies[seed].next }
            if bodies[seed].inIsland { continue }
            if !bodies[seed].awake || !bodies[seed].active { continue }
            if bodies[seed].type == .staticBody { continue }
            islandJoints.clear()
            var nBodies = 0, nContacts = 0, top = 0
            stackBuf[top] = seed; top += 1
            bodies[seed].inIsland = true
            // The contact edges through pointers (a dozen reads per edge, each `contacts[i]`
            // reloading the pool and checking the index); nothing here adds a body or contact.
            let cbase = contacts.base, bbase = bodies.base
            while top > 0 {
                top -= 1
                let body = stackBuf[top]
                let pb = bbase + body
                pb.pointee.islandIndex = nBodies
                bodyBuf[nBodies] = body; nBodies += 1
                pb.pointee.setAwake(true)
                if pb.pointee.type == .staticBody { continue }
                var ce = pb.pointee.contactList
                while ce != nullIndex {
                    let side = ce & 1, ct = cbase + (ce >> 1)
                    ce = side == 0 ? ct.pointee.edgeNext.0 : ct.pointee.edgeNext.1
                    if ct.pointee.inIsland { continue }
                    if !ct.pointee.enabled || !ct.pointee.touching { continue }
                    if ct.pointee.sensor { continue }
                    contactBuf[nContacts] = ct - cbase; nContacts += 1
                    ct.pointee.inIsland = true
                    let other = side == 0 ? ct.pointee.edgeOther.0 : ct.pointee.edgeOther.1
                    if bbase[other].inIsland { continue }
                    prefetchFirstLine(bbase + other)
                    stackBuf[top] = other; top += 1
                    bbase[other].inIsland = true
                }
                var je = pb.pointee.jointList
                while je != nullIndex {
                    defer { je = jointEdgeNext(je) }
                    let joint = je >> 1
                    if joints[joint].inIsland { continue }
                    let other = jointEdgeOther(je)
                    if !bodies[other].active { continue }
                    islandJoints.append(joint)
                    joints[joint].inIsland = true
                    if bodies[other].inIsland { continue }
                    stackBuf[top] = other; top += 1
                    bodies[other].inIsland = true
                }
            }
            islandBodies.setCount(nBodies)
            islandContacts.setCount(nContacts)
            solveIsland(step, islandBodies, islandContacts, islandJoints, sleeping: sleeping)
            for k in 0..<islandBodies.count where bodies[islandBodies[k]].type == .staticBody { bodies[islandBodies[k]].inIsland = false }
        }
        b = bodyList
        while b != nullIndex {
            if bodies[b].inIsland && bodies[b].type != .staticBody { synchronizeFixtures(b) }
            b = bodies[b].next
        }
        findNewContacts()
    }

    func solveIsland(_ step: TimeStep, _ islandBodies: Pool<Int>, _ islandContacts: Pool<Int>, _ islandJoints: Pool<Int>, sleeping: Bool) {
        let h = step.dt
        var data = takeSolverData(step)
        let bbase = bodies.base  // (no body is added during a step)
        for k in 0..<islandBodies.count {
            if k + 4 < islandBodies.count { prefetch(bbase + islandBodies[k + 4]) }
            let body = bbase + islandBodies[k]
            let c = body.pointee.sweep.c, a = body.pointee.sweep.a
            var v = body.pointee.linearVelocity, w = body.pointee.angularVelocity
            body.pointee.sweep.c0 = c
            body.pointee.sweep.a0 = a
            if body.pointee.type == .dynamicBody {
                v += h * (body.pointee.gravityScale * gravityF + body.pointee.invMass * body.pointee.force)
                w += h * body.pointee.invI * body.pointee.torque
                // Box2D 2.2's damping (what the oracle, pybox2d 2.3.10, measures): v ← v·clamp(1 − h·c, 0, 1).
                v *= Swift.min(Swift.max(1.0 - h * body.pointee.linearDamping, 0), 1)
                w *= Swift.min(Swift.max(1.0 - h * body.pointee.angularDamping, 0), 1)
            }
            data.positions.append(SolverPosition(c: c, a: a))
            data.velocities.append(SolverVelocity(v: v, w: w))
        }
        var positionSolved = false
        if islandContacts.isEmpty && islandJoints.isEmpty {
            // A body touching nothing (a falling item is an island of its own, and a rain of
            // them is a hundred islands a step): with no constraint, the iterations change
            // nothing, and the first position iteration reports success; only the integration is
            // left. The same operations as the general path, without building an empty solver.
            integratePositions(h, &data)
            positionSolved = step.positionIterations > 0
            writeBack(data, islandBodies)
        } else {
            // Bodies held by joints alone (a spring) need no contact solver: with no contact it
            // would change nothing and report every position iteration solved.
            var solver = islandContacts.isEmpty ? nil : ContactSolver(step: step, contactIds: islandContacts, bodyCount: islandBodies.count, world: self,
                                                                      positions: data.positions, velocities: data.velocities)
            if step.warmStarting { solver?.warmStart(data.velocities) }
            for k in 0..<islandJoints.count { initJointVelocityConstraints(islandJoints[k], &data) }
            if islandJoints.isEmpty && stopsStillVelocityIterations {
                // (Contacts without joints: the solver is there.)
                solveVelocityIterationsUntilStill(&solver!, data.velocities, step.velocityIterations)
            } else {
                for _ in 0..<step.velocityIterations {
                    for k in 0..<islandJoints.count { solveJointVelocityConstraints(islandJoints[k], &data) }
                    solver?.solveVelocityConstraints(data.velocities)
                }
            }
            solver?.storeImpulses(self)
            integratePositions(h, &data)
            for _ in 0..<step.positionIterations {
                let contactsOkay = solver?.solvePositionConstraints(data.positions) ?? true
                var jointsOkay = true
                for k in 0..<islandJoints.count {
                    let j = islandJoints[k]
                    let ok = solveJointPositionConstraints(j, &data)
                    jointsOkay = jointsOkay && ok
                }
                if contactsOkay && jointsOkay { positionSolved = true; break }
            }
            writeBack(data, islandBodies)
            if let solver { report(solver) }
        }
        if sleeping {
            // The timer is a float32 sum, as Box2D's: 60 × Float(1/120) = 0.49999985 < 0.5, so a
            // body needs 61 sub-steps to fall asleep (a Double sum would reach 0.5 after 60).
            var minSleepTime = Float.greatestFiniteMagnitude
            let linTolSqr = linearSleepTolerance * linearSleepTolerance
            let angTolSqr = angularSleepTolerance * angularSleepTolerance
            for k in 0..<islandBodies.count {
                let body = bbase + islandBodies[k]
                if body.pointee.type == .staticBody { continue }
                let v = body.pointee.linearVelocity, w = body.pointee.angularVelocity
                if !body.pointee.autoSleep || w * w > angTolSqr || dot(v, v) > linTolSqr {
                    body.pointee.sleepTime = 0
                    minSleepTime = 0
                } else {
                    body.pointee.sleepTime += h
                    minSleepTime = Swift.min(minSleepTime, body.pointee.sleepTime)
                }
            }
            if minSleepTime >= timeToSleep && positionSolved {
                for k in 0..<islandBodies.count { bodies[islandBodies[k]].setAwake(false) }
            }
        }
    }

    /// Solver positions and velocities in the world's reused buffers, emptied.
    /// The velocity iterations of an island without joints, stopped at the first that changes
    /// nothing, bit for bit: no velocity and no impulse. An iteration is a function of the
    /// velocities and the impulses alone, so the rest would change nothing either.
    ///
    /// Comparing everything costs about a fifth of an iteration, and in a pile no iteration is
    /// ever still; so an iteration is watched only after one that left four sample bodies'
    /// velocities as they were (the first, the last and two between), which is where the still
    /// ones come. (The samples only decide when to watch: the stop rests on the watched
    /// iteration, compared whole.) With `watchFirst` (a time-of-impact sub-step: a handful of
    /// bodies, whose first iteration is often already still) every iteration is watched.
    func solveVelocityIterationsUntilStill(_ solver: inout ContactSolver, _ velocities: Pool<SolverVelocity>, _ iterations: Int,
                                           watchFirst: Bool = false) {
        let n = velocities.count
        let samples = (0, n / 3, (2 * n) / 3, n - 1)
        let savedVelocities = scratch.stillVelocities, savedImpulses = scratch.stillImpulses
        if savedVelocities.capacity < n { savedVelocities.reserveCapacity(n) }
        var watching = watchFirst
        for k in 0..<iterations {
            if watching {
                let v = velocities.base, saved = savedVelocities.base
                for i in 0..<n { saved[i] = v[i] }
                savedVelocities.setCount(n)
                solver.saveImpulses(to: savedImpulses)
                solver.solveVelocityConstraints(velocities)
                if sameBits(savedVelocities, velocities) && solver.impulsesAre(savedImpulses) {
                    skippedVelocityIterations += iterations - k - 1
                    return
                }
                continue
            }
            let before = (velocities[samples.0], velocities[samples.1], velocities[samples.2], velocities[samples.3])
            solver.solveVelocityConstraints(velocities)
            watching = sameBits(before.0, velocities[samples.0]) && sameBits(before.1, velocities[samples.1])
                && sameBits(before.2, velocities[samples.2]) && sameBits(before.3, velocities[samples.3])
        }
    }

    func takeSolverData(_ step: TimeStep) -> SolverData {
        let data = SolverData(step: step, positions: scratch.positions, velocities: scratch.velocities)
        data.positions.clear()
        data.velocities.clear()
        return data
    }

    /// Integrates positions with Box2D's per-step translation and rotation caps.
    /// The solved island's positions and velocities back into its bodies (`islandBodies[i]` is
    /// the body of solver row `i`), their transforms synchronized: the end of an island solve and
    /// of a time-of-impact sub-step alike.
    @inline(__always) func writeBack(_ data: SolverData, _ islandBodies: Pool<Int>) {
        let bbase = bodies.base  // (no body is added during a step)
        for i in islandBodies.indices {
            if i + 4 < islandBodies.count { prefetch(bbase + islandBodies[i + 4]) }
            let body = bbase + islandBodies[i]
            body.pointee.sweep.c = data.positions[i].c
            body.pointee.sweep.a = data.positions[i].a
            body.pointee.linearVelocity = data.velocities[i].v
            body.pointee.angularVelocity = data.velocities[i].w
            body.pointee.synchronizeTransform()
        }
    }

    func integratePositions(_ h: Float, _ data: inout SolverData) {
        let maxTranslationSquared = Settings.maxTranslation * Settings.maxTranslation
        let maxRotationSquared = Settings.maxRotation * Settings.maxRotation
        for i in data.positions.indices {
            var c = data.positions[i].c, a = data.positions[i].a
            var v = data.velocities[i].v, w = data.velocities[i].w
            let translation = h * v
            if dot(translation, translation) > maxTranslationSquared {
                v *= Settings.maxTranslation / translation.length
            }
            let rotation = h * w
            if rotation * rotation > maxRotationSquared {
                w *= Settings.maxRotation / Swift.abs(rotation)
            }
            c += h * v
            a += h * w
            data.positions[i] = SolverPosition(c: c, a: a)
            data.velocities[i] = SolverVelocity(v: v, w: w)
        }
    }

    func report(_ solver: ContactSolver) {
        guard stepWantsPostSolve, let l = stepListener else { return }
        for k in 0..<solver.count {
            l.postSolve(contactInfo(solver.contactIds[k]), impulse: World.impulse(solver.velocityConstraints[k]))
        }
        listenerCalled()
    }

    /// After a call to the step's listener: its wish for post-solve calls asked again.
    @inline(__always) func listenerCalled() {
        if locked { stepWantsPostSolve = stepListener?.wantsPostSolve ?? false }
    }

    /// What a post-solve listener is told of constraint `vc`'s impulses.
    @inline(__always) static func impulse(_ vc: ContactVelocityConstraint) -> ContactImpulse {
        var imp = ContactImpulse()
        imp.count = vc.pointCount
        imp.normalImpulses = (vc.points.0.normalImpulse, vc.points.1.normalImpulse)
        imp.tangentImpulses = (vc.points.0.tangentImpulse, vc.points.1.tangentImpulse)
        return imp
    }
}

/// Whether `a` and `b` are the same velocity, bit for bit.
@inline(__always) private func sameBits(_ a: SolverVelocity, _ b: SolverVelocity) -> Bool {
    a.v.x.bitPattern == b.v.x.bitPattern && a.v.y.bitPattern == b.v.y.bitPattern && a.w.bitPattern == b.w.bitPattern
}

/// Whether `a` and `b` hold the same velocities, bit for bit.
private func sameBits(_ a: Pool<SolverVelocity>, _ b: Pool<SolverVelocity>) -> Bool {
    let n = a.count
    if n != b.count { return false }
    let a = a.base, b = b.base
    for i in 0..<n where !sameBits(a[i], b[i]) { return false }
    return true
}
