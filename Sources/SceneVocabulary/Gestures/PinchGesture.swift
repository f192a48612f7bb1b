import Diagnostics

/// The keys of `pinch` (`UIPinchGestureRecognizer`): none of its own.
public enum PinchGestureKey: GestureKindKeys {
    public static let kindDoc = "UIPinchGestureRecognizer: two fingers; `scale`, `velocity` in scale/s"
    public static let members = GestureKindMembers(velocity: .number, scale: .number)
    public init?(rawValue: String) { nil }
    public var rawValue: String { switch self {} }
    public var kind: KeyKind { switch self {} }
    public var defaultValue: String { switch self {} }
    public var doc: String { switch self {} }

    public static func settings(_ keys: inout some KeyReader<Self>) throws(Diagnostic) -> GestureSettings {
        .pinch(PinchGestureSettings())
    }
}

/// A pinch's settings (the threshold at which it begins is scenerun's, docs/physics.md).
public struct PinchGestureSettings: Sendable, Hashable {
    public init() {}
}
