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
    /// A kind whose keys are its views (`items`) and plain values (gravity, item).
    case plain(PlainBehavior)
    case collision(items: [ViewID], mode: CollisionMode, referenceBounds: InsetsSpec?, boundaries: [BoundarySpec])
    case attachment(AttachmentSpec)
    case snap(item: ViewID, Properties<SnapKey>)
    case push(items: [ViewID], mode: PushMode, Properties<PushKey>)
    case field(FieldSpec)
    case composite(children: [BehaviorID])

    /// The vocabulary's name of this kind.
    public var name: BehaviorKindName {
        switch self {
        case .plain(let p): return p.kind
        case .collision: return .collision
        case .attachment: return .attachment
        case .snap: return .snap
        case .push: return .push
        case .field: return .field
        case .composite: return .children
        }
    }

    /// The views the behaviour names (not its children's).
    public var items: [ViewID] {
        switch self {
        case .plain(let p): return p.items
        case .collision(let i, _, _, _), .push(let i, _, _): return i
        case .field(let f): return f.items
        case .attachment(let a): return a.to.map { [a.item, $0] } ?? [a.item]
        case .snap(let i, _): return [i]
        case .composite: return []
        }
    }
}

/// A behaviour of a kind whose keys are its views (`items`) and plain values (numbers, points,
/// bools), read from the vocabulary alone: a new kind of that shape needs no case here. Its
/// values are the kind's own typed keys, `Properties<K>` for the `K` its vocabulary file
/// declares (`BehaviorKindName.keys`), which the runner's arm for the kind asks for by type.
public struct PlainBehavior: Sendable {
    public let kind: BehaviorKindName
    public var items: [ViewID]
    private let values: any Sendable

    /// `kind`'s behaviour; `K` must be the kind's keys.
    public init<K: BehaviorKindKeys>(_ kind: BehaviorKindName, items: [ViewID], _ values: Properties<K>) {
        precondition(
            kind.keys.map(ObjectIdentifier.init) == ObjectIdentifier(K.self),
            "\(K.self) are not the keys of `\(kind.rawValue)`")
        self.kind = kind; self.items = items; self.values = values
    }

    /// The values the scene gave, typed by the kind's keys (`K` must be the kind's keys).
    public func values<K: BehaviorKindKeys>(_: K.Type) -> Properties<K> {
        guard let v = values as? Properties<K> else {
            preconditionFailure("`\(kind.rawValue)` has no keys \(K.self)")
        }
        return v
    }
}

/// The plain-valued keys (numbers, points, bools) a scene gave a behaviour, each with its
/// expression, in file order. The loader fills it from the vocabulary (`Key.kind` types each
/// expression, `Key.minimum`/`Key.maximum` bound a literal), so a new key of this kind reaches
/// the runner's mapping without a change here or in the loader.
public struct Properties<Key: VocabularyKey>: Sendable {
    public var entries: [(key: Key, expr: Expr)] = []
    public init(_ entries: [(key: Key, expr: Expr)] = []) { self.entries = entries }
    /// The expression given for `key`, or nil when the scene left it to its default.
    public subscript(_ key: Key) -> Expr? { entries.first { $0.key == key }?.expr }
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
    public var kind = AttachmentKind.defaultKind
    public var axis: Expr?
    public var range: (Expr, Expr)?
    public var frictionTorque: Expr?
    public init(item: ViewID) { self.item = item }
}

/// `referenceBounds: true` or `{ insets: { … } }`: each side's expression (nil: 0).
public struct InsetsSpec: Sendable {
    public var top: Expr?
    public var left: Expr?
    public var bottom: Expr?
    public var right: Expr?
    public init() {}
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
