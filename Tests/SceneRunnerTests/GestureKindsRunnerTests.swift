import Interaction
import Results
import SceneLoader
import SceneRunner
import SceneVocabulary
import Testing

/// The gesture kinds of format 1.2 run end to end: touch steps, their rules and members, and
/// who gets a touch.
@Suite struct GestureKindsRunnerTests {
    /// The vocabulary's defaults are the recognisers' (UIKit's documented ones).
    @Test func defaultsAgree() {
        let settings = LongPressGestureSettings()
        #expect(settings.minimumDuration == GestureTuning.longPressMinimumDuration)
        #expect(settings.allowableMovement == GestureTuning.longPressAllowableMovement)
        #expect(RotateKey.radius.defaultValue == String(Int(GestureTuning.rotateRadius)))
    }

    func one(_ yaml: String) throws -> CaseResult {
        let results = try run(yaml)
        #expect(results.count == 1)
        return results[0]
    }

    /// `release: cancel`: the pan that had begun is cancelled and its `.cancelled` rule runs.
    @Test func cancelledPanRunsItsRule() throws {
        let r = try one(
            """
            vars: { cancelled: 0, ended: 0 }
            views: { card: { frame: [100, 100, 100, 100] } }
            gestures: { drag: { pan: { in: card } } }
            on:
              drag.cancelled: [ { set: { cancelled: "cancelled + 1" } } ]
              drag.ended: [ { set: { ended: "ended + 1" } } ]
            script:
              - pan: { gesture: drag, from: [150, 150], to: [150, 300], duration: 0.2, release: cancel }
              - expect: { that: ["cancelled == 1", "ended == 0", "drag.state == 'cancelled'", "drag.numberOfTouches == 0"] }
            """)
        #expect(r.status == .passed, "\(r.failures.map(\.message))")
        #expect(r.trace.contains { $0.hasSuffix("drag.cancelled at [150, 300]") })
    }

    /// A press begins the long press at minimumDuration (0.5 s = 30 frames at 60 Hz); a pan
    /// then continues the same finger: changed events, and the lift ends it.
    @Test func pressThenDrag() throws {
        let r = try one(
            """
            views: { card: { frame: [100, 100, 100, 100] } }
            gestures: { lift: { longPress: { in: card } } }
            script:
              - press: { gesture: lift, at: [150, 150], duration: 0.45 }
              - expect: { that: ["lift.state == 'possible'", "lift.numberOfTouches == 1"] }
              - wait: 0.1
              - expect: { that: ["lift.state == 'began'", "lift.location == [150, 150]", "lift.locationInView == [50, 50]"] }
              - pan: { gesture: lift, from: [150, 150], to: [150, 250], duration: 0.2, release: hold }
              - expect: { that: ["lift.state == 'changed'", "distance(lift.location, [150, 250]) < 1e-9"] }
              - pan: { gesture: lift, path: [[0, 150, 250], [0.05, 150, 250]] }
              - expect: { that: ["lift.state == 'ended'", "lift.numberOfTouches == 0"] }
            """)
        #expect(r.status == .passed, "\(r.failures.map(\.message))")
        #expect(r.trace.first { $0.contains("lift.began") } == "t = 0.500 s: lift.began at [150, 150]")
    }

    /// Pinch and rotation members mid-gesture, from the finger paths (docs/physics.md).
    @Test func pinchAndRotationMembers() throws {
        let r = try one(
            """
            views: { photo: { frame: [100, 300, 200, 200] } }
            gestures:
              zoom: { pinch: { in: photo, simultaneous: turn } }
              turn: { rotation: { in: photo } }
            script:
              - pinch: { gesture: zoom, center: [200, 400], from: 100, to: 260, duration: 0.3, release: hold }
              - expect:
                  that: ["approx(zoom.scale, 260 / (100 + 160 / 18), 1e-9)", "approx(zoom.velocity, (160 / 0.3) / (100 + 160 / 18), 1e-6)",
                         "zoom.state == 'changed'", "zoom.numberOfTouches == 2", "turn.state == 'possible'", "zoom.location == [200, 400]"]
              - rotate: { gesture: turn, center: [200, 400], by: 90deg, radius: 60, duration: 0.4 }
              - expect: { that: ["approx(turn.rotation, pi / 2 - 2 * pi / 48, 1e-9)", "approx(turn.velocity, pi / 2 / 0.4, 1e-6)",
                                 "turn.state == 'ended'", "zoom.state == 'ended'"] }
            """)
        #expect(r.status == .passed, "\(r.failures.map(\.message))")
    }

    /// `gesture.velocity` reads a pan's point: inside a pinch's rule it is an error that names
    /// the way to read it.
    @Test func currentGestureOfAnotherKind() throws {
        let r = try one(
            """
            vars: { v: 0 }
            views: { photo: { frame: [100, 300, 200, 200] } }
            gestures: { zoom: { pinch: { in: photo } } }
            on: { zoom.changed: [ { set: { v: "length(velocity)" } } ] }
            script:
              - pinch: { gesture: zoom, center: [200, 400], from: 100, to: 200 }
            """)
        #expect(r.status == .invalid)
        #expect(
            r.diagnostics.first?.message.hasPrefix(
                "`velocity`: the current gesture `zoom` (a pinch) has `velocity` as a number; read it by the gesture's name "
                    + "(`zoom.velocity`)") == true)
    }

    /// Fingers held by a step reach only the recognisers of their sequence; a tap needs them up.
    @Test func heldFingersErrors() throws {
        let other = try one(
            """
            views: { a: { frame: [0, 0, 100, 100] }, b: { frame: [200, 0, 100, 100] } }
            gestures: { onA: { pan: { in: a } }, onB: { pan: { in: b } } }
            script:
              - pan: { gesture: onA, from: [50, 50], to: [50, 90], release: hold }
              - pan: { gesture: onB, from: [250, 50], to: [250, 90] }
            """)
        #expect(other.status == .invalid)
        #expect(
            other.diagnostics.first?.message.hasPrefix(
                "`onB` does not receive the fingers held down by an earlier step (release: hold), which touch `onA`")
                == true)
        let tap = try one(
            """
            views: { a: { frame: [0, 0, 100, 100] } }
            gestures: { t: { tap: { in: a } } }
            script:
              - press: { gesture: t, at: [50, 50], duration: 0.1 }
              - tap: { gesture: t, at: [50, 50] }
            """)
        #expect(tap.status == .invalid)
        #expect(tap.diagnostics.first?.message.hasPrefix("a tap needs every finger up, but 1 stay down") == true)
    }

    /// Who gets a touch: a pan that begins first makes the long press on the same view fail, and
    /// the gesture on the reference view receives the touch too.
    @Test func arbitrationInAScene() throws {
        let r = try one(
            """
            vars: { failed: 0 }
            views: { card: { frame: [100, 100, 100, 100] } }
            gestures:
              lift: { longPress: { in: card, allowableMovement: 50 } }
              drag: { pan: { in: card } }
              away: { swipe: { in: world, direction: down } }
            on: { lift.failed: [ { set: { failed: "failed + 1" } } ] }
            script:
              - pan: { gesture: drag, from: [150, 150], to: [150, 190], duration: 0.4 }
              - expect: { that: ["failed == 1", "lift.state == 'failed'", "drag.state == 'ended'", "away.state == 'failed'"] }
            """)
        #expect(r.status == .passed, "\(r.failures.map(\.message))")
    }
}
