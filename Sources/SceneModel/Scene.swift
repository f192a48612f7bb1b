import Diagnostics
import Expressions
import Geometry

/// A loaded, validated scene case: the scene file's content with every value typed, every
/// expression parsed and checked, every name resolved, and locations kept for diagnostics.
public struct Scene: Sendable {
    /// The file path as given.
    public var file: String
    /// The file's text (for rendering diagnostics).
    public var source: String
    /// Report name: the scene's `name`, plus " / variant" for a variant.
    public var name: String
    public var variant: String?
    public var location: SourceLocation
    public var world: WorldSpec
    public var views: [ViewSpec]
    public var behaviors: [BehaviorSpec]
    public var transitions: [TransitionSpec]
    public var gestures: [GestureSpec]
    public var rules: [Rule]
    /// `vars`: state the rules keep, in declaration order.
    public var vars: [VariableSpec] = []
    public var script: [Step]
    public var expect: Expectation?
    /// The names expressions of this scene may use (`contact` is added inside contact rules).
    public var scope = Scope()

    public init(file: String, source: String, name: String, location: SourceLocation) {
        self.file = file; self.source = source; self.name = name; self.location = location
        world = WorldSpec(); views = []; behaviors = []; transitions = []; gestures = []; rules = []; script = []
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
    public var alpha = 1.0
    public var hidden = false
    public var collisionBounds = CollisionBoundsSpec.rectangle
    public var superview: String?
    public init(name: String, location: SourceLocation, frame: Rect) { self.name = name; self.location = location; self.frame = frame }
}

/// `collisionBounds` of a view.
public enum CollisionBoundsSpec: Sendable, Hashable { case rectangle, ellipse, path([Vec2]) }

/// A named behaviour.
public struct BehaviorSpec: Sendable {
    public var name: String
    public var location: SourceLocation
    public var kind: BehaviorKind
    public var active = false
    /// `action`: run every tick while the behaviour is in the animator (`UIDynamicBehavior.action`).
    public var action: [Action] = []
    public init(name: String, location: SourceLocation, kind: BehaviorKind) { self.name = name; self.location = location; self.kind = kind }
}

/// `collision.mode`.
public enum CollisionModeSpec: String, Sendable { case items, boundaries, everything }

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

/// `attachment.kind`.
public enum AttachmentKindSpec: String, Sendable { case spring, sliding, limit, fixed, pin }

/// The parameters of an attachment; every value an expression evaluated when it is added.
public struct AttachmentSpec: Sendable {
    public var item: String
    public var anchor: Expr?
    public var to: String?
    public var offset: Expr?
    public var toOffset: Expr?
    public var length: Expr?
    public var frequency: Expr?
    public var damping: Expr?
    public var kind = AttachmentKindSpec.spring
    public var axis: Expr?
    public var range: (Expr, Expr)?
    public var frictionTorque: Expr?
    public init(item: String) { self.item = item }
}

/// Every behaviour kind of the scene format.
public enum BehaviorKind: Sendable {
    case gravity(items: [String], magnitude: Expr?, angle: Expr?, direction: Expr?)
    case collision(items: [String], mode: CollisionModeSpec, referenceBounds: [String: Expr]?, boundaries: [BoundarySpec])
    case attachment(AttachmentSpec)
    case snap(item: String, to: Expr, damping: Expr?)
    case push(items: [String], instantaneous: Bool, magnitude: Expr?, angle: Expr?, direction: Expr?, offset: Expr?, active: Expr?)
    case item(items: [String], properties: [(String, Expr)])
    case field(FieldSpec)
    case composite(children: [String])

