// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// A Box2D 2.x world: bodies, fixtures, joints and contacts, stepped in SI units.
///
/// Objects are addressed by small ids into contiguous arrays of structs; lists (bodies,
/// contacts, joints, and the edges on each body) are intrusive linked lists with Box2D's order
/// (newest first), because the solver's results depend on that order.
public final class World {
    /// Gravity (m/s²), rounded to float32 when set.
    public var gravity: Vec2 {
        get { Vec2(gravityF) }
        set { gravityF = Vec2f(newValue) }
    }
    /// Gravity as the step uses it.
    @exclusivity(unchecked) var gravityF: Vec2f
    /// Whether bodies may fall asleep.
    public var allowSleeping: Bool {
        get { sleepingAllowed }
        set {
            sleepingAllowed = newValue
            if !newValue { for b in bodyIndices() { bodies[b].setAwake(true) } }
        }
    }
    /// `allowSleeping`'s value, unchecked for exclusive access like the rest of the hot state (an
    /// observed property is checked at every read: a pair of runtime calls, 76 instructions, a step).
    @exclusivity(unchecked) var sleepingAllowed = true
    @exclusivity(unchecked) public var warmStarting = true
    @exclusivity(unchecked) public var continuousPhysics = true
    @exclusivity(unchecked) public var subStepping = false
    /// Resolve times of impact with an event queue instead of Box2D's rescan of every contact
    /// per event (same events, same order, same results; off only to compare the two).
    @exclusivity(unchecked) public var useTOIQueue = true
    /// End a time-of-impact sub-step's position iterations at the first that moves nothing
    /// (same positions as running the rest, which would move nothing either; off only to
    /// compare), and how many iterations that has skipped so far.
    @exclusivity(unchecked) public var stopsStillTOIIterations = true
    @exclusivity(unchecked) public internal(set) var skippedTOIIterations = 0
    /// End an island's velocity iterations at the first that changes no velocity and no impulse,
    /// bit for bit (same results as running the rest, which would change nothing either; off only
    /// to compare), for islands without joints and time-of-impact sub-steps; and how many
    /// iterations that has skipped so far.
    @exclusivity(unchecked) public var stopsStillVelocityIterations = true
    @exclusivity(unchecked) public internal(set) var skippedVelocityIterations = 0
    /// Count, rather than run, the time-of-impact events that repeat one which changed nothing
    /// (`TOIRepeat`: same results and listener calls as running them; off only to compare), and
    /// how many events that has skipped so far.
    @exclusivity(unchecked) public var stopsRepeatedTOIEvents = true
    @exclusivity(unchecked) public internal(set) var skippedTOIEvents = 0
    /// Within a step's time-of-impact events, reuse a contact's time of impact and manifold when
    /// what they are computed from has not changed, bit for bit (`TOIMemo`: the same results as
    /// computing them again; off only to compare), and how many of each that has reused so far;
    /// likewise a sub-step's position phase (`TOIIslandMemo`) and how many were reused.
    @exclusivity(unchecked) public var reusesTOIResults = true
    @exclusivity(unchecked) public internal(set) var reusedTimesOfImpact = 0
    @exclusivity(unchecked) public internal(set) var reusedManifolds = 0
    @exclusivity(unchecked) public internal(set) var reusedTOIPositionPhases = 0
    /// A body slower than this (m/s) … (Box2D's `b2_linearSleepTolerance`; UIKit: 1 pt/s)
    @exclusivity(unchecked) public var linearSleepTolerance = Settings.linearSleepTolerance
    /// … and turning slower than this (rad/s) …
    @exclusivity(unchecked) public var angularSleepTolerance = Settings.angularSleepTolerance
    /// … for this long (s) falls asleep with its island.
    @exclusivity(unchecked) public var timeToSleep = Settings.timeToSleep
    /// Clear forces after each step (Box2D's default). UIKit's animator clears them per tick instead.
    @exclusivity(unchecked) public var autoClearForces = true
    public weak var contactListener: (any ContactListener)? {
        didSet {
            hasListener = contactListener != nil
            // Set from a callback during a step: in effect at once, as before the step's copy.
            if locked {
                stepListener = contactListener
                stepWantsPreSolve = stepListener?.wantsPreSolve ?? false
                stepWantsPostSolve = stepListener?.wantsPostSolve ?? false
            }
        }
    }
    /// Whether a listener was set: a weak load per contact costs more than the rest of the
    /// contact's bookkeeping, so the step loads it only when one was.
    @exclusivity(unchecked) var hasListener = false
    /// The listener, held for the length of a step (nil outside one), and whether it wants
    /// pre-solve calls, asked once at the step's start. A contact update then touches the
    /// listener only to call it: a weak load per contact, and the retain and release of an object
    /// that weak references point to (they go through its side table), cost more than the rest of
    /// a contact's bookkeeping.
    @exclusivity(unchecked) var stepListener: (any ContactListener)?
    @exclusivity(unchecked) var stepWantsPreSolve = false
    /// Whether the step's listener wants post-solve calls, as it last answered: asked at the
    /// step's start and again after each call the world makes to it (its answer changes only
    /// then), not after every island and time-of-impact event. Asking meant retaining and releasing
    /// the listener, through its side table (the world's reference is weak): two hundred
    /// instructions per event.
    @exclusivity(unchecked) var stepWantsPostSolve = false
    /// Replaces the filter-bit test when set (Box2D's `b2ContactFilter`).
    public var shouldCollide: ((FixtureID, FixtureID) -> Bool)?

