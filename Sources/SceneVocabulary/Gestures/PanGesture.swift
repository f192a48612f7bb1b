import Diagnostics

/// The keys of `pan` (`UIPanGestureRecognizer`).
public enum PanGestureKey: String, GestureKindKeys {
    case minimumDistance
    public static let kindDoc = "UIPanGestureRecognizer"
    public static let members = GestureKindMembers(translation: .point, velocity: .point)
    public var kind: KeyKind { .literalNumber }
    public var minimum: (value: Double, exclusive: Bool)? { (0, false) }
    public var defaultValue: String { numberText(PanGestureSettings().minimumDistance) }
    public var doc: String { "the hysteresis, points: it begins once the finger has moved this far" }

    public static func settings(_ keys: inout some KeyReader<Self>) throws(Diagnostic) -> GestureSettings {
        var s = PanGestureSettings()
        if let d = try keys.number(.minimumDistance) { s.minimumDistance = d }
        return .pan(s)
    }
}

/// A pan's settings.
public struct PanGestureSettings: Sendable, Hashable {
    /// Points the finger moves before the pan begins (UIKit's 10).
    public var minimumDistance = 10.0
    public init() {}
}
