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
    public init(name: String, location: SourceLocation, view: ViewID?, settings: GestureSettings) {
        self.name = name; self.location = location; self.view = view; self.settings = settings
    }
}
