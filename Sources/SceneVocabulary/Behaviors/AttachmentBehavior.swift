/// The keys of `attachment` (`UIAttachmentBehavior`).
public enum AttachmentKey: String, BehaviorKindKeys {
    case item, anchor, to, offset, toOffset, length, frequency, damping, kind, axis, range, frictionTorque
    public static let kindDoc = "UIAttachmentBehavior"
    public static let required: [AttachmentKey] = [.item]
    public var minimum: (value: Double, exclusive: Bool)? {
        switch self {
        case .length, .frequency, .damping, .frictionTorque: return (0, false)
        case .item, .anchor, .to, .offset, .toOffset, .kind, .axis, .range: return nil
        }
    }
    public var kind: KeyKind {
        switch self {
        case .item, .to: return .viewName
        case .anchor, .offset, .toOffset, .axis: return .point
        case .kind: return .choice(AttachmentKind.names)
        case .range: return .range
        case .length, .frequency, .damping, .frictionTorque: return .number
        }
    }
    public var defaultNumber: Double? {
        switch self {
        case .frequency, .damping, .frictionTorque: return 0
        case .item, .anchor, .to, .offset, .toOffset, .length, .kind, .axis, .range: return nil
        }
    }
    public var defaultValue: String {
        switch self {
        case .item: return "required"
        case .anchor, .to: return "one of the two"
        case .offset, .toOffset: return "[0, 0]"
        case .length: return "the distance when added"
        case .frequency, .damping, .frictionTorque: return defaultNumberText
        case .kind: return AttachmentKind.defaultKind.rawValue
        case .axis: return "required for sliding"
        case .range: return "none"
        }
    }
    public var property: BehaviorProperty? {
        switch self {
        case .anchor: return .anchor
        case .offset: return .offset
        case .length: return .length
        case .frequency: return .frequency
        case .damping: return .damping
        case .item, .to, .toOffset, .kind, .axis, .range, .frictionTorque: return nil
        }
    }
    public var doc: String {
        switch self {
        case .item: return "the attached view"
        case .anchor: return "a point of the world the item is attached to"
        case .to: return "another view the item is attached to"
        case .offset: return "the attachment point on the item, from its centre, turning with it"
        case .toOffset: return "the attachment point on `to`, from its centre"
        case .length: return "rest length, points"
        case .frequency: return "Hz; 0 is a rigid rod"
        case .damping: return "damping ratio"
        case .kind: return "the kind of joint"
        case .axis: return "the sliding axis"
        case .range: return "points (sliding) or radians (pin)"
        case .frictionTorque: return "pin and fixed: torque against turning"
        }
    }
}

/// `attachment.kind`.
public enum AttachmentKind: String, VocabularyName {
    case spring, sliding, limit, fixed, pin
    /// UIKit's default: `init(item:attachedToAnchor:)` makes a spring (rigid at frequency 0).
    public static let defaultKind = AttachmentKind.spring
    public var doc: String {
        switch self {
        case .spring: return "a distance joint: rigid at frequency 0, a spring otherwise"
        case .sliding: return "translation along `axis` only, within `range`"
        case .limit: return "a rope: at most `length` apart"
        case .fixed: return "welded: no relative motion"
        case .pin: return "a pivot, rotation within `range`, `frictionTorque` against turning"
        }
    }
}
