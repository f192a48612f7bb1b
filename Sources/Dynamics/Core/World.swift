// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// A Box2D 2.x world: bodies, fixtures, joints and contacts, stepped in SI units.
///
/// Objects are addressed by small ids into contiguous arrays of structs; lists (bodies,
/// contacts, joints, and the edges on each body) are intrusive linked lists with Box2D's order
/// (newest first), because the solver's results depend on that order.
public final class World {
    /// Gravity (m/s²).
    @exclusivity(unchecked) public var gravity: Vec2
    /// Whether bodies may fall asleep.
    public var allowSleeping = true {
        didSet { if !allowSleeping { for b in bodyIndices() { bodies[b].setAwake(true) } } }
    }
    @exclusivity(unchecked) public var warmStarting = true
    @exclusivity(unchecked) public var continuousPhysics = true
    @exclusivity(unchecked) public var subStepping = false
    /// Resolve times of impact with an event queue instead of Box2D's rescan of every contact
    /// per event (same events, same order, same results; off only to compare the two).
    @exclusivity(unchecked) public var useTOIQueue = true
    /// A body slower than this (m/s) … (Box2D's `b2_linearSleepTolerance`; UIKit: 1 pt/s)
    @exclusivity(unchecked) public var linearSleepTolerance = Settings.linearSleepTolerance
    /// … and turning slower than this (rad/s) …
    @exclusivity(unchecked) public var angularSleepTolerance = Settings.angularSleepTolerance
    /// … for this long (s) falls asleep with its island.
    @exclusivity(unchecked) public var timeToSleep = Settings.timeToSleep
    /// Clear forces after each step (Box2D's default). UIKit's animator clears them per tick instead.
    @exclusivity(unchecked) public var autoClearForces = true
    public weak var contactListener: (any ContactListener)? { didSet { hasListener = contactListener != nil } }
    /// Whether a listener was set: a weak load per contact costs more than the rest of the
    /// contact's bookkeeping, so the step loads it only when one was.
    @exclusivity(unchecked) var hasListener = false
    /// Replaces the filter-bit test when set (Box2D's `b2ContactFilter`).
    public var shouldCollide: ((FixtureID, FixtureID) -> Bool)?

    // The hot state. A class's stored properties are checked for exclusive access at run time on
    // every read and write (Swift's dynamic exclusivity enforcement); in the inner loops that cost
    // about a fifth of the step. The engine never holds an access to one of these across a call
    // that could reach the same property, so the checks are turned off for them.
    @exclusivity(unchecked) var bodies: [Body] = []
    @exclusivity(unchecked) var fixtures: [Fixture] = []
    @exclusivity(unchecked) var contacts: [Contact] = []
    @exclusivity(unchecked) var joints: [Joint] = []
    @exclusivity(unchecked) var freeBodies: [Int] = []
    @exclusivity(unchecked) var freeFixtures: [Int] = []
    @exclusivity(unchecked) var freeContacts: [Int] = []
    @exclusivity(unchecked) var freeJoints: [Int] = []
    @exclusivity(unchecked) var bodyList = nullIndex
    @exclusivity(unchecked) var contactList = nullIndex
    @exclusivity(unchecked) var jointList = nullIndex
    @exclusivity(unchecked) public internal(set) var bodyCount = 0
    @exclusivity(unchecked) public internal(set) var contactCount = 0
    @exclusivity(unchecked) public internal(set) var jointCount = 0
    @exclusivity(unchecked) var broadPhase = BroadPhase()
    @exclusivity(unchecked) var newFixture = false
    @exclusivity(unchecked) var locked = false
    @exclusivity(unchecked) var stepComplete = true
    @exclusivity(unchecked) var invDt0 = 0.0
    /// Buffers reused from step to step (the role of Box2D's stack allocator), so that a step
    /// allocates nothing once they have grown to the scene's size. Each is swapped out into a
    /// local while in use, and swapped back.
    @exclusivity(unchecked) var scratch = Scratch()

    /// A world with the given gravity (m/s²).
    public init(gravity: Vec2) {
        self.gravity = gravity
        // A first block for the contacts and the solver's buffers, as Box2D's block allocator
        // starts with one: a small scene's first contacts then allocate nothing mid-run.
        contacts.reserveCapacity(32)
        freeContacts.reserveCapacity(32)
        scratch.reserve(32)
    }

