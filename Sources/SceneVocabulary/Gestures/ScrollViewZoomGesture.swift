import Diagnostics

/// The keys of `scrollViewZoom` (the pinch a zooming `UIScrollView` owns,
/// `pinchGestureRecognizer`): none of its own. Its value is the scroll view's name
/// (`scrollViewZoom: list`), or a mapping with `in`. It names the scroll view's own pinch for
/// `simultaneous`, `requireFail` and the `pinch` steps; the runner zooms the content with its scale.
public enum ScrollViewZoomGestureKey: GestureKindKeys {
    public static let kindDoc =
        "UIScrollView's pinchGestureRecognizer: zooms the scroll view `in` names, which has `zoom` and `zooming` "
        + "(`scrollViewZoom: list` for short)"
    public static let members = PinchGestureKey.members
    public init?(rawValue: String) { nil }
    public var rawValue: String { switch self {} }
    public var kind: KeyKind { switch self {} }
    public var defaultValue: String { switch self {} }
    public var doc: String { switch self {} }

    public static func settings(_ keys: inout some KeyReader<Self>) throws(Diagnostic) -> GestureSettings {
        .scrollViewZoom(PinchGestureSettings())
    }
}
