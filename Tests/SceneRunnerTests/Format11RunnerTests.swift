import Diagnostics
import Expectations
import Results
import SceneRunner
import Testing

/// Format 1.1 at run time: vars, timers, completion blocks, behaviour actions, transitions,
/// rotated frames, held pans, located run-time errors.
@Suite struct Format11RunnerTests {
    func logs(_ r: CaseResult) -> [String] { r.trace.filter { $0.contains(": log ") } }

    @Test func setEvaluatesEveryExpressionBeforeAssigning() throws {
        let r = try run(
            """
            vars: { a: 1, b: 2 }
            views: { v: { frame: [0, 0, 10, 10] } }
            script:
              - set: { a: b, b: a }
              - expect: { that: ["a == 2", "b == 1"] }
            """)[0]
        #expect(r.status == .passed, "\(r.failures)")
    }

    @Test func varsStartAfreshInEveryVariantAndReadTheInitialState() throws {
        let r = try run(
            """
            vars: { start: "v.center", n: 0 }
            views: { v: { frame: [0, 0, 10, 20] } }
            script:
              - set: { n: "n + 1", v.center: [100, 100] }
              - expect: { that: ["n == 1", "start == [5, 10]"] }
            variants: { again: { name: again } }
            """)
        #expect(r.map(\.status) == [.passed, .passed])
    }

    /// `after` rounds its delay up to whole ticks, runs in the tick's timer phase, and a script
    /// step `after` does not wait.
    @Test func afterTimers() throws {
        let r = try run(
            """
            views: { v: { frame: [0, 0, 10, 10] } }
            script:
              - after: 0.1
                do: [ { log: time } ]
              - after: 0.101
                do: [ { log: time } ]
              - expect: { that: ["time == 0"] }
              - wait: 0.5
            """)[0]
        #expect(r.status == .passed)
        #expect(logs(r) == ["t = 0.100 s: log time = 0.1", "t = 0.117 s: log time = 0.116667"])
    }