    func bodyIndices() -> [Int] {
        var out: [Int] = []
        var b = bodyList
        while b != nullIndex { out.append(b); b = bodies[b].next }
        return out
    }

    /// All live bodies, newest first (Box2D's list order).
    public var bodyIDs: [BodyID] { bodyIndices().map { BodyID($0) } }

    // MARK: creation

    /// Creates a body.
    public func createBody(_ def: BodyDef) -> BodyID {
        precondition(!locked, "createBody: the world is in the middle of a step")
        let b = Body(def)
        let id: Int
        if let f = freeBodies.popLast() { bodies[f] = b; id = f } else { bodies.append(b); id = bodies.count - 1 }
        bodies[id].next = bodyList
        if bodyList != nullIndex { bodies[bodyList].prev = id }
        bodyList = id
        bodyCount += 1
        return BodyID(id)
    }

    /// Destroys a body with its joints, contacts and fixtures.
    public func destroyBody(_ id: BodyID) {
        precondition(!locked, "destroyBody: the world is in the middle of a step")
        let b = checked(id)
        var je = bodies[b].jointList
        while je != nullIndex {
            let next = jointEdgeNext(je)
            destroyJoint(JointID(je >> 1))
            je = next
        }
        var ce = bodies[b].contactList
        while ce != nullIndex {
            let next = contactEdgeNext(ce)
            destroyContact(ce >> 1)
            ce = next
        }
        var f = bodies[b].fixtureList
        while f != nullIndex {
            let next = fixtures[f].next
            destroyProxies(f)
            fixtures[f].alive = false
            freeFixtures.append(f)
            f = next
        }
        let p = bodies[b].prev, n = bodies[b].next
        if p != nullIndex { bodies[p].next = n }
        if n != nullIndex { bodies[n].prev = p }
        if bodyList == b { bodyList = n }
        bodies[b].alive = false
        freeBodies.append(b)
        bodyCount -= 1
    }

    /// Attaches a shape to a body; recomputes the body's mass when the density is positive.
    public func createFixture(_ body: BodyID, _ def: FixtureDef) -> FixtureID {
        precondition(!locked, "createFixture: the world is in the middle of a step")
        let b = checked(body)
        let fx = Fixture(body: b, shape: def.shape, density: def.density, friction: def.friction,
                         restitution: def.restitution, isSensor: def.isSensor, filter: def.filter, userData: def.userData)
        let id: Int
        if let f = freeFixtures.popLast() { fixtures[f] = fx; id = f } else { fixtures.append(fx); id = fixtures.count - 1 }
        if bodies[b].active { createProxies(id, bodies[b].xf) }
        fixtures[id].next = bodies[b].fixtureList
        bodies[b].fixtureList = id
        bodies[b].fixtureCount += 1
        if def.density > 0 { resetMassData(body) }
        newFixture = true
        return FixtureID(id)
    }

    /// Removes a fixture and its contacts; recomputes the body's mass.
    public func destroyFixture(_ id: FixtureID) {
        precondition(!locked, "destroyFixture: the world is in the middle of a step")
        let f = id.i
        precondition(f >= 0 && f < fixtures.count && fixtures[f].alive, "destroyFixture: \(f) is not a live fixture")
        let b = fixtures[f].body
        // unlink from the body's list
        if bodies[b].fixtureList == f {
            bodies[b].fixtureList = fixtures[f].next
        } else {
            var p = bodies[b].fixtureList
            while p != nullIndex && fixtures[p].next != f { p = fixtures[p].next }
            if p != nullIndex { fixtures[p].next = fixtures[f].next }
        }
        var ce = bodies[b].contactList
        while ce != nullIndex {
            let next = contactEdgeNext(ce)
            let c = ce >> 1
            if contacts[c].fixtureA == f || contacts[c].fixtureB == f { destroyContact(c) }
            ce = next
        }
        if bodies[b].active { destroyProxies(f) }
        fixtures[f].alive = false
        freeFixtures.append(f)
        bodies[b].fixtureCount -= 1
        resetMassData(BodyID(b))
    }

