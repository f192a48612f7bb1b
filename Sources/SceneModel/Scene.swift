import Diagnostics
import Expressions
import Geometry
import SceneVocabulary

/// Indices into a scene's views, behaviours, gestures, transitions and variables: names are
/// resolved once, when the scene is loaded, and the runner never looks a name up.
public struct ViewID: Hashable, Sendable, Comparable {
    public let index: Int
    public init(_ index: Int) { self.index = index }
    public static func < (a: Self, b: Self) -> Bool { a.index < b.index }
}
public struct BehaviorID: Hashable, Sendable {
    public let index: Int
    public init(_ index: Int) { self.index = index }
}
public struct GestureID: Hashable, Sendable {
    public let index: Int
    public init(_ index: Int) { self.index = index }
}
public struct TransitionID: Hashable, Sendable {
    public let index: Int
    public init(_ index: Int) { self.index = index }
}
public struct VariableID: Hashable, Sendable {
    public let index: Int
    public init(_ index: Int) { self.index = index }
}

/// A loaded, validated scene case: the scene file's content with every value typed, every
/// expression parsed and checked, every name resolved to an id, and locations kept for
/// diagnostics.
public struct Scene: Sendable {
    /// The file path as given.
    public var file: String
    /// The file's text (for rendering diagnostics).
    public var source: String
    /// The text of every part the file includes, by path (for rendering diagnostics located in
    /// them); empty without `include`.
    public var includedSources: [String: String] = [:]
    /// Report name: the scene's `name`, plus " / variant" for a variant.
    public var name: String
    public var variant: String?
    public var location: SourceLocation
    public var world: WorldSpec
    public var views: [ViewSpec]
    public var behaviors: [BehaviorSpec]
    public var transitions: [TransitionSpec]
    /// `animators`: property animators, in the order of the file.
    public var animators: [AnimatorSpec] = []
    public var gestures: [GestureSpec]
    public var rules: [Rule]
    /// Rule indices by event, in file order.
    public var rulesByEvent: [Event: [Int]] = [:]
    /// Whether an expectation counts an object's event (`expect.events: { drag.began: 1 }`): only
    /// then does the run count them, so a scene that does not pays nothing per contact.
    public var countsObjectEvents = false
    /// `vars`: state the rules keep, in declaration order.
    public var vars: [VariableSpec] = []
    /// Every name of the scene and what it names (views, behaviours, gestures, transitions and
    /// variables share one namespace).
    public var names: [String: NamedRef] = [:]
    public var script: [Step]
    public var expect: Expectation?
    /// A variant's expectations that it took from the main case, by where each is written (its
    /// failure's location): what to say of it, how to override or drop it in the variant.
    public var inherited: [SourceLocation: String] = [:]
    /// `sweep`: the parameters of a swept scene, in the order of the file.
    public var sweep: [SweepParameter] = []
    /// This case's value of each sweep parameter (empty for a scene that is not swept).
    public var parameters: [Double] = []
    /// `outcome`: what the outcome map shows for each case, evaluated when the case ends.
    public var outcome: Expr?
    /// The names expressions of this scene may use (`contact` is added inside contact rules).
    public var scope = Scope()

    public init(file: String, source: String, name: String, location: SourceLocation) {
        self.file = file; self.source = source; self.name = name; self.location = location
        world = WorldSpec(); views = []; behaviors = []; transitions = []; gestures = []; rules = []; script = []
    }

    public subscript(_ id: ViewID) -> ViewSpec { views[id.index] }
    public subscript(_ id: BehaviorID) -> BehaviorSpec { behaviors[id.index] }
    public subscript(_ id: GestureID) -> GestureSpec { gestures[id.index] }
    public subscript(_ id: TransitionID) -> TransitionSpec { transitions[id.index] }
    public subscript(_ id: VariableID) -> VariableSpec { vars[id.index] }
    public subscript(_ id: AnimatorID) -> AnimatorSpec { animators[id.index] }
    public var viewIDs: [ViewID] { views.indices.map(ViewID.init) }
    public var behaviorIDs: [BehaviorID] { behaviors.indices.map(BehaviorID.init) }
    public var transitionIDs: [TransitionID] { transitions.indices.map(TransitionID.init) }
    public var gestureIDs: [GestureID] { gestures.indices.map(GestureID.init) }
}

/// What a name of the scene refers to.
public enum NamedRef: Hashable, Sendable {
    case view(ViewID), behavior(BehaviorID), gesture(GestureID), transition(TransitionID), variable(VariableID)
    case animator(AnimatorID)
    /// A sweep parameter: its index in `Scene.sweep`.
    case parameter(Int)
}

/// A swept parameter: its name and its values, in order.
public struct SweepParameter: Sendable {
    public var name: String
    public var values: [Double]
    public var location: SourceLocation
    public init(name: String, values: [Double], location: SourceLocation) {
        self.name = name; self.values = values; self.location = location
    }
}

