extension GestureKind {
    /// The members a gesture of this kind has (`zoom.scale`), in `GestureMember`'s order.
    public var members: [GestureMember] {
        GestureMember.allCases.filter { type(of: $0) != nil }
    }

    /// The type of member `m` of a gesture of this kind, or nil when the kind has no such member.
    public func type(of m: GestureMember) -> ValueType? {
        switch m {
        case .location, .locationInView: return .point
        case .state: return .string
        case .numberOfTouches: return .number
        case .translation:
            switch self {
            case .pan, .screenEdgePan, .scrollView: return .point
            case .tap, .longPress, .pinch, .rotation, .swipe: return nil
            }
        case .velocity:
            switch self {
            case .pan, .screenEdgePan, .scrollView: return .point
            case .pinch, .rotation: return .number
            case .tap, .longPress, .swipe: return nil
            }
        case .scale:
            switch self {
            case .pinch: return .number
            case .pan, .screenEdgePan, .tap, .longPress, .rotation, .swipe, .scrollView: return nil
            }
        case .rotation:
            switch self {
            case .rotation: return .number
            case .pan, .screenEdgePan, .tap, .longPress, .pinch, .swipe, .scrollView: return nil
            }
        }
    }
}
