import Diagnostics
import Expressions
import SceneVocabulary

/// An event rules can handle.
public enum Event: Hashable, Sendable {
    case gesture(GestureID, GestureEvent)
    case plain(PlainEvent)
    case transitionEnded(TransitionID)
    /// A scroll view's delegate event (`list.didScroll`).
    case scroll(ViewID, ScrollEvent)
    /// `<view>.contact`, `<view>.contactEnded`: that view's contacts only.
    case view(ViewID, ViewEvent)

    /// A contact event (scene-wide or one view's): `contact` holds the contact in its rules.
    public var isContact: Bool {
        switch self {
        case .plain(let p): return p == .contact || p == .contactEnded
        case .view: return true
        case .gesture, .transitionEnded, .scroll: return false
        }
    }
}

extension Scope {
    /// The scope of a scroll view's `willEndDragging` rule: with the delegate's two arguments.
    public var inWillEndDragging: Scope {
        var s = self
        for n in WillEndDraggingName.allCases { s.add(n.rawValue, .value(.point)) }
        return s
    }
}

/// An event handler of `on`.
public struct Rule: Sendable {
    public var event: Event
    /// The event as written (`pull.began`).
    public var eventName: String
    public var location: SourceLocation
    public var actions: [Action]
    public init(event: Event, eventName: String, location: SourceLocation, actions: [Action]) {
        self.event = event; self.eventName = eventName; self.location = location; self.actions = actions
    }
}

/// An action of a rule, a behaviour's `action`, a completion block, a timer or a script step.
public indirect enum Action: Sendable {
    case branch(condition: Expr, then: [Action], otherwise: [Action])
    case add([BehaviorID], SourceLocation)
    /// `remove: names`, or `remove: all` (nil).
    case remove([BehaviorID]?, SourceLocation)
    case set([SetTarget])
    case animate(AnimateSpec)
    case start(TransitionID, SourceLocation)
    case progress(Expr)
    case finish(SourceLocation)
    case cancel(SourceLocation)
    case complete(Expr)
    case velocity(item: ViewID, linear: Expr?, angular: Expr?, location: SourceLocation)
    case haptic(HapticStyle, SourceLocation)
    case removeView(ViewID, SourceLocation)
    case log(Expr)
    /// `after: delay, do: [actions]`: a timer; the delay rounds up to whole ticks.
    case after(delay: Expr, actions: [Action], location: SourceLocation)
    /// `startAnimator`, `pauseAnimator`, `continueAnimator`, `stopAnimator`.
    case animator(AnimatorID, AnimatorAction, SourceLocation)
    /// `resetAnimator`: every behaviour removed, a new dynamic animator (`elapsed` from 0).
    case resetAnimator(SourceLocation)

    /// Where the action is written (for a `set` of several paths, its first; for a branch, its
    /// condition).
    public var location: SourceLocation {
        switch self {
        case .branch(let c, _, _): return c.location
        case .add(_, let l), .remove(_, let l), .start(_, let l), .finish(let l), .cancel(let l), .haptic(_, let l),
            .removeView(_, let l), .velocity(_, _, _, let l), .after(_, _, let l), .animator(_, _, let l),
            .resetAnimator(let l):
            return l
        case .set(let targets): return targets.first?.location ?? .unknown()
        case .animate(let a): return a.location
        case .progress(let e), .complete(let e), .log(let e): return e.location
        }
    }
}

/// `set: { path: expr }`: a view property, a behaviour property or a variable.
public struct SetTarget: Sendable {
    public enum Target: Sendable, Hashable {
        case view(ViewID, ViewProperty)
        case behavior(BehaviorID, BehaviorProperty)
        case variable(VariableID)
        case animator(AnimatorID, AnimatorProperty)
        /// `targetContentOffset`, inside a scroll view's `willEndDragging` rule.
        case targetContentOffset
    }
    public var target: Target
    /// The target as written: `card.center`, `wasPushed`.
    public var path: String
    public var value: Expr
    public var location: SourceLocation
    public init(target: Target, path: String, value: Expr, location: SourceLocation) {
        self.target = target; self.path = path; self.value = value; self.location = location
    }
    /// The view and property, for a view target.
    public var view: (ViewID, ViewProperty)? { if case .view(let v, let p) = target { return (v, p) }; return nil }
}

/// `animate`: a UIView animation.
public struct AnimateSpec: Sendable {
    public var duration: Expr
    public var delay: Expr?
    public var curve: CurveName
    public var springDamping: Expr?
    public var springVelocity: Expr?
    /// View targets only (checked by the loader).
    public var sets: [SetTarget]
    /// `then`: the completion block, run on the tick the animation ends.
    public var then: [Action] = []
    public var location: SourceLocation
    public init(
        duration: Expr, delay: Expr?, curve: CurveName, springDamping: Expr?, springVelocity: Expr?, sets: [SetTarget],
        location: SourceLocation
    ) {
        self.duration = duration; self.delay = delay; self.curve = curve; self.springDamping = springDamping;
        self.springVelocity = springVelocity
        self.sets = sets; self.location = location
    }
}