    func createProxies(_ f: Int, _ xf: Transform) {
        let shape = fixtures[f].shape
        for i in 0..<shape.childCount {
            let aabb = shape.computeAABB(xf, child: i)
            let pid = broadPhase.createProxy(aabb, userData: f << 8 | i)
            fixtures[f].proxies.append(Fixture.Proxy(aabb: aabb, proxyId: pid, childIndex: i))
        }
    }

    func destroyProxies(_ f: Int) {
        for p in fixtures[f].proxies { broadPhase.destroyProxy(p.proxyId) }
        fixtures[f].proxies.removeAll()
    }

    func synchronizeFixtures(_ b: Int) {
        var xf1 = Transform.identity
        xf1.q = rotF(bodies[b].sweep.a0)
        xf1.p = bodies[b].sweep.c0 - mul(xf1.q, bodies[b].sweep.localCenter)
        let xf2 = bodies[b].xf
        var f = bodies[b].fixtureList
        while f != nullIndex {
            synchronize(f, xf1, xf2)
            f = fixtures[f].next
        }
    }

    /// The bounding box of child `child` of fixture `f` under `xf`, without copying its shape.
    func fixtureAABB(_ f: Int, _ xf: Transform, child: Int) -> AABB {
        switch fixtures[f].typeIndex {
        case 2:
            return fixtures.withUnsafeBufferPointer { fx in
                let p = polygonPointer(fx, f)
                var lower = mul(xf, p.pointee.vertices[0])
                var upper = lower
                for i in 1..<p.pointee.vertices.count {
                    let v = mul(xf, p.pointee.vertices[i])
                    lower = min(lower, v); upper = max(upper, v)
                }
                let r = Vec2(p.pointee.radius, p.pointee.radius)
                return AABB(lowerBound: lower - r, upperBound: upper + r)
            }
        case 1, 3:
            let e = fixtures[f].edges[child]
            let v1 = mul(xf, e.vertex1), v2 = mul(xf, e.vertex2)
            let r = Vec2(e.radius, e.radius)
            return AABB(lowerBound: min(v1, v2) - r, upperBound: max(v1, v2) + r)
        default:
            return fixtures[f].shape.computeAABB(xf, child: child)
        }
    }

    func synchronize(_ f: Int, _ xf1: Transform, _ xf2: Transform) {
        for k in fixtures[f].proxies.indices {
            let child = fixtures[f].proxies[k].childIndex
            let a1 = fixtureAABB(f, xf1, child: child)
            let a2 = fixtureAABB(f, xf2, child: child)
            let aabb = a1.union(a2)
            fixtures[f].proxies[k].aabb = aabb
            broadPhase.moveProxy(fixtures[f].proxies[k].proxyId, aabb, displacement: xf2.p - xf1.p)
        }
    }

    // MARK: bodies

    func checked(_ id: BodyID) -> Int {
        let b = id.i
        precondition(b >= 0 && b < bodies.count && bodies[b].alive, "body \(b) does not exist in this world")
        return b
    }

    /// Recomputes mass, centre of mass and inertia from the fixtures (Box2D's `ResetMassData`).
    public func resetMassData(_ id: BodyID) {
        let b = checked(id)
        bodies[b].mass = 0; bodies[b].invMass = 0; bodies[b].inertia = 0; bodies[b].invI = 0
        bodies[b].sweep.localCenter = .zero
        if bodies[b].type == .staticBody || bodies[b].type == .kinematicBody {
            bodies[b].sweep.c0 = bodies[b].xf.p
            bodies[b].sweep.c = bodies[b].xf.p
            bodies[b].sweep.a0 = bodies[b].sweep.a
            return
        }
        var localCenter = Vec2.zero
        var mass = 0.0, I = 0.0
        var f = bodies[b].fixtureList
        while f != nullIndex {
            if fixtures[f].density != 0 {
                let md = fixtures[f].shape.computeMass(density: fixtures[f].density)
                mass += md.mass
                localCenter += md.mass * md.center
                I += md.inertia
            }
            f = fixtures[f].next
        }
        if mass > 0 {
            bodies[b].mass = mass
            bodies[b].invMass = 1 / mass
            localCenter = (1 / mass) * localCenter
        } else {
            mass = 1
            bodies[b].mass = 1
            bodies[b].invMass = 1
        }
        if I > 0 && !bodies[b].fixedRotation {
            I -= mass * dot(localCenter, localCenter)
            bodies[b].inertia = I
            bodies[b].invI = 1 / I
        } else {
            bodies[b].inertia = 0; bodies[b].invI = 0
        }
        let oldCenter = bodies[b].sweep.c
        bodies[b].sweep.localCenter = localCenter
        let c = mul(bodies[b].xf, localCenter)
        bodies[b].sweep.c0 = c
        bodies[b].sweep.c = c
        bodies[b].linearVelocity += cross(bodies[b].angularVelocity, c - oldCenter)
    }

