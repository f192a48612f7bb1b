/// The keys of `snap` (`UISnapBehavior`).
public enum SnapKey: String, BehaviorKindKeys {
    case item, to, damping
    public static let kindDoc = "UISnapBehavior"
    public static let required: [SnapKey] = [.item]
    public var minimum: (value: Double, exclusive: Bool)? {
        switch self {
        case .damping: return (0, false)
        case .item, .to: return nil
        }
    }
    public var maximum: Double? {
        switch self {
        case .damping: return 1
        case .item, .to: return nil
        }
    }
    public var kind: KeyKind {
        switch self {
        case .item: return .viewName
        case .to: return .point
        case .damping: return .number
        }
    }
    public var defaultNumber: Double? {
        switch self {
        case .damping: return 0.5  // UIKit's
        case .item, .to: return nil
        }
    }
    public var defaultValue: String {
        switch self {
        case .item, .to: return "required"
        case .damping: return defaultNumberText
        }
    }
    public var property: BehaviorProperty? {
        switch self {
        case .item: return nil
        case .to: return .to
        case .damping: return .damping
        }
    }
    public var doc: String {
        switch self {
        case .item: return "the view that snaps"
        case .to: return "the point its centre snaps to"
        case .damping: return "0…1, the snap's oscillation damping"
        }
    }
}
