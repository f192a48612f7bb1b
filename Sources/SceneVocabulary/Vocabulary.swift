import Foundation  // NSLock: `names` is made once per type, on any thread

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
    /// Every spelling, in order (for known-key lists and did-you-mean): made once per type (the
    /// loader asks for it at every mapping it reads, for every mutant `scenerun mutate` loads).
    public static var names: [String] { VocabularyNames.shared.names(of: Self.self) }
    /// "a, b or c".
    public static var alternatives: String { SceneVocabulary.alternatives(names) }
}

/// Each vocabulary type's `names`, made on first use and kept (a list a call, made through a
/// generic key path, was 5 % of `scenerun mutate`'s CPU on the seed scenes).
final class VocabularyNames: @unchecked Sendable {  // `made` only under `lock`
    static let shared = VocabularyNames()
    private let lock = NSLock()
    private var made: [ObjectIdentifier: [String]] = [:]

    func names<N: VocabularyName>(of type: N.Type) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        if let n = made[ObjectIdentifier(type)] { return n }
        let n = type.allCases.map { $0.rawValue }
        made[ObjectIdentifier(type)] = n
        return n
    }
}

/// What a key of the format takes.
public enum KeyKind: Sendable, Hashable {
    /// The largest `literalCount` (taps, fingers): a bound on the work a gesture asks for.
    public static let maximumCount = 1000
    case number, bool, point
    /// A number written as a literal, never an expression (a gesture's settings).
    case literalNumber
    /// A whole number written as a literal (a count of taps or fingers), at most `maximumCount`.
    case literalCount
    /// `[x, y]` written as two literal numbers (a content size, a timing's velocity).
    case literalPoint
    case viewName, viewNames
    case choice([String])
    /// One of the names, or a list of them.
    case choices([String])
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
    /// `{ top, left, bottom, right }` of literal points (a scroll view's `contentInset`).
    case insets
    /// A scroll view's `zoom`: `{ minimum, maximum, bounces }`.
    case zoom

    /// As the docs write it.
    public var text: String {
        switch self {
        case .number: return "number"
        case .bool: return "bool"
        case .point: return "point"
        case .viewName: return "view name"
        case .viewNames: return "view names"
        case .literalNumber: return "number (a literal)"
        case .literalCount: return "whole number up to \(KeyKind.maximumCount) (a literal)"
        case .literalPoint: return "point (literals)"
        case .choice(let names): return alternatives(names)
        case .choices(let names): return "one or more of " + alternatives(names)
        case .range: return "[min, max]"
        case .referenceBounds: return "bool or `{ insets: {top, left, bottom, right} }`"
        case .boundaries: return "named `{ from, to }` or `{ path, closed }`"
        case .region: return "a region"
        case .gestureName: return "gesture name"
        case .gestureNames: return "gesture names"
        case .fingerPaths: return "[[[t, x, y], …], …]"
        case .insets: return "`{ top, left, bottom, right }` (literal points)"
        case .zoom: return "`{ minimum, maximum, bounces }`"
        }
    }
}

/// "a, b or c".
func alternatives(_ names: [String]) -> String {
    names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
}

/// A number as the docs write a default: `10`, `0.5`.
func numberText(_ d: Double) -> String {
    d == d.rounded() && Swift.abs(d) < 1e15 ? String(Int(d)) : "\(d)"
}

/// A key of a mapping of the format: what it takes and its default as the docs write it.
public protocol VocabularyKey: VocabularyName {
    var kind: KeyKind { get }
    /// Whether the key's value may be an expression (by default, as its kind says).
    var expression: ExpressionMark { get }
    var defaultValue: String { get }
    /// The least literal value the loader accepts, and whether it is excluded.
    var minimum: (value: Double, exclusive: Bool)? { get }
    /// The greatest literal value the loader accepts (included).
    var maximum: Double? { get }
    /// The value a number key takes when the scene leaves it out, where that is one number (the
    /// one place it is written: `defaultValue` and the runner read it).
    var defaultNumber: Double? { get }
}

extension VocabularyKey {
    public var minimum: (value: Double, exclusive: Bool)? { nil }
    public var maximum: Double? { nil }
    public var defaultNumber: Double? { nil }
    /// `defaultNumber` as the docs write it.
    public var defaultNumberText: String { defaultNumber.map(numberText) ?? "none" }
    /// The key's type as the docs write it.
    public var type: String { kind.text }
}

extension VocabularyKey {
    /// The markdown rows of a reference table: key, type, default, meaning.
    public static var markdownRows: [String] {
        allCases.map {
            "| `\($0.rawValue)` | \($0.type) | \($0.defaultValue) | \($0.expression.text) | \($0.doc) |"
        }
    }
}
