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
        items.replace(id, with: item)
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

    /// The world point (points) of an item's attachment point `offset` (turning with the item).
    func itemPoint(_ id: ItemID, _ offset: Vec2) -> Vec2 {
        let it = self[item: id]
        return it.center + mul(Rot(it.rotation), offset)
    }
}
