// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// Time-of-impact events that repeat an event which changed nothing (see `World.solveTOIQueued`).
///
/// Box2D's loop takes the contact with the earliest time of impact, moves its bodies there, solves
/// a sub-step, and computes the times again. A body pressed between two walls (a shade exactly as
/// wide as the screen touches both side walls) has a time of impact of "now" with a wall after
/// every event, and the loop runs the event on that contact again and again until its count of
/// sub-steps (`Settings.maxSubSteps`) is used up: nine events per contact and step, of which from
/// the second or third on each leaves every body and contact as it found it.
///
/// An event, with the computation of times after it, is a function of the world's state. If one
/// left everything that it and that computation can write as it was, bit for bit (its footprint:
/// the pair, the dynamic bodies among them and their neighbours, all their contacts and the bodies
/// of those), moved no broad-phase proxy and created no contact, then the world after it is the
/// world before it but for the contact's count: the loop takes the same contact at the same time
/// again, and that event does the same nothing, until the count runs out. Those repeats are
/// counted, not run: the count is set to where they leave it, the contact's cached time dropped
/// (as the last of them leaves it), and a listener's post-solve gets the calls they would make,
/// with the impulses the event reported. The footprint is compared as bytes (padding included: a
/// difference there only costs the shortcut).
final class TOIRepeat {
    /// The footprint's limits: a larger one is not compared (the shortcut is for a body between
    /// walls, not for a heap).
    static let maxBodies = 16, maxContacts = 64
    /// The last event's contact and time (bits): an event on the same contact at the same time is
    /// a repeat candidate.
    @exclusivity(unchecked) var contact = nullIndex
    @exclusivity(unchecked) var alphaBits: UInt32 = 0
    /// Whether the footprint was saved just before the last event (a candidate).
    @exclusivity(unchecked) var armed = false
    /// Whether the last event left a proxy to move in the broad phase (set by `processTOIEvent`).
    @exclusivity(unchecked) var moved = false
    /// Whether the last event moved no proxy and created no contact.
    @exclusivity(unchecked) var clean = false
    /// Whether the event being run records what it reports (it is a candidate).
    @exclusivity(unchecked) var recording = false
    /// The saved footprint: ids, then every body's and contact's bytes.
    let bodyIds = Pool<Int>(), contactIds = Pool<Int>(), words = Pool<UInt64>()
    /// The dynamic bodies while the footprint is built.
    let dynamic = Pool<Int>()
    /// What the last event reported to a post-solve listener: contact ids and impulses.
    let reportedIds = Pool<Int>()
    let reportedImpulses = Pool<ContactImpulse>()
    /// How much the last event added to the world's skipped-iteration counters.
    @exclusivity(unchecked) var addedTOIIterations = 0, addedVelocityIterations = 0

    deinit {
        bodyIds.free(); contactIds.free(); words.free(); dynamic.free()
        reportedIds.free(); reportedImpulses.free()
    }

    /// Forgets the last event (a new pass: the world may have changed in between).
    func reset() { contact = nullIndex; armed = false; clean = false; recording = false }

    /// Sizes the buffers for the largest footprint, at the first save (a world that never repeats
    /// an event allocates nothing here, and one that does allocates once, not during later steps).
    func reserve(bodyWords: Int, contactWords: Int) {
        if bodyIds.capacity > 0 { return }
        let bodies = 2 + 2 * TOIRepeat.maxContacts
        bodyIds.reserveCapacity(bodies)
        contactIds.reserveCapacity(TOIRepeat.maxContacts)
        dynamic.reserveCapacity(TOIRepeat.maxBodies)
        words.reserveCapacity(bodies * bodyWords + TOIRepeat.maxContacts * contactWords)
        reportedIds.reserveCapacity(Settings.maxTOIContacts); reportedImpulses.reserveCapacity(Settings.maxTOIContacts)
    }
}

extension World {
    /// The footprint of an event on contact `c` into `bodyIds` and `contactIds`: every contact of
    /// the dynamic bodies among the pair and among the pair's neighbours, and every body of those
    /// contacts. False when it exceeds `TOIRepeat`'s limits.
    ///
    /// What the event writes: the pair (moved, woken, solved), the other bodies of the dynamic
    /// pair bodies' contacts (moved and put back, woken, solved in the island), those contacts
    /// (updated), the contacts of the island's dynamic bodies (their times dropped); what the
    /// computation of times after it writes: those contacts (their times) and their bodies
    /// (sweeps brought to a common start). All inside the footprint.
    func toiFootprint(_ c: Int, _ m: TOIRepeat, bodies bodyIds: Pool<Int>, contacts contactIds: Pool<Int>) -> Bool {
        bodyIds.clear(); contactIds.clear()
        let dynamic = m.dynamic
        dynamic.clear()
        let bA = contacts[c].bA, bB = contacts[c].bB
        if bodies[bA].type == .dynamicBody { dynamic.append(bA) }
        if bodies[bB].type == .dynamicBody && bB != bA { dynamic.append(bB) }
        for k in 0..<dynamic.count {
            var ce = bodies[dynamic[k]].contactList
            while ce != nullIndex {
                let other = contactEdgeOther(ce)
                if bodies[other].type == .dynamicBody && !TOIRepeat.holds(dynamic, other) {
                    if dynamic.count == TOIRepeat.maxBodies { return false }
                    dynamic.append(other)
                }
                ce = contactEdgeNext(ce)
            }
        }
        contactIds.append(c)
        for k in 0..<dynamic.count {
            var ce = bodies[dynamic[k]].contactList
            while ce != nullIndex {
                if contactIds.count == TOIRepeat.maxContacts { return false }
                contactIds.append(ce >> 1)
                ce = contactEdgeNext(ce)
            }
        }
        // (Each body once: the ground is at one end of most of the footprint's contacts.)
        bodyIds.append(bA)
        if bB != bA { bodyIds.append(bB) }
        for k in 0..<contactIds.count {
            let a = contacts[contactIds[k]].bA, b = contacts[contactIds[k]].bB
            if !TOIRepeat.holds(bodyIds, a) { bodyIds.append(a) }
            if !TOIRepeat.holds(bodyIds, b) { bodyIds.append(b) }
        }
        return true
    }

