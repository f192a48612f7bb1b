import Results
import SceneRunner
import Testing

/// Format 1.3's view hierarchy in a run: subviews ride with their superview (`screen`,
/// `convert`), `hidden` is set and hides down the tree, and hit-testing picks the recognisers
/// that see a touch.
@Suite struct ViewTreeRunTests {
    /// The window is thrown by a push; the button's frame stays in the window's coordinates while
    /// its `screen` frame and `convert` follow the window, every tick.
    @Test func subviewRidesAlong() throws {
        let r = try run(
            """
            views:
              pip:  { frame: [20, 60, 120, 180] }
              mute: { frame: [40, 140, 40, 30], superview: pip }
            behaviors:
              throw: { item: { items: [pip], linearVelocity: [600, 300], allowsRotation: false, resistance: 2 } }
            on:
              step:
                - if: "mute.frame != [40, 140, 40, 30] || mute.screen.origin != pip.frame.origin + [40, 140]"
                  then: [ { log: "'detached'" } ]
            script:
              - expect: { that: ["mute.screen == [60, 200, 40, 30]"] }
              - add: throw
              - wait: 0.2
              - expect:
                  that:
                    - "pip.x > 60"
                    - "approx(mute.screen.origin, pip.frame.origin + [40, 140], 1e-9)"
                    - "approx(convert([0, 0], mute, screen), mute.screen.origin, 1e-9)"
                    - "approx(convert(mute.screen.origin, screen, pip), [40, 140], 1e-9)"
                    - "approx(convert([5, 5], mute, pip), [45, 145], 1e-9)"
            """)[0]
        #expect(r.status == .passed, "\(r.failures) \(r.diagnostics)")
        #expect(!r.trace.contains { $0.contains("detached") })
    }

    /// A turned superview turns its subviews about its centre: `screen` is the bounding box.
    @Test func turnedSuperview() throws {
        let r = try run(
            """
            views:
              card: { frame: [0, 0, 100, 100], rotation: 90deg }
              like: { frame: [0, 0, 20, 10], superview: card }
            script:
              - expect:
                  views: { like: { frame: [0, 0, 20, 10], screen: [90, 0, 10, 20], within: 1e-9 } }
                  that: ["approx(convert([20, 10], card, screen), [90, 20], 1e-9)"]
            """)[0]
        #expect(r.status == .passed, "\(r.failures) \(r.diagnostics)")
    }

    /// `hidden` is set at run time (at once, even inside `animate`) and expected.
    @Test func hiddenIsSetAndExpected() throws {
        let r = try run(
            """
            views:
              pip:  { frame: [20, 60, 120, 180] }
              mute: { frame: [40, 140, 40, 30], superview: pip }
            script:
              - expect: { views: { mute: { hidden: false } } }
              - animate: { duration: 1, set: { mute.hidden: true, mute.alpha: 0 } }
              - expect: { views: { mute: { hidden: true } }, that: ["mute.presentation.alpha == 1", "mute.hidden"] }
              - set: { pip.hidden: true, mute.hidden: false }
              - expect: { views: { mute: { hidden: false }, pip: { hidden: true } } }
            """)[0]
        #expect(r.status == .passed, "\(r.failures) \(r.diagnostics)")
    }

    /// Which other recognisers see a touch, hit-testing decides: a step named for the window's pan
    /// that lands on the button reaches the button's tap too (it is under the finger); one that
    /// lands beside it does not, nor one on the button once it is hidden. The named gesture gets
    /// its touches wherever they land.
    @Test func hitTestingPicksTheOtherRecognisers() throws {
        let r = try run(
            """
            views:
              pip:  { frame: [20, 60, 120, 180] }
              mute: { frame: [40, 140, 40, 30], superview: pip }
            gestures:
              drag: { pan: { in: pip } }
              press: { tap: { in: mute } }
            on:
              press.ended: [ { log: "'pressed'" } ]
              press.failed: [ { log: "'press failed'" } ]
            script:
              - tap: { gesture: drag, at: [80, 215] }            # on the button
              - wait: 0.5
              - tap: { gesture: drag, at: [80, 100] }            # on the window, beside the button
              - wait: 0.5
              - set: { mute.hidden: true }
              - tap: { gesture: drag, at: [80, 215] }            # the button is hidden
              - wait: 0.5
              - set: { mute.hidden: false, pip.alpha: 0.005 }
              - tap: { gesture: drag, at: [80, 215] }            # the window is skipped with its button
              - wait: 0.5
            expect:
              events: { press.ended: 1, press.failed: 0 }
            """)[0]
        #expect(r.status == .passed, "\(r.failures) \(r.diagnostics)")
        #expect(r.trace.filter { $0.contains("log 'pressed'") }.count == 1)
    }

    /// A sibling declared later is above: a touch on both reaches the later one's recognisers.
    @Test func laterSiblingIsOnTop() throws {
        let r = try run(
            """
            views:
              under: { frame: [0, 0, 200, 200] }
              over:  { frame: [100, 100, 200, 200] }
            gestures:
              probe: { pan: { in: world } }
              tapUnder: { tap: { in: under } }
              tapOver: { tap: { in: over } }
            script:
              - tap: { gesture: probe, at: [150, 150] }
              - wait: 0.5
              - tap: { gesture: probe, at: [50, 50] }
              - wait: 0.5
            expect:
              events: { tapOver.ended: 1, tapUnder.ended: 1 }
            """)[0]
        #expect(r.status == .passed, "\(r.failures) \(r.diagnostics)")
        let ended = r.trace.filter { $0.contains(".ended") }
        #expect(ended.count == 2 && ended[0].contains("tapOver") && ended[1].contains("tapUnder"), "\(ended)")
    }
}
