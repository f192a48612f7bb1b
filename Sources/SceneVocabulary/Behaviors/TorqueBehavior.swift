/// The keys of `torque`: a constant torque on each item while the behaviour is added.
public enum TorqueKey: String, BehaviorKindKeys {
    case items, magnitude
    public static let kindDoc = "a constant torque on each item (no UIKit class: a demo of a kind)"
    public static let required: [TorqueKey] = [.items]
    public var kind: KeyKind {
        switch self {
        case .items: return .viewNames
        case .magnitude: return .number
        }
    }
    public var defaultNumber: Double? {
        switch self {
        case .items: return nil
        case .magnitude: return 1
        }
    }
    public var defaultValue: String {
        switch self {
        case .items: return "required"
        case .magnitude: return defaultNumberText
        }
    }
    public var property: BehaviorProperty? {
        switch self {
        case .items: return nil
        case .magnitude: return .magnitude
        }
    }
    public var doc: String {
        switch self {
        case .items: return "the views it turns"
        case .magnitude: return "N·m, clockwise on screen"
        }
    }
}