    /// `then` runs on the tick the animation ends, after the rules of that tick; an animation
    /// interrupted on the same property runs its block at once.
    @Test func completionBlocks() throws {
        let s = try run(
            """
            views: { v: { frame: [0, 0, 10, 10] } }
            script:
              - animate: { duration: 0.1, set: { v.x: 100 }, then: [ { log: v.x } ] }
              - wait: 0.05
              - animate: { duration: 0.1, set: { v.x: 200 }, then: [ { log: time } ] }
              - wait: 0.2
              - animate: { duration: 0.1, set: { v.alpha: 0.5 }, then: [ { log: v.alpha } ] }
              - animate: { duration: 0.05, set: { v.y: 5 }, then: [ { log: v.y } ] }
              - wait: 0.2
            """)[0]
        #expect(s.status == .passed)
        #expect(
            logs(s) == [
                "t = 0.050 s: log v.x = 200", "t = 0.150 s: log time = 0.15",
                "t = 0.300 s: log v.y = 5", "t = 0.350 s: log v.alpha = 0.5",
            ])
    }

    /// Behaviour actions run every tick while the behaviour is in the animator, in the order
    /// the behaviours were added (composites too), before the `step` rules.
    @Test func behaviourActionsInAddOrderBeforeStepRules() throws {
        let r = try run(
            """
            vars: { order: 0, first: 0, second: 0, stepSaw: 0 }
            views: { v: { frame: [0, 0, 10, 10] } }
            behaviors:
              g: { gravity: { items: [v] }, action: [ { set: { order: "order + 1", second: "order + 1" } } ] }
              c: { children: [g], action: [ { set: { order: "order + 1", first: "order + 1" } } ] }
            on:
              step: [ { set: { stepSaw: order } } ]
            script:
              - add: c
              - wait: { frames: 3 }
              - expect: { that: ["first == 5", "second == 6", "stepSaw == 6", "order == 6"] }
              - remove: c
              - wait: { frames: 3 }
              - expect: { that: ["order == 6"] }
            """)[0]
        #expect(r.status == .passed, "\(r.failures.map(\.message))")
    }

    @Test func customTransitionsFinishThenComplete() throws {
        let r = try run(
            """
            views: { a: { frame: [0, 0, 10, 10] }, b: { frame: [0, 0, 10, 10] } }
            transitions:
              t: { kind: present, from: a, to: b, animations: { from: { alpha: [1, 0.6] } } }
            on:
              t.ended: [ { log: t.state } ]
            script:
              - start: t
              - progress: 0.25
              - expect: { that: ["t.state == 'interactive'", "approx(a.alpha, 0.9, 1e-12)"] }
              - finish
              - wait: 0.5
              - expect: { that: ["t.state == 'finishing'"] }
              - complete: true
              - expect: { that: ["t.state == 'completed'", "a.alpha == 0.6"] }
            """)[0]
        #expect(r.status == .passed, "\(r.failures.map(\.message))")
        #expect(logs(r) == ["t = 0.500 s: log t.state = 'completed'"])
    }

    @Test(arguments: [
        (
            "- progress: 0.5",
            "r.yaml:4:15: error: `progress` needs a current transition, but there is none (no transition was started); `start` one first (at tick 0, t = 0.000 s)"
        ),
        (
            "- complete: true",
            "r.yaml:4:15: error: `complete` needs a current transition, but there is none (no transition was started); `start` one first (at tick 0, t = 0.000 s)"
        ),
        (
            "- wait: 0.1\n  - finish",
            "r.yaml:5:5: error: `finish` needs a current transition, but there is none (no transition was started); `start` one first (at tick 6, t = 0.100 s)"
        ),
        (
            "- start: t\n  - complete: true\n  - cancel",
            "r.yaml:6:5: error: `cancel` needs a current transition, but there is none (`t` is completed); `start` one first (at tick 0, t = 0.000 s)"
        ),
        (
            "- start: t\n  - start: u",
            "r.yaml:5:12: error: cannot start `u` while `t` is interactive; complete or cancel it first (at tick 0, t = 0.000 s)"
        ),
    ])
    func transitionMisuseIsLocated(_ steps: String, _ message: String) throws {
        let r = try run(
            """
            views: { a: { frame: [0, 0, 10, 10] } }
            transitions: { t: { kind: present, to: a }, u: { kind: dismiss, from: a } }
            script:
              \(steps)
            """)[0]
        #expect(r.status == .invalid)
        #expect(r.diagnostics.map(\.description) == [message])
    }

    @Test func initialCompletedPlacesTheViewAndAllowsADismissal() throws {
        let r = try run(
            """
            views: { sheet: { frame: [0, 844, 390, 500] } }
            transitions:
              show: { kind: present, to: sheet, finalFrame: [0, 344, 390, 500], initial: completed }
              hide: { kind: dismiss, from: sheet }
            script:
              - expect: { transition: { show: completed, hide: idle }, views: { sheet: { frame: [0, 344, 390, 500], within: 0 } } }
              - start: hide
              - complete: true
              - expect: { transition: { hide: completed } }
            """)[0]
        #expect(r.status == .passed, "\(r.failures.map(\.message))")
    }

    /// `frame` and its members are the rotated view's bounding box; width and height stay the
    /// bounds; setting x, y or frame of a rotated view is an error; locationInView turns.
    @Test func rotatedFrames() throws {
        let r = try run(
            """
            views: { v: { center: [100, 100], size: [40, 20], rotation: "90deg" } }
            gestures: { g: { pan: { in: v } } }
            on:
              g.began: [ { log: gesture.locationInView } ]
            script:
              - expect:
                  views: { v: { frame: [90, 80, 20, 40], width: 40, height: 20, within: 1e-9 } }
                  that: ["approx(v.minY, 80, 1e-9)", "v.bounds == [0, 0, 40, 20]"]
              - pan: { gesture: g, path: [[0, 100, 115], [0.1, 100, 135]] }
              - set: { v.center: [0, 0] }
              - set: { v.x: 3 }
            """)[0]
        #expect(r.status == .invalid)
        // The pan began once the finger had moved 10 pt, 25 pt below the centre. The view is
        // turned 90° clockwise, so its +x axis points down the screen: 25 pt along +x from the
        // centre of a 40 × 20 bounds is (20 + 25, 10).
        #expect(logs(r) == ["t = 0.050 s: log gesture.locationInView = [45, 10]"])
        #expect(r.diagnostics.first?.message.hasPrefix("`v.x` of a rotated view is undefined in UIKit") == true)
    }

    /// A pan on a held finger continues the touch: one `began` for the two pans.
    @Test func heldFingerContinues() throws {
        let r = try run(
            """
            vars: { began: 0 }
            views: { v: { frame: [0, 0, 390, 844] } }
            gestures: { g: { pan: { in: v } } }
            on:
              g.began: [ { set: { began: "began + 1" } } ]
              g.ended: [ { log: translation } ]
            script:
              - pan: { gesture: g, path: [[0, 100, 100], [0.1, 100, 200]], release: hold }
              - expect: { that: ["began == 1", "g.state == 'changed'"] }
              - pan: { gesture: g, path: [[0, 100, 200], [0.1, 100, 300]] }
              - expect: { that: ["began == 1", "g.state == 'ended'"] }
            """)[0]
        #expect(r.status == .passed, "\(r.failures.map(\.message))")
        #expect(logs(r) == ["t = 0.200 s: log translation = [0, 190]"])
    }

    /// A removed view receives no touches: its gesture fails and fires no rule; adding a
    /// behaviour that names it is an error located at the `add`, with the tick.
    @Test func removedViewsGetNoTouchesAndNoBehaviours() throws {
        let r = try run(
            """
            views: { v: { frame: [0, 0, 390, 844] } }
            gestures: { g: { pan: { in: v } } }
            behaviors: { fall: { gravity: { items: [v] } } }
            on:
              g.began: [ { log: time } ]
            script:
              - removeView: v
              - pan: { gesture: g, path: [[0, 100, 100], [0.1, 100, 200]] }
              - expect: { that: ["g.state == 'failed'"] }
              - add: fall
            """)[0]
        #expect(logs(r).isEmpty)
        #expect(
            r.diagnostics.map(\.description) == [
                "r.yaml:10:10: error: behaviour `fall` names `v`, which was removed from the scene (at tick 6, t = 0.100 s)"
            ])
    }

    @Test func motionExpectations() throws {
        let r = try run(
            """
            views: { v: { frame: [0, 0, 10, 10] } }
            behaviors: { spin: { item: { items: [v], linearVelocity: [30, 0], angularVelocity: 2, resistance: 0, angularResistance: 0 }, active: true } }
            script:
              - wait: { frames: 1 }
              - expect: { views: { v: { velocity: [30, 0], angularVelocity: 2, within: 1e-5 } } }
              - expect: { views: { v: { velocity: [0, 30], angularVelocity: 3 } } }
            """)[0]
        // 30 pt/s is 0.3 m/s, which the engine holds in float32 as 0.30000001: it reads back as
        // 30.0000012 pt/s, as UIKit's float32 PhysicsKit gives it back.
        #expect(
            r.failures.map(\.message) == [
                "v.velocity.x expected 0 ± 1, got 30.000001 at t = 0.017 s",
                "v.angularVelocity expected 3 ± 0.01, got 2 at t = 0.017 s",
            ])
    }

    /// Numbers of script steps may be expressions over vars and the scene's state, evaluated
    /// when the step starts; a value outside the step's range is a located run-time error.
    @Test func scriptNumbersAreExpressions() throws {
        let r = try run(
            """
            vars: { d: 0.25, speed: 800, n: 3 }
            views: { v: { frame: [0, 0, 390, 844] } }
            gestures: { g: { pan: { in: v } } }
            on:
              g.ended: [ { log: time }, { log: velocity.y } ]
            script:
              - wait: "d * 2"
              - wait: { frames: "n" }
              - expect: { that: ["time == 0.55"] }
              - pan: { gesture: g, path: [[0, 100, 100], ["d", 100, "100 + d * speed"]] }
              - flick: { gesture: g, from: [100, 100], velocity: [0, "speed"], distance: "speed / 4" }
              - set: { d: -1 }
              - wait: "d"
            """)[0]
        #expect(
            logs(r) == [
                "t = 0.800 s: log time = 0.8", "t = 0.800 s: log velocity.y = 800",
                "t = 1.050 s: log time = 1.05", "t = 1.050 s: log velocity.y = 800",
            ])
        #expect(
            r.diagnostics.map(\.description) == [
                "r.yaml:13:12: error: `wait` must be at least 0, got -1 from `d` (at tick 63, t = 1.050 s)"
            ])
    }

    /// A push or gravity so large that its square overflows was dropped by the engine's velocity
    /// clamp: the case passed as if nothing had pushed. It is a located error now.
    @Test func anOverflowingPushIsALocatedError() throws {
        let r = try run(
            """
            views: { a: { frame: [0, 0, 100, 100] } }
            behaviors:
              kick: { push: { items: [a], mode: instantaneous, magnitude: 1e308 }, active: true }
            script: [ { wait: 0.1 } ]
            """)[0]
        #expect(r.status == .invalid)
        #expect(
            r.diagnostics.map(\.description) == [
                "r.yaml:3:63: error: the push's magnitude (1e308) is too large for the engine: its square overflows (at tick 0, t = 0.000 s)"
            ])
    }
}
