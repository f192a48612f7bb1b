import Diagnostics
import Expressions
import Geometry
import SceneModel
import SceneVocabulary

/// A view's observable state (points, radians, points/s).
public struct ViewState: Sendable {
    public var name: String
    /// UIKit's frame: the bounding box of the (rotated, scaled) view.
    public var frame: Rect
    /// The centre, and the bounds size (which rotation and scale do not change).
    public var center: Vec2
    public var size: Vec2
    public var rotation: Double
    /// The scale of the view's transform (1 unless a transition or `set` scaled it).
    public var scale: Double
    public var alpha: Double
    /// The view's own `hidden` (a hidden superview hides it on the screen too).
    public var hidden = false
    public var velocity: Vec2
    public var angularVelocity: Double
    public var resting: Bool
    public var removed: Bool
    /// The contacts the view (a group: its items) has begun.
    public var contacts = 0
    /// What the screen shows while an animation of the view runs; nil when none runs, the
    /// screen then showing the model values.
    public var onScreen: OnScreen?
    /// The frame on the screen, through the superviews' transforms and the scroll views' offsets
    /// (the bounding box when turned); nil: the frame (a subview of the reference view).
    public var screen: Rect?
    /// A scroll view's content offset, drag and motion.
    public var contentOffset = Vec2.zero
    public var isDragging = false
    public var isDecelerating = false
    /// The offset the screen shows (nil: the model's), during an `animate` of its insets or offset.
    public var shownContentOffset: Vec2?
    public var contentInset = EdgeInsets.zero
    public var isScrollEnabled = true
    public var zoomScale = 1.0
    public var isZooming = false
    public var isZoomBouncing = false
    public init(
        name: String, frame: Rect, rotation: Double, alpha: Double, velocity: Vec2 = .zero, angularVelocity: Double = 0,
        resting: Bool = true,
        removed: Bool = false, center: Vec2? = nil, size: Vec2? = nil, scale: Double = 1
    ) {
        self.name = name; self.frame = frame; self.rotation = rotation; self.alpha = alpha; self.velocity = velocity
        self.center = center ?? frame.center; self.size = size ?? frame.size; self.scale = scale
        self.angularVelocity = angularVelocity; self.resting = resting; self.removed = removed
    }

    /// The view as the screen shows it (`view.presentation`): the on-screen centre, size, frame,
    /// alpha, rotation and scale during an animation, every other member the model's.
    public func presented() -> ViewState {
        var p = self
        if let o = shownContentOffset {
            p.contentOffset = o
            p.shownContentOffset = nil
        }
        guard let s = onScreen else { return p }
        p.onScreen = nil
        p.center = s.center
        p.size = s.size
        p.alpha = s.alpha
        p.rotation = s.rotation
        p.scale = s.scale
        p.frame = ViewState.uikitFrame(center: s.center, size: s.size, rotation: s.rotation, scale: s.scale)
        p.screen = s.screen
        return p
    }

    /// UIKit's frame of bounds `size` around `center`, turned by `rotation` and scaled by `scale`:
    /// the bounding box.
    public static func uikitFrame(center: Vec2, size: Vec2, rotation: Double, scale: Double) -> Rect {
        guard rotation != 0 || scale != 1 else { return Rect(center: center, size: size) }
        let (c, s) = (Swift.abs(Elementary.cos(rotation)), Swift.abs(Elementary.sin(rotation)))
        let w = scale * size.x
        let h = scale * size.y
        return Rect(center: center, size: Vec2(c * w + s * h, s * w + c * h))
    }

