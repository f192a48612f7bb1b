import Diagnostics
import Expressions
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
    /// `shouldBegin` (gestureRecognizerShouldBegin): a bool expression evaluated when it would
    /// leave `possible`; nil: it always may.
    public var shouldBegin: Expr?
    /// `shouldReceiveTouch` (gestureRecognizer(_:shouldReceive:)): a bool expression evaluated at
    /// each touch-down, `touch` the point; nil: it receives every touch.
    public var shouldReceiveTouch: Expr?
    public init(name: String, location: SourceLocation, view: ViewID?, settings: GestureSettings) {
        self.name = name; self.location = location; self.view = view; self.settings = settings
    }
}
