// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import CacheHints
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
    var pairs: [(Int, Int)] = []
    var toi = TOIQueue()
    /// The time-of-impact sub-step's rotations, one per island body (at most 2 × maxTOIContacts).
    var rotations: [RotationMemo] = []

    /// Grows the buffers ahead to what a step of a world of `bodies` bodies, `contacts` contacts
    /// and `joints` joints can need (Box2D sizes its island from the same counts), doubling, so
    /// that the step itself never grows them.
    mutating func ensure(bodies: Int, contacts: Int, joints: Int) {
        func grow<T>(_ a: inout [T], _ n: Int) { if a.capacity < n { a.reserveCapacity(Swift.max(n, 2 * a.capacity)) } }
        grow(&islandBodies, bodies); grow(&stack, bodies); grow(&positions, bodies); grow(&velocities, bodies)
        grow(&islandContacts, contacts); grow(&velocityConstraints, contacts); grow(&positionConstraints, contacts)
        grow(&islandJoints, joints)
    }

    mutating func reserve(_ n: Int) {
        islandBodies.reserveCapacity(n); islandContacts.reserveCapacity(n); islandJoints.reserveCapacity(n)
        stack.reserveCapacity(n); positions.reserveCapacity(n); velocities.reserveCapacity(n)
        velocityConstraints.reserveCapacity(n); positionConstraints.reserveCapacity(n); pairs.reserveCapacity(n)
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

/// Asks the processor to start loading every cache line of `*p` (a hint: no result depends on
/// it). The island-order walks (constraint setup, impulse store-back) and the narrow phase's
/// contact list reach contacts in an order unrelated to their place in memory, so each contact is
/// a cache miss; asked a few contacts ahead, the loads overlap the work on the current one.
@inline(__always) func prefetch<T>(_ p: UnsafePointer<T>) {
    let raw = UnsafeRawPointer(p)
    var offset = 0
    while offset < MemoryLayout<T>.stride { cache_prefetch(raw + offset); offset += 64 }
}

extension World {
    /// Where a body's transform lies in `Body` (for prefetching it).
    @inline(__always) static var transformOffset: Int { MemoryLayout<Body>.offset(of: \Body.xf)! }
}

/// `prefetch` of a contact's manifold points only (what the impulse store-back writes).
@inline(__always) func prefetchManifold(_ c: UnsafePointer<Contact>) {
    let raw = UnsafeRawPointer(c) + MemoryLayout<Contact>.offset(of: \Contact.manifold)!
    cache_prefetch(raw)
    cache_prefetch(raw + 64)
}

/// `prefetch` of the first cache line only (a body's flags and list heads, for the island search).
@inline(__always) func prefetchFirstLine<T>(_ p: UnsafePointer<T>) { cache_prefetch(UnsafeRawPointer(p)) }
