import Expectations
import Expressions
import Geometry
import Interaction
import SceneModel
import SceneVocabulary

/// What the screen shows of a view: its bounds around its centre, alpha, rotation and scale.
struct Shown: Equatable {
    var frame: Rect
    var alpha: Double
    var rotation: Double
    var scale: Double
}

/// What one animation animates of a view; each channel animates on its own.
enum AnimatedChannel: Equatable {
    case frame, alpha, rotation, scale

    init(_ p: ViewProperty) {
        switch p {
        case .x, .y, .width, .height, .size, .center, .frame: self = .frame
        case .alpha: self = .alpha
        case .rotation: self = .rotation
        case .scale: self = .scale
        }
    }
}

/// A UIView animation or a property animator's animation of one channel of a view: the model
/// value changed at once; the screen follows the curve, the spring or the animator from where
/// it was.
struct ViewAnimation {
    enum Clock {
        /// A UIView animation from `start`, over `duration`, along the curve or the spring.
        case timed(start: Double, duration: Double, curve: TimingCurve, spring: Spring?)
        /// Driven by the property animator of this index.
        case animator(Int)
    }
    var view: Int
    var channel: AnimatedChannel
    var clock: Clock
    /// What the screen showed when it began, and the model values it animates to.
    var from: Shown
    var to: Shown

    var animatorIndex: Int? { if case .animator(let k) = clock { return k }; return nil }

    func finished(at t: Double) -> Bool {
        guard case .timed(let start, let duration, _, _) = clock else { return false }
        return t - start >= duration
    }
}

extension Run {
    /// The progress of an animation at the current time (x-like and y-like components).
    func progress(of a: ViewAnimation) -> Vec2 {
        switch a.clock {
        case .timed(let start, let duration, let curve, let spring):
            let e = clock.time - start
            if e <= 0 { return Vec2(0, 0) }
            let p: Double
            if let s = spring {
                p = e >= duration ? 1 : s.value(at: e)
            } else {
                p = duration <= 0 ? 1 : curve.value(at: Swift.min(1, e / duration))
            }
            return Vec2(p, p)
        case .animator(let k):
            return animating.propertyAnimators[k].progress(at: clock.time)
        }
    }

    /// The model values of view `i`.
    func model(_ i: Int) -> Shown {
        Shown(frame: views[i].frame, alpha: views[i].alpha, rotation: views[i].rotation, scale: views[i].scale)
    }

    /// What the screen shows of view `i`.
    ///
    /// Animations are additive (as UIKit's have been since iOS 8): the screen shows the model
    /// value plus the animation's remaining offset, `lerp(from, to, p) − to`, the latest
    /// animation of each channel counting. For a view nothing else moves that is the
    /// interpolation itself; for a view the dynamics took over during the animation it is the
    /// body's position plus an offset that decays to zero. x and width follow an animator's
    /// x-like progress, y and height its y-like one, alpha, rotation and scale the x-like one.
    func presentation(_ i: Int) -> Shown {
        var s = model(i)
        func last(_ c: AnimatedChannel) -> (ViewAnimation, Vec2)? {
            guard let a = animating.animations.last(where: { $0.view == i && $0.channel == c }) else { return nil }
            let p = progress(of: a)
            return (a, Vec2(1 - p.x, 1 - p.y))  // the part of the change still to come
        }
        if let (a, q) = last(.frame) {
            let f = a.from.frame
            let t = a.to.frame
            s.frame = Rect(
                x: s.frame.origin.x + q.x * (f.origin.x - t.origin.x),
                y: s.frame.origin.y + q.y * (f.origin.y - t.origin.y),
                width: s.frame.size.x + q.x * (f.size.x - t.size.x),
                height: s.frame.size.y + q.y * (f.size.y - t.size.y))
        }
        if let (a, q) = last(.alpha) { s.alpha += q.x * (a.from.alpha - a.to.alpha) }
        if let (a, q) = last(.rotation) { s.rotation += q.x * (a.from.rotation - a.to.rotation) }
        if let (a, q) = last(.scale) { s.scale += q.x * (a.from.scale - a.to.scale) }
        return s
    }

    /// What the screen shows of view `i` while an animation of it runs, or nil.
    func onScreen(_ i: Int) -> OnScreen? {
        guard animating.animations.contains(where: { $0.view == i && !$0.finished(at: clock.time) }) else { return nil }
        let s = presentation(i)
        return OnScreen(
            center: s.frame.center, size: s.frame.size, alpha: s.alpha, rotation: s.rotation, scale: s.scale)
    }

    /// Animates `channels` of the views the actions just set: from what the screen showed
    /// (`before`) to their model values now (views the dynamics move are not animated).
    func animateChannels(
        _ channels: [(view: Int, channel: AnimatedChannel)], from before: [Int: Shown], clock: ViewAnimation.Clock
    ) {
        for (i, c) in channels {
            guard !animator.isDynamic(i), let f = before[i] else { continue }
            animating.animations.append(ViewAnimation(view: i, channel: c, clock: clock, from: f, to: model(i)))
        }
    }

    /// The channels a list of `set` targets animates, view by view in the order first named.
    func channels(of sets: [SetTarget]) -> [(view: Int, channel: AnimatedChannel)] {
        var out: [(view: Int, channel: AnimatedChannel)] = []
        for t in sets {
            guard let (v, p) = t.view else { continue }
            let c = AnimatedChannel(p)
            if !out.contains(where: { $0.view == v.index && $0.channel == c }) { out.append((v.index, c)) }
        }
        return out
    }

    /// `animate`: a UIView animation of the channels its `set` changes, and its completion block.
    func animate(_ spec: AnimateSpec, scope: Scope) throws(RunError) {
        let duration = try evalNumber(spec.duration, scope: scope)
        let delay = try spec.delay.map { e throws(RunError) in try evalNumber(e, scope: scope) } ?? 0
        if duration < 0 || delay < 0 {
            throw runtimeError("an animation's duration and delay must not be negative", at: spec.location)
        }
        var spring: Spring?
        if let d = spec.springDamping {
            let ratio = try evalNumber(d, scope: scope)
            if ratio <= 0 {
                throw runtimeError(
                    "a spring's damping ratio must be positive, got \(formatNumber(ratio))", at: d.location)
            }
            spring = Spring(
                duration: Swift.max(duration, 1e-3), dampingRatio: ratio,
                initialVelocity: try spec.springVelocity.map { e throws(RunError) in try evalNumber(e, scope: scope)
                } ?? 0)
        }
        let touched = channels(of: spec.sets)
        var before: [Int: Shown] = [:]
        for c in touched where before[c.view] == nil { before[c.view] = presentation(c.view) }
        let values = try spec.sets.map { e throws(RunError) in try eval(e.value, scope: scope) }
        for (t, v) in zip(spec.sets, values) { try assign(t, v) }
        animateChannels(
            touched, from: before,
            clock: .timed(start: clock.time + delay, duration: duration, curve: spec.curve.curve, spring: spring))
        note(
            "animate \(spec.sets.map(\.path).joined(separator: ", ")) over \(formatNumber(duration)) "
                + "s\(spring == nil ? " (\(spec.curve.rawValue))" : " (spring)")"
        )
        try startCompletion(spec, channels: touched, end: clock.time + delay + duration, scope: scope)
    }
}
