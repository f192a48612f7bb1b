import Geometry
import Interaction
import Testing

/// The property animator's state machine: start, pause, scrub, reverse, continue, stop, finish.
@Suite struct PropertyAnimatorTests {
    func near(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }

    @Test func runsAlongItsCurveAndCompletesAtTheEnd() throws {
        var a = PropertyAnimator(duration: 0.4, timing: .cubic(.easeInOut))
        #expect(a.state == .inactive && !a.isRunning)
        try a.start(at: 1)
        #expect(a.state == .active && a.isRunning)
        #expect(near(a.fractionComplete(at: 1.1), 0.25))
        #expect(near(a.progress(at: 1.1).x, TimingCurve.easeInOut.value(at: 0.25)))
        #expect(near(a.progress(at: 1.2).y, 0.5))
        #expect(a.advance(to: 1.39) == nil)
        #expect(a.advance(to: 1.4) == .end)
        #expect(a.state == .inactive && !a.isRunning && a.fractionComplete(at: 2) == 1)
    }

    @Test func aDelayHoldsItAtTheStartWhileRunning() throws {
        var a = PropertyAnimator(duration: 1, timing: .cubic(.linear))
        try a.start(at: 0, afterDelay: 0.25)
        #expect(a.isRunning && a.state == .active)
        #expect(a.fractionComplete(at: 0.2) == 0)
        #expect(near(a.fractionComplete(at: 0.75), 0.5))
        #expect(a.advance(to: 1.24) == nil)
        #expect(a.advance(to: 1.25) == .end)
    }

    /// Paused, it holds; continued with durationFactor 0.5, the rest takes 0.5 × 1 × (1 − 0.3).
    @Test func pauseAndContinueWithAFactor() throws {
        var a = PropertyAnimator(duration: 1, timing: .cubic(.easeIn))
        try a.start(at: 0)
        try a.pause(at: 0.3)
        #expect(!a.isRunning && a.state == .active)
        let shown = a.progress(at: 0.3)
        #expect(near(a.fractionComplete(at: 0.9), 0.3) && a.progress(at: 0.9) == shown)
        try a.continueAnimation(durationFactor: 0.5, at: 0.9)
        #expect(near(a.progress(at: 0.9).x, shown.x))
        #expect(near(a.endTime ?? 0, 0.9 + 0.35))
        #expect(a.advance(to: 1.24) == nil)
        #expect(a.advance(to: 1.25) == .end)
    }

    /// Scrubbing an inactive animator activates it paused; the screen is linear in the fraction
    /// when `scrubsLinearly`, on the curve otherwise; a running animator refuses a scrub.
    @Test func scrubbing() throws {
        var linear = PropertyAnimator(duration: 0.5, timing: .cubic(.easeInOut))
        try linear.setFractionComplete(0.3, at: 0)
        #expect(linear.state == .active && !linear.isRunning)
        #expect(linear.progress(at: 0) == Vec2(0.3, 0.3))
        var curved = PropertyAnimator(duration: 0.5, timing: .cubic(.easeInOut), scrubsLinearly: false)
        try curved.setFractionComplete(0.3, at: 0)
        #expect(near(curved.progress(at: 0).x, TimingCurve.easeInOut.value(at: 0.3)))
        try curved.setFractionComplete(7, at: 0)
        #expect(curved.fractionComplete(at: 0) == 1)
        try linear.start(at: 1)
        #expect(throws: AnimatorMisuse.self) { try linear.setFractionComplete(0.5, at: 1.1) }
    }

    /// Continued after a linear scrub, the screen starts where the scrub left it (no jump), the
    /// difference from the curve fades, and it ends exactly at the end values.
    @Test func continuingAfterALinearScrubDoesNotJump() throws {
        var a = PropertyAnimator(duration: 1, timing: .cubic(.easeInOut))
        try a.setFractionComplete(0.2, at: 0)
        try a.continueAnimation(at: 2)
        #expect(near(a.progress(at: 2).x, 0.2))
        let mid = a.progress(at: 2.4).x
        let curve = TimingCurve.easeInOut.value(at: 0.6)
        #expect(near(mid, curve + 0.5 * (0.2 - TimingCurve.easeInOut.value(at: 0.2))))
        #expect(a.advance(to: 2.8) == .end)
        #expect(a.progress(at: 2.8) == Vec2(1, 1))
    }

    /// Reversed while running, it turns back from where the screen is and ends at the start.
    @Test func reversedWhileRunning() throws {
        var a = PropertyAnimator(duration: 1, timing: .cubic(.linear))
        try a.start(at: 0)
        try a.setReversed(true, at: 0.6)
        #expect(a.isReversed && a.isRunning)
        #expect(near(a.fractionComplete(at: 0.9), 0.3))
        #expect(near(a.progress(at: 0.9).x, 0.3))
        #expect(a.advance(to: 1.19) == nil)
        #expect(a.advance(to: 1.2) == .start)
        #expect(a.progress(at: 1.2) == Vec2(0, 0) && !a.isReversed && a.state == .inactive)
    }

