import Diagnostics

/// The keys of `touchDown` (an "immediate" `UIGestureRecognizer` subclass).
public enum TouchDownGestureKey: String, GestureKindKeys {
    case touches
    public static let kindDoc =
        "a UIGestureRecognizer subclass apps write: continuous, `began` at touch down, `ended` at lift"
    public static let members = GestureKindMembers()  // only what every gesture has
    public var kind: KeyKind { .literalCount }
    public var minimum: (value: Double, exclusive: Bool)? { (1, false) }
    public var defaultValue: String { String(TouchDownGestureSettings().touches) }
    public var doc: String { "fingers down before it begins" }

    public static func settings(_ keys: inout some KeyReader<Self>) throws(Diagnostic) -> GestureSettings {
        var s = TouchDownGestureSettings()
        if let n = try keys.count(.touches) { s.touches = n }
        return .touchDown(s)
    }
}

/// A touch-down recogniser's settings.
public struct TouchDownGestureSettings: Sendable, Hashable {
    public var touches = 1
    public init() {}
}
