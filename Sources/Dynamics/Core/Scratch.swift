// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// The world's reusable buffers (see `World.scratch`).
///
/// The island lists and the solver's positions and velocities are pools, not arrays: they are
/// emptied and refilled for every island (a rain of falling items is dozens of islands a step),
/// and an array's append checks its buffer's uniqueness, its emptying is a generic library call.
/// A user takes the pool itself (`let islandBodies = scratch.islandBodies`: the same storage),
/// so no step, island or time-of-impact event may use one while another holds it; none nests.
struct Scratch {
    let islandBodies = Pool<Int>()
    let islandContacts = Pool<Int>()
    let islandJoints = Pool<Int>()
    let stack = Pool<Int>()
    let positions = Pool<SolverPosition>()
    let velocities = Pool<SolverVelocity>()
    let velocityConstraints = Pool<ContactVelocityConstraint>()
    let positionConstraints = Pool<ContactPositionConstraint>()
    let masses = Pool<SolverMass>()
    var pairs: [(Int, Int)] = []
    /// A watched velocity iteration's starting state (`World.solveVelocityIterationsUntilStill`).
    let stillVelocities = Pool<SolverVelocity>()
    let stillImpulses = Pool<Float>()
    let toi = TOIQueue()
    /// The last time-of-impact sub-step's position phase, for the next (`TOIIslandMemo`).
    let toiIsland = TOIIslandMemo()
    /// The time-of-impact sub-step's rotations, one per island body (at most 2 × maxTOIContacts).
    let rotations = Pool<RotationMemo>()
    /// The counts `ensure` last grew the buffers for.
    var ensured = (bodies: -1, contacts: -1, joints: -1)

    /// Grows the buffers ahead to what a step of a world of `bodies` bodies, `contacts` contacts
    /// and `joints` joints can need (Box2D sizes its island from the same counts), doubling, so
    /// that the step itself never grows them.
    mutating func ensure(bodies: Int, contacts: Int, joints: Int) {
        // (The buffers only grow: counts no larger than the last ensured need nothing.)
        if bodies <= ensured.bodies && contacts <= ensured.contacts && joints <= ensured.joints { return }
        ensured = (bodies, contacts, joints)
        func grow<T>(_ a: inout [T], _ n: Int) { if a.capacity < n { a.reserveCapacity(Swift.max(n, 2 * a.capacity)) } }
        func grow<T>(_ a: Pool<T>, _ n: Int) { if a.capacity < n { a.reserveCapacity(Swift.max(n, 2 * a.capacity)) } }
        grow(islandBodies, bodies); grow(stack, bodies); grow(positions, bodies); grow(velocities, bodies); grow(stillVelocities, bodies)
        grow(masses, bodies)
        grow(islandContacts, contacts); grow(velocityConstraints, contacts); grow(positionConstraints, contacts)
        grow(stillImpulses, 4 * contacts)
        grow(islandJoints, joints)
    }

    /// Frees the pools (the world's `deinit`).
    func free() {
        islandBodies.free(); islandContacts.free(); islandJoints.free(); stack.free(); positions.free(); velocities.free()
        velocityConstraints.free(); positionConstraints.free(); masses.free()
        stillVelocities.free(); stillImpulses.free(); rotations.free()
    }

    mutating func reserve(_ n: Int) {
        islandBodies.reserveCapacity(n); islandContacts.reserveCapacity(n); islandJoints.reserveCapacity(n)
        stack.reserveCapacity(n); positions.reserveCapacity(n); velocities.reserveCapacity(n)
        stillVelocities.reserveCapacity(n); stillImpulses.reserveCapacity(4 * n)
        velocityConstraints.reserveCapacity(n); positionConstraints.reserveCapacity(n); pairs.reserveCapacity(n)
        masses.reserveCapacity(n)
        rotations.reserveCapacity(2 * Settings.maxTOIContacts)
        toiIsland.reserve()
    }
}

/// A pointer to fixture `f`'s polygon inside the fixture array (valid while `fx` is).
@inline(__always) func polygonPointer(_ fx: UnsafeBufferPointer<Fixture>, _ f: Int) -> UnsafePointer<PolygonShape> {
    UnsafeRawPointer(fx.baseAddress! + f).advanced(by: Fixture.polygonOffset).assumingMemoryBound(to: PolygonShape.self)
}

extension Fixture {
    @inline(__always) static var polygonOffset: Int { MemoryLayout<Fixture>.offset(of: \Fixture.polygon)! }
}