    /// The value of a member: the one table of what a view exposes to expressions.
    public func value(_ m: ViewMember) -> Value {
        switch m {
        case .center: return .point(center)
        case .x: return .number(frame.origin.x)
        case .y: return .number(frame.origin.y)
        case .width: return .number(size.x)
        case .height: return .number(size.y)
        case .size: return .point(size)
        case .bounds: return .rect(Rect(origin: .zero, size: size))
        case .frame: return .rect(frame)
        case .minX: return .number(frame.minX)
        case .midX: return .number(frame.midX)
        case .maxX: return .number(frame.maxX)
        case .minY: return .number(frame.minY)
        case .midY: return .number(frame.midY)
        case .maxY: return .number(frame.maxY)
        case .rotation: return .number(rotation)
        case .scale: return .number(scale)
        case .alpha: return .number(alpha)
        case .hidden: return .bool(hidden)
        case .velocity: return .point(velocity)
        case .speed: return .number(velocity.length)
        case .angularVelocity: return .number(angularVelocity)
        case .resting: return .bool(resting)
        case .removed: return .bool(removed)
        case .screen: return .rect(screen ?? frame)
        case .contentOffset: return .point(contentOffset)
        case .isDragging: return .bool(isDragging)
        case .isDecelerating: return .bool(isDecelerating)
        case .contentInsetTop: return .number(contentInset.top)
        case .contentInsetLeft: return .number(contentInset.left)
        case .contentInsetBottom: return .number(contentInset.bottom)
        case .contentInsetRight: return .number(contentInset.right)
        case .isScrollEnabled: return .bool(isScrollEnabled)
        case .zoomScale: return .number(zoomScale)
        case .isZooming: return .bool(isZooming)
        case .isZoomBouncing: return .bool(isZoomBouncing)
        case .contacts: return .number(Double(contacts))
        }
    }
}

/// What the screen shows of a view during an animation: its centre, bounds size, alpha,
/// rotation and scale.
public struct OnScreen: Sendable, Equatable {
    public var center: Vec2
    public var size: Vec2
    public var alpha: Double
    public var rotation: Double
    public var scale: Double
    /// The on-screen frame as the screen shows it (nil: the on-screen values' frame).
    public var screen: Rect?
    public init(center: Vec2, size: Vec2, alpha: Double, rotation: Double, scale: Double) {
        self.center = center; self.size = size; self.alpha = alpha; self.rotation = rotation; self.scale = scale
    }
}

/// A gesture's observable state.
public struct GestureSnapshot: Sendable {
    public var name: String
    public var kind: GestureKind
    public var state: String
    public var location: Vec2
    public var locationInView: Vec2
    public var numberOfTouches = 0
    public var translation: Vec2
    /// A pan's velocity, pt/s.
    public var velocity: Vec2
    /// A pinch's velocity (scale/s) or a rotation's (rad/s).
    public var rate = 0.0
    public var scale = 1.0
    public var rotation = 0.0
    public init(
        name: String, kind: GestureKind = .pan, state: String, location: Vec2, locationInView: Vec2, translation: Vec2,
        velocity: Vec2
    ) {
        self.name = name; self.kind = kind; self.state = state; self.location = location
        self.locationInView = locationInView; self.translation = translation; self.velocity = velocity
    }
    /// Before any touch: state possible, every point zero.
    public static func idle(_ name: String, kind: GestureKind = .pan) -> GestureSnapshot {
        GestureSnapshot(
            name: name, kind: kind, state: "possible", location: .zero, locationInView: .zero, translation: .zero,
            velocity: .zero)
    }

    /// Member `m`, or nil when a gesture of this kind has no such member.
    public func value(_ m: GestureMember) -> Value? {
        guard let type = kind.type(of: m) else { return nil }
        switch m {
        case .location: return .point(location)
        case .locationInView: return .point(locationInView)
        case .translation: return .point(translation)
        case .velocity: return type == .point ? .point(velocity) : .number(rate)
        case .state: return .string(state)
        case .numberOfTouches: return .number(Double(numberOfTouches))
        case .scale: return .number(scale)
        case .rotation: return .number(rotation)
        }
    }
}

/// The contact a `contact` rule is handling.
public struct ContactSnapshot: Sendable {
    public var point: Vec2
    public var boundary: String
    public var item: String
    public var otherItem: String
    public init(point: Vec2, boundary: String, item: String, otherItem: String) {
        self.point = point; self.boundary = boundary; self.item = item; self.otherItem = otherItem
    }
    public func value(_ m: ContactMember) -> Value {
        switch m {
        case .point: return .point(point)
        case .boundary: return .string(boundary)
        case .item: return .string(item)
        case .otherItem: return .string(otherItem)
        }
    }
}