    public func type(of id: BodyID) -> BodyType { bodies[checked(id)].type }

    /// Changes a body's type (Box2D's `SetType`): resets mass, wakes it, drops its contacts.
    public func setType(_ id: BodyID, _ t: BodyType) {
        precondition(!locked, "setType: the world is in the middle of a step")
        let b = checked(id)
        if bodies[b].type == t { return }
        bodies[b].type = t
        resetMassData(id)
        if t == .staticBody {
            bodies[b].linearVelocity = .zero
            bodies[b].angularVelocity = 0
            bodies[b].sweep.a0 = bodies[b].sweep.a
            bodies[b].sweep.c0 = bodies[b].sweep.c
            synchronizeFixtures(b)
        }
        bodies[b].setAwake(true)
        bodies[b].force = .zero
        bodies[b].torque = 0
        var ce = bodies[b].contactList
        while ce != nullIndex {
            let next = contactEdgeNext(ce)
            destroyContact(ce >> 1)
            ce = next
        }
        bodies[b].contactList = nullIndex
        var f = bodies[b].fixtureList
        while f != nullIndex {
            for p in fixtures[f].proxies { broadPhase.touchProxy(p.proxyId) }
            f = fixtures[f].next
        }
    }

    /// World position of the body origin (m).
    public func position(of id: BodyID) -> Vec2 { bodies[checked(id)].xf.p }
    /// Angle (rad).
    public func angle(of id: BodyID) -> Double { bodies[checked(id)].sweep.a }
    /// World position of the centre of mass (m).
    public func worldCenter(of id: BodyID) -> Vec2 { bodies[checked(id)].sweep.c }
    /// Centre of mass in the body frame (m).
    public func localCenter(of id: BodyID) -> Vec2 { bodies[checked(id)].sweep.localCenter }
    /// The body transform.
    public func transform(of id: BodyID) -> Transform { bodies[checked(id)].xf }

    /// Teleports a body (Box2D's `SetTransform`), then looks for new contacts.
    public func setTransform(_ id: BodyID, position: Vec2, angle: Double) {
        precondition(!locked, "setTransform: the world is in the middle of a step")
        let b = checked(id)
        bodies[b].xf = Transform(position: position, angle: angle)
        bodies[b].sweep.c = mul(bodies[b].xf, bodies[b].sweep.localCenter)
        bodies[b].sweep.a = angle
        bodies[b].sweep.c0 = bodies[b].sweep.c
        bodies[b].sweep.a0 = angle
        let xf = bodies[b].xf
        var f = bodies[b].fixtureList
        while f != nullIndex { synchronize(f, xf, xf); f = fixtures[f].next }
        findNewContacts()
    }

    /// Velocity of the centre of mass (m/s).
    public func linearVelocity(of id: BodyID) -> Vec2 { bodies[checked(id)].linearVelocity }
    public func setLinearVelocity(_ id: BodyID, _ v: Vec2) {
        let b = checked(id)
        if bodies[b].type == .staticBody { return }
        if dot(v, v) > 0 { bodies[b].setAwake(true) }
        bodies[b].linearVelocity = v
    }
    /// rad/s.
    public func angularVelocity(of id: BodyID) -> Double { bodies[checked(id)].angularVelocity }
    public func setAngularVelocity(_ id: BodyID, _ w: Double) {
        let b = checked(id)
        if bodies[b].type == .staticBody { return }
        if w * w > 0 { bodies[b].setAwake(true) }
        bodies[b].angularVelocity = w
    }