    /// The views the behaviour names (not its children's).
    public var items: [String] {
        switch self {
        case .gravity(let i, _, _, _), .collision(let i, _, _, _), .push(let i, _, _, _, _, _, _), .item(let i, _): return i
        case .field(let f): return f.items
        case .attachment(let a): return a.to.map { [a.item, $0] } ?? [a.item]
        case .snap(let i, _, _): return [i]
        case .composite: return []
        }
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

/// A field behaviour (`UIFieldBehavior`); every number may be an expression.
public struct FieldSpec: Sendable {
    public var kind: String
    public var items: [String]
    public var position: Expr?
    public var region: RegionSpec
    public var strength: Expr?
    public var falloff: Expr?
    public var minimumRadius: Expr?
    public var direction: Expr?
    public var smoothness: Expr?
    public var animationSpeed: Expr?
    public init(kind: String, items: [String]) { self.kind = kind; self.items = items; region = .infinite }
}

/// A view-controller transition.
public struct TransitionSpec: Sendable {
    public var name: String
    public var location: SourceLocation
    public var presenting: Bool
    public var from: String?
    public var to: String?
    public var finalFrame: Expr?
    public var duration = 0.35
    public var percentDriven = false
    public var completionSpeed = 1.0
    public var completionCurve = "easeInOut"
    /// `initial: completed`: the case starts with the transition done, its `to` view at `finalFrame`.
    public var initiallyCompleted = false
    /// `animations`: view → (property, from, to) pairs applied along the progress.
    public var animations: [(view: String, property: String, from: [Double], to: [Double])] = []
    public init(name: String, location: SourceLocation, presenting: Bool) { self.name = name; self.location = location; self.presenting = presenting }
}

/// A gesture recogniser attached to a view.
public struct GestureSpec: Sendable {
    public var name: String
    public var location: SourceLocation
    /// The view the recogniser is attached to; nil for `in: world` (the reference view).
    public var view: String?
    public var screenEdge: Bool
    public var minimumDistance: Double
    public var edges: [String]
    public init(name: String, location: SourceLocation, view: String?, screenEdge: Bool, minimumDistance: Double, edges: [String]) {
        self.name = name; self.location = location; self.view = view; self.screenEdge = screenEdge; self.minimumDistance = minimumDistance; self.edges = edges
    }
}

/// An event handler of `on`.
public struct Rule: Sendable {
    public var event: String
    public var location: SourceLocation
    public var actions: [Action]
    public init(event: String, location: SourceLocation, actions: [Action]) { self.event = event; self.location = location; self.actions = actions }
}

/// An action of a rule or a script step.
public indirect enum Action: Sendable {
    case branch(condition: Expr, then: [Action], otherwise: [Action])
    case add([String], SourceLocation)
    case remove([String]?, SourceLocation)
    case set([SetTarget])
    case animate(AnimateSpec)
    case start(String, SourceLocation)
    case progress(Expr)
    case finish(SourceLocation)
    case cancel(SourceLocation)
    case complete(Expr)
    case velocity(item: String, linear: Expr?, angular: Expr?, location: SourceLocation)
    case haptic(String, SourceLocation)
    case removeView(String, SourceLocation)
    case log(Expr)
    /// `after: delay, do: [actions]`: a timer; the delay rounds up to whole ticks.
    case after(delay: Expr, actions: [Action], location: SourceLocation)
}

/// `set: { path: expr }`: a view property, a behaviour property or a variable.
public struct SetTarget: Sendable {
    public enum Kind: Sendable { case view, behavior, variable }
    /// The view, behaviour or variable named.
    public var object: String
    /// The property (empty for a variable).
    public var property: String
    public var value: Expr
    public var location: SourceLocation
    public var kind: Kind
    public var isView: Bool { kind == .view }
    public init(object: String, property: String, value: Expr, location: SourceLocation, kind: Kind) {
        self.object = object; self.property = property; self.value = value; self.location = location; self.kind = kind
    }
    /// The target as written: `card.center`, `wasPushed`.
    public var path: String { property.isEmpty ? object : "\(object).\(property)" }
}

/// `animate`: a UIView animation.
public struct AnimateSpec: Sendable {
    public var duration: Expr
    public var delay: Expr?
    public var curve: String
    public var springDamping: Expr?
    public var springVelocity: Expr?
    public var sets: [SetTarget]
    /// `then`: the completion block, run on the tick the animation ends.
    public var then: [Action] = []
    public var location: SourceLocation
    public init(duration: Expr, delay: Expr?, curve: String, springDamping: Expr?, springVelocity: Expr?, sets: [SetTarget], location: SourceLocation) {
        self.duration = duration; self.delay = delay; self.curve = curve; self.springDamping = springDamping; self.springVelocity = springVelocity; self.sets = sets; self.location = location
    }
}

/// A step of the script. Its numbers are expressions (over `vars`, sweep names and the scene's
/// state), evaluated when the step starts; literals were checked when the scene was loaded.
public enum Step: Sendable {
    case pan(PanSpec)
    case flick(gesture: String, from: Expr, velocity: Expr, distance: Expr, location: SourceLocation)
    /// `wait: seconds` or `wait: { frames: n }` (exactly one of the two).
    case wait(frames: Expr?, seconds: Expr?, location: SourceLocation)
    case waitForRest(timeout: Expr?, location: SourceLocation)
    case waitFor(Expr, timeout: Expr?, location: SourceLocation)
    case expect(Expectation)
    case action(Action)
}

/// A keyframe of a finger path: time (s) and point, each an expression.
public struct Keyframe: Sendable {
    public var t: Expr
    public var p: Expr
    public var location: SourceLocation
    public init(t: Expr, p: Expr, location: SourceLocation) { self.t = t; self.p = p; self.location = location }
}

/// A finger path for a gesture: keyframes `[t, x, y]` (seconds, points).
public struct PanSpec: Sendable {
    public var gesture: String
    public var keyframes: [Keyframe]
    public var curve: String
    public var hold: Bool
    public var location: SourceLocation
    public init(gesture: String, keyframes: [Keyframe], curve: String, hold: Bool, location: SourceLocation) {
        self.gesture = gesture; self.keyframes = keyframes; self.curve = curve; self.hold = hold; self.location = location
    }
}

/// `expect`: the expected state.
public struct Expectation: Sendable {
    public var location: SourceLocation
    public var transitions: [(name: String, state: String, location: SourceLocation)] = []
    public var views: [ViewExpectation] = []
    public var rest: (Bool, SourceLocation)?
    public var restBy: (Double, SourceLocation)?
    public var events: [(name: String, spec: CountSpec, location: SourceLocation)] = []
    public var that: [Expr] = []
    public init(location: SourceLocation) { self.location = location }
}

/// One property of a view expected to have a value, within a tolerance.
public struct ViewExpectation: Sendable {
    public var view: String
    public var property: String
    public var value: Expr
    public var within: Double
    public var location: SourceLocation
    public init(view: String, property: String, value: Expr, within: Double, location: SourceLocation) {
        self.view = view; self.property = property; self.value = value; self.within = within; self.location = location
    }
}

/// An event count: `3`, `>= 1`, `< 5`, `== 2`, `1...4`.
public struct CountSpec: Sendable, Hashable, CustomStringConvertible {
    public var lower: Int
    public var upper: Int?
    public var text: String
    public init(lower: Int, upper: Int?, text: String) { self.lower = lower; self.upper = upper; self.text = text }
    public func matches(_ n: Int) -> Bool { n >= lower && (upper.map { n <= $0 } ?? true) }
    public var description: String { text }

    /// Parses a count spec, or nil.
    public static func parse(_ s: String) -> CountSpec? {
        let t = s.trimmingCharacters()
        let parts = t.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 4 && parts[1].isEmpty && parts[2].isEmpty {
            guard let a = Int(parts[0].trimmingCharacters()), let b = Int(parts[3].trimmingCharacters()), a <= b, a >= 0 else { return nil }
            return CountSpec(lower: a, upper: b, text: t)
        }
        for (op, f) in [(">=", { (n: Int) in (n, Int?.none) }), ("<=", { (n: Int) in (0, Int?.some(n)) }),
                        ("==", { (n: Int) in (n, Int?.some(n)) }), (">", { (n: Int) in (n + 1, Int?.none) }),
                        ("<", { (n: Int) in (0, Int?.some(n - 1)) })] where t.hasPrefix(op) {
            guard let n = Int(t.dropFirst(op.count).trimmingCharacters()), n >= 0 else { return nil }
            let (lo, hi) = f(n)
            if let h = hi, h < lo { return nil }
            return CountSpec(lower: lo, upper: hi, text: t)
        }
        guard let n = Int(t), n >= 0 else { return nil }
        return CountSpec(lower: n, upper: n, text: t)
    }
}

extension StringProtocol {
    func trimmingCharacters() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " { s.removeFirst() }
        while let l = s.last, l == " " { s.removeLast() }
        return String(s)
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
