/// The keys of `item` (`UIDynamicItemBehavior`).
public enum ItemKey: String, BehaviorKindKeys {
    case items, elasticity, friction, density, resistance, angularResistance, allowsRotation, anchored, charge,
        linearVelocity, angularVelocity
    public static let kindDoc = "UIDynamicItemBehavior"
    public static let required: [ItemKey] = [.items]
    public var minimum: (value: Double, exclusive: Bool)? {
        switch self {
        case .elasticity, .friction, .resistance, .angularResistance: return (0, false)
        case .density: return (0, true)
        case .items, .allowsRotation, .anchored, .charge, .linearVelocity, .angularVelocity: return nil
        }
    }
    public var kind: KeyKind {
        switch self {
        case .items: return .viewNames
        case .allowsRotation, .anchored: return .bool
        case .linearVelocity: return .point
        case .elasticity, .friction, .density, .resistance, .angularResistance, .charge, .angularVelocity:
            return .number
        }
    }
    public var defaultValue: String {
        switch self {
        case .items: return "required"
        case .elasticity, .friction: return "0.2"
        case .density: return "1"
        case .resistance, .angularResistance: return "0.1"
        case .allowsRotation: return "true"
        case .anchored: return "false"
        case .charge, .angularVelocity: return "0"
        case .linearVelocity: return "[0, 0]"
        }
    }
    public var property: BehaviorProperty? {
        switch self {
        case .items: return nil
        case .elasticity: return .elasticity
        case .friction: return .friction
        case .density: return .density
        case .resistance: return .resistance
        case .angularResistance: return .angularResistance
        case .allowsRotation: return .allowsRotation
        case .anchored: return .anchored
        case .charge: return .charge
        case .linearVelocity: return .linearVelocity
        case .angularVelocity: return .angularVelocity
        }
    }
    public var doc: String {
        switch self {
        case .items: return "the views it configures"
        case .elasticity: return "0…1, restitution of collisions"
        case .friction: return "sliding friction"
        case .density: return "mass = density × width × height / 10 000"
        case .resistance: return "linear velocity damping"
        case .angularResistance: return "angular velocity damping"
        case .allowsRotation: return "false: the item never turns"
        case .anchored: return "true: the item does not move; others collide with it"
        case .charge: return "for electric and magnetic fields"
        case .linearVelocity: return "added when the behaviour is added (pt/s)"
        case .angularVelocity: return "added when the behaviour is added (rad/s)"
        }
    }
}
