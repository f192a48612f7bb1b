/// The members of a point or a rect value (`shade.frame.maxY`, `drag.translation.x`), the one
/// list the expression checker, its did-you-mean and the evaluator read.
public enum ValueMember: String, VocabularyName {
    case x, y, width, height, minX, midX, maxX, minY, midY, maxY, origin, size, center

    public var doc: String {
        switch self {
        case .x: return "a point's x; a rect's origin x"
        case .y: return "a point's y; a rect's origin y"
        case .width: return "a rect's width"
        case .height: return "a rect's height"
        case .minX: return "a rect's left edge"
        case .midX: return "a rect's horizontal centre"
        case .maxX: return "a rect's right edge"
        case .minY: return "a rect's top edge"
        case .midY: return "a rect's vertical centre"
        case .maxY: return "a rect's bottom edge"
        case .origin: return "a rect's origin (its top-left corner)"
        case .size: return "a rect's size, [width, height]"
        case .center: return "a rect's centre"
        }
    }

    /// The member's type on a value of type `t`, nil when a `t` has no such member.
    public func type(on t: ValueType) -> ValueType? {
        switch (t, self) {
        case (.point, .x), (.point, .y): return .number
        case (.point, _): return nil
        case (.rect, .origin), (.rect, .size), (.rect, .center): return .point
        case (.rect, _): return .number
        case (.number, _), (.bool, _), (.string, _): return nil
        }
    }

    /// The members a value of type `t` has, in order.
    public static func members(of t: ValueType) -> [ValueMember] { allCases.filter { $0.type(on: t) != nil } }
}