    /// Applies a force (N) at a world point (m) until the forces are cleared.
    public func applyForce(_ id: BodyID, _ force: Vec2, at point: Vec2, wake: Bool = true) {
        let b = checked(id)
        if bodies[b].type != .dynamicBody { return }
        if wake && !bodies[b].awake { bodies[b].setAwake(true) }
        if bodies[b].awake {
            bodies[b].force += force
            bodies[b].torque += cross(point - bodies[b].sweep.c, force)
        }
    }
    /// Applies a force (N) at the centre of mass for the next step only (it is not accumulated
    /// across steps and `clearForces` does not see it). Wakes the body, as `applyForceToCenter` does.
    public func applyStepForce(_ id: BodyID, _ force: Vec2) {
        let b = checked(id)
        if bodies[b].type != .dynamicBody { return }
        if !bodies[b].awake { bodies[b].setAwake(true) }
        if bodies[b].awake { bodies[b].stepForce += force }
    }

    /// Applies a force (N) at the centre of mass.
    public func applyForceToCenter(_ id: BodyID, _ force: Vec2, wake: Bool = true) {
        let b = checked(id)
        if bodies[b].type != .dynamicBody { return }
        if wake && !bodies[b].awake { bodies[b].setAwake(true) }
        if bodies[b].awake { bodies[b].force += force }
    }
    /// Applies a torque (N·m).
    public func applyTorque(_ id: BodyID, _ torque: Double, wake: Bool = true) {
        let b = checked(id)
        if bodies[b].type != .dynamicBody { return }
        if wake && !bodies[b].awake { bodies[b].setAwake(true) }
        if bodies[b].awake { bodies[b].torque += torque }
    }
    /// Applies an impulse (N·s) at a world point (m): changes the velocity at once.
    public func applyLinearImpulse(_ id: BodyID, _ impulse: Vec2, at point: Vec2, wake: Bool = true) {
        let b = checked(id)
        if bodies[b].type != .dynamicBody { return }
        if wake && !bodies[b].awake { bodies[b].setAwake(true) }
        if bodies[b].awake {
            bodies[b].linearVelocity += bodies[b].invMass * impulse
            bodies[b].angularVelocity += bodies[b].invI * cross(point - bodies[b].sweep.c, impulse)
        }
    }
    /// Applies an angular impulse (N·m·s).
    public func applyAngularImpulse(_ id: BodyID, _ impulse: Double, wake: Bool = true) {
        let b = checked(id)
        if bodies[b].type != .dynamicBody { return }
        if wake && !bodies[b].awake { bodies[b].setAwake(true) }
        if bodies[b].awake { bodies[b].angularVelocity += bodies[b].invI * impulse }
    }

    /// Mass (kg).
    public func mass(of id: BodyID) -> Double { bodies[checked(id)].mass }
    /// Rotational inertia about the body origin (kg·m²), as `b2Body::GetInertia`.
    public func inertia(of id: BodyID) -> Double {
        let b = bodies[checked(id)]
        return b.inertia + b.mass * dot(b.sweep.localCenter, b.sweep.localCenter)
    }
    public func isAwake(_ id: BodyID) -> Bool { bodies[checked(id)].awake }
    public func setAwake(_ id: BodyID, _ awake: Bool) { bodies[checked(id)].setAwake(awake) }
    public func isBullet(_ id: BodyID) -> Bool { bodies[checked(id)].bullet }
    public func setSleepingAllowed(_ id: BodyID, _ allowed: Bool) {
        let b = checked(id)
        bodies[b].autoSleep = allowed
        if !allowed { bodies[b].setAwake(true) }
    }
    public func setLinearDamping(_ id: BodyID, _ d: Double) { bodies[checked(id)].linearDamping = d }
    public func setAngularDamping(_ id: BodyID, _ d: Double) { bodies[checked(id)].angularDamping = d }
    public func setGravityScale(_ id: BodyID, _ s: Double) { bodies[checked(id)].gravityScale = s }
    public func gravityScale(of id: BodyID) -> Double { bodies[checked(id)].gravityScale }
    public func setFixedRotation(_ id: BodyID, _ fixed: Bool) {
        let b = checked(id)
        if bodies[b].fixedRotation == fixed { return }
        bodies[b].fixedRotation = fixed
        bodies[b].angularVelocity = 0
        resetMassData(id)
    }
    public func setBullet(_ id: BodyID, _ bullet: Bool) { bodies[checked(id)].bullet = bullet }
    /// Fixtures of a body, newest first.
    public func fixtures(of id: BodyID) -> [FixtureID] {
        var out: [FixtureID] = []
        var f = bodies[checked(id)].fixtureList
        while f != nullIndex { out.append(FixtureID(f)); f = fixtures[f].next }
        return out
    }
    public func userData(of id: BodyID) -> Int { bodies[checked(id)].userData }

