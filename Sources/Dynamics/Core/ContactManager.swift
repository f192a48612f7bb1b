// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import CacheHints
import Geometry

extension World {
    // Contact edges are numbered contactId·2 + side; side 0 lives in body A's list.

    @inline(__always) func contactEdgeNext(_ e: Int) -> Int {
        e & 1 == 0 ? contacts[e >> 1].edgeNext.0 : contacts[e >> 1].edgeNext.1
    }
    @inline(__always) func contactEdgeOther(_ e: Int) -> Int {
        e & 1 == 0 ? contacts[e >> 1].edgeOther.0 : contacts[e >> 1].edgeOther.1
    }
    private func setEdgePrev(_ e: Int, _ v: Int) {
        if e & 1 == 0 { contacts[e >> 1].edgePrev.0 = v } else { contacts[e >> 1].edgePrev.1 = v }
    }
    private func setEdgeNext(_ e: Int, _ v: Int) {
        if e & 1 == 0 { contacts[e >> 1].edgeNext.0 = v } else { contacts[e >> 1].edgeNext.1 = v }
    }
    private func edgePrev(_ e: Int) -> Int { e & 1 == 0 ? contacts[e >> 1].edgePrev.0 : contacts[e >> 1].edgePrev.1 }

    /// Box2D's `b2Body::ShouldCollide`: one body must be dynamic, and no joint between them may
    /// forbid it.
    func bodiesShouldCollide(_ b: Int, _ other: Int) -> Bool {
        if bodies[b].type != .dynamicBody && bodies[other].type != .dynamicBody { return false }
        var je = bodies[b].jointList
        while je != nullIndex {
            if jointEdgeOther(je) == other && !joints[je >> 1].collideConnected { return false }
            je = jointEdgeNext(je)
        }
        return true
    }

    func fixturesShouldCollide(_ fA: Int, _ fB: Int) -> Bool {
        if let custom = shouldCollide { return custom(fixtureID(fA), fixtureID(fB)) }
        let a = fixtures[fA].filter, b = fixtures[fB].filter
        if a.groupIndex == b.groupIndex && a.groupIndex != 0 { return a.groupIndex > 0 }
        return (a.maskBits & b.categoryBits) != 0 && (a.categoryBits & b.maskBits) != 0
    }

    /// Creates contacts for the new overlapping pairs of the broad phase.
    func findNewContacts() {
        var pairs: [(Int, Int)] = []
        swap(&pairs, &scratch.pairs)
        broadPhase.updatePairs(into: &pairs)
        for k in 0..<pairs.count { addPair(pairs[k].0, pairs[k].1) }
        swap(&pairs, &scratch.pairs)
    }

    func addPair(_ userDataA: Int, _ userDataB: Int) {
        var fA = userDataA >> 8, iA = userDataA & 0xFF
        var fB = userDataB >> 8, iB = userDataB & 0xFF
        let bA0 = fixtures[fA].body, bB0 = fixtures[fB].body
        if bA0 == bB0 { return }
        // Does a contact already exist? (Walked through a pointer: in a heap of overlapping views
        // a body has dozens of contacts, and this runs for every pair a moved proxy overlaps.)
        let cbase = contacts.base
        var e = bodies[bB0].contactList
        while e != nullIndex {
            let c = cbase + (e >> 1), side = e & 1
            if (side == 0 ? c.pointee.edgeOther.0 : c.pointee.edgeOther.1) == bA0 {
                if c.pointee.fixtureA == fA && c.pointee.fixtureB == fB && c.pointee.indexA == iA && c.pointee.indexB == iB { return }
                if c.pointee.fixtureA == fB && c.pointee.fixtureB == fA && c.pointee.indexA == iB && c.pointee.indexB == iA { return }
            }
            e = side == 0 ? c.pointee.edgeNext.0 : c.pointee.edgeNext.1
        }
        if !bodiesShouldCollide(bB0, bA0) { return }
        if !fixturesShouldCollide(fA, fB) { return }
        let reg = contactRegistration(fixtures[fA].typeIndex, fixtures[fB].typeIndex)
        if !reg.supported { return }
        if reg.swap { swap(&fA, &fB); swap(&iA, &iB) }
        let ct = Contact(fixtureA: fA, fixtureB: fB, indexA: iA, indexB: iB,
                         bodyA: fixtures[fA].body, bodyB: fixtures[fB].body,
                         proxyA: fixtures[fA].proxies[iA].proxyId, proxyB: fixtures[fB].proxies[iB].proxyId,
                         sensor: fixtures[fA].isSensor || fixtures[fB].isSensor,
                         friction: (fixtures[fA].friction * fixtures[fB].friction).squareRoot(),
                         restitution: Swift.max(fixtures[fA].restitution, fixtures[fB].restitution))
        let c: Int
        if let f = freeContacts.popLast() { contacts[f] = ct; c = f } else {
            contacts.append(ct); c = contacts.count - 1
            // The free list never holds more than the array, so it never grows in destroyContact.
            if freeContacts.capacity < contacts.capacity { freeContacts.reserveCapacity(contacts.capacity) }
        }
        // world list
        contacts[c].next = contactList
        if contactList != nullIndex { contacts[contactList].prev = c }
        contactList = c
        let bA = fixtures[fA].body, bB = fixtures[fB].body
        // edge on A
        contacts[c].edgeOther.0 = bB
        contacts[c].edgePrev.0 = nullIndex
        contacts[c].edgeNext.0 = bodies[bA].contactList
        if bodies[bA].contactList != nullIndex { setEdgePrev(bodies[bA].contactList, c * 2) }
        bodies[bA].contactList = c * 2
        // edge on B
        contacts[c].edgeOther.1 = bA
        contacts[c].edgePrev.1 = nullIndex
        contacts[c].edgeNext.1 = bodies[bB].contactList
        if bodies[bB].contactList != nullIndex { setEdgePrev(bodies[bB].contactList, c * 2 + 1) }
        bodies[bB].contactList = c * 2 + 1
        contactCount += 1
    }

