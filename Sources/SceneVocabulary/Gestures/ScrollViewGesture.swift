import Diagnostics

/// The keys of `scrollView` (the pan a `UIScrollView` owns, `panGestureRecognizer`). Its value is
/// the scroll view's name (`scroll: { scrollView: list }`), or a mapping with `in` and these keys.
public enum ScrollViewGestureKey: String, GestureKindKeys {
    case minimumDistance
    public static let kindDoc =
        "UIScrollView's panGestureRecognizer: drags the content of the scroll view `in` names "
        + "(`scrollView: list` for short)"
    public var kind: KeyKind { .literalNumber }
    public var minimum: (value: Double, exclusive: Bool)? { (0, false) }
    public var defaultValue: String { numberText(ScrollViewGestureSettings().minimumDistance) }
    public var doc: String { "the hysteresis, points: the drag begins once the finger has moved this far" }

    public static func settings(_ keys: inout some KeyReader<Self>) throws(Diagnostic) -> GestureSettings {
        var s = ScrollViewGestureSettings()
        if let d = try keys.number(.minimumDistance) { s.minimumDistance = d }
        return .scrollView(s)
    }
}

/// A scroll view's pan settings.
public struct ScrollViewGestureSettings: Sendable, Hashable {
    /// Points the finger moves before the drag begins (UIKit's pan hysteresis, 10).
    public var minimumDistance = 10.0
    public init() {}
}