    // The hot state. A class's stored properties are checked for exclusive access at run time on
    // every read and write (Swift's dynamic exclusivity enforcement); in the inner loops that cost
    // about a fifth of the step. The engine never holds an access to one of these across a call
    // that could reach the same property, so the checks are turned off for them.
    @exclusivity(unchecked) var bodies = Pool<Body>()
    @exclusivity(unchecked) var fixtures = Pool<Fixture>()
    /// Each fixture's polygon placed in the world (`PolygonPose`), index for index with
    /// `fixtures`; the narrow phase reuses it while the body stays put.
    @exclusivity(unchecked) var polygonPoses = Pool<PolygonPose>()
    @exclusivity(unchecked) var contacts = Pool<Contact>()
    @exclusivity(unchecked) var joints = Pool<Joint>()
    @exclusivity(unchecked) var jointStore = JointStore()
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
    @exclusivity(unchecked) var invDt0: Float = 0.0
    /// Buffers reused from step to step (the role of Box2D's stack allocator), so that a step
    /// allocates nothing once they have grown to the scene's size. Each is swapped out into a
    /// local while in use, and swapped back.
    @exclusivity(unchecked) var scratch = Scratch()

    /// A world with the given gravity (m/s²).
    public init(gravity: Vec2) {
        self.gravityF = Vec2f(gravity)
        // A first block for the contacts and the solver's buffers, as Box2D's block allocator
        // starts with one: a small scene's first contacts then allocate nothing mid-run.
        contacts.reserveCapacity(32)
        freeContacts.reserveCapacity(32)
        scratch.reserve(32)
    }

    deinit {
        bodies.free(); fixtures.free(); polygonPoses.free(); contacts.free(); joints.free()
        jointStore.freePools()
        scratch.free()
    }

    func bodyIndices() -> [Int] {
        var out: [Int] = []
        var b = bodyList
        while b != nullIndex { out.append(b); b = bodies[b].next }
        return out
    }

    /// All live bodies, newest first (Box2D's list order).
    public var bodyIDs: [BodyID] { bodyIndices().map { bodyID($0) } }

    /// The id of the body in slot `b`, of the slot's current generation.
    @inline(__always) func bodyID(_ b: Int) -> BodyID { BodyID(b, generation: bodies[b].generation) }
    @inline(__always) func fixtureID(_ f: Int) -> FixtureID { FixtureID(f, generation: fixtures[f].generation) }
    @inline(__always) func jointID(_ j: Int) -> JointID { JointID(j, generation: joints[j].generation) }

    /// Whether the id names a body of this world now (false once it is destroyed, even when its
    /// slot holds a new body).
    public func isValid(_ id: BodyID) -> Bool {
        let b = id.i
        return b >= 0 && b < bodies.count && bodies[b].alive && bodies[b].generation == id.generation
    }
    /// Whether the id names a fixture of this world now.
    public func isValid(_ id: FixtureID) -> Bool {
        let f = id.i
        return f >= 0 && f < fixtures.count && fixtures[f].alive && fixtures[f].generation == id.generation
    }
    /// Whether the id names a joint of this world now.
    public func isValid(_ id: JointID) -> Bool {
        let j = id.i
        return j >= 0 && j < joints.count && joints[j].alive && joints[j].generation == id.generation
    }

