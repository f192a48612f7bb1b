import Dynamics
import Geometry

extension DynamicAnimator {
    /// The polygon of an item's collision bounds in metres, centred on the body origin.
    func shape(for item: Item) -> PolygonShape? {
        let s = 1 / pointsPerMeter
        switch item.bounds {
        case .rectangle:
            return .box(halfWidth: 0.5 * item.size.x * s, halfHeight: 0.5 * item.size.y * s)
        case .ellipse:
            // Flattened into a polygon with segments of about 10 pt (Box2D allows 8 vertices at most).
            let pi = 3.14159265359  // Box2D's b2_pi, in the UIKit layer's Double
            let a = 0.5 * item.size.x
            let b = 0.5 * item.size.y
            let perimeter = pi * (3 * (a + b) - ((3 * a + b) * (a + 3 * b)).squareRoot())
            let segments = (perimeter / 10).rounded()  // compared before converting: a huge ellipse must not trap
            let n =
                segments >= Double(Settings.maxPolygonVertices)
                ? Settings.maxPolygonVertices : segments > 3 ? Int(segments) : 3
            var pts: [Vec2] = []
            for k in 0..<n {
                let t = 2 * pi * Double(k) / Double(n)
                pts.append(Vec2(a * Elementary.cos(t) * s, b * Elementary.sin(t) * s))
            }
            return PolygonShape(points: pts)
        case .path(let p):
            return PolygonShape(points: p.map { s * $0 })
        }
    }

    func ensureBody(_ id: ItemID) {
        guard var item = items[id], item.body == nil else { return }
        if !item.members.isEmpty { return ensureGroupBody(id) }
        let frame = LocalFrame.identity  // an item is its own body (a group's items share one: Groups.swift)
        let body = makeBody(id, at: frame.body(itemCenter: item.center, itemRotation: item.rotation))
        let fixture = makeFixture(item, of: id, on: body, at: frame)
        item.placement = ItemBody(body: body, fixture: fixture, frame: frame)
        items[id] = item
        applyPendingVelocity(id)
    }

    /// The velocities added to an item before it had a body (`addLinearVelocity` …), given to it now.
    func applyPendingVelocity(_ id: ItemID) {
        guard let body = items[id]?.body else { return }
        let v = self[item: id].pendingVelocity
        let w = self[item: id].pendingAngularVelocity
        self[item: id].pendingVelocity = .zero
        self[item: id].pendingAngularVelocity = 0
        if v != .zero { world.setLinearVelocity(body, (1 / pointsPerMeter) * v) }
        if w != 0 { world.setAngularVelocity(body, w) }
    }

    /// A dynamic body for item `id` at `pose` (points, rad), with the default damping and no gravity.
    func makeBody(_ id: ItemID, at pose: (position: Vec2, angle: Double)) -> BodyID {
        var bd = BodyDef()
        bd.type = .dynamicBody
        bd.position = (1 / pointsPerMeter) * pose.position
        bd.angle = pose.angle
        bd.linearDamping = DefaultMaterial.resistance
        bd.angularDamping = DefaultMaterial.angularResistance
        bd.gravityScale = 0
        bd.userData = id
        return world.createBody(bd)
    }

    /// The item's shape at `frame` in its body (metres): a circle for a round ellipse, else a polygon.
    func fixtureShape(_ item: Item, at frame: LocalFrame) -> Shape? {
        let s = 1 / pointsPerMeter
        if case .ellipse = item.bounds, item.size.x == item.size.y {
            return .circle(CircleShape(position: s * frame.offset, radius: 0.5 * item.size.x * s))
        }
        if frame == .identity { return shape(for: item).map { .polygon($0) } }
        if case .rectangle = item.bounds {
            let box = PolygonShape.box(
                halfWidth: 0.5 * item.size.x * s, halfHeight: 0.5 * item.size.y * s, center: s * frame.offset,
                angle: frame.angle)
            return .polygon(box)
        }
        guard let own = shape(for: item) else { return nil }
        let pts = own.vertices.map { s * frame.bodyPoint(pointsPerMeter * Vec2($0)) }
        return PolygonShape(points: pts).map { .polygon($0) }
    }

    /// The item's fixture with the default material on `body`, owned by `id`.
    func makeFixture(_ item: Item, of id: ItemID, on body: BodyID, at frame: LocalFrame) -> FixtureID? {
        guard let shape = fixtureShape(item, at: frame) else { return nil }
        var fd = FixtureDef(shape: shape)
        fd.density = DefaultMaterial.density
        fd.friction = DefaultMaterial.friction
        fd.restitution = DefaultMaterial.elasticity
        fd.userData = id
        let f = world.createFixture(body, fd)
        owners[f] = .item(id)
        return f
    }

