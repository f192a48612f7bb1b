import Diagnostics
import Expressions
import SceneVocabulary

/// A named behaviour.
public struct BehaviorSpec: Sendable {
    public var name: String
    public var location: SourceLocation
    public var kind: BehaviorKind
    public var active = false
    /// `action`: run every tick while the behaviour is in the animator (`UIDynamicBehavior.action`).
    public var action: [Action] = []
    public init(name: String, location: SourceLocation, kind: BehaviorKind) {
        self.name = name; self.location = location; self.kind = kind
    }
}

/// Every behaviour kind of the scene format; every number an expression evaluated when the
/// behaviour is added.
public enum BehaviorKind: Sendable {
    case gravity(items: [ViewID], magnitude: Expr?, angle: Expr?, direction: Expr?)
    case collision(items: [ViewID], mode: CollisionMode, referenceBounds: [String: Expr]?, boundaries: [BoundarySpec])
    case attachment(AttachmentSpec)
    case snap(item: ViewID, to: Expr, damping: Expr?)
    case push(
        items: [ViewID], mode: PushMode, magnitude: Expr?, angle: Expr?, direction: Expr?, offset: Expr?, active: Expr?)
    case item(items: [ViewID], properties: [(ItemKey, Expr)])
    case field(FieldSpec)
    case composite(children: [BehaviorID])

    /// The vocabulary's name of this kind.
    public var name: BehaviorKindName {
        switch self {
        case .gravity: return .gravity
        case .collision: return .collision
        case .attachment: return .attachment
        case .snap: return .snap
        case .push: return .push
        case .item: return .item
        case .field: return .field
        case .composite: return .children
        }
    }

    /// The views the behaviour names (not its children's).
    public var items: [ViewID] {
        switch self {
        case .gravity(let i, _, _, _), .collision(let i, _, _, _), .push(let i, _, _, _, _, _, _), .item(let i, _):
            return i
        case .field(let f): return f.items
        case .attachment(let a): return a.to.map { [a.item, $0] } ?? [a.item]
        case .snap(let i, _, _): return [i]
        case .composite: return []
        }
    }
}

/// The parameters of an attachment.
public struct AttachmentSpec: Sendable {
    public var item: ViewID
    public var anchor: Expr?
    public var to: ViewID?
    public var offset: Expr?
    public var toOffset: Expr?
    public var length: Expr?
    public var frequency: Expr?
    public var damping: Expr?
    public var kind = AttachmentKind.spring
    public var axis: Expr?
    public var range: (Expr, Expr)?
    public var frictionTorque: Expr?
    public init(item: ViewID) { self.item = item }
}

/// A named collision boundary: a segment (two points) or a path.
public struct BoundarySpec: Sendable {
    public var identifier: String
    public var location: SourceLocation
    public var points: [Expr]
    public var closed: Bool
    public init(identifier: String, location: SourceLocation, points: [Expr], closed: Bool) {
        self.identifier = identifier; self.location = location; self.points = points; self.closed = closed
    }
}

/// A field's region: a disc, a rectangle, or a combination, relative to the field's position.
public indirect enum RegionSpec: Sendable {
    case infinite
    case circle(radius: Expr)
    case rectangle(size: Expr)
    case inverse(RegionSpec)
    case union([RegionSpec])
    case difference(RegionSpec, RegionSpec)
    case intersection([RegionSpec])
}

/// A field behaviour (`UIFieldBehavior`).
public struct FieldSpec: Sendable {
    public var kind: FieldKind
    public var items: [ViewID]
    public var position: Expr?
    public var region: RegionSpec
    public var strength: Expr?
    public var falloff: Expr?
    public var minimumRadius: Expr?
    public var direction: Expr?
    public var smoothness: Expr?
    public var animationSpeed: Expr?
    public init(kind: FieldKind, items: [ViewID]) { self.kind = kind; self.items = items; region = .infinite }
}
