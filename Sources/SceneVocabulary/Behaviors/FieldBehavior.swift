/// The keys of `field` (`UIFieldBehavior`).
public enum FieldKey: String, BehaviorKindKeys {
    case kind, items, position, strength, region, falloff, minimumRadius, direction, smoothness, animationSpeed
    public static let kindDoc = "UIFieldBehavior"
    public static let required: [FieldKey] = [.kind]
    public var minimum: (value: Double, exclusive: Bool)? {
        switch self {
        case .minimumRadius, .smoothness, .animationSpeed: return (0, false)
        case .kind, .items, .position, .strength, .region, .falloff, .direction: return nil
        }
    }
    public var kind: KeyKind {
        switch self {
        case .kind: return .choice(FieldKind.names)
        case .items: return .viewNames
        case .position, .direction: return .point
        case .region: return .region
        case .strength, .falloff, .minimumRadius, .smoothness, .animationSpeed: return .number
        }
    }
    public var defaultNumber: Double? {
        switch self {
        case .strength: return 1
        case .minimumRadius, .smoothness, .animationSpeed: return 0
        case .kind, .items, .position, .region, .falloff, .direction: return nil
        }
    }
    public var defaultValue: String {
        switch self {
        case .kind: return "required"
        case .items: return "none"
        case .position: return "[0, 0]"
        case .strength, .minimumRadius, .smoothness, .animationSpeed: return defaultNumberText
        case .region: return "everywhere"
        case .falloff: return "2 radialGravity, −1 spring, else 0"
        case .direction: return "[0, 1] linearGravity, else [0, 0]"
        }
    }
    public var property: BehaviorProperty? {
        switch self {
        case .kind, .items, .position, .strength, .region, .falloff, .minimumRadius, .direction, .smoothness,
            .animationSpeed:
            return nil
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

/// `field.kind`.
public enum FieldKind: String, VocabularyName {
    case linearGravity, radialGravity, spring, drag, velocity, vortex, noise, turbulence, electric, magnetic
    public var doc: String {
        switch self {
        case .linearGravity: return "a uniform force along `direction`, proportional to mass"
        case .radialGravity: return "a force toward `position`"
        case .spring: return "a spring toward `position`"
        case .drag: return "a force against the velocity relative to `direction`"
        case .velocity: return "sets the velocity to `direction`"
        case .vortex: return "a force around `position`"
        case .noise: return "smooth random forces"
        case .turbulence: return "smooth random forces scaled by the speed"
        case .electric: return "a force on charged items, away from `position`"
        case .magnetic: return "a force across the velocity of moving items"
        }
    }
}

/// The one key of a field's region.
public enum RegionKey: String, VocabularyName {
    case radius, size, inverse, union, difference, intersection
    public var doc: String {
        switch self {
        case .radius: return "a disc"
        case .size: return "a rectangle, centred"
        case .inverse: return "every point not in the region"
        case .union: return "the points in any of the regions"
        case .difference: return "the points of the first region not in the second"
        case .intersection: return "the points in every region"
        }
    }
}
