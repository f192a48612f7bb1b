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
    /// The event as written (`pull.began`); for a copy of a `[*]` rule, its copy's event
    /// (`drag[2].ended`).
    public var eventName: String
    /// For a copy of a `[*]` rule, the rule's key as written (`drag[*].ended`): its location and
    /// its actions' are the template's, which every copy shares.
    public var template: String?
    public var location: SourceLocation
    public var actions: [Action]
    public init(event: Event, eventName: String, location: SourceLocation, actions: [Action], template: String? = nil) {
        self.event = event; self.eventName = eventName; self.location = location; self.actions = actions
        self.template = template
    }
}

/// An action of a rule, a behaviour's `action`, a completion block, a timer or a script step.
public indirect enum Action: Sendable {
    case branch(condition: Expr, then: [Action], otherwise: [Action])
    case add([Ref<BehaviorID>], SourceLocation)
    /// `remove: names`, or `remove: all` (nil).
    case remove([Ref<BehaviorID>]?, SourceLocation)
    case set([SetTarget])
    case animate(AnimateSpec)
    case start(TransitionID, SourceLocation)
    case progress(Expr)
    case finish(SourceLocation)
    case cancel(SourceLocation)
    case complete(Expr)
    case velocity(item: Ref<ViewID>, linear: Expr?, angular: Expr?, location: SourceLocation)
    case haptic(HapticStyle, SourceLocation)
    case removeView(Ref<ViewID>, SourceLocation)
    case log(Expr)
    /// `after: delay, do: [actions]`: a timer; the delay rounds up to whole ticks.
    case after(delay: Expr, actions: [Action], location: SourceLocation)
    /// `startAnimator`, `pauseAnimator`, `continueAnimator`, `stopAnimator`.
    case animator(AnimatorID, AnimatorAction, SourceLocation)
    /// `resetAnimator`: every behaviour removed, a new dynamic animator (`elapsed` from 0).
    case resetAnimator(SourceLocation)
    /// `scrollTo: { view, offset }`: a scroll view's `setContentOffset(_:animated: true)`.
    case scrollTo(ViewID, offset: Expr, SourceLocation)
    /// `zoomTo: { view, rect }`: a zooming scroll view's `zoom(to:animated: true)`.
    case zoomTo(ViewID, rect: Expr, SourceLocation)

    /// Where the action is written (for a `set` of several paths, its first; for a branch, its
    /// condition).
    public var location: SourceLocation {
        switch self {
        case .branch(let c, _, _): return c.location
        case .add(_, let l), .remove(_, let l), .start(_, let l), .finish(let l), .cancel(let l), .haptic(_, let l),
            .removeView(_, let l), .velocity(_, _, _, let l), .after(_, _, let l), .animator(_, _, let l),
            .resetAnimator(let l), .scrollTo(_, _, let l), .zoomTo(_, _, let l):
            return l
        case .set(let targets): return targets.first?.location ?? .unknown()
        case .animate(let a): return a.location
        case .progress(let e), .complete(let e), .log(let e): return e.location
        }
    }
}

/// An object an action names: one known when the scene loads, or the copy of a repeated one that
/// an index picks when the action runs (`add: "fling[top]"`).
public enum Ref<ID: Hashable & Sendable>: Hashable, Sendable {
    case id(ID)
    case pick(CopyPick)
}

extension Ref {
    /// The id: the one known at load, or the one `pick` gives for the copy the index picks now
    /// (`id` makes it from the index among its kind).
    public func resolved<E: Error>(_ pick: (CopyPick) throws(E) -> Int, _ id: (Int) -> ID) throws(E) -> ID {
        switch self {
        case .id(let x): return x
        case .pick(let p): return id(try pick(p))
        }
    }
}

extension Ref where ID == ViewID {
    public func resolved<E: Error>(_ pick: (CopyPick) throws(E) -> Int) throws(E) -> ViewID {
        try resolved(pick, ViewID.init)
    }
}

extension Ref where ID == BehaviorID {
    public func resolved<E: Error>(_ pick: (CopyPick) throws(E) -> Int) throws(E) -> BehaviorID {
        try resolved(pick, BehaviorID.init)
    }
}

extension [SetTarget] {
    /// These targets with each copy picked now (`card[top].center` → `card[3].center`) by `pick`.
    public func picking<E: Error>(_ pick: (CopyPick) throws(E) -> Int) throws(E) -> [SetTarget] {
        guard contains(where: { $0.pick != nil }) else { return self }
        var out: [SetTarget] = []
        for t in self { out.append(try t.pick.map { p throws(E) in t.picking(try pick(p)) } ?? t) }
        return out
    }
}

/// `card[top]` in an action's name or a `set` key: which copy of the repeated `card` is picked
/// by evaluating `index` when the action runs.
public struct CopyPick: Hashable, Sendable {
    /// The repeated template's name (`card`).
    public var template: String
    /// The index among their kind (views, behaviours, gestures) of copy 0; the copies follow it.
    public var first: Int
    public var count: Int
    public var index: Expr
    public init(template: String, first: Int, count: Int, index: Expr) {
        self.template = template; self.first = first; self.count = count; self.index = index
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
    /// For a key whose copy is picked at run time (`card[top].center`), copy 0's target: the
    /// runner replaces its id with the picked copy's before it evaluates or assigns anything.
    public var target: Target
    /// The copy a run-time index picks (`card[top].center`); nil for a key known at load.
    public var pick: CopyPick?
    /// The target as written: `card.center`, `wasPushed`.
    public var path: String
    public var value: Expr
    public var location: SourceLocation
    public init(target: Target, path: String, value: Expr, location: SourceLocation) {
        self.target = target; self.path = path; self.value = value; self.location = location
    }
    /// The view and property, for a view target.
    public var view: (ViewID, ViewProperty)? { if case .view(let v, let p) = target { return (v, p) }; return nil }
    /// This target with the view or behaviour at `k` (the picked copy's index among its kind) in
    /// place of copy 0's, no pick left, and the copy's name in its path (`card[3].scale` for
    /// `card[top].scale`: what the trace and a refusal of the value name).
    public func picking(_ k: Int) -> SetTarget {
        var t = self
        if let p = pick, let property = path.split(separator: ".").last {
            t.path = "\(p.template)[\(k - p.first)].\(property)"
        }
        switch target {
        case .view(_, let p): t.target = .view(ViewID(k), p)
        case .behavior(_, let p): t.target = .behavior(BehaviorID(k), p)
        case .variable, .animator, .targetContentOffset: break
        }
        t.pick = nil
        return t
    }
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
