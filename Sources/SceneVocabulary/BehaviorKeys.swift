// The keys of each behaviour kind: type, default and meaning, as the reference tables of
// docs/scene-format.md show them. Every number may be an expression, evaluated when the
// behaviour is added.

public enum GravityKey: String, VocabularyKey {
    case items, magnitude, angle, direction
    public var kind: KeyKind { self == .items ? .viewNames : self == .direction ? .point : .number }
    public var defaultValue: String {
        switch self {
        case .items: return "required"
        case .magnitude: return "1"
        case .angle: return "π/2 (down)"
        case .direction: return "[0, 1]"
        }
    }
    public var doc: String {
        switch self {
        case .items: return "the views it pulls"
        case .magnitude: return "1 accelerates every item at 1000 pt/s²"
        case .angle: return "radians, clockwise from +x (or `\"90deg\"`)"
        case .direction: return "a vector; with `magnitude` it is normalised, then scaled"
        }
    }
}

public enum CollisionKey: String, VocabularyKey {
    case items, mode, referenceBounds, boundaries
    public var kind: KeyKind {
        switch self {
        case .items: return .viewNames
        case .mode: return .choice(CollisionMode.names)
        case .referenceBounds: return .referenceBounds
        case .boundaries: return .boundaries
        }
    }
    public var defaultValue: String {
        switch self {
        case .items: return "required"
        case .mode: return "everything"
        case .referenceBounds: return "false"
        case .boundaries: return "none"
        }
    }
    public var doc: String {
        switch self {
        case .items: return "the views that collide"
        case .mode: return "with each other, with the boundaries, or both"
        case .referenceBounds: return "a boundary 1 pt outside the world's bounds, shrunk by the insets"
        case .boundaries: return "extra boundaries: segments or paths, identified in `contact.boundary`"
        }
    }
}

public enum AttachmentKey: String, VocabularyKey {
    case item, anchor, to, offset, toOffset, length, frequency, damping, kind, axis, range, frictionTorque
    public var minimum: (value: Double, exclusive: Bool)? {
        [.length, .frequency, .damping, .frictionTorque].contains(self) ? (0, false) : nil
    }
    public var kind: KeyKind {
        switch self {
        case .item, .to: return .viewName
        case .anchor, .offset, .toOffset, .axis: return .point
        case .kind: return .choice(AttachmentKind.names)
        case .range: return .range
        default: return .number
        }
    }
    public var defaultValue: String {
        switch self {
        case .item: return "required"
        case .anchor, .to: return "one of the two"
        case .offset, .toOffset: return "[0, 0]"
        case .length: return "the distance when added"
        case .frequency, .damping, .frictionTorque: return "0"
        case .kind: return "spring"
        case .axis: return "required for sliding"
        case .range: return "none"
        }
    }
    public var doc: String {
        switch self {
        case .item: return "the attached view"
        case .anchor: return "a point of the world the item is attached to"
        case .to: return "another view the item is attached to"
        case .offset: return "the attachment point on the item, from its centre, turning with it"
        case .toOffset: return "the attachment point on `to`, from its centre"
        case .length: return "rest length, points"
        case .frequency: return "Hz; 0 is a rigid rod"
        case .damping: return "damping ratio"
        case .kind: return "the kind of joint"
        case .axis: return "the sliding axis"
        case .range: return "points (sliding) or radians (pin)"
        case .frictionTorque: return "pin and fixed: torque against turning"
        }
    }
}

public enum SnapKey: String, VocabularyKey {
    case item, to, damping
    public var minimum: (value: Double, exclusive: Bool)? { self == .damping ? (0, false) : nil }
    public var maximum: Double? { self == .damping ? 1 : nil }
    public var kind: KeyKind { self == .item ? .viewName : self == .to ? .point : .number }
    public var defaultValue: String { self == .damping ? "0.5" : "required" }
    public var doc: String {
        switch self {
        case .item: return "the view that snaps"
        case .to: return "the point its centre snaps to"
        case .damping: return "0…1, the snap's oscillation damping"
        }
    }
}

public enum PushKey: String, VocabularyKey {
    case items, mode, angle, magnitude, direction, offset, active
    public var kind: KeyKind {
        switch self {
        case .items: return .viewNames
        case .mode: return .choice(PushMode.names)
        case .direction, .offset: return .point
        case .active: return .bool
        default: return .number
        }
    }
    public var defaultValue: String {
        switch self {
        case .items: return "required"
        case .mode: return "continuous"
        case .angle: return "0"
        case .magnitude: return "1"
        case .direction: return "from angle and magnitude"
        case .offset: return "[0, 0]"
        case .active: return "true"
        }
    }
    public var doc: String {
        switch self {
        case .items: return "the pushed views"
        case .mode: return "a force every sub-step, or one impulse"
        case .angle: return "radians, clockwise from +x"
        case .magnitude:
            return "1 accelerates a 100 × 100 view at 100 pt/s² (continuous) or gives it 100 pt/s (instantaneous)"
        case .direction: return "a vector; its length is the magnitude"
        case .offset: return "where the force applies, from the centre (not turning with the item)"
        case .active: return "whether it pushes; an instantaneous push sets itself inactive"
        }
    }
}

public enum ItemKey: String, VocabularyKey {
    case items, elasticity, friction, density, resistance, angularResistance, allowsRotation, anchored, charge,
        linearVelocity, angularVelocity
    public var minimum: (value: Double, exclusive: Bool)? {
        switch self {
        case .elasticity, .friction, .resistance, .angularResistance: return (0, false)
        case .density: return (0, true)
        default: return nil
        }
    }
    public var kind: KeyKind {
        switch self {
        case .items: return .viewNames
        case .allowsRotation, .anchored: return .bool
        case .linearVelocity: return .point
        default: return .number
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

public enum FieldKey: String, VocabularyKey {
    case kind, items, position, strength, region, falloff, minimumRadius, direction, smoothness, animationSpeed
    public var minimum: (value: Double, exclusive: Bool)? {
        [.minimumRadius, .smoothness, .animationSpeed].contains(self) ? (0, false) : nil
    }
    public var kind: KeyKind {
        switch self {
        case .kind: return .choice(FieldKind.names)
        case .items: return .viewNames
        case .position, .direction: return .point
        case .region: return .region
        default: return .number
        }
    }
    public var defaultValue: String {
        switch self {
        case .kind: return "required"
        case .items: return "none"
        case .position: return "[0, 0]"
        case .strength: return "1"
        case .region: return "everywhere"
        case .falloff: return "2 radialGravity, −1 spring, else 0"
        case .minimumRadius, .smoothness, .animationSpeed: return "0"
        case .direction: return "[0, 1] linearGravity, else [0, 0]"
        }
    }
    public var doc: String {
        switch self {
        case .kind: return "which field"
        case .items: return "the views it acts on"
        case .position: return "the field's origin, points"
        case .strength: return "scales the force"
        case .region:
            return "`{ radius }`, `{ size }`, `{ inverse }`, `{ union }`, `{ difference }`, `{ intersection }`"
        case .falloff: return "the force scales with distance^(−falloff)"
        case .minimumRadius: return "distances below it count as it"
        case .direction: return "linearGravity: the direction; drag, velocity: a velocity (m/s)"
        case .smoothness: return "noise and turbulence"
        case .animationSpeed: return "noise and turbulence"
        }
    }
}
