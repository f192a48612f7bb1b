// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// Continuous collision: Box2D 2.3's time-of-impact loop and its event queue.
extension World {
    func solveTOI(_ step: TimeStep) {
        if !subStepping && useTOIQueue {
            solveTOIQueued(step)
            return
        }
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
            var minAlpha: Float = 1.0
            var c = contactList
            while c != nullIndex {
                if let alpha = toiAlpha(c), alpha < minAlpha { minContact = c; minAlpha = alpha }
                c = contacts[c].next
            }
            if minContact == nullIndex || 1 - 10 * epsilon < minAlpha {
                stepComplete = true
                break
            }
            var touched: [Int] = []
            let solved = processTOIEvent(minContact, minAlpha, step, touched: &touched)
            if solved && subStepping { stepComplete = false; break }
        }
    }

    /// Box2D's per-contact step of the time-of-impact search: the cached time when there is one,
    /// else (unless the pair is filtered out) the sweeps brought to a common start and the time of
    /// impact computed and cached. Returns nil when the contact is skipped.
    /// Inlined into the walks: most contacts stop at the filters, which read the contact and its
    /// two bodies; the time of impact itself is a call of its own (`computeTOIAlpha`), so that
    /// the filters do not pay for its stack frame and saved registers.
    /// With `memo` (the event queue's), a time computed from the same sweeps in the same pass is
    /// not computed again (`TOIMemo`).
    @inline(__always)
    func toiAlpha(_ c: Int, memo: TOIMemos? = nil) -> Float? {
        // The filters read through pointers (most contacts stop here; nothing here adds a
        // contact or a body, so the addresses hold).
        let ct = UnsafePointer(contacts.base + c)
        if !ct.pointee.enabled { return nil }
        if ct.pointee.toiCount > Settings.maxSubSteps { return nil }
        if ct.pointee.toiFlag { return ct.pointee.toi }
        if ct.pointee.sensor { return nil }
        let bA = ct.pointee.bA, bB = ct.pointee.bB
        let pA = UnsafePointer(bodies.base + bA), pB = UnsafePointer(bodies.base + bB)
        let typeA = pA.pointee.type, typeB = pB.pointee.type
        let activeA = pA.pointee.awake && typeA != .staticBody
        let activeB = pB.pointee.awake && typeB != .staticBody
        if !activeA && !activeB { return nil }
        let collideA = pA.pointee.bullet || typeA != .dynamicBody
        let collideB = pB.pointee.bullet || typeB != .dynamicBody
        if !collideA && !collideB { return nil }
        return computeTOIAlpha(c, bA, bB, memo: memo)
    }

    /// The time of impact of contact `c` between bodies `bA` and `bB` (past the filters of
    /// `toiAlpha`): the sweeps brought to a common start, the time computed and cached.
    /// The bodies and the contact through pointers, and the shapes read in place (`withProxy`):
    /// a heap of bullets computes tens of thousands of these a step, and copying two proxies
    /// (eight inline vertices each) and checking each index was a sixth of the time of impact.
    @inline(never)
    func computeTOIAlpha(_ c: Int, _ bA: Int, _ bB: Int, memo: TOIMemos?) -> Float {
        // (A contact's bodies and fixtures are valid indices; nothing here adds any.)
        let pA = bodies.base + bA, pB = bodies.base + bB
        var alpha0 = pA.pointee.sweep.alpha0
        if pA.pointee.sweep.alpha0 < pB.pointee.sweep.alpha0 {
            alpha0 = pB.pointee.sweep.alpha0
            pA.pointee.sweep.advance(to: alpha0)
        } else if pB.pointee.sweep.alpha0 < pA.pointee.sweep.alpha0 {
            alpha0 = pA.pointee.sweep.alpha0
            pB.pointee.sweep.advance(to: alpha0)
        }
        let ct = contacts.base + c
        let sweepA = pA.pointee.sweep, sweepB = pB.pointee.sweep
        let alpha: Float
        if let memo, memo.base[c].toiStamp == memo.stamp && TOIMemo.same(memo.base[c].sweepA, sweepA)
            && TOIMemo.same(memo.base[c].sweepB, sweepB) {
            alpha = memo.base[c].alpha
            reusedTimesOfImpact += 1
        } else {
            let output = withProxy(ct.pointee.fixtureA, child: ct.pointee.indexA) { proxyA in
                withProxy(ct.pointee.fixtureB, child: ct.pointee.indexB) { proxyB in
                    timeOfImpact(proxyA, proxyB, sweepA, sweepB, tMax: 1)
                }
            }
            alpha = output.state == .touching ? Swift.min(alpha0 + (1 - alpha0) * output.t, 1) : 1
            if let memo {
                memo.base[c].toiStamp = memo.stamp
                memo.base[c].sweepA = sweepA; memo.base[c].sweepB = sweepB
                memo.base[c].alpha = alpha
            }
        }
        ct.pointee.toi = alpha
        ct.pointee.toiFlag = true
        return alpha
    }

    /// `body` on the GJK proxy of fixture `f`'s child, read in place: a polygon's vertices where
    /// the fixture holds them, a segment's two ends from a local pair, any other shape's `DistanceProxy`.
    @inline(__always)
    func withProxy<R>(_ f: Int, child: Int, _ body: (ProxyRef) -> R) -> R {
        let fx = UnsafePointer(fixtures.base + f)
        switch fx.pointee.typeIndex {
        case 2:
            let polygon = UnsafeRawPointer(fx).advanced(by: Fixture.polygonOffset).assumingMemoryBound(to: PolygonShape.self)
            return body(ProxyRef(polygon.vertexBase, count: polygon.pointee.vertices.count, radius: fx.pointee.radius))
        case 1, 3:
            let e = fx.pointee.edges[child]
            var ends = (e.vertex1, e.vertex2)
            return withUnsafePointer(to: &ends) {
                body(ProxyRef(UnsafeRawPointer($0).assumingMemoryBound(to: Vec2f.self), count: 2, radius: e.radius))
            }
        default:
            var proxy = DistanceProxy(fx.pointee.shape, child: child)
            return withUnsafePointer(to: &proxy) { body(ProxyRef($0)) }
        }
    }

    /// One time-of-impact event (Box2D's loop body): the pair advanced to `minAlpha`, its
    /// contact updated, and unless it no longer touches, the bodies and contacts it reaches solved
    /// in a sub-step. `touched` receives every body whose contacts the event may have changed:
    /// the pair, the island (their times are reset), and any body it woke (the event queue
    /// re-examines their contacts).
    @discardableResult
    func processTOIEvent(_ minContact: Int, _ minAlpha: Float, _ step: TimeStep, touched: inout [Int],
                         memo: TOIMemos? = nil) -> Bool {
        let bA = contacts[minContact].bA, bB = contacts[minContact].bB
        touched.append(bA); touched.append(bB)
        let backup1 = bodies[bA].sweep, backup2 = bodies[bB].sweep
        bodies[bA].advance(minAlpha)
        bodies[bB].advance(minAlpha)
        updateContact(minContact, memo: memo)
        contacts[minContact].toiFlag = false
        contacts[minContact].toiCount += 1
        if !contacts[minContact].enabled || !contacts[minContact].touching {
            contacts[minContact].enabled = false
            bodies[bA].sweep = backup1
            bodies[bB].sweep = backup2
            bodies[bA].synchronizeTransform()
            bodies[bB].synchronizeTransform()
            return false
        }
        bodies[bA].setAwake(true)
        bodies[bB].setAwake(true)
        let islandBodies = scratch.islandBodies, islandContacts = scratch.islandContacts
        islandBodies.clear()
        islandContacts.clear()
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
                if contacts[contact].sensor { continue }
                let backup = bodies[other].sweep
                if !bodies[other].inIsland { bodies[other].advance(minAlpha) }
                let wasAwake = bodies[other].awake
                updateContact(contact, memo: memo)
                // A body woken here may bring its sleeping neighbours' contacts back into play.
                if !wasAwake && bodies[other].awake { touched.append(other) }
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
        solveTOIIsland(subStep, islandBodies, islandContacts, toiA: bodies[bA].islandIndex, toiB: bodies[bB].islandIndex,
                       reuse: memo != nil)
        for k in 0..<islandBodies.count {
            let body = islandBodies[k]
            touched.append(body)
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
        // (Whether the event moved a proxy: a repeat of it must not, see `TOIRepeat`.)
        scratch.toi.repeats.moved = !broadPhase.moveBuffer.isEmpty
        findNewContacts()
        return true
    }

    /// `solveTOI` without rescanning every contact per event (Box2D's loop does, and with many
    /// bullets that is most of the step). The same events in the same order with the same
    /// results: the contacts the rescan would compute are computed, in list order, at the same
    /// point; the cached times live in a heap ordered by (time, position in the contact list), so
    /// its top is the first contact in list order with the smallest time, as the rescan picks.
    /// What can change a contact's outcome is an event: it resets the times of the contacts of the
    /// bodies it moves, may wake or re-enable others, and creates contacts, so only the contacts of
    /// the bodies an event touched, and the new contacts, are looked at again.
    func solveTOIQueued(_ step: TimeStep) {
        if contactList == nullIndex {
            // No contact, no event: what is left of the pass is the bodies' reset (a spring's
            // step, which otherwise paid for sizing and emptying the queue).
            var b = bodyList
            while b != nullIndex { bodies[b].inIsland = false; bodies[b].sweep.alpha0 = 0; b = bodies[b].next }
            stepComplete = true
            return
        }
        let q = scratch.toi
        q.reset(contacts.count, capacity: contacts.capacity)
        // (The memo's entries move when the queue grows: after an event that created contacts.)
        var memo = reusesTOIResults ? TOIMemos(base: q.memo.base, stamp: q.stamp) : nil
        var b = bodyList
        while b != nullIndex { bodies[b].inIsland = false; bodies[b].sweep.alpha0 = 0; b = bodies[b].next }
        // Positions in the list: 0, 1, 2… from the head; contacts created later go before the head.
        // The first pass computes every contact, in list order (no need to sort them), in the
        // same walk as the reset: a contact's time reads only its own flags and its bodies, whose
        // starting times are all 0 (so no sweep is advanced in this pass).
        // (The keys are written through the buffer: no contact is added in this walk.)
        var key = 0
        var c = contactList
        let cbase = contacts.base  // (this walk adds no contact)
        let keys = q.key.base
        while c != nullIndex {
            let ct = cbase + c
            ct.pointee.toiFlag = false; ct.pointee.inIsland = false
            ct.pointee.toiCount = 0; ct.pointee.toi = 1
            keys[c] = key
            if let alpha = toiAlpha(c, memo: memo), alpha < 1 { q.push(alpha, c, key: key) }
            key += 1
            c = ct.pointee.next
        }
        var headKey = -1
        while true {
            // The contacts the rescan would compute now, in list order.
            q.sortDirty()
            // In a heap of overlapping views an event leaves hundreds of contacts to compute, each
            // a cache miss: the one four ahead is asked for (no contact is added here).
            let cbase = contacts.base
            for k in 0..<q.dirty.count {
                if k + 4 < q.dirty.count { prefetchFirstLine(cbase + Int(truncatingIfNeeded: q.dirty[k + 4] & 0xFFFF_FFFF)) }
                let d = Int(truncatingIfNeeded: q.dirty[k] & 0xFFFF_FFFF)
                let wasFlagged = contacts[d].toiFlag
                if let alpha = toiAlpha(d, memo: memo), !wasFlagged, alpha < 1 { q.push(alpha, d, key: q.key[d]) }
            }
            q.clearDirty()
            // The first valid entry is the rescan's choice.
            var minContact = nullIndex, minAlpha: Float = 1.0
            while let top = q.top() {
                let tc = top.contact
                if q.gen[tc] == top.gen && contacts[tc].toiFlag && contacts[tc].enabled
                    && contacts[tc].toiCount <= Settings.maxSubSteps && contacts[tc].toi == top.alpha {
                    minContact = tc; minAlpha = top.alpha
                    break
                }
                q.pop()
            }
            if minContact == nullIndex || 1 - 10 * epsilon < minAlpha {
                stepComplete = true
                break
            }
            q.pop()
            q.gen[minContact] += 1
            // An event on the contact and at the time of the last: when the last changed nothing,
            // neither will this one nor the rest (`TOIRepeat`); else its footprint is saved to tell.
            let m = q.repeats
            if stopsRepeatedTOIEvents && !stepWantsPreSolve && m.contact == minContact && m.alphaBits == minAlpha.bitPattern {
                // (After a clean event whose footprint was saved, its ids are still the footprint's.)
                let sameIds = m.armed && m.clean
                if sameIds && sameTOIFootprint(minContact, m) {
                    skipRepeatedTOIEvents(minContact, m)
                    m.reset()
                    continue
                }
                m.armed = saveTOIFootprint(minContact, m, sameIds: sameIds)
            } else {
                m.contact = minContact; m.alphaBits = minAlpha.bitPattern; m.armed = false
            }
            m.recording = m.armed
            let skipped = (skippedTOIIterations, skippedVelocityIterations)
            let oldHead = contactList
            var touched: [Int] = []
            swap(&touched, &q.touched)
            touched.clear()
            processTOIEvent(minContact, minAlpha, step, touched: &touched, memo: memo)
            m.recording = false
            m.clean = !m.moved && contactList == oldHead
            m.addedTOIIterations = skippedTOIIterations - skipped.0
            m.addedVelocityIterations = skippedVelocityIterations - skipped.1
            // New contacts went to the head of the list, the last created first: keys before
            // every older contact's.
            if contactList != oldHead {
                q.grow(contacts.count)
                var n = 0
                var nc = contactList
                while nc != oldHead { n += 1; nc = contacts[nc].next }
                nc = contactList
                var k = headKey - n + 1
                while nc != oldHead {
                    q.key[nc] = k; k += 1
                    q.gen[nc] += 1
                    q.memo[nc] = TOIMemo()
                    q.markDirty(nc)
                    nc = contacts[nc].next
                }
                headKey -= n
                if memo != nil { memo = TOIMemos(base: q.memo.base, stamp: q.stamp) }
            }
            q.markDirty(minContact)
            for t in 0..<touched.count {
                var ce = bodies[touched[t]].contactList
                while ce != nullIndex {
                    let tc = ce >> 1
                    // A reset time invalidates the contact's heap entry.
                    if !contacts[tc].toiFlag { q.gen[tc] += 1 }
                    q.markDirty(tc)
                    ce = contactEdgeNext(ce)
                }
            }
            swap(&touched, &q.touched)
        }
    }

    /// A time-of-impact sub-step of the island (Box2D's `b2Island::SolveTOI`). With `reuse`, a
    /// position phase with the inputs of the last one takes its results (`TOIIslandMemo`).
    func solveTOIIsland(_ subStep: TimeStep, _ islandBodies: Pool<Int>, _ islandContacts: Pool<Int>, toiA: Int, toiB: Int,
                        reuse: Bool = false) {
        var data = takeSolverData(subStep)
        let n = islandBodies.count
        for k in 0..<n {
            let b = islandBodies[k]
            data.positions.append(SolverPosition(c: bodies[b].sweep.c, a: bodies[b].sweep.a))
            data.velocities.append(SolverVelocity(v: bodies[b].linearVelocity, w: bodies[b].angularVelocity))
        }
        var solver = ContactSolver(step: subStep, contactIds: islandContacts, bodyCount: n, world: self)
        let memo = scratch.toiIsland
        let iterations = subStep.positionIterations, stop = stopsStillTOIIterations
        if reuse && memo.holds(solver, data.positions, n: n, toiA: toiA, toiB: toiB, iterations: iterations, stopWhenStill: stop) {
            let p = data.positions.base, solved = memo.positionsOut.base
            for i in 0..<n { p[i] = solved[i] }
            skippedTOIIterations += memo.skipped
            reusedTOIPositionPhases += 1
            setTOISweeps(data, islandBodies, toiA: toiA, toiB: toiB)
            solver.reinitializeVelocityConstraints(from: memo.velocityConstraints, data.velocities, self)
        } else {
            memo.valid = false
            if reuse {
                TOIIslandMemo.copy(data.positions, n, to: memo.positionsIn)
                TOIIslandMemo.copy(solver.positionConstraints, solver.count, to: memo.positionConstraints)
                TOIIslandMemo.copy(solver.masses, n, to: memo.masses)
            }
            let rotations = scratch.rotations
            rotations.clear()
            for _ in 0..<n { rotations.append(RotationMemo()) }
            let skipped = solver.solveTOIPositions(data.positions, toiA: toiA, toiB: toiB, iterations: iterations,
                                                   stopWhenStill: stop, rotations: rotations.base)
            skippedTOIIterations += skipped
            setTOISweeps(data, islandBodies, toiA: toiA, toiB: toiB)
            solver.initializeVelocityConstraints(data.positions, data.velocities, self)
            if reuse {
                TOIIslandMemo.copy(data.positions, n, to: memo.positionsOut)
                TOIIslandMemo.copy(solver.velocityConstraints, solver.count, to: memo.velocityConstraints)
                memo.skipped = skipped
                memo.toiA = toiA; memo.toiB = toiB; memo.iterations = iterations; memo.stopWhenStill = stop
                memo.valid = true
            }
        }
        if stopsStillVelocityIterations {
            solveVelocityIterationsUntilStill(&solver, data.velocities, subStep.velocityIterations, watchFirst: true)
        } else {
            for _ in 0..<subStep.velocityIterations { solver.solveVelocityConstraints(data.velocities) }
        }
        integratePositions(subStep.dt, &data)
        writeBack(data, islandBodies)
        report(solver)
        if scratch.toi.repeats.recording { recordTOIReport(solver, scratch.toi.repeats) }
    }
}

extension World {
    /// The two time-of-impact bodies' sweeps start where the sub-step's position phase put them.
    @inline(__always) func setTOISweeps(_ data: SolverData, _ islandBodies: Pool<Int>, toiA: Int, toiB: Int) {
        bodies[islandBodies[toiA]].sweep.c0 = data.positions[toiA].c
        bodies[islandBodies[toiA]].sweep.a0 = data.positions[toiA].a
        bodies[islandBodies[toiB]].sweep.c0 = data.positions[toiB].c
        bodies[islandBodies[toiB]].sweep.a0 = data.positions[toiB].a
    }
}
