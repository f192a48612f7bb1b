// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

extension Pool {
    /// Makes this pool's elements copies of `other`'s, in a buffer at least as large. (A `Pool`
    /// copied as a struct shares its buffer: this is how one is duplicated.)
    func assign(from other: Pool<Element>) {
        clear()
        reserveCapacity(other.capacity)
        base.initialize(from: other.base, count: other.count)
        storage.pointee.count = other.count
    }
}

extension JointStore {
    /// Makes this store's solver states copies of `other`'s, kind by kind, element by element.
    mutating func assign(from other: JointStore) {
        distance.assign(from: other.distance); revolute.assign(from: other.revolute)
        prismatic.assign(from: other.prismatic); weld.assign(from: other.weld); rope.assign(from: other.rope)
        free = other.free
    }
}

extension World {
    /// The stored properties `copy()` knows: a test compares it with the class's (`Mirror`), so
    /// that a stored property added to `World` fails until `copy()` copies it and this counts it.
    public static let copiedFieldCount = 48

    /// A world of its own in the same state: every body, fixture, contact and joint copied
    /// element by element (a `Pool` copied as a struct would share its buffer), the broad phase
    /// (a value) with its tree, pairs and moved proxies, the settings and counters. Stepped like
    /// this one, it computes the same numbers, bit for bit.
    ///
    /// Not copied: the contact listener and `shouldCollide`, which belong to the caller (an
    /// animator sets its own on its copy), and `scratch`, which starts empty: its buffers carry
    /// nothing from one step to the next (each is emptied before use; the time-of-impact queue is
    /// reset at the start of every step's pass and compares its generation and pass numbers and
    /// its memo's stamps only within it), so a copy needs only its own. Must not be called during a step.
    public func copy() -> World {
        precondition(!locked, "copy: the world is in the middle of a step")
        let w = World(gravity: .zero)
        // Settings and counters.
        w.gravityF = gravityF
        w.sleepingAllowed = sleepingAllowed
        w.warmStarting = warmStarting
        w.continuousPhysics = continuousPhysics
        w.subStepping = subStepping
        w.useTOIQueue = useTOIQueue
        w.stopsStillTOIIterations = stopsStillTOIIterations
        w.skippedTOIIterations = skippedTOIIterations
        w.stopsStillVelocityIterations = stopsStillVelocityIterations
        w.skippedVelocityIterations = skippedVelocityIterations
        w.stopsRepeatedTOIEvents = stopsRepeatedTOIEvents
        w.skippedTOIEvents = skippedTOIEvents
        w.reusesTOIResults = reusesTOIResults
        w.reusedTimesOfImpact = reusedTimesOfImpact
        w.reusedManifolds = reusedManifolds
        w.reusedTOIPositionPhases = reusedTOIPositionPhases
        w.linearSleepTolerance = linearSleepTolerance
        w.angularSleepTolerance = angularSleepTolerance
        w.timeToSleep = timeToSleep
        w.autoClearForces = autoClearForces
        // The listener (contactListener, hasListener, stepListener, stepWantsPreSolve,
        // stepWantsPostSolve) and shouldCollide: the owner's to set; outside a step stepListener
        // is nil.
        // The objects, element by element into the new world's own pools.
        w.bodies.assign(from: bodies)
        w.fixtures.assign(from: fixtures)
        w.polygonPoses.assign(from: polygonPoses)
        w.contacts.assign(from: contacts)
        w.joints.assign(from: joints)
        w.jointStore.assign(from: jointStore)
        w.freeBodies = freeBodies
        w.freeFixtures = freeFixtures
        w.freeContacts = freeContacts
        w.freeJoints = freeJoints
        w.bodyList = bodyList
        w.contactList = contactList
        w.jointList = jointList
        w.bodyCount = bodyCount
        w.contactCount = contactCount
        w.jointCount = jointCount
        w.broadPhase = broadPhase
        w.newFixture = newFixture
        w.locked = locked
        w.stepComplete = stepComplete
        w.invDt0 = invDt0
        // scratch: the new world's own, empty (see above).
        return w
    }
}