    /// The slot of a fixture id, which must be valid.
    func checkedFixture(_ id: FixtureID, _ what: StaticString = "fixture") -> Int {
        precondition(isValid(id), "\(what): fixture \(id.index) (generation \(id.generation)) does not exist in this world")
        return id.i
    }

    // MARK: creation

    /// Creates a body.
    public func createBody(_ def: BodyDef) -> BodyID {
        precondition(!locked, "createBody: the world is in the middle of a step")
        let b = Body(def)
        let id: Int
        if let f = freeBodies.popLast() {
            var nb = b; nb.generation = bodies[f].generation; bodies[f] = nb; id = f
        } else {
            bodies.append(b); id = bodies.count - 1
        }
        bodies[id].next = bodyList
        if bodyList != nullIndex { bodies[bodyList].prev = id }
        bodyList = id
        bodyCount += 1
        return bodyID(id)
    }

    /// Destroys a body with its joints, contacts and fixtures.
    public func destroyBody(_ id: BodyID) {
        precondition(!locked, "destroyBody: the world is in the middle of a step")
        let b = checked(id)
        var je = bodies[b].jointList
        while je != nullIndex {
            let next = jointEdgeNext(je)
            destroyJoint(jointID(je >> 1))
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
            fixtures[f].generation &+= 1
            freeFixtures.append(f)
            f = next
        }
        let p = bodies[b].prev, n = bodies[b].next
        if p != nullIndex { bodies[p].next = n }
        if n != nullIndex { bodies[n].prev = p }
        if bodyList == b { bodyList = n }
        bodies[b].alive = false
        bodies[b].generation &+= 1
        freeBodies.append(b)
        bodyCount -= 1
    }

    /// Attaches a shape to a body; recomputes the body's mass when the density is positive.
    public func createFixture(_ body: BodyID, _ def: FixtureDef) -> FixtureID {
        precondition(!locked, "createFixture: the world is in the middle of a step")
        let b = checked(body)
        let fx = Fixture(body: b, shape: def.shape, density: Float(def.density), friction: Float(def.friction),
                         restitution: Float(def.restitution), isSensor: def.isSensor, filter: def.filter, userData: def.userData)
        let id: Int
        if let f = freeFixtures.popLast() {
            var nf = fx; nf.generation = fixtures[f].generation
            fixtures[f] = nf; polygonPoses[f] = PolygonPose(); id = f
        } else {
            fixtures.append(fx); polygonPoses.append(PolygonPose()); id = fixtures.count - 1
        }
        if bodies[b].active { createProxies(id, bodies[b].xf) }
        fixtures[id].next = bodies[b].fixtureList
        bodies[b].fixtureList = id
        bodies[b].fixtureCount += 1
        if def.density > 0 { resetMassData(body) }
        newFixture = true
        return fixtureID(id)
    }

    /// Removes a fixture and its contacts; recomputes the body's mass.
    public func destroyFixture(_ id: FixtureID) {
        precondition(!locked, "destroyFixture: the world is in the middle of a step")
        let f = checkedFixture(id, "destroyFixture")
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
        fixtures[f].generation &+= 1
        freeFixtures.append(f)
        bodies[b].fixtureCount -= 1
        resetMassData(bodyID(b))
    }

    func createProxies(_ f: Int, _ xf: Transformf) {
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
        var xf1 = Transformf.identity
        xf1.q = rotF(bodies[b].sweep.a0)
        xf1.p = bodies[b].sweep.c0 - mul(xf1.q, bodies[b].sweep.localCenter)
        let xf2 = bodies[b].xf
        var f = bodies[b].fixtureList
        while f != nullIndex {
            synchronize(f, xf1, xf2)
            f = fixtures[f].next
        }
    }

    /// The bounding box of polygon `p` under `xf` (Box2D's `b2PolygonShape::ComputeAABB`).
    @inline(__always) func polygonAABB(_ p: UnsafePointer<PolygonShape>, _ xf: Transformf) -> AABBf {
        let vs = p.vertexBase  // (a vertex read through `vertices[i]` is a switch on i)
        var lower = mul(xf, vs[0])
        var upper = lower
        for i in 1..<p.pointee.vertices.count {
            let v = mul(xf, vs[i])
            lower = min(lower, v); upper = max(upper, v)
        }
        let r = Vec2f(p.pointee.radius, p.pointee.radius)
        return AABBf(lowerBound: lower - r, upperBound: upper + r)
    }