    /// Saves the footprint of an event on contact `c` (its ids and bytes); false when too large.
    /// With `sameIds`, the ids saved last are the footprint's (see `sameTOIFootprint`): only the
    /// bytes are saved again.
    func saveTOIFootprint(_ c: Int, _ m: TOIRepeat, sameIds: Bool = false) -> Bool {
        m.reserve(bodyWords: (MemoryLayout<Body>.size + 7) / 8, contactWords: (MemoryLayout<Contact>.size + 7) / 8)
        m.words.clear()
        if !sameIds { guard toiFootprint(c, m, bodies: m.bodyIds, contacts: m.contactIds) else { return false } }
        for k in 0..<m.bodyIds.count {
            TOIRepeat.append(UnsafeRawPointer(bodies.base + m.bodyIds[k]), MemoryLayout<Body>.size, to: m.words)
        }
        for k in 0..<m.contactIds.count {
            TOIRepeat.append(UnsafeRawPointer(contacts.base + m.contactIds[k]), MemoryLayout<Contact>.size, to: m.words)
        }
        return true
    }

    /// Whether the footprint of an event on contact `c` is the saved one, bit for bit, but for
    /// `c`'s count of sub-steps, one higher (the event in between).
    ///
    /// Only after a clean event on `c` whose footprint was saved just before it (`armed` and
    /// `clean`): its ids are then the saved ones, and are not found again. They follow from the
    /// contact's bodies, the bodies' types and their contact lists; a step changes no body's type,
    /// its time-of-impact events destroy no contact, and a clean event created none.
    func sameTOIFootprint(_ c: Int, _ m: TOIRepeat) -> Bool {
        let ct = contacts.base + c
        ct.pointee.toiCount -= 1
        defer { ct.pointee.toiCount += 1 }
        var at = 0
        for k in 0..<m.bodyIds.count {
            if !TOIRepeat.matches(UnsafeRawPointer(bodies.base + m.bodyIds[k]), MemoryLayout<Body>.size, m.words, &at) {
                return false
            }
        }
        for k in 0..<m.contactIds.count {
            if !TOIRepeat.matches(UnsafeRawPointer(contacts.base + m.contactIds[k]), MemoryLayout<Contact>.size, m.words, &at) {
                return false
            }
        }
        return true
    }

    /// The rest of the events on contact `c` when they repeat one that changed nothing: what they
    /// would leave (the count used up, the cached time dropped) and what they would report.
    func skipRepeatedTOIEvents(_ c: Int, _ m: TOIRepeat) {
        let repeats = Settings.maxSubSteps + 1 - contacts[c].toiCount
        contacts[c].toiCount = Settings.maxSubSteps + 1
        contacts[c].toiFlag = false
        contacts[c].inIsland = false
        skippedTOIEvents += repeats
        skippedTOIIterations += repeats * m.addedTOIIterations
        skippedVelocityIterations += repeats * m.addedVelocityIterations
        for _ in 0..<repeats {
            guard stepWantsPostSolve, let l = stepListener else { continue }
            for k in 0..<m.reportedIds.count { l.postSolve(contactInfo(m.reportedIds[k]), impulse: m.reportedImpulses[k]) }
            listenerCalled()
        }
    }

    /// What a time-of-impact sub-step reported (or would have, to a listener): kept for its repeats.
    func recordTOIReport(_ solver: ContactSolver, _ m: TOIRepeat) {
        m.reportedIds.clear(); m.reportedImpulses.clear()
        for k in 0..<solver.count {
            m.reportedIds.append(solver.contactIds[k])
            m.reportedImpulses.append(World.impulse(solver.velocityConstraints[k]))
        }
    }
}

extension TOIRepeat {
    @inline(__always) static func holds(_ p: Pool<Int>, _ x: Int) -> Bool {
        for k in 0..<p.count where p[k] == x { return true }
        return false
    }

    /// The `size` bytes at `p`, copied whole after `out`'s words (as many words as they need,
    /// the last zero-filled), within the capacity `reserve` gave it.
    @inline(__always) static func append(_ p: UnsafeRawPointer, _ size: Int, to out: Pool<UInt64>) {
        let n = (size + 7) / 8, at = out.count
        precondition(at + n <= out.capacity, "footprint beyond its reserved size")
        let dst = UnsafeMutableRawPointer(out.base + at)
        dst.storeBytes(of: 0, toByteOffset: 8 * (n - 1), as: UInt64.self)
        dst.copyMemory(from: p, byteCount: size)
        out.setCount(at + n)
    }

    /// Whether the `size` bytes at `p` are those saved in `saved` from word `at` (which moves past
    /// them).
    @inline(__always) static func matches(_ p: UnsafeRawPointer, _ size: Int, _ saved: Pool<UInt64>, _ at: inout Int) -> Bool {
        let s = UnsafeRawPointer(saved.base + at)
        let words = size / 8
        for i in 0..<words where p.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self) != s.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self) {
            return false
        }
        for j in (8 * words)..<size where p.load(fromByteOffset: j, as: UInt8.self) != s.load(fromByteOffset: j, as: UInt8.self) {
            return false
        }
        at += (size + 7) / 8
        return true
    }
}
