import Diagnostics

/// The keys of `swipe` (`UISwipeGestureRecognizer`).
public enum SwipeGestureKey: String, GestureKindKeys {
    case direction, touches
    public static let kindDoc = "UISwipeGestureRecognizer: discrete, `ended` when recognised"
    public static let members = GestureKindMembers()  // only what every gesture has
    public var kind: KeyKind {
        switch self {
        case .direction: return .choices(SwipeDirectionName.names)
        case .touches: return .literalCount
        }
    }
    public var minimum: (value: Double, exclusive: Bool)? {
        switch self {
        case .direction: return nil
        case .touches: return (1, false)
        }
    }
    public var defaultValue: String {
        let s = SwipeGestureSettings()
        switch self {
        case .direction: return "[" + s.directions.map(\.rawValue).joined(separator: ", ") + "]"
        case .touches: return String(s.touches)
        }
    }
    public var doc: String {
        switch self {
        case .direction: return "the directions it recognises"
        case .touches: return "numberOfTouchesRequired"
        }
    }

    public static func settings(_ keys: inout some KeyReader<Self>) throws(Diagnostic) -> GestureSettings {
        var s = SwipeGestureSettings()
        if let d = try keys.names(.direction, SwipeDirectionName.self) { s.directions = d }
        if let n = try keys.count(.touches) { s.touches = n }
        return .swipe(s)
    }
}

/// A swipe's settings.
public struct SwipeGestureSettings: Sendable, Hashable {
    public var directions: [SwipeDirectionName] = [.right]
    public var touches = 1
    public init() {}
}

/// `swipe.direction`.
public enum SwipeDirectionName: String, VocabularyName {
    case right, left, up, down
    public var doc: String { "the finger moves \(rawValue) on the screen" }
}
