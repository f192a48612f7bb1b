import Diagnostics

/// The keys of `tap` (`UITapGestureRecognizer`).
public enum TapGestureKey: String, GestureKindKeys {
    case taps, touches
    public static let kindDoc = "UITapGestureRecognizer: discrete, `ended` when recognised"
    public static let members = GestureKindMembers()  // only what every gesture has
    public var kind: KeyKind { .literalCount }
    public var minimum: (value: Double, exclusive: Bool)? { (1, false) }
    public var defaultValue: String {
        let s = TapGestureSettings()
        switch self {
        case .taps: return String(s.taps)
        case .touches: return String(s.touches)
        }
    }
    public var doc: String {
        switch self {
        case .taps: return "numberOfTapsRequired"
        case .touches: return "numberOfTouchesRequired: fingers in each tap"
        }
    }

    public static func settings(_ keys: inout some KeyReader<Self>) throws(Diagnostic) -> GestureSettings {
        var s = TapGestureSettings()
        if let n = try keys.count(.taps) { s.taps = n }
        if let n = try keys.count(.touches) { s.touches = n }
        return .tap(s)
    }
}

/// A tap's settings.
public struct TapGestureSettings: Sendable, Hashable {
    public var taps = 1
    public var touches = 1
    public init() {}
}
