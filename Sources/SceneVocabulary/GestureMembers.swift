/// The members a gesture kind has besides those every gesture has (`location`, `locationInView`,
/// `state`, `numberOfTouches`), and their types: each kind's file declares its own
/// (`GestureKindKeys.members`); a member left nil is one the kind does not have.
public struct GestureKindMembers: Sendable {
    public var translation: ValueType?
    public var velocity: ValueType?
    public var scale: ValueType?
    public var rotation: ValueType?
    public init(
        translation: ValueType? = nil, velocity: ValueType? = nil, scale: ValueType? = nil, rotation: ValueType? = nil
    ) {
        self.translation = translation; self.velocity = velocity; self.scale = scale; self.rotation = rotation
    }
}

extension GestureKind {
    /// The members a gesture of this kind has (`zoom.scale`), in `GestureMember`'s order.
    public var members: [GestureMember] {
        GestureMember.allCases.filter { type(of: $0) != nil }
    }

    /// The type of member `m` of a gesture of this kind, or nil when the kind has no such member.
    public func type(of m: GestureMember) -> ValueType? {
        let own = keys.members
        switch m {
        case .location, .locationInView: return .point
        case .state: return .string
        case .numberOfTouches: return .number
        case .translation: return own.translation
        case .velocity: return own.velocity
        case .scale: return own.scale
        case .rotation: return own.rotation
        }
    }
}