    func removeBody(_ id: ItemID) {
        guard let body = items[id]?.body else { return }
        for f in fixtures(of: id) { owners[f] = nil }
        for m in self[item: id].members { self[item: m].placement = nil; self[item: m].carrier = nil }
        world.destroyBody(body)
        self[item: id].placement = nil
        self[item: id].dirty = false
    }

    /// Gravity vector, gravity scales and bullet flags from the installed behaviours.
    func applyGravityAndFlags() {
        for id in itemOrder where items[id]?.carrier == nil {
            guard let body = items[id]?.body else { continue }
            var inGravity = false
            var inPush = false
            for inst in installed where inst.behavior.items.contains(id) {
                if case .gravity = inst.behavior { inGravity = true }
                if case .push = inst.behavior { inPush = true }
            }
            world.setGravityScale(body, inGravity ? 1 : 0)
            world.setBullet(body, inGravity || inPush)
        }
        for inst in installed {
            if case .gravity(let g) = inst.behavior { world.gravity = 10 * g.gravityDirection }
        }
    }

    /// Materials per item: defaults, then each installed item behaviour in order (last writer wins).
    func applyMaterials() {
        for id in itemOrder where items[id]?.carrier == nil {
            let fs = fixtures(of: id)
            guard let body = items[id]?.body, !fs.isEmpty else { continue }
            var elasticity = DefaultMaterial.elasticity
            var friction = DefaultMaterial.friction
            var density = DefaultMaterial.density
            var resistance = DefaultMaterial.resistance
            var angular = DefaultMaterial.angularResistance
            var allowsRotation = true
            var anchored = false
            var charge = 0.0
            for inst in installed {
                guard case .item(let ib) = inst.behavior, ib.items.contains(id) else { continue }
                if let v = ib.elasticity { elasticity = v }
                if let v = ib.friction { friction = v }
                if let v = ib.density { density = v }
                if let v = ib.resistance { resistance = v }
                if let v = ib.angularResistance { angular = v }
                if let v = ib.allowsRotation { allowsRotation = v }
                if let v = ib.anchored { anchored = v }
                if let v = ib.charge { charge = v }
            }
            charges[id] = charge
            for f in fs { world.setRestitution(f, elasticity); world.setFriction(f, friction) }
            world.setLinearDamping(body, resistance)
            world.setAngularDamping(body, angular)
            let wantType: BodyType = anchored ? .staticBody : .dynamicBody
            if world.type(of: body) != wantType { world.setType(body, wantType) }
            // The engine holds the density in float32, so for a density float32 cannot hold exactly
            // (0.3) this is always true and the mass is recomputed; the oracle's model compares
            // the same way and does the same.
            if fs.contains(where: { world.density(of: $0) != density }) {
                for f in fs { world.setDensity(f, density) }
                world.resetMassData(body)
            }
            world.setFixedRotation(body, !allowsRotation)
        }
    }

    /// The world point (points) of an item's attachment point `offset` (turning with the item).
    func itemPoint(_ id: ItemID, _ offset: Vec2) -> Vec2 {
        let it = self[item: id]
        return it.center + mul(Rot(it.rotation), offset)
    }

    func attachmentPointA(_ a: AttachmentBehavior) -> Vec2 { itemPoint(a.item, a.offset) }

