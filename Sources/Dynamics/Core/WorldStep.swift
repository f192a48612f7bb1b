// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

extension World {
    /// Advances the world by `dt` seconds: collide, solve islands, resolve times of impact,
    /// as Box2D 2.3's `b2World::Step`.
    public func step(_ dt: Double, velocityIterations: Int = Settings.velocityIterations,
                     positionIterations: Int = Settings.positionIterations) {
        if newFixture {
            findNewContacts()
            newFixture = false
        }
        locked = true
        defer { locked = false }
        let step = TimeStep(dt: dt, invDt: dt > 0 ? 1 / dt : 0, dtRatio: invDt0 * dt,
                            velocityIterations: velocityIterations, positionIterations: positionIterations,
                            warmStarting: warmStarting)
        collide()
        if stepComplete && dt > 0 { solve(step) }
        if continuousPhysics && dt > 0 { solveTOI(step) }
        if dt > 0 { invDt0 = step.invDt }
        // Forces cleared (unless the caller clears them) and step forces dropped in one walk.
        var b = bodyList
        if autoClearForces {
            while b != nullIndex { bodies[b].force = .zero; bodies[b].torque = 0; bodies[b].stepForce = .zero; b = bodies[b].next }
        } else {
            while b != nullIndex { bodies[b].stepForce = .zero; b = bodies[b].next }
        }
    }

    func solve(_ step: TimeStep) {
        var b = bodyList
        while b != nullIndex { bodies[b].inIsland = false; b = bodies[b].next }
        // (The contacts' island flags were cleared by the narrow phase, `collide`, which this step
        // ran just before and which visits every contact; no contact is created in between.)
        var j = jointList
        while j != nullIndex { joints[j].inIsland = false; j = joints[j].next }

        scratch.ensure(bodies: bodyCount, contacts: contactCount, joints: jointCount)
        var islandBodies: [Int] = [], islandContacts: [Int] = [], islandJoints: [Int] = [], stack: [Int] = []
        swap(&islandBodies, &scratch.islandBodies)
        swap(&islandContacts, &scratch.islandContacts)
        swap(&islandJoints, &scratch.islandJoints)
        swap(&stack, &scratch.stack)
        defer {
            swap(&islandBodies, &scratch.islandBodies)
            swap(&islandContacts, &scratch.islandContacts)
            swap(&islandJoints, &scratch.islandJoints)
            swap(&stack, &scratch.stack)
        }
        var seed = bodyList
        while seed != nullIndex {
            defer { seed = bodies[seed].next }
            if bodies[seed].inIsland { continue }
            if !bodies[seed].awake || !bodies[seed].active { continue }
            if bodies[seed].type == .staticBody { continue }
            islandBodies.clear()
            islandContacts.clear()
            islandJoints.clear()
            stack.clear()
            stack.append(seed)
            bodies[seed].inIsland = true
            while let body = stack.popLast() {
                bodies[body].islandIndex = islandBodies.count
                islandBodies.append(body)
                bodies[body].setAwake(true)
                if bodies[body].type == .staticBody { continue }
                var ce = bodies[body].contactList
                while ce != nullIndex {
                    defer { ce = contactEdgeNext(ce) }
                    let contact = ce >> 1
                    if contacts[contact].inIsland { continue }
                    if !contacts[contact].enabled || !contacts[contact].touching { continue }
                    if contacts[contact].sensor { continue }
                    islandContacts.append(contact)
                    contacts[contact].inIsland = true
                    let other = contactEdgeOther(ce)
                    if bodies[other].inIsland { continue }
                    prefetchFirstLine(bodies.base + other)
                    stack.append(other)
                    bodies[other].inIsland = true
                }
                var je = bodies[body].jointList
                while je != nullIndex {
                    defer { je = jointEdgeNext(je) }
                    let joint = je >> 1
                    if joints[joint].inIsland { continue }
                    let other = jointEdgeOther(je)
                    if !bodies[other].active { continue }
                    islandJoints.append(joint)
                    joints[joint].inIsland = true
                    if bodies[other].inIsland { continue }
                    stack.append(other)
                    bodies[other].inIsland = true
                }
            }
            solveIsland(step, islandBodies, islandContacts, islandJoints)
            for k in 0..<islandBodies.count where bodies[islandBodies[k]].type == .staticBody { bodies[islandBodies[k]].inIsland = false }
        }
        b = bodyList
        while b != nullIndex {
            if bodies[b].inIsland && bodies[b].type != .staticBody { synchronizeFixtures(b) }
            b = bodies[b].next
        }
        findNewContacts()
    }

