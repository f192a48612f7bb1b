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
    var islandBodies = Pool<Int>()
    var islandContacts = Pool<Int>()
    var islandJoints = Pool<Int>()
    var stack = Pool<Int>()
    var positions = Pool<SolverPosition>()
    var velocities = Pool<SolverVelocity>()
    var velocityConstraints: [ContactVelocityConstraint] = []
    var positionConstraints: [ContactPositionConstraint] = []
    var masses: [SolverMass] = []
    var pairs: [(Int, Int)] = []
    /// A watched velocity iteration's starting state (`World.solveVelocityIterationsUntilStill`).
    struct Still {
        var velocities: [SolverVelocity] = []
        var impulses: [Float] = []
    }
    var still = Still()
    var toi = TOIQueue()
    /// The time-of-impact sub-step's rotations, one per island body (at most 2 × maxTOIContacts).
    var rotations: [RotationMemo] = []

    /// Grows the buffers ahead to what a step of a world of `bodies` bodies, `contacts` contacts
    /// and `joints` joints can need (Box2D sizes its island from the same counts), doubling, so
    /// that the step itself never grows them.
    mutating func ensure(bodies: Int, contacts: Int, joints: Int) {
        func grow<T>(_ a: inout [T], _ n: Int) { if a.capacity < n { a.reserveCapacity(Swift.max(n, 2 * a.capacity)) } }
        func grow<T>(_ a: inout Pool<T>, _ n: Int) { if a.capacity < n { a.reserveCapacity(Swift.max(n, 2 * a.capacity)) } }
        grow(&islandBodies, bodies); grow(&stack, bodies); grow(&positions, bodies); grow(&velocities, bodies); grow(&still.velocities, bodies)
        grow(&masses, bodies)
        grow(&islandContacts, contacts); grow(&velocityConstraints, contacts); grow(&positionConstraints, contacts)
        grow(&still.impulses, 4 * contacts)
        grow(&islandJoints, joints)
    }

    mutating func reserve(_ n: Int) {
        islandBodies.reserveCapacity(n); islandContacts.reserveCapacity(n); islandJoints.reserveCapacity(n)
        stack.reserveCapacity(n); positions.reserveCapacity(n); velocities.reserveCapacity(n)
        still.velocities.reserveCapacity(n); still.impulses.reserveCapacity(4 * n)
        velocityConstraints.reserveCapacity(n); positionConstraints.reserveCapacity(n); pairs.reserveCapacity(n)
        masses.reserveCapacity(n)
        rotations.reserveCapacity(2 * Settings.maxTOIContacts)
    }
}

/// A pointer to fixture `f`'s polygon inside the fixture array (valid while `fx` is).
@inline(__always) func polygonPointer(_ fx: UnsafeBufferPointer<Fixture>, _ f: Int) -> UnsafePointer<PolygonShape> {
    UnsafeRawPointer(fx.baseAddress! + f).advanced(by: Fixture.polygonOffset).assumingMemoryBound(to: PolygonShape.self)
}

extension Fixture {
    @inline(__always) static var polygonOffset: Int { MemoryLayout<Fixture>.offset(of: \Fixture.polygon)! }
}
