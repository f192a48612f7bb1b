import Diagnostics
import Expressions
import Geometry
import Interaction
import SceneModel

/// The animating concern of a run: UIView animations and property animators' animations of
/// views' channels, the completion blocks (`then`) of running animations, the scene's property
/// animators, those that ended on this tick, and the position the running completion reads. It
/// owns its state: only its methods change it. The methods here read nothing else (a unit test
/// drives them); those in Presentation.swift and PropertyAnimators.swift are given the run, for
/// the views they animate, the expressions they evaluate and the actions they run.
@_spi(Testing) public final class RunAnimations {
    /// A completion block (`then`) of a running animation: when it is due, the view channels whose
    /// next animation interrupts it, and what it runs.
    @_spi(Testing) public struct Completion {
        public var end: Double
        public var channels: [(view: Int, channel: AnimatedChannel)]
        public var actions: [Action]
        public var scope: Scope

        public init(
            end: Double, channels: [(view: Int, channel: AnimatedChannel)], actions: [Action], scope: Scope
        ) {
            self.end = end; self.channels = channels; self.actions = actions; self.scope = scope
        }
    }

    // The stored state below is unchecked for exclusive access, as the run's (Runner.swift).
    /// UIView and property-animator animations of views' channels, in the order they began.
    @exclusivity(unchecked) public private(set) var animations: [ViewAnimation] = []
    /// Completion blocks of running animations, in the order the animations started.
    @exclusivity(unchecked) public private(set) var completions: [Completion] = []
    /// The scene's property animators, in its order.
    @exclusivity(unchecked) public private(set) var propertyAnimators: [PropertyAnimator]
    /// Animators that ended on this tick, with their positions: their completions run at its end.
    @exclusivity(unchecked) public private(set) var endedAnimators: [(index: Int, position: AnimatorPosition)] = []
    /// The position of the animator whose completion is running (`position` in expressions).
    @exclusivity(unchecked) public private(set) var completionPosition: AnimatorPosition?
    /// While an `animate` runs its `set`: how the screen follows a scroll view's offset the set
    /// moves (the input concern reads it through the dispatcher).
    @exclusivity(unchecked) public private(set) var scrollAnimation: ScrollView.ShownShift?

    /// Whether each property animator was ever made active (`activate`): one never made active
    /// is as set-up made it.
    @exclusivity(unchecked) public private(set) var activated: [Bool]

    public init(_ propertyAnimators: [PropertyAnimator]) {
        self.propertyAnimators = propertyAnimators
        activated = propertyAnimators.map { _ in false }
    }

    /// The stored properties `init(copying:scene:)` knows (a test compares it with `Mirror`'s).
    static let copiedFieldCount = 7

    /// A copy of `a`; a property animator never made active takes its settings from `scene`.
    init(copying a: RunAnimations, scene: Scene) {
        animations = a.animations
        completions = a.completions
        propertyAnimators = a.propertyAnimators
        activated = a.activated
        for (k, spec) in scene.animators.enumerated() where k < activated.count && !activated[k] {
            propertyAnimators[k] = RunAnimations.animator(spec)
        }
        endedAnimators = a.endedAnimators
        completionPosition = a.completionPosition
        scrollAnimation = a.scrollAnimation
    }

    /// The property animator set-up makes for a scene's animator (the timing is evaluated when
    /// it becomes active: `activate`).
    static func animator(_ spec: AnimatorSpec) -> PropertyAnimator {
        PropertyAnimator(
            duration: spec.duration, timing: .cubic(.linear), scrubsLinearly: spec.scrubsLinearly,
            pausesOnCompletion: spec.pausesOnCompletion)
    }

    /// Animator `k` is made active (its first time counts: `activated`).
    public func noteActivated(_ k: Int) { activated[k] = true }

    /// An `animate` starts (or ends) running its `set`.
    public func setScrollAnimation(_ a: ScrollView.ShownShift?) { scrollAnimation = a }

    /// The progress of an animation at time `t` (x-like and y-like components).
    public func progress(of a: ViewAnimation, at t: Double) -> Vec2 {
        switch a.clock {
        case .timed(let start, let duration, let curve, let spring):
            let e = t - start
            if e <= 0 { return Vec2(0, 0) }
            let p: Double
            if let s = spring {
                p = e >= duration ? 1 : s.value(at: e)
            } else {
                p = duration <= 0 ? 1 : curve.value(at: Swift.min(1, e / duration))
            }
            return Vec2(p, p)
        case .animator(let k):
            return propertyAnimators[k].progress(at: t)
        }
    }