    /// Joints of an attachment (physics.md: distance, revolute, prismatic, rope or weld).
    func makeAttachment(_ a: AttachmentBehavior) -> [JointID] {
        let s = 1 / pointsPerMeter
        guard let itemBody = items[a.item]?.placement else { return [] }
        let (bodyA, localA): (BodyID, Vec2)
        if let other = a.otherItem, let ob = items[other]?.placement {
            bodyA = ob.body; localA = s * ob.frame.bodyPoint(a.otherOffset)
        } else {
            bodyA = ground; localA = s * a.anchor
        }
        let bodyB = itemBody.body
        let localB = s * itemBody.frame.bodyPoint(a.offset)
        let worldA = a.otherItem.map { itemPoint($0, a.otherOffset) } ?? a.anchor
        let worldB = itemPoint(a.item, a.offset)
        let length = a.length ?? distance(worldA, worldB)
        switch a.kind {
        case .spring:
            if a.otherItem == nil && distance(worldA, worldB) < 1 && a.frequency == 0 && a.length == nil {
                var d = RevoluteJointDef(bodyA: bodyA, bodyB: bodyB)
                d.localAnchorA = localA; d.localAnchorB = localB
                d.referenceAngle = world.angle(of: bodyB) - world.angle(of: bodyA)
                d.collideConnected = true
                return [world.createJoint(.revolute(d))]
            }
            var d = DistanceJointDef(bodyA: bodyA, bodyB: bodyB)
            d.localAnchorA = localA; d.localAnchorB = localB
            d.length = s * length
            d.frequencyHz = a.frequency; d.dampingRatio = a.damping
            d.collideConnected = true
            return [world.createJoint(.distance(d))]
        case .limit:
            var d = RopeJointDef(bodyA: bodyA, bodyB: bodyB)
            d.localAnchorA = localA; d.localAnchorB = localB
            d.maxLength = s * length
            d.collideConnected = true
            return [world.createJoint(.rope(d))]
        case .fixed:
            var d = WeldJointDef(bodyA: bodyA, bodyB: bodyB)
            d.localAnchorA = localA; d.localAnchorB = localB
            d.referenceAngle = world.angle(of: bodyB) - world.angle(of: bodyA)
            d.frequencyHz = a.frequency; d.dampingRatio = a.damping
            d.collideConnected = true
            return [world.createJoint(.weld(d))]
        case .pin:
            var d = RevoluteJointDef(bodyA: bodyA, bodyB: bodyB)
            d.localAnchorA = localA; d.localAnchorB = localB
            d.referenceAngle = world.angle(of: bodyB) - world.angle(of: bodyA)
            if let r = a.range { d.enableLimit = true; d.lowerAngle = r.lowerBound; d.upperAngle = r.upperBound }
            if a.frictionTorque > 0 { d.enableMotor = true; d.motorSpeed = 0; d.maxMotorTorque = a.frictionTorque }
            d.collideConnected = true
            return [world.createJoint(.revolute(d))]
        case .sliding(let axis):
            var d = PrismaticJointDef(bodyA: bodyA, bodyB: bodyB)
            d.localAnchorA = localA; d.localAnchorB = localB
            // The unit axis in Double, then in float32 again by the engine (as b2PrismaticJoint
            // normalizes the axis it is given): the oracle's model does the same.
            let n = (axis.x * axis.x + axis.y * axis.y).squareRoot()
            d.localAxisA = Vec2(axis.x / n, axis.y / n)
            d.referenceAngle = world.angle(of: bodyB) - world.angle(of: bodyA)
            if let r = a.range {
                d.enableLimit = true; d.lowerTranslation = s * r.lowerBound; d.upperTranslation = s * r.upperBound
            }
            d.collideConnected = true
            return [world.createJoint(.prismatic(d))]
        }
    }

    /// Snap: four 4 Hz distance joints from the item's top-left and bottom-right corners to points
    /// 50 pt outward along x and y of where those corners end (host-measured layout).
    func makeSnap(_ snap: SnapBehavior) -> [JointID] {
        guard let placed = items[snap.item]?.placement else { return [] }
        let body = placed.body
        let s = 1 / pointsPerMeter
        let half = 0.5 * self[item: snap.item].size
        var out: [JointID] = []
        for corner in [Vec2(-1, -1), Vec2(1, 1)] {
            let local = Vec2(corner.x * half.x, corner.y * half.y)
            let target = snap.snapPoint + local
            for anchor in [target + Vec2(corner.x * 50, 0), target + Vec2(0, corner.y * 50)] {
                var d = DistanceJointDef(bodyA: ground, bodyB: body)
                d.localAnchorA = s * anchor
                d.localAnchorB = s * placed.frame.bodyPoint(local)
                d.length = s * 50
                d.frequencyHz = 4
                d.dampingRatio = snap.damping
                d.collideConnected = true
                out.append(world.createJoint(.distance(d)))
            }
        }
        return out
    }

    /// Whether two fixtures collide under the installed collision behaviours.
    func fixturesCollide(_ a: FixtureID, _ b: FixtureID) -> Bool {
        guard let oa = owners[a], let ob = owners[b] else { return false }
        switch (oa, ob) {
        case (.item, .item):
            return collisionBehavior(a, b) != 0
        case (.item(let x), .boundary(let beh, _)), (.boundary(let beh, _), .item(let x)):
            guard let inst = installed.first(where: { $0.id == beh }), case .collision(let c) = inst.behavior else {
                return false
            }
            return c.mode != .items && c.items.contains(named(x))
        default:
            return false
        }
    }

    /// The collision behaviour responsible for a contact between two fixtures.
    func collisionBehavior(_ a: FixtureID, _ b: FixtureID) -> Int {
        if let oa = owners[a], case .boundary(let beh, _) = oa { return beh }
        if let ob = owners[b], case .boundary(let beh, _) = ob { return beh }
        if let oa = owners[a], let ob = owners[b], case .item(let x) = oa, case .item(let y) = ob {
            let (nx, ny) = (named(x), named(y))
            for inst in installed {
                if case .collision(let c) = inst.behavior, c.mode != .boundaries, c.items.contains(nx),
                    c.items.contains(ny)
                {
                    return inst.id
                }
            }
        }
        return 0
    }
}
