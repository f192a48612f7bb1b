/// The keys of `push` (`UIPushBehavior`).
public enum PushKey: String, BehaviorKindKeys {
    case items, mode, angle, magnitude, direction, offset, active
    public static let kindDoc = "UIPushBehavior"
    public static let required: [PushKey] = [.items]
    public var kind: KeyKind {
        switch self {
        case .items: return .viewNames
        case .mode: return .choice(PushMode.names)
        case .direction, .offset: return .point
        case .active: return .bool
        case .angle, .magnitude: return .number
        }
    }
    public var defaultNumber: Double? {
        switch self {
        case .angle: return 0
        case .magnitude: return 1
        case .items, .mode, .direction, .offset, .active: return nil
        }
    }
    public var defaultValue: String {
        switch self {
        case .items: return "required"
        case .mode: return PushMode.defaultMode.rawValue
        case .angle, .magnitude: return defaultNumberText
        case .direction: return "from angle and magnitude"
        case .offset: return "[0, 0]"
        case .active: return "true"
        }
    }
    public var property: BehaviorProperty? {
        switch self {
        case .items, .mode: return nil
        case .angle: return .angle
        case .magnitude: return .magnitude
        case .direction: return .direction
        case .offset: return .offset
        case .active: return .active
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

/// `push.mode`.
public enum PushMode: String, VocabularyName {
    case continuous, instantaneous
    /// The scene format's default (UIKit's initialiser takes a mode).
    public static let defaultMode = PushMode.continuous
    public var doc: String {
        switch self {
        case .continuous: return "a force in every sub-step"
        case .instantaneous: return "one impulse, then the push sets itself inactive"
        }
    }
}
