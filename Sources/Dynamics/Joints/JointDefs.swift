// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// A distance joint: keeps two anchor points at `length` (m), rigidly (0 Hz) or as a damped spring.
public struct DistanceJointDef: Sendable {
    public var bodyA: BodyID
    public var bodyB: BodyID
    /// Anchor in body A's frame (m).
    public var localAnchorA = Vec2.zero
    /// Anchor in body B's frame (m).
    public var localAnchorB = Vec2.zero
    /// Rest length (m).
    public var length = 1.0
    /// Spring frequency (Hz); 0 makes the joint rigid.
    public var frequencyHz = 0.0
    /// Damping ratio (1 = critical).
    public var dampingRatio = 0.0
    public var collideConnected = false
    public init(bodyA: BodyID, bodyB: BodyID) { self.bodyA = bodyA; self.bodyB = bodyB }
}

/// A revolute (pin) joint: the anchors coincide; optional angle limits (rad) and motor.
public struct RevoluteJointDef: Sendable {
    public var bodyA: BodyID
    public var bodyB: BodyID
    public var localAnchorA = Vec2.zero
    public var localAnchorB = Vec2.zero
    /// Angle of B relative to A at which the joint angle is zero (rad).
    public var referenceAngle = 0.0
    public var enableLimit = false
    public var lowerAngle = 0.0
    public var upperAngle = 0.0
    public var enableMotor = false
    /// rad/s.
    public var motorSpeed = 0.0
    /// N·m.
    public var maxMotorTorque = 0.0
    public var collideConnected = false
    public init(bodyA: BodyID, bodyB: BodyID) { self.bodyA = bodyA; self.bodyB = bodyB }
}

/// A prismatic (sliding) joint: B translates along an axis fixed in A, without relative rotation.
public struct PrismaticJointDef: Sendable {
    public var bodyA: BodyID
    public var bodyB: BodyID
    public var localAnchorA = Vec2.zero
    public var localAnchorB = Vec2.zero
    /// The axis in A's frame (normalised on creation).
    public var localAxisA = Vec2(1, 0)
    public var referenceAngle = 0.0
    public var enableLimit = false
    /// m.
    public var lowerTranslation = 0.0
    /// m.
    public var upperTranslation = 0.0
    public var enableMotor = false
    /// N.
    public var maxMotorForce = 0.0
    /// m/s.
    public var motorSpeed = 0.0
    public var collideConnected = false
    public init(bodyA: BodyID, bodyB: BodyID) { self.bodyA = bodyA; self.bodyB = bodyB }
}

/// A weld joint: glues two bodies, rigidly or with a soft angular spring.
public struct WeldJointDef: Sendable {
    public var bodyA: BodyID
    public var bodyB: BodyID
    public var localAnchorA = Vec2.zero
    public var localAnchorB = Vec2.zero
    public var referenceAngle = 0.0
    public var frequencyHz = 0.0
    public var dampingRatio = 0.0
    public var collideConnected = false
    public init(bodyA: BodyID, bodyB: BodyID) { self.bodyA = bodyA; self.bodyB = bodyB }
}

/// A rope joint: the anchors stay within `maxLength` (m) of each other.
public struct RopeJointDef: Sendable {
    public var bodyA: BodyID
    public var bodyB: BodyID
    public var localAnchorA = Vec2.zero
    public var localAnchorB = Vec2.zero
    public var maxLength = 0.0
    public var collideConnected = false
    public init(bodyA: BodyID, bodyB: BodyID) { self.bodyA = bodyA; self.bodyB = bodyB }
}

/// Any joint definition.
public enum JointDef: Sendable {
    case distance(DistanceJointDef)
    case revolute(RevoluteJointDef)
    case prismatic(PrismaticJointDef)
    case weld(WeldJointDef)
    case rope(RopeJointDef)

    var bodies: (BodyID, BodyID) {
        switch self {
        case .distance(let d): return (d.bodyA, d.bodyB)
        case .revolute(let d): return (d.bodyA, d.bodyB)
        case .prismatic(let d): return (d.bodyA, d.bodyB)
        case .weld(let d): return (d.bodyA, d.bodyB)
        case .rope(let d): return (d.bodyA, d.bodyB)
        }
    }
    var collideConnected: Bool {
        switch self {
        case .distance(let d): return d.collideConnected
        case .revolute(let d): return d.collideConnected
        case .prismatic(let d): return d.collideConnected
        case .weld(let d): return d.collideConnected
        case .rope(let d): return d.collideConnected
        }
    }
}

/// A joint's kind: which of `JointStore`'s arrays holds its solver state.
enum JointType: UInt8 { case distance, revolute, prismatic, weld, rope }

/// The joints' solver state, one array per kind, addressed by `Joint.slot`. Each joint's state is
/// updated in place there (an enum with the state as payload had it copied out and back on every
/// solver call: most of a one-joint step).
struct JointStore {
    // Pools, not arrays: a joint's state is updated in place eight times a step, and an array
    // element reached through the world checks its buffer's uniqueness on every update.
    let distance = Pool<DistanceJoint>()
    let revolute = Pool<RevoluteJoint>()
    let prismatic = Pool<PrismaticJoint>()
    let weld = Pool<WeldJoint>()
    let rope = Pool<RopeJoint>()
    /// Free slots per kind (indexed by `JointType.rawValue`).
    var free: [[Int]] = [[], [], [], [], []]

    private static func put<T>(_ x: T, _ a: Pool<T>, _ free: inout [Int]) -> Int {
        if let s = free.popLast() { a[s] = x; return s }
        a.append(x)
        return a.count - 1
    }

    /// Stores a new joint's state; returns its kind and slot.
    mutating func add(_ def: JointDef) -> (JointType, Int) {
        switch def {
        case .distance(let d): return (.distance, JointStore.put(DistanceJoint(d), distance, &free[0]))
        case .revolute(let d): return (.revolute, JointStore.put(RevoluteJoint(d), revolute, &free[1]))
        case .prismatic(let d): return (.prismatic, JointStore.put(PrismaticJoint(d), prismatic, &free[2]))
        case .weld(let d): return (.weld, JointStore.put(WeldJoint(d), weld, &free[3]))
        case .rope(let d): return (.rope, JointStore.put(RopeJoint(d), rope, &free[4]))
        }
    }

    mutating func remove(_ type: JointType, _ slot: Int) { free[Int(type.rawValue)].append(slot) }

    /// Frees the pools (the world's `deinit`).
    func freePools() { distance.free(); revolute.free(); prismatic.free(); weld.free(); rope.free() }
}

/// A joint's links in the world and its kind-specific state.
struct Joint {
    var type: JointType
    /// Index of the joint's state in its kind's array of `World.jointStore`.
    var slot: Int
    var bodyA: Int
    var bodyB: Int
    var collideConnected: Bool
    var inIsland = false
    var alive = true
    /// The slot's generation: raised when the joint is destroyed (`JointID.generation`).
    var generation: UInt32 = 0
    var prev = nullIndex
    var next = nullIndex
    var edgePrev = (nullIndex, nullIndex)
    var edgeNext = (nullIndex, nullIndex)
    var edgeOther = (nullIndex, nullIndex)
    /// The bodies' solver constants, set by `initJointVelocityConstraints` for the island's
    /// iterations.
    var solverA = SolverBody(index: 0, localCenter: .zero, invMass: 0, invI: 0)
    var solverB = SolverBody(index: 0, localCenter: .zero, invMass: 0, invI: 0)
}