    /// The bounding box of child `child` of fixture `f` under `xf`, without copying its shape.
    func fixtureAABB(_ f: Int, _ xf: Transformf, child: Int) -> AABBf {
        switch fixtures[f].typeIndex {
        case 2:
            return fixtures.withUnsafeBufferPointer { fx in polygonAABB(polygonPointer(fx, f), xf) }
        case 1, 3:
            let e = fixtures[f].edges[child]
            let v1 = mul(xf, e.vertex1), v2 = mul(xf, e.vertex2)
            // Box2D 2.3 (and 2.2) bounds a chain's child without its skin, an edge with it.
            let radius = fixtures[f].typeIndex == 3 ? 0 : e.radius
            let r = Vec2f(radius, radius)
            return AABBf(lowerBound: min(v1, v2) - r, upperBound: max(v1, v2) + r)
        default:
            return fixtures[f].shape.computeAABB(xf, child: child)
        }
    }

    func synchronize(_ f: Int, _ xf1: Transformf, _ xf2: Transformf) {
        // The proxies through the fixture's address, and each written in its buffer: a proxy
        // written as `fixtures[f].proxies[k].aabb` retained and released the array each time.
        // A polygon (one proxy, the moving bodies' usual shape) has both boxes computed here,
        // from one pointer to it, rather than through two calls of `fixtureAABB`.
        let fx = fixtures.base + f
        let polygon: UnsafePointer<PolygonShape>? = fx.pointee.typeIndex == 2
            ? UnsafeRawPointer(fx).advanced(by: Fixture.polygonOffset).assumingMemoryBound(to: PolygonShape.self) : nil
        for k in 0..<fx.pointee.proxies.count {
            let aabb: AABBf
            if let polygon {
                aabb = polygonAABB(polygon, xf1).union(polygonAABB(polygon, xf2))
            } else {
                let child = fx.pointee.proxies[k].childIndex
                aabb = fixtureAABB(f, xf1, child: child).union(fixtureAABB(f, xf2, child: child))
            }
            let proxyId = fx.pointee.proxies.withUnsafeMutableBufferPointer { p in
                p[k].aabb = aabb
                return p[k].proxyId
            }
            broadPhase.moveProxy(proxyId, aabb, displacement: xf2.p - xf1.p)
        }
    }

    // MARK: fixtures

    public func body(of f: FixtureID) -> BodyID { bodyID(fixtures[checkedFixture(f)].body) }
    public func shape(of f: FixtureID) -> Shape { fixtures[checkedFixture(f)].shape }
    public func userData(of f: FixtureID) -> Int { fixtures[checkedFixture(f)].userData }
    public func friction(of f: FixtureID) -> Double { Double(fixtures[checkedFixture(f)].friction) }
    public func restitution(of f: FixtureID) -> Double { Double(fixtures[checkedFixture(f)].restitution) }
    public func density(of f: FixtureID) -> Double { Double(fixtures[checkedFixture(f)].density) }
    /// Sets friction; existing contacts keep their mixed value, as Box2D.
    public func setFriction(_ f: FixtureID, _ v: Double) { let v = Float(v); fixtures[checkedFixture(f)].friction = v }
    /// Sets restitution; existing contacts keep their mixed value, as Box2D.
    public func setRestitution(_ f: FixtureID, _ v: Double) { let v = Float(v); fixtures[checkedFixture(f)].restitution = v }
    /// Sets density (kg/m²); call `resetMassData` after.
    public func setDensity(_ f: FixtureID, _ v: Double) { let v = Float(v); fixtures[checkedFixture(f)].density = v }

    /// Marks the fixture's contacts for re-filtering and touches its proxies.
    public func refilter(_ f: FixtureID) {
        let b = fixtures[checkedFixture(f)].body
        var ce = bodies[b].contactList
        while ce != nullIndex {
            let c = ce >> 1
            if contacts[c].fixtureA == f.i || contacts[c].fixtureB == f.i { contacts[c].filterFlag = true }
            ce = contactEdgeNext(ce)
        }
        for p in fixtures[checkedFixture(f)].proxies { broadPhase.touchProxy(p.proxyId) }
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
        return ContactInfo(fixtureA: fixtureID(fA), fixtureB: fixtureID(fB), bodyA: bodyID(bA), bodyB: bodyID(bB),
                           childIndexA: ct.indexA, childIndexB: ct.indexB, manifold: ct.manifold, worldManifold: wm)
    }
}