    /// What the screen shows at time `t` of view `i`, whose model values are `model`.
    ///
    /// Animations are additive (as UIKit's have been since iOS 8): the screen shows the model
    /// value plus the animation's remaining offset, `lerp(from, to, p) − to`, the latest
    /// animation of each channel counting. For a view nothing else moves that is the
    /// interpolation itself; for a view the dynamics took over during the animation it is the
    /// body's position plus an offset that decays to zero. x and width follow an animator's
    /// x-like progress, y and height its y-like one, alpha, rotation and scale the x-like one.
    public func presentation(_ i: Int, model: Shown, at t: Double) -> Shown {
        if animations.isEmpty { return model }
        var s = model
        func last(_ c: AnimatedChannel) -> (ViewAnimation, Vec2)? {
            guard let a = animations.last(where: { $0.view == i && $0.channel == c }) else { return nil }
            let p = progress(of: a, at: t)
            return (a, Vec2(1 - p.x, 1 - p.y))  // the part of the change still to come
        }
        if let (a, q) = last(.frame) {
            let f = a.from.frame
            let to = a.to.frame
            s.frame = Rect(
                x: s.frame.origin.x + q.x * (f.origin.x - to.origin.x),
                y: s.frame.origin.y + q.y * (f.origin.y - to.origin.y),
                width: s.frame.size.x + q.x * (f.size.x - to.size.x),
                height: s.frame.size.y + q.y * (f.size.y - to.size.y))
        }
        if let (a, q) = last(.alpha) { s.alpha += q.x * (a.from.alpha - a.to.alpha) }
        if let (a, q) = last(.rotation) { s.rotation += q.x * (a.from.rotation - a.to.rotation) }
        if let (a, q) = last(.scale) { s.scale += q.x * (a.from.scale - a.to.scale) }
        return s
    }

    /// Whether an animation of view `i` is running at time `t`.
    public func isAnimating(_ i: Int, at t: Double) -> Bool {
        animations.contains { $0.view == i && !$0.finished(at: t) }
    }

    /// Whether an animation of any view is running at time `t`.
    public func isAnimatingAny(at t: Double) -> Bool { animations.contains { !$0.finished(at: t) } }

    /// The channels a list of `set` targets animates, view by view in the order first named.
    public static func channels(of sets: [SetTarget]) -> [(view: Int, channel: AnimatedChannel)] {
        var out: [(view: Int, channel: AnimatedChannel)] = []
        for t in sets {
            // `hidden` and a scroll view's properties do not animate on a channel.
            guard let (v, p) = t.view, let c = AnimatedChannel(p) else { continue }
            if !out.contains(where: { $0.view == v.index && $0.channel == c }) { out.append((v.index, c)) }
        }
        return out
    }

    public func add(_ animation: ViewAnimation) { animations.append(animation) }

    /// Animator `k`'s animations go (it stopped, ended, or runs its animations block again).
    public func removeAnimations(ofAnimator k: Int) { animations.removeAll { $0.animatorIndex == k } }

    /// The timed animations finished by time `t` go (the end of a tick).
    public func removeFinished(at t: Double) { animations.removeAll { $0.finished(at: t) } }

    /// The completion blocks on one of `channels`, taken in the order they started: a new
    /// animation of those channels interrupts them, and they run at once.
    public func interrupt(_ channels: [(view: Int, channel: AnimatedChannel)]) -> [Completion] {
        let interrupted = completions.indices.filter { k in
            completions[k].channels.contains { c in channels.contains { $0.view == c.view && $0.channel == c.channel } }
        }
        let blocks = interrupted.map { completions[$0] }
        for k in interrupted.reversed() { completions.remove(at: k) }
        return blocks
    }

    public func addCompletion(_ c: Completion) { completions.append(c) }

    /// The first completion block (in the order the animations started) due by time `t`, taken.
    public func takeDueCompletion(at t: Double) -> Completion? {
        guard let k = completions.firstIndex(where: { $0.end <= t + 1e-9 }) else { return nil }
        return completions.remove(at: k)
    }

    /// Animator `k` ended at `position`: its completion is due at the end of the tick.
    public func noteEnded(_ k: Int, _ position: AnimatorPosition) { endedAnimators.append((k, position)) }

    /// The first animator that ended (in the order they ended), taken.
    public func takeEnded() -> (index: Int, position: AnimatorPosition)? {
        endedAnimators.isEmpty ? nil : endedAnimators.removeFirst()
    }

    /// The animator that ended last, taken (its completion runs at once).
    public func takeLastEnded() -> (index: Int, position: AnimatorPosition) { endedAnimators.removeLast() }

    /// Runs `body` with `position` as the running completion's.
    public func whileCompleting<E: Error>(_ position: AnimatorPosition, _ body: () throws(E) -> Void) throws(E) {
        let outer = completionPosition
        completionPosition = position
        defer { completionPosition = outer }
        try body()
    }

    /// Gives inactive animator `k` a new timing (its timing is evaluated each time it becomes
    /// active); an active or stopped one keeps its own.
    public func retime(_ k: Int, _ timing: AnimatorTiming) { propertyAnimators[k].retime(timing) }

    /// Runs `body` on property animator `k`; a use UIKit refuses throws.
    @discardableResult
    public func using<T>(
        _ k: Int, _ body: (inout PropertyAnimator) throws(AnimatorMisuse) -> T
    ) throws(AnimatorMisuse) -> T {
        try body(&propertyAnimators[k])
    }

    /// Animator `k` stops at time `t` where it is, without finishing.
    public func stopWithoutFinishing(_ k: Int, at t: Double) { propertyAnimators[k].stopWithoutFinishing(at: t) }

    /// Advances animator `k` to time `t`; the position it reached when it ended there.
    public func advance(_ k: Int, to t: Double) -> AnimatorPosition? { propertyAnimators[k].advance(to: t) }
}
