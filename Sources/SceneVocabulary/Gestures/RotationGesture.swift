import Diagnostics

/// The keys of `rotation` (`UIRotationGestureRecognizer`): none of its own.
public enum RotationGestureKey: GestureKindKeys {
    public static let kindDoc = "UIRotationGestureRecognizer: two fingers; `rotation` (rad), `velocity` in rad/s"
    public static let members = GestureKindMembers(velocity: .number, rotation: .number)
    public init?(rawValue: String) { nil }
    public var rawValue: String { switch self {} }
    public var kind: KeyKind { switch self {} }
    public var defaultValue: String { switch self {} }
    public var doc: String { switch self {} }

    public static func settings(_ keys: inout some KeyReader<Self>) throws(Diagnostic) -> GestureSettings {
        .rotation(RotationGestureSettings())
    }
}

/// A rotation's settings (the angle at which it begins is scenerun's, docs/physics.md).
public struct RotationGestureSettings: Sendable, Hashable {
    public init() {}
}