/// Everything an expression or an expectation can observe at one moment; the names of the
/// expression language resolve against it. `views`, `transitions`, `gestures` and `vars` are in
/// the scene's order, so a scene's ids index them.
public struct Snapshot: Sendable, NameResolver {
    public var time: Double
    public var elapsed: Double
    public var paused: Bool
    /// Scene time of the last change from running to paused, if any.
    public var lastPause: Double?
    public var worldSize: Vec2
    public var views: [ViewState]
    public var transitions: [(name: String, state: String, progress: Double)]
    public var gestures: [GestureSnapshot]
    public var currentGesture: Int?
    public var contact: ContactSnapshot?
    /// Inside a scroll view's `willEndDragging` rule: `releaseVelocity` (pt/ms) and
    /// `targetContentOffset`.
    public var scrollRelease: (velocity: Vec2, target: Vec2)?
    public var initialFrame: Rect
    public var finalFrame: Rect
    /// Event counts, in a fixed order.
    public var events: EventCounts
    /// Values of the scene's `vars` (while they are initialised, the earlier ones).
    public var vars: [Value]
    /// The scene's names.
    public var names: [String: NamedRef]
    /// This case's sweep parameter values.
    public var parameters: [Double] = []
    /// The duration of one tick (s): 1 / world.frameRate.
    public var tickDuration = 1.0 / 60
    /// Where rule comparisons record what they saw (`scenerun mutate`), when set.
    public var comparisonLog: ComparisonLog?
    /// The scene's property animators, in its order.
    public var animators: [AnimatorSnapshot] = []
    /// Inside an animator's completion: the position it received ('end', 'start', 'current').
    public var position: String?
    /// The view tree of the model values (`convert`); nil: every view a subview of the screen,
    /// unturned.
    public var tree: ViewTree?
    /// While a `shouldReceiveTouch` runs: the touch-down point `touch` reads.
    public var touchDown: Vec2?

    public init(
        time: Double, elapsed: Double, paused: Bool, lastPause: Double?, worldSize: Vec2, views: [ViewState],
        transitions: [(name: String, state: String, progress: Double)] = [], gestures: [GestureSnapshot] = [],
        currentGesture: Int? = nil, contact: ContactSnapshot? = nil, initialFrame: Rect = .zero,
        finalFrame: Rect = .zero,
        events: EventCounts = EventCounts(), vars: [Value] = [], names: [String: NamedRef]? = nil
    ) {
        self.time = time; self.elapsed = elapsed; self.paused = paused; self.lastPause = lastPause;
        self.worldSize = worldSize
        self.views = views; self.transitions = transitions; self.gestures = gestures;
        self.currentGesture = currentGesture
        self.contact = contact; self.initialFrame = initialFrame; self.finalFrame = finalFrame; self.events = events
        self.vars = vars
        if let names {
            self.names = names
        } else {
            var n: [String: NamedRef] = [:]
            for (i, v) in views.enumerated() { n[v.name] = .view(ViewID(i)) }
            for (i, g) in gestures.enumerated() { n[g.name] = .gesture(GestureID(i)) }
            for (i, t) in transitions.enumerated() { n[t.name] = .transition(TransitionID(i)) }
            self.names = n
        }
    }

    public func count(_ event: ExpectedEvent) -> Int { events[event] }

    public var current: GestureSnapshot { currentGesture.map { gestures[$0] } ?? .idle("gesture") }
    public func current(reading m: GestureMember) -> GestureSnapshot { current }
    public func variable(_ i: Int) -> Value? { i < vars.count ? vars[i] : nil }
    public func parameter(_ i: Int) -> Double? { i < parameters.count ? parameters[i] : nil }
    public func viewValue(_ i: Int, _ m: ViewMember, presented: Bool) -> Value {
        presented ? views[i].presented().value(m) : views[i].value(m)
    }
    public func gestureValue(_ i: Int, _ m: GestureMember) -> Value? { gestures[i].value(m) }
    public func transitionValue(_ i: Int, _ m: TransitionMember) -> Value {
        switch m {
        case .progress: return .number(transitions[i].progress)
        case .state: return .string(transitions[i].state)
        }
    }
    public func animatorValue(_ i: Int, _ m: AnimatorMember) -> Value? {
        i < animators.count ? animators[i].value(m) : nil
    }
}

