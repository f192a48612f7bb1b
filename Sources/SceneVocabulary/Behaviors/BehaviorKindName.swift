// Behaviour kinds: one file per kind beside this one (its keys with their types, defaults,
// bounds, docs and the property `set` changes for each), and this file, the one dispatch over
// them. A case added to `BehaviorKindName` does not compile until `keys` names its key enum;
// the model's `BehaviorKind`, the loader's and the runner's switches then ask for it.

/// Behaviour kinds: the one kind key of each entry of `behaviors`.
public enum BehaviorKindName: String, VocabularyName {
    case gravity, collision, attachment, snap, push, item, field, children

    /// The kind's keys, declared in its file (nil for `children`, which takes a list of names).
    public var keys: (any BehaviorKindKeys.Type)? {
        switch self {
        case .gravity: return GravityKey.self
        case .collision: return CollisionKey.self
        case .attachment: return AttachmentKey.self
        case .snap: return SnapKey.self
        case .push: return PushKey.self
        case .item: return ItemKey.self
        case .field: return FieldKey.self
        case .children: return nil
        }
    }

    public var doc: String { keys?.kindDoc ?? "a composite behaviour: the names of its child behaviours" }
    /// The names of this kind's keys.
    public var keyNames: [String] { keys?.names ?? [] }
    /// The properties `set` can change on a behaviour of this kind, in the order of its keys.
    public var settable: [BehaviorProperty] { keys?.settable ?? [] }
    /// The keys this kind cannot do without.
    public var requiredKeys: [String] { keys?.requiredNames ?? [] }
}

/// The keys of one behaviour kind, in that kind's own file.
public protocol BehaviorKindKeys: VocabularyKey {
    /// The UIKit behaviour the kind is, for the docs.
    static var kindDoc: String { get }
    /// The keys a behaviour of this kind cannot do without.
    static var required: [Self] { get }
    /// The behaviour property a `set` of this key changes (nil: `set` cannot change it).
    var property: BehaviorProperty? { get }
}

extension BehaviorKindKeys {
    /// Every property `set` can change, in the order of the keys.
    public static var settable: [BehaviorProperty] { allCases.compactMap(\.property) }
    static var requiredNames: [String] { required.map { $0.rawValue } }
    /// The key that `set` of property `p` changes, if this kind has one.
    public static func key(setBy p: BehaviorProperty) -> Self? { allCases.first { $0.property == p } }
}
