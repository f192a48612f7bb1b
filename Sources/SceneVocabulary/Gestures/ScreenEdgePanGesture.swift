import Diagnostics

/// The keys of `screenEdgePan` (`UIScreenEdgePanGestureRecognizer`).
public enum ScreenEdgePanKey: String, GestureKindKeys {
    case minimumDistance, edges
    public static let kindDoc = "UIScreenEdgePanGestureRecognizer"
    public static let members = PanGestureKey.members
    public var kind: KeyKind {
        switch self {
        case .minimumDistance: return .literalNumber
        case .edges: return .choices(ScreenEdge.names)
        }
    }
    public var minimum: (value: Double, exclusive: Bool)? {
        switch self {
        case .minimumDistance: return (0, false)
        case .edges: return nil
        }
    }
    public var defaultValue: String {
        let s = ScreenEdgePanSettings()
        switch self {
        case .minimumDistance: return numberText(s.minimumDistance)
        case .edges: return "[" + s.edges.map(\.rawValue).joined(separator: ", ") + "]"
        }
    }
    public var doc: String {
        switch self {
        case .minimumDistance: return "the hysteresis, points: it begins once the finger has moved this far"
        case .edges: return "the edges a touch must start near"
        }
    }

    public static func settings(_ keys: inout some KeyReader<Self>) throws(Diagnostic) -> GestureSettings {
        var s = ScreenEdgePanSettings()
        if let d = try keys.number(.minimumDistance) { s.minimumDistance = d }
        if let e = try keys.names(.edges, ScreenEdge.self) { s.edges = e }
        return .screenEdgePan(s)
    }
}

/// A screen-edge pan's settings.
public struct ScreenEdgePanSettings: Sendable, Hashable {
    /// The edges a touch must start near.
    public var edges: [ScreenEdge] = [.left]
    /// Points the finger moves before the pan begins (15, a little more than a plain pan's).
    public var minimumDistance = 15.0
    public init() {}
}

/// `screenEdgePan.edges`.
public enum ScreenEdge: String, VocabularyName {
    case left, right, top, bottom
    public var doc: String { "a touch down within 13 pt of the \(rawValue) edge" }
}