/// What an expression reads at one moment, part by part. A `Snapshot` holds every part; a
/// runner may hand out a state that computes only the parts an expression reads, when it reads
/// them (the same values: nothing changes while an expression is evaluated). Names resolve the
/// same way against both (`resolve`, `convert`).
public protocol ObservedState: NameResolver {
    var time: Double { get }
    var elapsed: Double { get }
    var worldSize: Vec2 { get }
    var initialFrame: Rect { get }
    var finalFrame: Rect { get }
    /// While a `shouldReceiveTouch` runs: the touch-down point `touch` reads.
    var touchDown: Vec2? { get }
    /// Inside an animator's completion: the position it received.
    var position: String? { get }
    /// Inside a contact rule: the contact.
    var contact: ContactSnapshot? { get }
    /// Inside a scroll view's `willEndDragging` rule: `releaseVelocity` and `targetContentOffset`.
    var scrollRelease: (velocity: Vec2, target: Vec2)? { get }
    /// The scene's names.
    var names: [String: NamedRef] { get }
    /// The view tree of the model values (`convert`); nil: every view a subview of the screen.
    var tree: ViewTree? { get }
    /// The current gesture, as `gesture`, `touch`, `translation` and `velocity` read it, for
    /// reading its member `m` (the other members may be left out).
    func current(reading m: GestureMember) -> GestureSnapshot
    /// Var `i`'s value; nil before it has one.
    func variable(_ i: Int) -> Value?
    /// Sweep parameter `i`'s value; nil when there is none.
    func parameter(_ i: Int) -> Double?
    /// Member `m` of view `i`, or of what the screen shows of it (`presented`: `view.presentation`).
    func viewValue(_ i: Int, _ m: ViewMember, presented: Bool) -> Value
    /// Member `m` of gesture `i`; nil when a gesture of its kind has no such member.
    func gestureValue(_ i: Int, _ m: GestureMember) -> Value?
    func transitionValue(_ i: Int, _ m: TransitionMember) -> Value
    /// Member `m` of property animator `i`; nil when there is no such animator.
    func animatorValue(_ i: Int, _ m: AnimatorMember) -> Value?
}

extension Snapshot: ObservedState {}

extension ObservedState {
    /// A member of `world`: the reference view's bounds, their size and centre.
    public func worldValue(_ m: WorldMember) -> Value {
        let r = Rect(origin: .zero, size: worldSize)
        switch m {
        case .bounds: return .rect(r)
        case .width: return .number(worldSize.x)
        case .height: return .number(worldSize.y)
        case .center: return .point(r.center)
        case .size: return .point(worldSize)
        }
    }

    /// Member `m` of the current gesture as `gesture`, `touch`, `translation` and `velocity` read
    /// it: with a pan's type, so an error when the current gesture's kind has it otherwise.
    func currentMember(_ m: GestureMember, _ path: [String], at location: SourceLocation) throws(Diagnostic) -> Value {
        let g = current(reading: m)
        guard let v = g.value(m), g.kind.type(of: m) == m.type else {
            let has =
                g.kind.type(of: m) == nil ? "has no `\(m.rawValue)`" : "has `\(m.rawValue)` as a \(g.kind.type(of: m)!)"
            throw Diagnostic(
                "`\(path.joined(separator: "."))`: the current gesture `\(g.name)` (a \(g.kind.rawValue)) \(has); "
                    + "read it by the gesture's name (`\(g.name).\(m.rawValue)`)",
                at: location)
        }
        return v
    }

