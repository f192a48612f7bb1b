// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// Identifies a body of a `World`: its slot and the slot's generation. A destroyed body's slot
/// is reused with the next generation, so a stale id never addresses the new body: the world
/// stops on it with a message (in debug and release builds alike; see `World.isValid`).
public struct BodyID: Hashable, Sendable, Comparable {
    public let index: Int32
    public let generation: UInt32
    public init(_ index: Int, generation: UInt32 = 0) { self.index = Int32(index); self.generation = generation }
    var i: Int { Int(index) }
    public static func < (a: BodyID, b: BodyID) -> Bool { (a.index, a.generation) < (b.index, b.generation) }
}
/// Identifies a fixture (a shape attached to a body): slot and generation, as `BodyID`.
public struct FixtureID: Hashable, Sendable, Comparable {
    public let index: Int32
    public let generation: UInt32
    public init(_ index: Int, generation: UInt32 = 0) { self.index = Int32(index); self.generation = generation }
    var i: Int { Int(index) }
    public static func < (a: FixtureID, b: FixtureID) -> Bool { (a.index, a.generation) < (b.index, b.generation) }
}
/// Identifies a joint: slot and generation, as `BodyID`.
public struct JointID: Hashable, Sendable, Comparable {
    public let index: Int32
    public let generation: UInt32
    public init(_ index: Int, generation: UInt32 = 0) { self.index = Int32(index); self.generation = generation }
    var i: Int { Int(index) }
    public static func < (a: JointID, b: JointID) -> Bool { (a.index, a.generation) < (b.index, b.generation) }
}

/// How a body moves: not at all, by its velocity only, or under forces and contacts.
public enum BodyType: Sendable { case staticBody, kinematicBody, dynamicBody }

/// Everything needed to create a body. SI units; defaults as Box2D's `b2BodyDef`.
public struct BodyDef: Sendable {
    public var type = BodyType.staticBody
    /// World position of the body origin (m).
    public var position = Vec2.zero
    /// Angle (rad).
    public var angle = 0.0
    /// Velocity of the origin (m/s).
    public var linearVelocity = Vec2.zero
    /// rad/s.
    public var angularVelocity = 0.0
    /// Linear damping (1/s): v ← v·clamp(1 − h·d, 0, 1) each step (Box2D 2.2's form, which the
    /// oracle, pybox2d 2.3.10, measures; see `WorldStep`).
    public var linearDamping = 0.0
    /// Angular damping (1/s), in the same form: w ← w·clamp(1 − h·d, 0, 1).
    public var angularDamping = 0.0
    public var allowSleep = true
    public var awake = true
    public var fixedRotation = false
    /// Continuous collision against other dynamic bodies too.
    public var bullet = false
    public var active = true
    public var gravityScale = 1.0
    public var userData = 0
    public init() {}
}

/// Collision filtering bits, as Box2D's `b2Filter`.
public struct Filter: Sendable, Hashable {
    public var categoryBits: UInt16 = 1
    public var maskBits: UInt16 = 0xFFFF
    public var groupIndex: Int16 = 0
    public init() {}
}

/// Everything needed to attach a shape to a body.
public struct FixtureDef: Sendable {
    public var shape: Shape
    public var userData = 0
    /// Coulomb friction coefficient.
    public var friction = 0.2
    /// Restitution (bounciness), 0…1.
    public var restitution = 0.0
    /// kg/m².
    public var density = 0.0
    public var isSensor = false
    public var filter = Filter()
    public init(shape: Shape) { self.shape = shape }
}

/// A contact as seen by a listener: a value copy, never a reference into the world.
public struct ContactInfo: Sendable {
    public var fixtureA: FixtureID
    public var fixtureB: FixtureID
    public var bodyA: BodyID
    public var bodyB: BodyID
    public var childIndexA: Int
    public var childIndexB: Int
    public var manifold: Manifold
    public var worldManifold: WorldManifold
}

