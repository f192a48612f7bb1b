// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// What a contact's time of impact and manifold were last computed from, during one pass of the
/// time-of-impact event queue (`World.solveTOIQueued`), so that a computation whose inputs have
/// not changed, bit for bit, is not done again.
///
/// Both are functions of their inputs alone. A contact's time of impact is a function of its two
/// fixtures' children (which a step does not change) and its bodies' sweeps (brought to a common
/// start first); its manifold update, of the fixtures, the bodies' transforms and the manifold it
/// replaces. A body pressed between two walls is moved by an event and then, for the next events
/// on it, moved to where it already is: the sweep and the transform of the last event, whose
/// times of impact and manifolds were just computed. (Measured on `scenes/shade-sweep.yaml`:
/// 126 696 times of impact and 126 851 manifold updates over 33 661 events.)
///
/// - The time of impact: the result is kept with the two sweeps it came from.
/// - The manifold: an update from the transforms of the update that made the current manifold
///   gives that manifold back, points, ids and impulses (each new point takes the impulses of the
///   old point with its id, which is itself when the two points' ids differ), and the same touching
///   state, so no listener call and no body woken; only the `enabled` flag is set, as the update
///   sets it. Not for a sensor (its update is an overlap test), nor while a listener wants
///   pre-solve calls (each update calls it), nor for two points sharing an id.
///
/// An entry holds only for the pass that wrote it (`stamp`): contacts are created, destroyed and
/// renumbered between steps, bodies moved and shapes changed by the world's user; within a pass
/// nothing but its events writes a manifold, and the contacts it creates start without an entry.
struct TOIMemo {
    /// The pass whose time of impact this is (0: none), and what it was computed from.
    var toiStamp = 0
    var sweepA = Sweep(), sweepB = Sweep()
    var alpha: Float = 1
    /// The pass whose manifold update this is (0: none), and the transforms it read.
    var manifoldStamp = 0
    var xfA = Transformf.identity, xfB = Transformf.identity

    /// Whether `a` and `b` are the same sweep, bit for bit.
    @inline(__always) static func same(_ a: Sweep, _ b: Sweep) -> Bool {
        a.c0.x.bitPattern == b.c0.x.bitPattern && a.c0.y.bitPattern == b.c0.y.bitPattern
            && a.c.x.bitPattern == b.c.x.bitPattern && a.c.y.bitPattern == b.c.y.bitPattern
            && a.a0.bitPattern == b.a0.bitPattern && a.a.bitPattern == b.a.bitPattern
            && a.alpha0.bitPattern == b.alpha0.bitPattern
            && a.localCenter.x.bitPattern == b.localCenter.x.bitPattern
            && a.localCenter.y.bitPattern == b.localCenter.y.bitPattern
    }

    /// Whether `a` and `b` are the same transform, bit for bit.
    @inline(__always) static func same(_ a: Transformf, _ b: Transformf) -> Bool {
        a.p.x.bitPattern == b.p.x.bitPattern && a.p.y.bitPattern == b.p.y.bitPattern
            && a.q.s.bitPattern == b.q.s.bitPattern && a.q.c.bitPattern == b.q.c.bitPattern
    }
}

/// The memo of the pass in progress: the entries (by contact id) and the pass's stamp. The
/// entries' address holds while no contact is created (the queue grows them after an event).
struct TOIMemos {
    let base: UnsafeMutablePointer<TOIMemo>
    let stamp: Int
}

extension World {
    /// `updateContact` of contact `c`, unless `memo` shows that it would give the contact back as it
    /// is (see `TOIMemo`): then only its `enabled` flag is set, as the update would.
    @inline(__always) func updateContact(_ c: Int, memo: TOIMemos?) {
        guard let memo else { updateContact(c); return }
        let ct = contacts.base + c, entry = memo.base + c
        let bA = ct.pointee.bA, bB = ct.pointee.bB
        if ct.pointee.sensor || stepWantsPreSolve {
            entry.pointee.manifoldStamp = 0
            updateContact(c)
            return
        }
        let pA = UnsafePointer(bodies.base + bA), pB = UnsafePointer(bodies.base + bB)
        let points = ct.pointee.manifold.pointCount
        if entry.pointee.manifoldStamp == memo.stamp && TOIMemo.same(entry.pointee.xfA, pA.pointee.xf)
            && TOIMemo.same(entry.pointee.xfB, pB.pointee.xf)
            && (points < 2 || ct.pointee.manifold.point0.id.key != ct.pointee.manifold.point1.id.key) {
            ct.pointee.enabled = true
            reusedManifolds += 1
            return
        }
        let xfA = pA.pointee.xf, xfB = pB.pointee.xf
        updateContact(c)
        entry.pointee.manifoldStamp = memo.stamp
        entry.pointee.xfA = xfA
        entry.pointee.xfB = xfB
    }
}