    /// Resolves a scope path. Every member comes from the vocabulary's tables; a name or member
    /// the tables do not know is an error, never a default.
    public func resolve(_ path: [String], at location: SourceLocation) throws(Diagnostic) -> Value {
        func unknown() -> Diagnostic { Diagnostic("`\(path.joined(separator: "."))` has no value here", at: location) }
        let member = path.count > 1 ? path[1] : nil
        if let builtin = BuiltinName(rawValue: path[0]) {
            switch builtin {
            case .world:
                guard let m = member.flatMap(WorldMember.init(rawValue:)) else { throw unknown() }
                return worldValue(m)
            case .time: return .number(time)
            case .elapsed: return .number(elapsed)
            case .finalFrame: return .rect(finalFrame)
            case .initialFrame: return .rect(initialFrame)
            case .pi: return .number(Double.pi)
            case .touch:
                if let p = touchDown { return .point(p) }
                return try currentMember(.location, path, at: location)
            case .translation: return try currentMember(.translation, path, at: location)
            case .velocity: return try currentMember(.velocity, path, at: location)
            case .gesture:
                guard let m = member.flatMap(GestureMember.init(rawValue:)), GestureMember.ofCurrentGesture.contains(m)
                else { throw unknown() }
                return try currentMember(m, path, at: location)
            case .position:
                guard let p = position else {
                    throw Diagnostic(
                        "`position` is only defined inside an animator's completion (`then`)", at: location)
                }
                return .string(p)
            case .contact:
                guard let c = contact else {
                    throw Diagnostic("`contact` is only defined inside a contact rule", at: location)
                }
                guard let m = member.flatMap(ContactMember.init(rawValue:)) else { throw unknown() }
                return c.value(m)
            }
        }
        if let n = WillEndDraggingName(rawValue: path[0]), names[path[0]] == nil {
            guard let r = scrollRelease else {
                throw Diagnostic(
                    "`\(n.rawValue)` is only defined inside a scroll view's `willEndDragging` rule", at: location)
            }
            switch n {
            case .releaseVelocity: return .point(r.velocity)
            case .targetContentOffset: return .point(r.target)
            }
        }
        guard let ref = names[path[0]] else { throw unknown() }
        switch ref {
        case .variable(let id):
            guard let v = variable(id.index) else {
                throw Diagnostic(
                    "`\(path[0])` is read before it has a value (declare it before the variables that use it)",
                    at: location)
            }
            return v
        case .view(let id):
            if member == ViewMember.presentation {
                guard path.count > 2, let m = ViewMember(rawValue: path[2]) else { throw unknown() }
                return viewValue(id.index, m, presented: true)
            }
            // A dotted member (`list.contentInset.top`) is named by two parts.
            let name = path.count > 2 ? member.map { $0 + "." + path[2] } : member
            guard let m = name.flatMap(ViewMember.init(rawValue:)) else { throw unknown() }
            return viewValue(id.index, m, presented: false)
        case .gesture(let id):
            guard let m = member.flatMap(GestureMember.init(rawValue:)), let v = gestureValue(id.index, m) else {
                throw unknown()
            }
            return v
        case .transition(let id):
            guard let m = member.flatMap(TransitionMember.init(rawValue:)) else { throw unknown() }
            return transitionValue(id.index, m)
        case .parameter(let i):
            guard let p = parameter(i) else { throw unknown() }
            return .number(p)
        case .animator(let id):
            guard let m = member.flatMap(AnimatorMember.init(rawValue:)), let v = animatorValue(id.index, m) else {
                throw unknown()
            }
            return v
        case .behavior:
            throw unknown()
        }
    }
}

extension ObservedState {
    /// `convert(p, from, to)`: between two views' coordinates (or `screen`, the window), through
    /// the model's view tree, as UIKit's `convert(_:from:)`.
    public func convert(_ p: Vec2, from: String, to: String, at location: SourceLocation) throws(Diagnostic) -> Vec2 {
        func space(_ name: String) throws(Diagnostic) -> Int? {
            if name == screenSpace { return nil }
            guard case .view(let id)? = names[name] else {
                throw Diagnostic("`\(name)` is not a view", at: location)
            }
            return id.index
        }
        let (a, b) = (try space(from), try space(to))
        guard let tree else { return p }
        guard let q = tree.convert(p, from: a, to: b) else {
            throw Diagnostic(
                "`\(to)` is scaled to nothing (its scale or a superview's is 0): no point of the screen is in its "
                    + "coordinates",
                at: location)
        }
        return q
    }
}
