// The scroll view's keys (`views: { list: { scroll: { … } } }`), its members and its events.

/// The keys of a view's `scroll` (it makes the view a `UIScrollView`).
public enum ScrollKey: String, VocabularyKey {
    case contentSize, decelerationRate, bounces, paging
    public var kind: KeyKind {
        switch self {
        case .contentSize: return .literalPoint
        case .decelerationRate: return .choice(DecelerationRateName.names + ["a number"])
        case .bounces, .paging: return .bool
        }
    }
    public var defaultValue: String {
        switch self {
        case .contentSize: return "required"
        case .decelerationRate: return DecelerationRateName.normal.rawValue
        case .bounces: return "true"
        case .paging: return "false"
        }
    }
    public var minimum: (value: Double, exclusive: Bool)? {
        switch self {
        case .decelerationRate: return (0, true)
        case .contentSize, .bounces, .paging: return nil
        }
    }
    public var maximum: Double? {
        switch self {
        case .decelerationRate: return 0.999_999
        case .contentSize, .bounces, .paging: return nil
        }
    }
    public var doc: String {
        switch self {
        case .contentSize: return "[w, h], the content's size (literal numbers)"
        case .decelerationRate: return "normal (0.998), fast (0.99) or the rate per millisecond, 0 < rate < 1"
        case .bounces: return "rubber-bands past the edges and springs back (else stops at them)"
        case .paging: return "isPagingEnabled: a release settles on a page (the bounds' size)"
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
    case didScroll, willEndDragging, didEndDecelerating
    public var doc: String {
        switch self {
        case .didScroll: return "the content offset changed (once per frame at most)"
        case .willEndDragging:
            return "the finger lifted: `releaseVelocity` (pt/ms) and `targetContentOffset` (settable) hold the "
                + "delegate's arguments"
        case .didEndDecelerating: return "the motion after a release ended"
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
