// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// The body API of `World`: mass, transform, velocities, forces and impulses, flags.
extension World {
    func checked(_ id: BodyID) -> Int {
        precondition(isValid(id), "body \(id.index) (generation \(id.generation)) does not exist in this world")
        return id.i
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
        var localCenter = Vec2f.zero
        var mass: Float = 0.0, I: Float = 0.0
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
    public func position(of id: BodyID) -> Vec2 { Vec2(bodies[checked(id)].xf.p) }
    /// Angle (rad).
    public func angle(of id: BodyID) -> Double { Double(bodies[checked(id)].sweep.a) }
    /// World position of the centre of mass (m).
    public func worldCenter(of id: BodyID) -> Vec2 { Vec2(bodies[checked(id)].sweep.c) }
    /// Centre of mass in the body frame (m).
    public func localCenter(of id: BodyID) -> Vec2 { Vec2(bodies[checked(id)].sweep.localCenter) }
    /// The body transform.
    public func transform(of id: BodyID) -> Transform { let xf = bodies[checked(id)].xf; return Transform(p: Vec2(xf.p), q: Rot(s: Double(xf.q.s), c: Double(xf.q.c))) }

    /// Teleports a body (Box2D's `SetTransform`), then looks for new contacts.
    public func setTransform(_ id: BodyID, position: Vec2, angle: Double) {
        let position = Vec2f(position)
        let angle = Float(angle)
        precondition(!locked, "setTransform: the world is in the middle of a step")
        let b = checked(id)
        bodies[b].xf = Transformf(position: position, angle: angle)
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
    public func linearVelocity(of id: BodyID) -> Vec2 { Vec2(bodies[checked(id)].linearVelocity) }
    public func setLinearVelocity(_ id: BodyID, _ v: Vec2) {
        let v = Vec2f(v)
        let b = checked(id)
        if bodies[b].type == .staticBody { return }
        if dot(v, v) > 0 { bodies[b].setAwake(true) }
        bodies[b].linearVelocity = v
    }
    /// rad/s.
    public func angularVelocity(of id: BodyID) -> Double { Double(bodies[checked(id)].angularVelocity) }
    public func setAngularVelocity(_ id: BodyID, _ w: Double) {
        let w = Float(w)
        let b = checked(id)
        if bodies[b].type == .staticBody { return }
        if w * w > 0 { bodies[b].setAwake(true) }
        bodies[b].angularVelocity = w
    }

    /// Applies a force (N) at a world point (m) until the forces are cleared.
    public func applyForce(_ id: BodyID, _ force: Vec2, at point: Vec2, wake: Bool = true) {
        let force = Vec2f(force)
        let point = Vec2f(point)
        let b = checked(id)
        if bodies[b].type != .dynamicBody { return }
        if wake && !bodies[b].awake { bodies[b].setAwake(true) }
        if bodies[b].awake {
            bodies[b].force += force
            bodies[b].torque += cross(point - bodies[b].sweep.c, force)
        }
    }
    /// Applies a force (N) at the centre of mass.
    public func applyForceToCenter(_ id: BodyID, _ force: Vec2, wake: Bool = true) {
        let force = Vec2f(force)
        let b = checked(id)
        if bodies[b].type != .dynamicBody { return }
        if wake && !bodies[b].awake { bodies[b].setAwake(true) }
        if bodies[b].awake { bodies[b].force += force }
    }
    /// Applies a torque (N·m).
    public func applyTorque(_ id: BodyID, _ torque: Double, wake: Bool = true) {
        let torque = Float(torque)
        let b = checked(id)
        if bodies[b].type != .dynamicBody { return }
        if wake && !bodies[b].awake { bodies[b].setAwake(true) }
        if bodies[b].awake { bodies[b].torque += torque }
    }
    /// Applies an impulse (N·s) at a world point (m): changes the velocity at once.
    public func applyLinearImpulse(_ id: BodyID, _ impulse: Vec2, at point: Vec2, wake: Bool = true) {
        let impulse = Vec2f(impulse)
        let point = Vec2f(point)
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
        let impulse = Float(impulse)
        let b = checked(id)
        if bodies[b].type != .dynamicBody { return }
        if wake && !bodies[b].awake { bodies[b].setAwake(true) }
        if bodies[b].awake { bodies[b].angularVelocity += bodies[b].invI * impulse }
    }

    /// Mass (kg).
    public func mass(of id: BodyID) -> Double { Double(bodies[checked(id)].mass) }
    /// Rotational inertia about the body origin (kg·m²), as `b2Body::GetInertia`.
    public func inertia(of id: BodyID) -> Double {
        let b = bodies[checked(id)]
        return Double(b.inertia + b.mass * dot(b.sweep.localCenter, b.sweep.localCenter))
    }
    public func isAwake(_ id: BodyID) -> Bool { bodies[checked(id)].awake }
    public func setAwake(_ id: BodyID, _ awake: Bool) { bodies[checked(id)].setAwake(awake) }
    /// Wakes a body and starts its sleep timer again from 0 (`setAwake(true)` leaves the timer of
    /// an awake body running, as Box2D does).
    public func restartSleepTimer(_ id: BodyID) {
        let b = checked(id)
        bodies[b].setAwake(true)
        bodies[b].sleepTime = 0
    }
    public func isBullet(_ id: BodyID) -> Bool { bodies[checked(id)].bullet }
    public func setSleepingAllowed(_ id: BodyID, _ allowed: Bool) {
        let b = checked(id)
        bodies[b].autoSleep = allowed
        if !allowed { bodies[b].setAwake(true) }
    }
    public func setLinearDamping(_ id: BodyID, _ d: Double) { let d = Float(d); bodies[checked(id)].linearDamping = d }
    public func setAngularDamping(_ id: BodyID, _ d: Double) { let d = Float(d); bodies[checked(id)].angularDamping = d }
    public func setGravityScale(_ id: BodyID, _ s: Double) { let s = Float(s); bodies[checked(id)].gravityScale = s }
    public func gravityScale(of id: BodyID) -> Double { Double(bodies[checked(id)].gravityScale) }
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
        while f != nullIndex { out.append(fixtureID(f)); f = fixtures[f].next }
        return out
    }
    public func userData(of id: BodyID) -> Int { bodies[checked(id)].userData }
}
