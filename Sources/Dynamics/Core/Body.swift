// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// A rigid body's state, stored by value in the world's body array.
struct Body {
    var type: BodyType
    var inIsland = false
    var awake = true
    var autoSleep = true
    var bullet = false
    var fixedRotation = false
    var active = true
    var alive = true
    /// The slot's generation: raised when the body is destroyed (`BodyID.generation`).
    var generation: UInt32 = 0
    var toiFlag = false
    var islandIndex = 0
    // The list links next to the flags: the world's walks over bodies and the island search read
    // little else, and then touch one cache line per body.
    var next = nullIndex
    /// Head of the contact-edge list (contactId·2 + side).
    var contactList = nullIndex
    /// Head of the joint-edge list (jointId·2 + side).
    var jointList = nullIndex
    var prev = nullIndex
    var fixtureList = nullIndex
    var fixtureCount = 0
    var xf: Transformf
    var sweep = Sweep()
    var linearVelocity: Vec2f
    var angularVelocity: Float
    var force = Vec2f.zero
    var torque: Float = 0.0
    var mass: Float = 0.0, invMass: Float = 0.0
    var inertia: Float = 0.0, invI: Float = 0.0
    var linearDamping: Float
    var angularDamping: Float
    var gravityScale: Float
    /// Seconds below the sleep tolerances, summed in float32 as Box2D does.
    var sleepTime: Float = 0
    var userData: Int

    init(_ def: BodyDef) {
        type = def.type
        bullet = def.bullet
        fixedRotation = def.fixedRotation
        autoSleep = def.allowSleep
        awake = def.awake
        active = def.active
        // The definition is in Double (the public API's precision); the engine rounds every
        // value to float32 here, as UIKit's PhysicsKit and pybox2d do on the way into Box2D.
        let position = Vec2f(def.position), angle = Float(def.angle)
        xf = Transformf(position: position, angle: angle)
        sweep.c0 = position; sweep.c = position
        sweep.a0 = angle; sweep.a = angle
        linearVelocity = Vec2f(def.linearVelocity)
        angularVelocity = Float(def.angularVelocity)
        linearDamping = Float(def.linearDamping)
        angularDamping = Float(def.angularDamping)
        gravityScale = Float(def.gravityScale)
        userData = def.userData
        if type == .dynamicBody { mass = 1; invMass = 1 }
    }

    mutating func setAwake(_ flag: Bool) {
        if flag {
            if !awake { awake = true; sleepTime = 0 }
        } else {
            awake = false
            sleepTime = 0
            linearVelocity = .zero
            angularVelocity = 0
            force = .zero
            torque = 0
        }
    }

    mutating func synchronizeTransform() {
        xf.q = rotF(sweep.a)
        xf.p = sweep.c - mul(xf.q, sweep.localCenter)
    }

    mutating func advance(_ alpha: Float) {
        sweep.advance(to: alpha)
        sweep.c = sweep.c0
        sweep.a = sweep.a0
        xf.q = rotF(sweep.a)
        xf.p = sweep.c - mul(xf.q, sweep.localCenter)
    }

    var solverBody: SolverBody { SolverBody(index: islandIndex, localCenter: sweep.localCenter, invMass: invMass, invI: invI) }
}

/// A shape attached to a body.
struct Fixture {
    struct Proxy { var aabb: AABBf; var proxyId: Int; var childIndex: Int }
    var body: Int
    var next = nullIndex
    var shape: Shape
    var density: Float
    var friction: Float
    var restitution: Float
    var isSensor: Bool
    var filter: Filter
    var userData: Int
    var proxies: [Proxy] = []
    var alive = true
    /// The slot's generation: raised when the fixture is destroyed (`FixtureID.generation`).
    var generation: UInt32 = 0
    /// Copies of the shape's parts the step reads, so that it never copies the whole `Shape`
    /// (an enum as large as its largest case, an inline polygon): Box2D's type, the skin radius,
    /// the polygon (empty unless a polygon), and the segments of an edge or a chain.
    var typeIndex: Int
    var radius: Float
    var polygon: PolygonShape
    var edges: [EdgeShape]

    init(body: Int, shape: Shape, density: Float, friction: Float, restitution: Float, isSensor: Bool, filter: Filter, userData: Int) {
        self.body = body; self.shape = shape; self.density = density; self.friction = friction
        self.restitution = restitution; self.isSensor = isSensor; self.filter = filter; self.userData = userData
        typeIndex = shape.typeIndex
        radius = shape.radius
        polygon = PolygonShape(vertices: [], normals: [], centroid: .zero, radius: 0)
        edges = []
        switch shape {
        case .polygon(let p): polygon = p
        case .edge(let e): edges = [e]
        case .chain(let c): edges = (0..<c.childCount).map { c.childEdge($0) }
        case .circle: break
        }
    }
}