    /// Caught mid-flight (paused), reversed and continued: back to the start in the time it took.
    @Test func caughtMidFlightAndSentBack() throws {
        var a = PropertyAnimator(duration: 0.4, timing: .cubic(.easeOut))
        try a.start(at: 0)
        try a.pause(at: 0.1)
        let caught = a.progress(at: 0.1).y
        try a.setReversed(true, at: 0.1)
        try a.continueAnimation(at: 0.1)
        #expect(near(a.endTime ?? 0, 0.2))
        var last = caught
        for k in 1...10 {
            let p = a.progress(at: 0.1 + Double(k) * 0.01).y
            #expect(p <= last + 1e-12)
            last = p
        }
        #expect(a.advance(to: 0.2) == .start)
    }

    /// Continued with a new under-damped spring, the rest overshoots and then shows the end.
    @Test func continuedWithASpring() throws {
        var a = PropertyAnimator(duration: 1, timing: .cubic(.linear))
        try a.start(at: 0)
        try a.pause(at: 0.5)
        try a.continueAnimation(timing: .dampingRatio(0.3, initialVelocity: Vec2(0, 0)), at: 0.5)
        #expect(near(a.endTime ?? 0, 1.0))
        let peak = stride(from: 0.5, to: 1.0, by: 0.005).map { a.progress(at: $0).x }.max() ?? 0
        #expect(peak > 1.05)
        #expect(a.advance(to: 1.0) == .end && a.progress(at: 1) == Vec2(1, 1))
    }

    /// A spring from mass, stiffness and damping ignores the duration: it runs until it settles.
    @Test func aPhysicalSpringKeepsItsOwnTime() throws {
        let timing = AnimatorTiming.physical(mass: 1, stiffness: 300, damping: 10, initialVelocity: Vec2(0, 0))
        let short = PropertyAnimator(duration: 0.1, timing: timing)
        let long = PropertyAnimator(duration: 5, timing: timing)
        let settle = Spring(mass: 1, stiffness: 300, damping: 10).envelopeSettlingTime
        #expect(short.effectiveDuration == settle && long.effectiveDuration == settle)
        var a = short
        try a.start(at: 0)
        let s = Spring(mass: 1, stiffness: 300, damping: 10)
        #expect(near(a.progress(at: 0.15).x, s.value(at: 0.15)))
        #expect(a.progress(at: 0.15).x > 1.2)
        #expect(a.advance(to: settle) == .end)
    }

    /// The spring's velocity vector drives x-like values by dx and y-like values by dy.
    @Test func aSpringsVelocityPerAxis() throws {
        var a = PropertyAnimator(duration: 0.5, timing: .dampingRatio(0.7, initialVelocity: Vec2(0, 10)))
        try a.start(at: 0)
        let p = a.progress(at: 0.05)
        #expect(p.y > p.x)
        #expect(near(p.x, Spring(settlingIn: 0.5, dampingRatio: 0.7).value(at: 0.05)))
    }

    /// With `pausesOnCompletion` it stays active at its end, with no completion, and can be
    /// reversed from there.
    @Test func pausesOnCompletion() throws {
        var a = PropertyAnimator(duration: 0.5, timing: .cubic(.linear), pausesOnCompletion: true)
        try a.start(at: 0)
        #expect(a.advance(to: 0.5) == nil)
        #expect(a.state == .active && !a.isRunning && a.fractionComplete(at: 1) == 1)
        try a.setReversed(true, at: 1)
        try a.start(at: 1)
        #expect(near(a.endTime ?? 0, 1.5))
        #expect(a.advance(to: 1.5) == nil && a.fractionComplete(at: 2) == 0)
    }

    @Test func stopAndFinish() throws {
        var a = PropertyAnimator(duration: 1, timing: .cubic(.linear))
        try a.start(at: 0)
        a.stop(at: 0.3)
        #expect(a.state == .stopped && !a.isRunning && near(a.fractionComplete(at: 1), 0.3))
        #expect(throws: AnimatorMisuse.self) { try a.start(at: 0.4) }
        #expect(throws: AnimatorMisuse.self) { try a.setReversed(true, at: 0.4) }
        #expect(try a.finish(at: .current) == .current)
        #expect(a.state == .inactive && near(a.fractionComplete(at: 1), 0.3))
        #expect(throws: AnimatorMisuse.self) { _ = try a.finish(at: .end) }
        var b = PropertyAnimator(duration: 1, timing: .cubic(.linear))
        try b.start(at: 0)
        b.stopWithoutFinishing(at: 0.6)
        #expect(b.state == .inactive && near(b.progress(at: 1).x, 0.6))
        #expect(b.advance(to: 5) == nil)
    }

    @Test func reversingNeedsAnActiveAnimator() {
        var a = PropertyAnimator(duration: 1, timing: .cubic(.linear))
        #expect(throws: AnimatorMisuse.self) { try a.setReversed(true, at: 0) }
        #expect(throws: AnimatorMisuse.self) { try a.continueAnimation(at: 0) }
    }
}
