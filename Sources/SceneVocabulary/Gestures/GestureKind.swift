import Diagnostics

// Gesture kinds: one file per kind beside this one (its keys, their types, defaults and docs,
// the recogniser it documents and the settings its keys give), and this file, the one dispatch
// over them. A case added to `GestureKind` does not compile until `keys` names its file's key
// enum and `GestureSettings` has its settings; the runner's install switch then asks for it.

/// Gesture kinds: the one kind key of each entry of `gestures`.
public enum GestureKind: String, VocabularyName {
    case pan, screenEdgePan, tap, longPress, pinch, rotation, swipe, scrollView, scrollViewZoom

    /// The kind's own keys (besides `GestureKey`, which every kind has), declared in its file.
    public var keys: any GestureKindKeys.Type {
        switch self {
        case .pan: return PanGestureKey.self
        case .screenEdgePan: return ScreenEdgePanKey.self
        case .tap: return TapGestureKey.self
        case .longPress: return LongPressGestureKey.self
        case .pinch: return PinchGestureKey.self
        case .rotation: return RotationGestureKey.self
        case .swipe: return SwipeGestureKey.self
        case .scrollView: return ScrollViewGestureKey.self
        case .scrollViewZoom: return ScrollViewZoomGestureKey.self
        }
    }

    public var doc: String { keys.kindDoc }
}

/// The settings a gesture's keys gave, one case per kind (each kind's file declares its struct).
public enum GestureSettings: Sendable, Hashable {
    case pan(PanGestureSettings)
    case screenEdgePan(ScreenEdgePanSettings)
    case tap(TapGestureSettings)
    case longPress(LongPressGestureSettings)
    case pinch(PinchGestureSettings)
    case rotation(RotationGestureSettings)
    case swipe(SwipeGestureSettings)
    case scrollView(PanGestureSettings)
    case scrollViewZoom(PinchGestureSettings)

    public var kind: GestureKind {
        switch self {
        case .pan: return .pan
        case .screenEdgePan: return .screenEdgePan
        case .tap: return .tap
        case .longPress: return .longPress
        case .pinch: return .pinch
        case .rotation: return .rotation
        case .swipe: return .swipe
        case .scrollView: return .scrollView
        case .scrollViewZoom: return .scrollViewZoom
        }
    }
}

/// The keys every gesture kind has.
public enum GestureKey: String, VocabularyKey {
    case view = "in", simultaneous, requireFail, shouldBegin, shouldReceiveTouch
    public var kind: KeyKind {
        switch self {
        case .view: return .viewName
        case .simultaneous, .requireFail: return .gestureNames
        case .shouldBegin, .shouldReceiveTouch: return .bool
        }
    }
    public var defaultValue: String {
        switch self {
        case .view: return "required"
        case .simultaneous, .requireFail: return "none"
        case .shouldBegin, .shouldReceiveTouch: return "true"
        }
    }
    public var doc: String {
        switch self {
        case .view: return "the view it is attached to, or world (the reference view)"
        case .simultaneous:
            return "gestures it recognises together with (shouldRecognizeSimultaneously), either way round"
        case .requireFail: return "gestures that must fail before it recognises (require(toFail:))"
        case .shouldBegin:
            return "gestureRecognizerShouldBegin: evaluated when it would begin (a discrete one: be recognised), "
                + "`gesture` naming it; false: it fails"
        case .shouldReceiveTouch:
            return "gestureRecognizer(_:shouldReceive:): evaluated at each touch-down, `touch` the point; false: it "
                + "never sees that touch"
        }
    }
}

/// The keys of one gesture kind, in that kind's own file.
public protocol GestureKindKeys: VocabularyKey {
    /// The UIKit recogniser the kind is, for the docs.
    static var kindDoc: String { get }
    /// The members a gesture of the kind has besides every gesture's, and their types.
    static var members: GestureKindMembers { get }
    /// The kind's settings from a scene's keys: each key the scene left out takes its default.
    static func settings(_ keys: inout some KeyReader<Self>) throws(Diagnostic) -> GestureSettings
}

/// How a kind's file reads the literal values a scene gave its keys, without seeing YAML: the
/// loader implements it, checking each value against its key (`kind`, `minimum`, `maximum`) and
/// locating every error at the value.
public protocol KeyReader<Key> {
    associatedtype Key: VocabularyKey
    /// The literal number at `key` (no expression), within the key's bounds; nil when absent.
    mutating func number(_ key: Key) throws(Diagnostic) -> Double?
    /// The literal whole number at `key`, within the key's bounds; nil when absent.
    mutating func count(_ key: Key) throws(Diagnostic) -> Int?
    /// The names at `key` (one name or a list), each a case of `C`; nil when absent.
    mutating func names<C: VocabularyName>(_ key: Key, _ of: C.Type) throws(Diagnostic) -> [C]?
}
