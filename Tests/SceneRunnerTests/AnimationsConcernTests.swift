import Expressions
import Geometry
import Interaction
@_spi(Testing) import SceneRunner
import Testing

/// The animating concern driven on its own, without a scene file (issue 34).
@Suite struct RunAnimationsTests {
    static let a = Shown(frame: Rect(x: 0, y: 0, width: 100, height: 50), alpha: 1, rotation: 0, scale: 1)
    static let b = Shown(frame: Rect(x: 200, y: 100, width: 100, height: 50), alpha: 0, rotation: 0, scale: 1)

    static func linear(from start: Double, over duration: Double) -> ViewAnimation.Clock {
        .timed(start: start, duration: duration, curve: .linear, spring: nil)
    }

    /// The screen shows the model value plus the part of the change still to come: halfway along
    /// a linear animation it is halfway; when the model moves on (the dynamics took the view), the
    /// offset rides on the new model value and is gone at the end.
    @Test func theScreenAddsTheRemainingOffsetToTheModel() {
        let r = RunAnimations([])
        r.add(ViewAnimation(view: 0, channel: .frame, clock: Self.linear(from: 1, over: 2), from: Self.a, to: Self.b))
        r.add(ViewAnimation(view: 0, channel: .alpha, clock: Self.linear(from: 1, over: 1), from: Self.a, to: Self.b))
        let half = r.presentation(0, model: Self.b, at: 2)
        #expect(half.frame.origin == Vec2(100, 50))
        #expect(half.alpha == 0)  // the alpha animation is over by t = 2
        var moved = Self.b
        moved.frame.origin = Vec2(300, 300)
        #expect(r.presentation(0, model: moved, at: 2).frame.origin == Vec2(200, 250))
        #expect(r.presentation(0, model: moved, at: 3).frame.origin == Vec2(300, 300))
        #expect(r.presentation(1, model: Self.a, at: 2) == Self.a)  // another view: its model
        #expect(r.isAnimating(0, at: 2.5) && !r.isAnimating(0, at: 3))
        r.removeFinished(at: 2.5)
        #expect(r.animations.map(\.channel) == [.frame])
    }

    /// An animation a property animator drives follows the animator's progress, and goes with it.
    @Test func anAnimatorsAnimationFollowsItsFraction() throws {
        let r = RunAnimations([PropertyAnimator(duration: 1, timing: .cubic(.linear))])
        r.add(ViewAnimation(view: 0, channel: .alpha, clock: .animator(0), from: Self.a, to: Self.b))
        try r.using(0) { a throws(AnimatorMisuse) in try a.setFractionComplete(0.25, at: 0) }
        #expect(r.presentation(0, model: Self.b, at: 0).alpha == 0.75)
        #expect(r.advance(0, to: 0.5) == nil)  // paused: it stays where it was scrubbed
        r.removeAnimations(ofAnimator: 0)
        #expect(r.animations.isEmpty)
    }

    /// An inactive animator takes a new timing (format 1.3: it is evaluated each time the animator
    /// becomes active); once active it keeps the one it started with.
    @Test func anInactiveAnimatorIsRetimedAnActiveOneIsNot() throws {
        let r = RunAnimations([PropertyAnimator(duration: 1, timing: .cubic(.linear))])
        r.retime(0, .cubic(TimingCurve(0.42, 0, 1, 1)))
        try r.using(0) { a throws(AnimatorMisuse) in try a.start(at: 0) }
        let eased = r.propertyAnimators[0].progress(at: 0.5).x
        #expect(Swift.abs(eased - TimingCurve(0.42, 0, 1, 1).value(at: 0.5)) < 1e-12 && eased < 0.5)
        r.retime(0, .cubic(.linear))
        #expect(r.propertyAnimators[0].progress(at: 0.5).x == eased)
        #expect(r.propertyAnimators[0].timing == .cubic(TimingCurve(0.42, 0, 1, 1)))
    }

    /// A new animation of a channel interrupts the completion blocks on it, which are taken in
    /// the order they started; the others stay, and fall due in that order.
    @Test func completionsAreInterruptedByChannelAndFallDueInOrder() {
        let r = RunAnimations([])
        for (end, view) in [(2.0, 0), (1.0, 1), (3.0, 0)] {
            r.addCompletion(.init(end: end, channels: [(view, .frame)], actions: [], scope: Scope()))
        }
        let taken = r.interrupt([(0, .frame), (0, .alpha)])
        #expect(taken.map(\.end) == [2, 3])
        #expect(r.completions.map(\.end) == [1])
        #expect(r.interrupt([(1, .alpha)]).isEmpty)
        #expect(r.takeDueCompletion(at: 0.5) == nil)
        #expect(r.takeDueCompletion(at: 1)?.end == 1)
        #expect(r.completions.isEmpty)
    }

    /// Ended animators are taken first in, first out, or the last at once (`stop`); a
    /// completion's position is set while it runs and restored after.
    @Test func endedAnimatorsAndTheRunningCompletionsPosition() {
        let r = RunAnimations([])
        r.noteEnded(0, .end)
        r.noteEnded(2, .start)
        r.noteEnded(1, .current)
        #expect(r.takeLastEnded().index == 1)
        #expect(r.takeEnded()?.index == 0 && r.takeEnded()?.position == .start && r.takeEnded() == nil)
        var seen: [AnimatorPosition?] = []
        r.whileCompleting(.start) {
            seen.append(r.completionPosition)
            r.whileCompleting(.end) { seen.append(r.completionPosition) }
            seen.append(r.completionPosition)
        }
        #expect(seen == [.start, .end, .start] && r.completionPosition == nil)
    }
}