    func solveIsland(_ step: TimeStep, _ islandBodies: [Int], _ islandContacts: [Int], _ islandJoints: [Int]) {
        let h = step.dt
        var data = takeSolverData(step)
        defer { returnSolverData(&data) }
        for k in 0..<islandBodies.count {
            if k + 4 < islandBodies.count { prefetch(bodies.base + islandBodies[k + 4]) }
            let b = islandBodies[k]
            let c = bodies[b].sweep.c, a = bodies[b].sweep.a
            var v = bodies[b].linearVelocity, w = bodies[b].angularVelocity
            bodies[b].sweep.c0 = c
            bodies[b].sweep.a0 = a
            if bodies[b].type == .dynamicBody {
                v += h * (bodies[b].gravityScale * gravity + bodies[b].invMass * (bodies[b].force + bodies[b].stepForce))
                w += h * bodies[b].invI * bodies[b].torque
                // Box2D 2.2's damping (what the oracle, pybox2d 2.3.10, measures): v ← v·clamp(1 − h·c, 0, 1).
                v *= Swift.min(Swift.max(1.0 - h * bodies[b].linearDamping, 0), 1)
                w *= Swift.min(Swift.max(1.0 - h * bodies[b].angularDamping, 0), 1)
            }
            data.positions.append(SolverPosition(c: c, a: a))
            data.velocities.append(SolverVelocity(v: v, w: w))
        }
        var solver = ContactSolver(step: step, contactIds: islandContacts, world: self,
                                   positions: data.positions, velocities: data.velocities)
        defer { solver.returnBuffers(self) }
        if step.warmStarting { solver.warmStart(&data.velocities) }
        for k in 0..<islandJoints.count { initJointVelocityConstraints(islandJoints[k], &data) }
        for _ in 0..<step.velocityIterations {
            for k in 0..<islandJoints.count { solveJointVelocityConstraints(islandJoints[k], &data) }
            solver.solveVelocityConstraints(&data.velocities)
        }
        solver.storeImpulses(self)
        integratePositions(h, &data)
        var positionSolved = false
        for _ in 0..<step.positionIterations {
            let contactsOkay = solver.solvePositionConstraints(&data.positions)
            var jointsOkay = true
            for k in 0..<islandJoints.count {
                let j = islandJoints[k]
                let ok = solveJointPositionConstraints(j, &data)
                jointsOkay = jointsOkay && ok
            }
            if contactsOkay && jointsOkay { positionSolved = true; break }
        }
        writeBack(data, islandBodies)
        report(solver)
        if allowSleeping {
            // The timer is a float32 sum, as Box2D's: 60 × Float(1/120) = 0.49999985 < 0.5, so a
            // body needs 61 sub-steps to fall asleep (a Double sum reaches 0.5 after 60).
            var minSleepTime = Float.greatestFiniteMagnitude
            let hf = Float(h)
            let linTolSqr = linearSleepTolerance * linearSleepTolerance
            let angTolSqr = angularSleepTolerance * angularSleepTolerance
            for k in 0..<islandBodies.count {
                let b = islandBodies[k]
                if bodies[b].type == .staticBody { continue }
                let v = bodies[b].linearVelocity, w = bodies[b].angularVelocity
                if !bodies[b].autoSleep || w * w > angTolSqr || dot(v, v) > linTolSqr {
                    bodies[b].sleepTime = 0
                    minSleepTime = 0
                } else {
                    bodies[b].sleepTime += hf
                    minSleepTime = Swift.min(minSleepTime, bodies[b].sleepTime)
                }
            }
            if minSleepTime >= Float(timeToSleep) && positionSolved {
                for k in 0..<islandBodies.count { bodies[islandBodies[k]].setAwake(false) }
            }
        }
    }

    /// Solver positions and velocities in the world's reused buffers, emptied.
    func takeSolverData(_ step: TimeStep) -> SolverData {
        var data = SolverData(step: step, positions: [], velocities: [])
        swap(&data.positions, &scratch.positions)
        swap(&data.velocities, &scratch.velocities)
        data.positions.clear()
        data.velocities.clear()
        return data
    }

    /// Gives the buffers of `takeSolverData` back to the world.
    func returnSolverData(_ data: inout SolverData) {
        swap(&data.positions, &scratch.positions)
        swap(&data.velocities, &scratch.velocities)
    }

    /// Integrates positions with Box2D's per-step translation and rotation caps.
    /// The solved island's positions and velocities back into its bodies (`islandBodies[i]` is
    /// the body of solver row `i`), their transforms synchronized: the end of an island solve and
    /// of a time-of-impact sub-step alike.
    @inline(__always) func writeBack(_ data: SolverData, _ islandBodies: [Int]) {
        for i in islandBodies.indices {
            if i + 4 < islandBodies.count { prefetch(bodies.base + islandBodies[i + 4]) }
            let b = islandBodies[i]
            bodies[b].sweep.c = data.positions[i].c
            bodies[b].sweep.a = data.positions[i].a
            bodies[b].linearVelocity = data.velocities[i].v
            bodies[b].angularVelocity = data.velocities[i].w
            bodies[b].synchronizeTransform()
        }
    }

    func integratePositions(_ h: Double, _ data: inout SolverData) {
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
        guard hasListener, let l = contactListener, l.wantsPostSolve else { return }
        for k in 0..<solver.velocityConstraints.count {
            let vc = solver.velocityConstraints[k]
            var imp = ContactImpulse()
            imp.count = vc.pointCount
            imp.normalImpulses = (vc.points.0.normalImpulse, vc.points.1.normalImpulse)
            imp.tangentImpulses = (vc.points.0.tangentImpulse, vc.points.1.tangentImpulse)
            l.postSolve(contactInfo(solver.contactIds[k]), impulse: imp)
        }
    }
}
