import Diagnostics

/// The keys of `longPress` (`UILongPressGestureRecognizer`).
public enum LongPressGestureKey: String, GestureKindKeys {
    case minimumDuration, allowableMovement, touches
    public static let kindDoc = "UILongPressGestureRecognizer: continuous, `began` once held long enough"
    public static let members = GestureKindMembers()  // only what every gesture has
    public var kind: KeyKind {
        switch self {
        case .minimumDuration, .allowableMovement: return .literalNumber
        case .touches: return .literalCount
        }
    }
    public var minimum: (value: Double, exclusive: Bool)? {
        switch self {
        case .minimumDuration, .allowableMovement: return (0, false)
        case .touches: return (1, false)
        }
    }
    public var defaultValue: String {
        let s = LongPressGestureSettings()
        switch self {
        case .minimumDuration: return numberText(s.minimumDuration)
        case .allowableMovement: return numberText(s.allowableMovement)
        case .touches: return String(s.touches)
        }
    }
    public var doc: String {
        switch self {
        case .minimumDuration: return "seconds the fingers stay down before it begins"
        case .allowableMovement: return "points a finger may move before it begins (after, it may move freely)"
        case .touches: return "numberOfTouchesRequired"
        }
    }

    public static func settings(_ keys: inout some KeyReader<Self>) throws(Diagnostic) -> GestureSettings {
        var s = LongPressGestureSettings()
        if let d = try keys.number(.minimumDuration) { s.minimumDuration = d }
        if let d = try keys.number(.allowableMovement) { s.allowableMovement = d }
        if let n = try keys.count(.touches) { s.touches = n }
        return .longPress(s)
    }
}

/// A long press's settings: UIKit's documented defaults.
public struct LongPressGestureSettings: Sendable, Hashable {
    public var minimumDuration = 0.5
    public var allowableMovement = 10.0
    public var touches = 1
    public init() {}
}
