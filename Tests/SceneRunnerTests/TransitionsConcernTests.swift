import Geometry
import Interaction
@_spi(Testing) import SceneRunner
import Testing

/// The transitioning concern driven on its own, without a scene file (issue 34).
@Suite struct RunTransitionsTests {
    static let bounds = Rect(origin: .zero, size: Vec2(400, 800))

    static func two() -> RunTransitions {
        RunTransitions(
            [TransitionController(duration: 0.5, completionCurve: .linear), TransitionController(duration: 1)],
            bounds: bounds)
    }

    /// A started transition is current and its frames are the ones expressions read; the views it
    /// animates keep their base until it ends.
    @Test func aStartedTransitionIsCurrentWithItsFrames() {
        let t = Self.two()
        #expect(t.current == nil && t.framesInScope == nil)
        #expect(t.frames[1].final == Self.bounds)
        let card = Rect(x: 10, y: 20, width: 100, height: 50)
        t.start(1)
        t.place(1, frames: (card, Self.bounds), base: [(view: 3, frame: card)])
        #expect(t.current == 1 && t.isLive(1) && !t.isLive(0))
        #expect(t.framesInScope?.initial == card)
        #expect(t.base == [3: card])
        t.ended(1, views: [3])
        #expect(t.current == nil && t.base.isEmpty && t.pendingEnded == [1])
        #expect(t.framesInScope == nil)
    }

    /// A percent-driven finish animates the rest of the progress at the completion speed along
    /// its curve, and ends (completed) on the tick that reaches its end; a custom one does not
    /// animate by itself.
    @Test func finishingAnimatesTheRestAndEnds() {
        let t = Self.two()
        t.start(0)
        t.update(0, 0.6)
        t.animateRest(0, finishing: true, at: 1.0)  // 0.4 of 0.5 s left: 0.2 s
        #expect(t.isAnimating)
        #expect(t.advance(0, to: 1.1) == false)
        #expect(abs(t.controllers[0].progress - 0.8) < 1e-12)
        #expect(t.advance(0, to: 1.2) == true)
        #expect(t.controllers[0].state == .completed && t.controllers[0].progress == 1)
        t.start(1)
        t.endInteraction(1, finishing: false)
        #expect(t.controllers[1].state == .cancelling && !t.isAnimating)
        #expect(t.advance(1, to: 10) == false)
    }

    /// Ended transitions are taken in the order they ended; while one's `ended` rules run, the
    /// frames in scope are its own even when another transition has started since.
    @Test func endedRulesSeeTheirOwnTransition() {
        let t = Self.two()
        let first = Rect(x: 1, y: 2, width: 3, height: 4)
        t.start(0)
        t.place(0, frames: (first, first), base: [])
        t.complete(0, finished: false)
        t.ended(0, views: [])
        t.start(1)
        t.place(1, frames: (Self.bounds, Self.bounds), base: [])
        var seen: [Rect?] = []
        while let i = t.takeEnded() { t.whileEnding(i) { seen.append(t.framesInScope?.initial) } }
        #expect(seen == [first])
        #expect(t.ending == nil && t.framesInScope?.initial == Self.bounds)
        #expect(t.takeEnded() == nil)
    }
}
