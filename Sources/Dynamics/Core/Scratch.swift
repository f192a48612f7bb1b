// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// The world's reusable buffers (see `World.scratch`).
struct Scratch {
    var islandBodies: [Int] = []
    var islandContacts: [Int] = []
    var islandJoints: [Int] = []
    var stack: [Int] = []
    var positions: [SolverPosition] = []
    var velocities: [SolverVelocity] = []
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
