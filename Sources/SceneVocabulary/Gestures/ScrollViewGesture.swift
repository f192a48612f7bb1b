import Diagnostics

/// The keys of `scrollView` (the pan a `UIScrollView` owns, `panGestureRecognizer`). Its value is
/// the scroll view's name (`scroll: { scrollView: list }`), or a mapping with `in` and these keys.
/// Its settings are a pan's: the runner drags the content with the pan's translation.
public enum ScrollViewGestureKey: String, GestureKindKeys {
    case minimumDistance
    public static let kindDoc =
        "UIScrollView's panGestureRecognizer: drags the content of the scroll view `in` names "
        + "(`scrollView: list` for short)"
    public static let members = PanGestureKey.members
    public var kind: KeyKind { PanGestureKey.minimumDistance.kind }
    public var minimum: (value: Double, exclusive: Bool)? { PanGestureKey.minimumDistance.minimum }
    public var defaultValue: String { PanGestureKey.minimumDistance.defaultValue }
    public var doc: String { "the hysteresis, points: the drag begins once the finger has moved this far" }

    public static func settings(_ keys: inout some KeyReader<Self>) throws(Diagnostic) -> GestureSettings {
        var s = PanGestureSettings()
        if let d = try keys.number(.minimumDistance) { s.minimumDistance = d }
        return .scrollView(s)
    }
}
