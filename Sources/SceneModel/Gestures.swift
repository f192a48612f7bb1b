import Diagnostics
import SceneVocabulary

/// A gesture recogniser attached to a view.
public struct GestureSpec: Sendable {
    public var name: String
    public var location: SourceLocation
    /// The view the recogniser is attached to; nil for `in: world` (the reference view).
    public var view: ViewID?
    /// The kind and what its keys gave (`SceneVocabulary/Gestures`, one file per kind).
    public var settings: GestureSettings
    public var kind: GestureKind { settings.kind }
    /// The gestures it recognises together with (`simultaneous`, as written on this gesture).
    public var simultaneous: [GestureID] = []
    /// The gestures that must fail before it recognises (`requireFail`).
    public var requireFail: [GestureID] = []
    public init(name: String, location: SourceLocation, view: ViewID?, settings: GestureSettings) {
        self.name = name; self.location = location; self.view = view; self.settings = settings
    }
}
