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
        if autoClearForces { clearForces() }
        var b = bodyList
        while b != nullIndex { bodies[b].stepForce = .zero; b = bodies[b].next }
    }

    func solve(_ step: TimeStep) {
        var b = bodyList
        while b != nullIndex { bodies[b].inIsland = false; b = bodies[b].next }
        var c = contactList
        while c != nullIndex { contacts[c].inIsland = false; c = contacts[c].next }
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
            islandBodies.removeAll(keepingCapacity: true)
            islandContacts.removeAll(keepingCapacity: true)
            islandJoints.removeAll(keepingCapacity: true)
            stack.removeAll(keepingCapacity: true)
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
                    if fixtures[contacts[contact].fixtureA].isSensor || fixtures[contacts[contact].fixtureB].isSensor { continue }
                    islandContacts.append(contact)
                    contacts[contact].inIsland = true
                    let other = contactEdgeOther(ce)
                    if bodies[other].inIsland { continue }
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
        var solver = ContactSolver(step: step, contactIds: islandContacts, world: self)
        defer { solver.returnBuffers(self) }
        solver.initializeVelocityConstraints(data.positions, data.velocities, self)
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
        for i in islandBodies.indices {
            let b = islandBodies[i]
            bodies[b].sweep.c = data.positions[i].c
            bodies[b].sweep.a = data.positions[i].a
            bodies[b].linearVelocity = data.velocities[i].v
            bodies[b].angularVelocity = data.velocities[i].w
            bodies[b].synchronizeTransform()
        }
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
        data.positions.removeAll(keepingCapacity: true)
        data.velocities.removeAll(keepingCapacity: true)
        return data
    }

    /// Gives the buffers of `takeSolverData` back to the world.
    func returnSolverData(_ data: inout SolverData) {
        swap(&data.positions, &scratch.positions)
        swap(&data.velocities, &scratch.velocities)
    }

    /// Integrates positions with Box2D's per-step translation and rotation caps.
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
        guard hasListener, let l = contactListener else { return }
        for k in 0..<solver.velocityConstraints.count {
            let vc = solver.velocityConstraints[k]
            var imp = ContactImpulse()
            imp.count = vc.pointCount
            imp.normalImpulses = (vc.points.0.normalImpulse, vc.points.1.normalImpulse)
            imp.tangentImpulses = (vc.points.0.tangentImpulse, vc.points.1.tangentImpulse)
            l.postSolve(contactInfo(solver.contactIds[vc.contactIndex]), impulse: imp)
        }
    }

    // MARK: continuous collision

    func solveTOI(_ step: TimeStep) {
        if stepComplete {
            var b = bodyList
            while b != nullIndex { bodies[b].inIsland = false; bodies[b].sweep.alpha0 = 0; b = bodies[b].next }
            var c = contactList
            while c != nullIndex {
                contacts[c].toiFlag = false; contacts[c].inIsland = false
                contacts[c].toiCount = 0; contacts[c].toi = 1
                c = contacts[c].next
            }
        }
        while true {
            var minContact = nullIndex
            var minAlpha = 1.0
            var c = contactList
            while c != nullIndex {
                defer { c = contacts[c].next }
                if !contacts[c].enabled { continue }
                if contacts[c].toiCount > Settings.maxSubSteps { continue }
                var alpha = 1.0
                if contacts[c].toiFlag {
                    alpha = contacts[c].toi
                } else {
                    let fA = contacts[c].fixtureA, fB = contacts[c].fixtureB
                    if fixtures[fA].isSensor || fixtures[fB].isSensor { continue }
                    let bA = fixtures[fA].body, bB = fixtures[fB].body
                    let typeA = bodies[bA].type, typeB = bodies[bB].type
                    let activeA = bodies[bA].awake && typeA != .staticBody
                    let activeB = bodies[bB].awake && typeB != .staticBody
                    if !activeA && !activeB { continue }
                    let collideA = bodies[bA].bullet || typeA != .dynamicBody
                    let collideB = bodies[bB].bullet || typeB != .dynamicBody
                    if !collideA && !collideB { continue }
                    var alpha0 = bodies[bA].sweep.alpha0
                    if bodies[bA].sweep.alpha0 < bodies[bB].sweep.alpha0 {
                        alpha0 = bodies[bB].sweep.alpha0
                        bodies[bA].sweep.advance(to: alpha0)
                    } else if bodies[bB].sweep.alpha0 < bodies[bA].sweep.alpha0 {
                        alpha0 = bodies[bA].sweep.alpha0
                        bodies[bB].sweep.advance(to: alpha0)
                    }
                    let input = TOIInput(proxyA: DistanceProxy(fixtures[fA].shape, child: contacts[c].indexA),
                                         proxyB: DistanceProxy(fixtures[fB].shape, child: contacts[c].indexB),
                                         sweepA: bodies[bA].sweep, sweepB: bodies[bB].sweep, tMax: 1)
                    let output = timeOfImpact(input)
                    let beta = output.t
                    if output.state == .touching {
                        alpha = Swift.min(alpha0 + (1 - alpha0) * beta, 1)
                    } else {
                        alpha = 1
                    }
                    contacts[c].toi = alpha
                    contacts[c].toiFlag = true
                }
                if alpha < minAlpha { minContact = c; minAlpha = alpha }
            }
            if minContact == nullIndex || 1 - 10 * epsilon < minAlpha {
                stepComplete = true
                break
            }
            let fA = contacts[minContact].fixtureA, fB = contacts[minContact].fixtureB
            let bA = fixtures[fA].body, bB = fixtures[fB].body
            let backup1 = bodies[bA].sweep, backup2 = bodies[bB].sweep
            bodies[bA].advance(minAlpha)
            bodies[bB].advance(minAlpha)
            updateContact(minContact)
            contacts[minContact].toiFlag = false
            contacts[minContact].toiCount += 1
            if !contacts[minContact].enabled || !contacts[minContact].touching {
                contacts[minContact].enabled = false
                bodies[bA].sweep = backup1
                bodies[bB].sweep = backup2
                bodies[bA].synchronizeTransform()
                bodies[bB].synchronizeTransform()
                continue
            }
            bodies[bA].setAwake(true)
            bodies[bB].setAwake(true)
            var islandBodies: [Int] = [], islandContacts: [Int] = []
            swap(&islandBodies, &scratch.islandBodies)
            swap(&islandContacts, &scratch.islandContacts)
            defer {
                swap(&islandBodies, &scratch.islandBodies)
                swap(&islandContacts, &scratch.islandContacts)
            }
            islandBodies.removeAll(keepingCapacity: true)
            islandContacts.removeAll(keepingCapacity: true)
            islandBodies.append(bA); islandBodies.append(bB)
            islandContacts.append(minContact)
            bodies[bA].islandIndex = 0
            bodies[bB].islandIndex = 1
            bodies[bA].inIsland = true
            bodies[bB].inIsland = true
            contacts[minContact].inIsland = true
            let bodyCapacity = 2 * Settings.maxTOIContacts, contactCapacity = Settings.maxTOIContacts
            for k in 0..<2 {
                let body = k == 0 ? bA : bB
                if bodies[body].type != .dynamicBody { continue }
                var ce = bodies[body].contactList
                while ce != nullIndex {
                    defer { ce = contactEdgeNext(ce) }
                    if islandBodies.count == bodyCapacity || islandContacts.count == contactCapacity { break }
                    let contact = ce >> 1
                    if contacts[contact].inIsland { continue }
                    let other = contactEdgeOther(ce)
                    if bodies[other].type == .dynamicBody && !bodies[body].bullet && !bodies[other].bullet { continue }
                    if fixtures[contacts[contact].fixtureA].isSensor || fixtures[contacts[contact].fixtureB].isSensor { continue }
                    let backup = bodies[other].sweep
                    if !bodies[other].inIsland { bodies[other].advance(minAlpha) }
                    updateContact(contact)
                    if !contacts[contact].enabled || !contacts[contact].touching {
                        bodies[other].sweep = backup
                        bodies[other].synchronizeTransform()
                        continue
                    }
                    contacts[contact].inIsland = true
                    islandContacts.append(contact)
                    if bodies[other].inIsland { continue }
                    bodies[other].inIsland = true
                    if bodies[other].type != .staticBody { bodies[other].setAwake(true) }
                    bodies[other].islandIndex = islandBodies.count
                    islandBodies.append(other)
                }
            }
            let dt = (1 - minAlpha) * step.dt
            let subStep = TimeStep(dt: dt, invDt: 1 / dt, dtRatio: 1, velocityIterations: step.velocityIterations,
                                   positionIterations: 20, warmStarting: false)
            solveTOIIsland(subStep, islandBodies, islandContacts, toiA: bodies[bA].islandIndex, toiB: bodies[bB].islandIndex)
            for k in 0..<islandBodies.count {
                let body = islandBodies[k]
                bodies[body].inIsland = false
                if bodies[body].type != .dynamicBody { continue }
                synchronizeFixtures(body)
                var ce = bodies[body].contactList
                while ce != nullIndex {
                    contacts[ce >> 1].toiFlag = false
                    contacts[ce >> 1].inIsland = false
                    ce = contactEdgeNext(ce)
                }
            }
            findNewContacts()
            if subStepping { stepComplete = false; break }
        }
    }

    func solveTOIIsland(_ subStep: TimeStep, _ islandBodies: [Int], _ islandContacts: [Int], toiA: Int, toiB: Int) {
        var data = takeSolverData(subStep)
        defer { returnSolverData(&data) }
        for k in 0..<islandBodies.count {
            let b = islandBodies[k]
            data.positions.append(SolverPosition(c: bodies[b].sweep.c, a: bodies[b].sweep.a))
            data.velocities.append(SolverVelocity(v: bodies[b].linearVelocity, w: bodies[b].angularVelocity))
        }
        var solver = ContactSolver(step: subStep, contactIds: islandContacts, world: self)
        defer { solver.returnBuffers(self) }
        for _ in 0..<subStep.positionIterations {
            if solver.solvePositionConstraints(&data.positions, toi: (toiA, toiB)) { break }
        }
        bodies[islandBodies[toiA]].sweep.c0 = data.positions[toiA].c
        bodies[islandBodies[toiA]].sweep.a0 = data.positions[toiA].a
        bodies[islandBodies[toiB]].sweep.c0 = data.positions[toiB].c
        bodies[islandBodies[toiB]].sweep.a0 = data.positions[toiB].a
        solver.initializeVelocityConstraints(data.positions, data.velocities, self)
        for _ in 0..<subStep.velocityIterations { solver.solveVelocityConstraints(&data.velocities) }
        integratePositions(subStep.dt, &data)
        for i in islandBodies.indices {
            let b = islandBodies[i]
            bodies[b].sweep.c = data.positions[i].c
            bodies[b].sweep.a = data.positions[i].a
            bodies[b].linearVelocity = data.velocities[i].v
            bodies[b].angularVelocity = data.velocities[i].w
            bodies[b].synchronizeTransform()
        }
        report(solver)
    }
}
