/// The scene format's vocabulary, written once: every kind, key, property, event and value name,
/// each as a `CaseIterable` enum whose cases carry their YAML spelling, value type, default and
/// a one-line description. The loader's known keys and did-you-mean lists, the model's types,
/// the runner's mapping onto the engine, the expression scope and the reference tables of
/// docs/scene-format.md are all derived from these enums.

/// The type of a value in a scene: of an expression, a key or a property.
public enum ValueType: String, Sendable, Hashable, CustomStringConvertible {
    case number, bool, string, point, rect
    public var description: String { rawValue }
}

/// A closed set of names of the format, in the order the docs list them.
public protocol VocabularyName: CaseIterable, RawRepresentable, Hashable, Sendable where RawValue == String {
    /// One line for the docs.
    var doc: String { get }
}

extension VocabularyName {
    /// Every spelling, in order (for known-key lists and did-you-mean).
    public static var names: [String] { allCases.map(\.rawValue) }
    /// "a, b or c".
    public static var alternatives: String {
        let n = names
        guard let last = n.last, n.count >= 2 else { return n.joined() }
        return n.dropLast().joined(separator: ", ") + " or " + last
    }
}

/// What a key of the format takes.
public enum KeyKind: Sendable, Hashable {
    case number, bool, point
    case viewName, viewNames
    case choice([String])
    /// `[min, max]`.
    case range
    /// `true`, `false` or `{ insets: {…} }`.
    case referenceBounds
    /// Named segments or paths.
    case boundaries
    /// A field's region.
    case region
    /// A gesture's name; several.
    case gestureName, gestureNames
    /// One list of keyframes `[t, x, y]` per finger.
    case fingerPaths

    /// As the docs write it.
    public var text: String {
        switch self {
        case .number: return "number"
        case .bool: return "bool"
        case .point: return "point"
        case .viewName: return "view name"
        case .viewNames: return "view names"
        case .choice(let names):
            return names.count < 2
                ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
        case .range: return "[min, max]"
        case .referenceBounds: return "bool or `{ insets: {top, left, bottom, right} }`"
        case .boundaries: return "named `{ from, to }` or `{ path, closed }`"
        case .region: return "a region"
        case .gestureName: return "gesture name"
        case .gestureNames: return "gesture names"
        case .fingerPaths: return "[[[t, x, y], …], …]"
        }
    }
}

/// A key of a mapping of the format: what it takes and its default as the docs write it.
public protocol VocabularyKey: VocabularyName {
    var kind: KeyKind { get }
    var defaultValue: String { get }
    /// The least literal value the loader accepts, and whether it is excluded.
    var minimum: (value: Double, exclusive: Bool)? { get }
    /// The greatest literal value the loader accepts (included).
    var maximum: Double? { get }
}

extension VocabularyKey {
    public var minimum: (value: Double, exclusive: Bool)? { nil }
    public var maximum: Double? { nil }
    /// The key's type as the docs write it.
    public var type: String { kind.text }
}

extension VocabularyKey {
    /// The markdown rows of a reference table: key, type, default, meaning.
    public static var markdownRows: [String] {
        allCases.map { "| `\($0.rawValue)` | \($0.type) | \($0.defaultValue) | \($0.doc) |" }
    }
}