    /// Removes a contact, reporting its end when it was touching.
    func destroyContact(_ c: Int) {
        let fA = contacts[c].fixtureA, fB = contacts[c].fixtureB
        let bA = fixtures[fA].body, bB = fixtures[fB].body
        if contacts[c].touching, hasListener, let l = contactListener {
            l.endContact(contactInfo(c))
            listenerCalled()
        }
        let p = contacts[c].prev, n = contacts[c].next
        if p != nullIndex { contacts[p].next = n }
        if n != nullIndex { contacts[n].prev = p }
        if contactList == c { contactList = n }
        unlinkEdge(c * 2, from: bA)
        unlinkEdge(c * 2 + 1, from: bB)
        if contacts[c].manifold.pointCount > 0 && !fixtures[fA].isSensor && !fixtures[fB].isSensor {
            bodies[bA].setAwake(true)
            bodies[bB].setAwake(true)
        }
        contacts[c].alive = false
        freeContacts.append(c)
        contactCount -= 1
    }

    private func unlinkEdge(_ e: Int, from b: Int) {
        let p = edgePrev(e), n = contactEdgeNext(e)
        if p != nullIndex { setEdgeNext(p, n) }
        if n != nullIndex { setEdgePrev(n, p) }
        if bodies[b].contactList == e { bodies[b].contactList = n }
    }

    /// Narrow phase over all contacts: filtering, destroying those whose boxes separated, and
    /// updating the rest.
    func collide() {
        // The fixtures and the broad phase's nodes (for the fat-box test) are opened once for the
        // whole walk: nothing here adds a fixture or moves a proxy.
        fixtures.withUnsafeBufferPointer { fx in
            broadPhase.tree.nodes.withUnsafeBufferPointer { nodes in collide(fx, nodes) }
        }
    }

    private func collide(_ fx: UnsafeBufferPointer<Fixture>, _ nodes: UnsafeBufferPointer<DynamicTree.Node>) {
        var c = contactList
        // The list's order is not the contacts' order in memory: the contact two ahead is asked
        // for, and the bodies and polygons of the next (by then loaded) one. (No contact or body
        // is added here, so the pools' addresses hold.) Only where the contacts outgrow the
        // caches: below about a thousand (300 kB) they stay cached from step to step, and the
        // hints are only work (2 % of rain-100's instructions).
        let cbase = contacts.base, bbase = bodies.base
        let hints = contactCount > 1024
        if hints && c != nullIndex {
            prefetch(cbase + c)
            if cbase[c].next != nullIndex { prefetch(cbase + cbase[c].next) }
        }
        while c != nullIndex {
            if hints { prefetchAhead(cbase + c, cbase, bbase, fx) }
            // Through pointers (each `contacts[c]` reloads the pool and checks the index); only
            // `destroyContact` changes the pools, and the walk leaves `ct` before calling it.
            let ct = cbase + c
            // The island search of `solve` starts from cleared flags; clearing them here spares it
            // a walk over every contact.
            ct.pointee.inIsland = false
            let bA = ct.pointee.bA, bB = ct.pointee.bB
            if ct.pointee.filterFlag {
                let fA = ct.pointee.fixtureA, fB = ct.pointee.fixtureB
                if !bodiesShouldCollide(bB, bA) || !fixturesShouldCollide(fA, fB) {
                    let nuke = c
                    c = ct.pointee.next
                    destroyContact(nuke)
                    continue
                }
                ct.pointee.filterFlag = false
            }
            let activeA = bbase[bA].awake && bbase[bA].type != .staticBody
            let activeB = bbase[bB].awake && bbase[bB].type != .staticBody
            if !activeA && !activeB { c = ct.pointee.next; continue }
            if !nodes[Int(ct.pointee.proxyA)].aabb.overlaps(nodes[Int(ct.pointee.proxyB)].aabb) {
                let nuke = c
                c = ct.pointee.next
                destroyContact(nuke)
                continue
            }
            updateContact(c, fx)
            c = ct.pointee.next
        }
    }

