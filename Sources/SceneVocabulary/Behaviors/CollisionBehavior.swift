/// The keys of `collision` (`UICollisionBehavior`).
public enum CollisionKey: String, BehaviorKindKeys {
    case items, mode, referenceBounds, boundaries
    public static let kindDoc = "UICollisionBehavior"
    public static let required: [CollisionKey] = [.items]
    public var kind: KeyKind {
        switch self {
        case .items: return .viewNames
        case .mode: return .choice(CollisionMode.names)
        case .referenceBounds: return .referenceBounds
        case .boundaries: return .boundaries
        }
    }
    public var defaultValue: String {
        switch self {
        case .items: return "required"
        case .mode: return CollisionMode.defaultMode.rawValue
        case .referenceBounds: return "false"
        case .boundaries: return "none"
        }
    }
    public var property: BehaviorProperty? {
        switch self {
        case .items, .mode, .referenceBounds, .boundaries: return nil
        }
    }
    public var doc: String {
        switch self {
        case .items: return "the views that collide"
        case .mode: return "with each other, with the boundaries, or both"
        case .referenceBounds: return "a boundary 1 pt outside the world's bounds, shrunk by the insets"
        case .boundaries: return "extra boundaries: segments or paths, identified in `contact.boundary`"
        }
    }
}

/// `collision.mode`.
public enum CollisionMode: String, VocabularyName {
    case items, boundaries, everything
    /// UIKit's default.
    public static let defaultMode = CollisionMode.everything
    public var doc: String {
        switch self {
        case .items: return "the items collide with each other only"
        case .boundaries: return "the items collide with the boundaries only"
        case .everything: return "both"
        }
    }
}

/// The sides of `referenceBounds: { insets: { … } }`.
public enum InsetKey: String, VocabularyName {
    case top, left, bottom, right
    public var doc: String { "points the \(rawValue) boundary moves in" }
}

/// The keys of a boundary of `boundaries`: a segment or a path.
public enum BoundaryKey: String, VocabularyName {
    case from, to, path, closed
    public var doc: String {
        switch self {
        case .from: return "a segment's first point"
        case .to: return "a segment's last point"
        case .path: return "the points of a path"
        case .closed: return "whether the path returns to its first point"
        }
    }
}