    // MARK: fixtures

    public func body(of f: FixtureID) -> BodyID { BodyID(fixtures[f.i].body) }
    public func shape(of f: FixtureID) -> Shape { fixtures[f.i].shape }
    public func userData(of f: FixtureID) -> Int { fixtures[f.i].userData }
    public func friction(of f: FixtureID) -> Double { fixtures[f.i].friction }
    public func restitution(of f: FixtureID) -> Double { fixtures[f.i].restitution }
    public func density(of f: FixtureID) -> Double { fixtures[f.i].density }
    /// Sets friction; existing contacts keep their mixed value, as Box2D.
    public func setFriction(_ f: FixtureID, _ v: Double) { fixtures[f.i].friction = v }
    /// Sets restitution; existing contacts keep their mixed value, as Box2D.
    public func setRestitution(_ f: FixtureID, _ v: Double) { fixtures[f.i].restitution = v }
    /// Sets density (kg/m²); call `resetMassData` after.
    public func setDensity(_ f: FixtureID, _ v: Double) { fixtures[f.i].density = v }

    /// Marks the fixture's contacts for re-filtering and touches its proxies.
    public func refilter(_ f: FixtureID) {
        let b = fixtures[f.i].body
        var ce = bodies[b].contactList
        while ce != nullIndex {
            let c = ce >> 1
            if contacts[c].fixtureA == f.i || contacts[c].fixtureB == f.i { contacts[c].filterFlag = true }
            ce = contactEdgeNext(ce)
        }
        for p in fixtures[f.i].proxies { broadPhase.touchProxy(p.proxyId) }
    }

    /// Clears every body's accumulated force and torque.
    public func clearForces() {
        var b = bodyList
        while b != nullIndex { bodies[b].force = .zero; bodies[b].torque = 0; b = bodies[b].next }
    }

    /// The contacts currently touching, as value copies (world list order).
    public func touchingContacts() -> [ContactInfo] {
        var out: [ContactInfo] = []
        var c = contactList
        while c != nullIndex {
            if contacts[c].touching && contacts[c].enabled { out.append(contactInfo(c)) }
            c = contacts[c].next
        }
        return out
    }

    func contactInfo(_ c: Int) -> ContactInfo {
        let ct = contacts[c]
        let fA = ct.fixtureA, fB = ct.fixtureB
        let bA = fixtures[fA].body, bB = fixtures[fB].body
        let wm = WorldManifold(ct.manifold, bodies[bA].xf, fixtures[fA].radius, bodies[bB].xf, fixtures[fB].radius)
        return ContactInfo(fixtureA: FixtureID(fA), fixtureB: FixtureID(fB), bodyA: BodyID(bA), bodyB: BodyID(bB),
                           childIndexA: ct.indexA, childIndexB: ct.indexB, manifold: ct.manifold, worldManifold: wm)
    }
}

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
    }
}

/// A pointer to fixture `f`'s polygon inside the fixture array (valid while `fx` is).
@inline(__always) func polygonPointer(_ fx: UnsafeBufferPointer<Fixture>, _ f: Int) -> UnsafePointer<PolygonShape> {
    UnsafeRawPointer(fx.baseAddress! + f).advanced(by: Fixture.polygonOffset).assumingMemoryBound(to: PolygonShape.self)
}

extension Fixture {
    @inline(__always) static var polygonOffset: Int { MemoryLayout<Fixture>.offset(of: \Fixture.polygon)! }
}