    /// Prefetch for the narrow phase at contact `c`: the whole contact two ahead in the list, and
    /// the next one's bodies (transforms) and polygons.
    @inline(__always)
    private func prefetchAhead(_ c: UnsafePointer<Contact>, _ base: UnsafePointer<Contact>, _ bodies: UnsafePointer<Body>,
                               _ fx: UnsafeBufferPointer<Fixture>) {
        let n1 = c.pointee.next
        guard n1 != nullIndex else { return }
        let next = base + n1
        if next.pointee.next != nullIndex { prefetch(base + next.pointee.next) }
        cache_prefetch(UnsafeRawPointer(bodies + next.pointee.bA) + World.transformOffset)
        cache_prefetch(UnsafeRawPointer(bodies + next.pointee.bB) + World.transformOffset)
        if fx[next.pointee.fixtureA].typeIndex == 2 { prefetch(polygonPointer(fx, next.pointee.fixtureA)) }
        if fx[next.pointee.fixtureB].typeIndex == 2 { prefetch(polygonPointer(fx, next.pointee.fixtureB)) }
    }

    /// The manifold of two (already ordered) fixture children. Polygons are read in place in the
    /// fixture array and segments from the fixture's copies, so no `Shape` is copied per contact.
    @inline(__always)
    func manifold(_ fx: UnsafeBufferPointer<Fixture>, _ fA: Int, _ iA: Int, _ xfA: Transformf, _ fB: Int, _ iB: Int, _ xfB: Transformf) -> Manifold {
        let tA = fx[fA].typeIndex, tB = fx[fB].typeIndex
        if tB == 2 && (tA == 2 || tA == 1 || tA == 3) {
            let pB = polygonPointer(fx, fB)
            if tA == 2 {
                let poses = polygonPoses.base
                return collidePolygons(polygonPointer(fx, fA), xfA, poses + fA, pB, xfB, poses + fB)
            }
            return collideEdgeAndPolygon(fx[fA].edges[iA], xfA, pB, xfB)
        }
        return evaluateManifold(fx[fA].shape, iA, xfA, fx[fB].shape, iB, xfB)
    }

    /// Re-evaluates a contact's manifold, matches impulses for warm starting and reports begin,
    /// end and pre-solve.
    func updateContact(_ c: Int) {
        fixtures.withUnsafeBufferPointer { updateContact(c, $0) }
    }

    /// `updateContact` with the fixture array already open (the narrow phase opens it once for
    /// all contacts: opening it per contact retains and releases its buffer).
    func updateContact(_ c: Int, _ fx: UnsafeBufferPointer<Fixture>) {
        // Through a pointer: the contact is read and written a dozen times here, and each
        // `contacts[c]` reloads the pool and checks the index. (Nothing here adds a contact, so
        // the address holds; a listener may not change the world during a step.)
        let ct = contacts.base + c
        let fA = ct.pointee.fixtureA, fB = ct.pointee.fixtureB
        let iA = ct.pointee.indexA, iB = ct.pointee.indexB
        let wasTouching = ct.pointee.touching
        let bA = ct.pointee.bA, bB = ct.pointee.bB
        let sensor = ct.pointee.sensor
        let xfA = bodies[bA].xf, xfB = bodies[bB].xf
        // The old manifold is kept only for a listener's pre-solve. (Contacts are updated only
        // during a step, while `stepListener` holds the listener.)
        let wantsPreSolve = stepWantsPreSolve
        var old = Manifold()
        if wantsPreSolve { old = ct.pointee.manifold }
        var touching: Bool
        if sensor {
            touching = testOverlap(fx[fA].shape, iA, fx[fB].shape, iB, xfA, xfB)
            ct.pointee.manifold.pointCount = 0
            ct.pointee.enabled = true
        } else {
            var m = manifold(fx, fA, iA, xfA, fB, iB, xfB)
            touching = m.pointCount > 0
            // Match the new points to the old by feature id, for warm starting.
            let oldCount = ct.pointee.manifold.pointCount
            for i in 0..<m.pointCount {
                var mp2 = m[i]
                mp2.normalImpulse = 0
                mp2.tangentImpulse = 0
                let key = mp2.id.key
                for j in 0..<oldCount {
                    let op = j == 0 ? ct.pointee.manifold.point0 : ct.pointee.manifold.point1
                    if op.id.key == key {
                        mp2.normalImpulse = op.normalImpulse
                        mp2.tangentImpulse = op.tangentImpulse
                        break
                    }
                }
                m[i] = mp2
            }
            ct.pointee.manifold = m
            ct.pointee.enabled = true
            if touching != wasTouching {
                bodies[bA].setAwake(true)
                bodies[bB].setAwake(true)
            }
        }
        ct.pointee.touching = touching
        if touching == wasTouching && !wantsPreSolve { return }
        guard let l = stepListener else { return }
        if !wasTouching && touching { l.beginContact(contactInfo(c)) }
        if wasTouching && !touching { l.endContact(contactInfo(c)) }
        if !sensor && touching && wantsPreSolve { l.preSolve(contactInfo(c), oldManifold: old) }
        listenerCalled()
    }
}