/// Impulses (N·s) the solver applied at each manifold point of a contact.
public struct ContactImpulse: Sendable {
    public var normalImpulses: (Float, Float) = (0, 0)
    public var tangentImpulses: (Float, Float) = (0, 0)
    public var count = 0
}

/// Receives contact events during `World.step`. It gets value copies and must not call the world.
public protocol ContactListener: AnyObject {
    func beginContact(_ c: ContactInfo)
    func endContact(_ c: ContactInfo)
    func preSolve(_ c: ContactInfo, oldManifold: Manifold)
    func postSolve(_ c: ContactInfo, impulse: ContactImpulse)
    /// Whether `preSolve` should be called (asked once at the start of each step; when false the
    /// world skips building the contact's information and copying its old manifold). Default
    /// true.
    var wantsPreSolve: Bool { get }
    /// Whether `postSolve` should be called for the islands solved next (asked at the start of
    /// each step and again after each call the world makes to the listener during it, so it may
    /// change only in those calls; when false the world skips the islands' reports). Default
    /// true.
    var wantsPostSolve: Bool { get }
}

extension ContactListener {
    public var wantsPreSolve: Bool { true }
    public var wantsPostSolve: Bool { true }
    public func beginContact(_ c: ContactInfo) {}
    public func endContact(_ c: ContactInfo) {}
    public func preSolve(_ c: ContactInfo, oldManifold: Manifold) {}
    public func postSolve(_ c: ContactInfo, impulse: ContactImpulse) {}
}

/// Timing of one step, as Box2D's `b2TimeStep`.
struct TimeStep {
    var dt: Float
    var invDt: Float
    var dtRatio: Float
    var velocityIterations: Int
    var positionIterations: Int
    var warmStarting: Bool
}

/// Position of a body's centre of mass during a solve.
struct SolverPosition { var c: Vec2f; var a: Float }
/// Velocity during a solve: x, angular, y, in that order.
///
/// Not (x, y, angular): with x and y side by side, LLVM's SLP vectorizer packs each body's x and y
/// into one SSE register in the contact solver's velocity iterations, and the shuffles that packing
/// needs (a lane broadcast for every cross product, a lane extract for every dot product, about 90
/// in the loop) lie on the iterations' dependency chain. The same instructions, fewer of them,
/// took more time: `perf record` of pile-100 counted 15 650 samples in the solver against 13 549 in
/// Box2D's for 91.6 M against 94.0 M instructions. With y apart from x the solver is scalar code as
/// Box2D's (30 shuffles left); the numbers computed are the same.
struct SolverVelocity {
    var vx: Float, w: Float, vy: Float
    @inline(__always) init(v: Vec2f, w: Float) { vx = v.x; self.w = w; vy = v.y }
    @inline(__always) var v: Vec2f {
        get { Vec2f(vx, vy) }
        set { vx = newValue.x; vy = newValue.y }
    }
}

/// What the joints and the contact solver work on.
struct SolverData {
    var step: TimeStep
    var positions: Pool<SolverPosition>
    var velocities: Pool<SolverVelocity>
}

extension SolverData {
    /// Applies the impulse `P` (N·s) at arm `rA` of A (negatively) and arm `rB` of B.
    /// (Each body read once and written once: a field-by-field update checks the array's bounds
    /// and uniqueness four times.)
    @inline(__always)
    mutating func applyImpulse(_ P: Vec2f, _ A: SolverBody, _ rA: Vec2f, _ B: SolverBody, _ rB: Vec2f) {
        let a = velocities[A.index]
        velocities[A.index] = SolverVelocity(v: a.v - A.invMass * P, w: a.w - A.invI * cross(rA, P))
        let b = velocities[B.index]
        velocities[B.index] = SolverVelocity(v: b.v + B.invMass * P, w: b.w + B.invI * cross(rB, P))
    }
}

/// A body's constants as a joint's solver needs them.
struct SolverBody {
    var index: Int
    var localCenter: Vec2f
    var invMass: Float
    var invI: Float
}

let nullIndex = -1
