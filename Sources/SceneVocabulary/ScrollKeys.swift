// The scroll view's keys (`views: { list: { scroll: { … } } }`), its members and its events.

/// The keys of a view's `scroll` (it makes the view a `UIScrollView`).
public enum ScrollKey: String, VocabularyKey {
    case contentSize, decelerationRate, bounces, paging, contentInset, alwaysBounceVertical, alwaysBounceHorizontal
    case isScrollEnabled, zoom, zooming
    public var kind: KeyKind {
        switch self {
        case .contentSize: return .literalPoint
        case .decelerationRate: return .choice(DecelerationRateName.names + ["a number"])
        case .bounces, .paging, .alwaysBounceVertical, .alwaysBounceHorizontal, .isScrollEnabled: return .bool
        case .contentInset: return .insets
        case .zoom: return .zoom
        case .zooming: return .viewName
        }
    }
    public var defaultValue: String {
        switch self {
        case .contentSize: return "required, unless `zooming`"
        case .decelerationRate: return DecelerationRateName.normal.rawValue
        case .bounces, .isScrollEnabled: return "true"
        case .paging, .alwaysBounceVertical, .alwaysBounceHorizontal: return "false"
        case .contentInset: return "0 on every side"
        case .zoom, .zooming: return "none"
        }
    }
    public var minimum: (value: Double, exclusive: Bool)? {
        switch self {
        case .decelerationRate: return (0, true)
        case .contentSize, .bounces, .paging, .contentInset, .alwaysBounceVertical, .alwaysBounceHorizontal,
            .isScrollEnabled, .zoom, .zooming:
            return nil
        }
    }
    public var maximum: Double? {
        switch self {
        case .decelerationRate: return 0.999_999
        case .contentSize, .bounces, .paging, .contentInset, .alwaysBounceVertical, .alwaysBounceHorizontal,
            .isScrollEnabled, .zoom, .zooming:
            return nil
        }
    }
    public var doc: String {
        switch self {
        case .contentSize:
            return "[w, h], the content's size (literal numbers); with `zooming`, the zooming view's size × zoomScale "
                + "once it zooms"
        case .decelerationRate: return "normal (0.998), fast (0.99) or the rate per millisecond, 0 < rate < 1"
        case .bounces: return "rubber-bands past the edges and springs back (else stops at them)"
        case .paging: return "isPagingEnabled: a release settles on a page (the bounds' size)"
        case .contentInset:
            return "{ top, left, bottom, right } (literal points): the offset rests from −top to "
                + "contentSize − bounds + bottom (and left, right)"
        case .alwaysBounceVertical: return "rubber-bands vertically even when the content is not taller than the bounds"
        case .alwaysBounceHorizontal: return "rubber-bands horizontally even when the content is not wider"
        case .isScrollEnabled: return "when false the scroll view's pan does not begin (settable)"
        case .zoom: return "{ minimum, maximum, bounces }: it zooms `zooming` (viewForZooming)"
        case .zooming: return "the subview it zooms (viewForZooming); needs `zoom`"
        }
    }
}

/// The sides of a scroll view's `contentInset`.
public enum ScrollInsetKey: String, VocabularyName {
    case top, left, bottom, right
    public var doc: String { "points the offset may rest past the content's \(rawValue) edge (default 0)" }
}

/// The keys of a scroll view's `zoom` (`minimumZoomScale`, `maximumZoomScale`, `bouncesZoom`).
public enum ZoomKey: String, VocabularyKey {
    case minimum, maximum, bounces
    public var kind: KeyKind {
        switch self {
        case .minimum, .maximum: return .literalNumber
        case .bounces: return .bool
        }
    }
    public var defaultValue: String {
        switch self {
        case .minimum, .maximum: return "1"
        case .bounces: return "true"
        }
    }
    public var minimum: (value: Double, exclusive: Bool)? {
        switch self {
        case .minimum, .maximum: return (0, true)
        case .bounces: return nil
        }
    }
    public var doc: String {
        switch self {
        case .minimum: return "minimumZoomScale, > 0"
        case .maximum: return "maximumZoomScale, at least `minimum`"
        case .bounces: return "bouncesZoom: past a limit the pinch rubber-bands and springs back (else stops there)"
        }
    }
}

/// Where an `animate` of a scroll view property is refused, and why: its properties that
/// `animate` cannot animate (the zoom animates with `zoomTo`).
extension ViewProperty {
    /// The properties only a scroll view has.
    public var ofScrollViewOnly: Bool {
        switch self {
        case .contentOffset, .contentInsetTop, .contentInsetLeft, .contentInsetBottom, .contentInsetRight, .zoomScale,
            .isScrollEnabled:
            return true
        case .x, .y, .width, .height, .size, .center, .frame, .rotation, .scale, .alpha, .hidden: return false
        }
    }
    /// Whether `animate` may change it (`hidden` may: it changes at once, as in UIKit).
    public var animatable: Bool {
        switch self {
        case .zoomScale, .isScrollEnabled: return false
        case .x, .y, .width, .height, .size, .center, .frame, .rotation, .scale, .alpha, .hidden, .contentOffset,
            .contentInsetTop, .contentInsetLeft, .contentInsetBottom, .contentInsetRight:
            return true
        }
    }
}

/// `decelerationRate` by name (`UIScrollView.DecelerationRate`).
public enum DecelerationRateName: String, VocabularyName {
    case normal, fast
    /// The rate per millisecond.
    public var rate: Double {
        switch self {
        case .normal: return 0.998
        case .fast: return 0.99
        }
    }
    public var doc: String { "\(rate) per millisecond" }
}

/// A scroll view's delegate events (`list.didScroll`).
public enum ScrollEvent: String, VocabularyName {
    case didScroll, willEndDragging, didEndDecelerating, didEndScrollingAnimation, didZoom, didEndZooming
    public var doc: String {
        switch self {
        case .didScroll: return "the content offset changed (once per frame at most)"
        case .willEndDragging:
            return "the finger lifted: `releaseVelocity` (pt/ms) and `targetContentOffset` (settable) hold the "
                + "delegate's arguments"
        case .didEndDecelerating: return "the motion after a release ended"
        case .didEndScrollingAnimation: return "a `scrollTo` arrived"
        case .didZoom: return "the zoom scale changed (once per frame at most)"
        case .didEndZooming:
            return "a zoom ended: at the pinch's lift, after its bounce back, or at the end of a `zoomTo`"
        }
    }
}

/// The names a `willEndDragging` rule may use besides the scene's.
public enum WillEndDraggingName: String, VocabularyName {
    case releaseVelocity, targetContentOffset
    public var doc: String {
        switch self {
        case .releaseVelocity: return "points per millisecond, positive where the offset grows"
        case .targetContentOffset: return "where the content will come to rest; `set: { targetContentOffset: … }`"
        }
    }
}