/// The last time-of-impact sub-step's position phase (`World.solveTOIIsland`), so that a sub-step
/// whose position phase has the same inputs, bit for bit, takes its results instead of computing
/// them again.
///
/// The position iterations are a function of the island's positions, its position constraints
/// (which hold everything they read of the contacts' manifolds and fixtures: points, normal,
/// type, radii, local centres, island indices), the masses, the two bodies that move, and the
/// iteration count and stop setting; they give the solved positions and how many iterations the
/// stop skipped. The velocity constraints' geometry (normal, arms, normal and tangent masses, the
/// block solver's K, a point dropped from an ill-conditioned pair) is a function of the same
/// constraints, the solved positions and the masses. Only each point's restitution bias reads the
/// velocities, and it is computed again. A body pressed between two walls is moved by an event to
/// where the last event moved it, and only the denormal remains of its velocity across the walls
/// change from one event to the next (measured on `scenes/shade-sweep.yaml`).
final class TOIIslandMemo {
    /// Whether an entry is held, and what its position phase read.
    @exclusivity(unchecked) var valid = false
    @exclusivity(unchecked) var toiA = 0, toiB = 0, iterations = 0
    @exclusivity(unchecked) var stopWhenStill = false
    let positionsIn = Pool<SolverPosition>()
    let positionConstraints = Pool<ContactPositionConstraint>()
    let masses = Pool<SolverMass>()
    /// What it gave: the solved positions, the iterations skipped, the velocity constraints as
    /// initialized.
    let positionsOut = Pool<SolverPosition>()
    @exclusivity(unchecked) var skipped = 0
    let velocityConstraints = Pool<ContactVelocityConstraint>()

    deinit {
        positionsIn.free(); positionConstraints.free(); masses.free(); positionsOut.free(); velocityConstraints.free()
    }

    /// Room for the largest sub-step (2 × maxTOIContacts bodies, maxTOIContacts contacts), made
    /// with the world, so that the first time-of-impact sub-step of a run allocates nothing.
    func reserve() {
        let bodies = 2 * Settings.maxTOIContacts
        let contacts = Settings.maxTOIContacts
        positionsIn.reserveCapacity(bodies); masses.reserveCapacity(bodies); positionsOut.reserveCapacity(bodies)
        positionConstraints.reserveCapacity(contacts); velocityConstraints.reserveCapacity(contacts)
    }

    /// Whether the `size` bytes of each of the first `n` elements of `a` and `b` are the same.
    @inline(__always) static func sameBytes<T>(_ a: Pool<T>, _ b: Pool<T>, _ n: Int) -> Bool {
        if a.count < n || b.count < n { return false }
        let size = MemoryLayout<T>.size, stride = MemoryLayout<T>.stride
        let pa = UnsafeRawPointer(a.base), pb = UnsafeRawPointer(b.base)
        for i in 0..<n where !TOIIslandMemo.sameBytes(pa + i * stride, pb + i * stride, size) { return false }
        return true
    }

    @inline(__always) static func sameBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ size: Int) -> Bool {
        let words = size / 8
        for w in 0..<words where a.loadUnaligned(fromByteOffset: 8 * w, as: UInt64.self) != b.loadUnaligned(fromByteOffset: 8 * w, as: UInt64.self) {
            return false
        }
        for j in (8 * words)..<size where a.load(fromByteOffset: j, as: UInt8.self) != b.load(fromByteOffset: j, as: UInt8.self) {
            return false
        }
        return true
    }

    /// The first `n` elements of `from` into `to`, replacing its contents.
    @inline(__always) static func copy<T>(_ from: Pool<T>, _ n: Int, to: Pool<T>) {
        to.clear()
        if to.capacity < n { to.reserveCapacity(n) }
        to.base.initialize(from: from.base, count: n)
        to.setCount(n)
    }

    /// Whether a sub-step of `n` bodies and `count` contacts, with these inputs, is the entry's.
    func holds(_ solver: ContactSolver, _ positions: Pool<SolverPosition>, n: Int, toiA: Int, toiB: Int,
               iterations: Int, stopWhenStill: Bool) -> Bool {
        valid && self.toiA == toiA && self.toiB == toiB && self.iterations == iterations && self.stopWhenStill == stopWhenStill
            && positionsIn.count == n && positionConstraints.count == solver.count
            && TOIIslandMemo.sameBytes(positionsIn, positions, n)
            && TOIIslandMemo.sameBytes(positionConstraints, solver.positionConstraints, solver.count)
            && TOIIslandMemo.sameBytes(masses, solver.masses, n)
    }
}