/// A variable of `vars`: its type is fixed by its initial value, evaluated when the case starts.
public struct VariableSpec: Sendable {
    public var name: String
    public var location: SourceLocation
    public var initial: Expr
    public var type: ValueType
    public init(name: String, location: SourceLocation, initial: Expr, type: ValueType) {
        self.name = name; self.location = location; self.initial = initial; self.type = type
    }
}

/// `world`: the reference view and the clock.
public struct WorldSpec: Sendable {
    /// Reference bounds size (points).
    public var size = Vec2(390, 844)
    /// Ticks and touch events per second.
    public var frameRate = 60.0
    /// Seconds of simulated time any wait may last.
    public var timeout = 10.0
    /// Rest thresholds: points/s, radians/s, seconds.
    public var restSpeed = 1.0
    public var restAngularSpeed = 2.0 / 180.0 * 3.14159265359
    public var restFor = 0.5
    public init() {}
}

/// A view: a dynamic item while some active behaviour names it.
public struct ViewSpec: Sendable {
    public var name: String
    public var location: SourceLocation
    public var frame: Rect
    public var rotation = 0.0
    /// The scale of the view's transform (the bounds keep their size, as in UIKit).
    public var scale = 1.0
    public var alpha = 1.0
    public var hidden = false
    public var collisionBounds = CollisionBoundsSpec.rectangle
    public var superview: ViewID?
    /// `scroll`: the view is a scroll view.
    public var scroll: ScrollSpec?
    /// A group's items (`group: { items: … }`, UIDynamicItemGroup); empty for a view. A group's
    /// `frame` is the union of its items' frames where they are declared.
    public var group: [ViewID] = []
    public var isGroup: Bool { !group.isEmpty }
    public init(name: String, location: SourceLocation, frame: Rect) {
        self.name = name; self.location = location; self.frame = frame
    }
}

/// A view's `scroll`: its content and how it moves (`UIScrollView`).
public struct ScrollSpec: Sendable, Hashable {
    /// The content size the scene gave (nil: with `zooming`, the zooming view's size × zoomScale).
    public var contentSize: Vec2?
    /// Per millisecond (`normal` 0.998, `fast` 0.99).
    public var decelerationRate = DecelerationRateName.normal.rate
    public var bounces = true
    public var paging = false
    public var contentInset = EdgeInsets.zero
    public var alwaysBounceVertical = false
    public var alwaysBounceHorizontal = false
    public var isScrollEnabled = true
    /// `zoom: { minimum, maximum, bounces }`.
    public var zoom: ZoomSpec?
    /// `zooming`: the subview it zooms (`viewForZooming`).
    public var zooming: ViewID?
    public init(contentSize: Vec2?) { self.contentSize = contentSize }
}

/// A scroll view's `zoom`.
public struct ZoomSpec: Sendable, Hashable {
    public var minimum = 1.0
    public var maximum = 1.0
    public var bounces = true
    public init() {}
}

/// `collisionBounds` of a view.
public enum CollisionBoundsSpec: Sendable, Hashable { case rectangle, ellipse, path([Vec2]) }

/// A view-controller transition.
public struct TransitionSpec: Sendable {
    public var name: String
    public var location: SourceLocation
    public var kind: TransitionKind
    public var from: ViewID?
    public var to: ViewID?
    public var finalFrame: Expr?
    public var duration = 0.35
    public var interactive = InteractionKind.custom
    public var completionSpeed = 1.0
    public var completionCurve = CurveName.easeInOut
    /// `initial: completed`: the case starts with the transition done, its `to` view at `finalFrame`.
    public var initiallyCompleted = false
    /// `animations`: what the transitioning animator does to its views along the progress.
    public var animations: [TransitionAnimation] = []
    /// `animator`: the property animator that drives it (UIKit's `interruptibleAnimator`).
    public var animator: AnimatorID?
    public var percentDriven: Bool { interactive == .percentDriven }
    public init(name: String, location: SourceLocation, kind: TransitionKind) {
        self.name = name; self.location = location; self.kind = kind
    }
}

/// One animated property of a transition's `from` or `to` view, from → to along the progress.
public struct TransitionAnimation: Sendable {
    public enum Property: String, Sendable, CaseIterable { case scale, translate, alpha }
    /// The view it animates: the transition's `from` (true) or `to` (false) view.
    public var onFrom: Bool
    public var property: Property
    public var from: [Double]
    public var to: [Double]
    public init(onFrom: Bool, property: Property, from: [Double], to: [Double]) {
        self.onFrom = onFrom; self.property = property; self.from = from; self.to = to
    }
}

extension Expr {
    /// The value of a number literal (`3`, `-0.5`), or nil for any other expression.
    public var literalNumber: Double? {
        switch node {
        case .number(let d): return d
        case .unary("-", let x): return x.literalNumber.map { -$0 }
        default: return nil
        }
    }
}
