/// The keys of `gravity` (`UIGravityBehavior`).
public enum GravityKey: String, BehaviorKindKeys {
    case items, magnitude, angle, direction
    public static let kindDoc = "UIGravityBehavior"
    public static let required: [GravityKey] = [.items]
    public var kind: KeyKind {
        switch self {
        case .items: return .viewNames
        case .magnitude, .angle: return .number
        case .direction: return .point
        }
    }
    public var defaultNumber: Double? {
        switch self {
        case .magnitude: return 1
        case .items, .angle, .direction: return nil
        }
    }
    public var defaultValue: String {
        switch self {
        case .items: return "required"
        case .magnitude: return defaultNumberText
        case .angle: return "π/2 (down)"
        case .direction: return "[0, 1]"
        }
    }
    public var property: BehaviorProperty? {
        switch self {
        case .items: return nil
        case .magnitude: return .magnitude
        case .angle: return .angle
        case .direction: return .direction
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
