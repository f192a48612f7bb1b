import Results
import SceneLoader
import SceneRunner
import Testing

/// A `tap` step like every other touch step: `release`, and every tap a touch sequence of its own.
@Suite struct TapStepTests {
    func one(_ yaml: String) throws -> CaseResult {
        let results = try run(yaml)
        #expect(results.count == 1)
        return results[0]
    }

    func oneWith(_ limits: LoadLimits, _ yaml: String) throws -> CaseResult {
        let cases = try SceneFile.load(path: "r.yaml", text: yaml, limits: limits)
        #expect(cases.count == 1)
        return CaseRunner.run(cases[0])
    }

    func lines(_ r: CaseResult, _ suffix: String) -> [String] { r.trace.filter { $0.contains(suffix) } }

    /// Three taps on a one-tap recogniser end it three times, once at each lift (0.05 s, 0.2 s,
    /// 0.35 s: each tap 0.05 s down, 0.1 s between), as UIKit's action runs once per tap.
    @Test func everyTapEndsAOneTapRecogniser() throws {
        let r = try one(
            """
            vars: { ended: 0 }
            views: { a: { frame: [0, 0, 100, 100] } }
            gestures: { t: { tap: { in: a } } }
            on: { t.ended: [ { set: { ended: "ended + 1" } } ] }
            script:
              - tap: { gesture: t, at: [50, 50], count: 3 }
              - expect: { that: ["ended == 3", "t.state == 'ended'"] }
            """)
        #expect(r.status == .passed, "\(r.failures.map(\.message))")
        #expect(
            lines(r, "t.ended") == [
                "t = 0.050 s: t.ended at [50, 50]", "t = 0.200 s: t.ended at [50, 50]",
                "t = 0.350 s: t.ended at [50, 50]",
            ])
    }

    /// A double tap ends once per two taps: four taps end it twice, three taps once (the third
    /// waits for a fourth and fails 0.35 s after its lift).
    @Test func aDoubleTapEndsOncePerTwoTaps() throws {
        func ends(_ count: Int) throws -> (ended: [String], failed: [String]) {
            let r = try one(
                """
                views: { a: { frame: [0, 0, 100, 100] } }
                gestures: { t: { tap: { in: a, taps: 2 } } }
                script:
                  - tap: { gesture: t, at: [50, 50], count: \(count) }
                  - wait: 0.5
                """)
            #expect(r.status == .passed, "\(r.diagnostics.map(\.message))")
            return (lines(r, "t.ended"), lines(r, "t.failed"))
        }
        let four = try ends(4)
        #expect(four.ended == ["t = 0.200 s: t.ended at [50, 50]", "t = 0.500 s: t.ended at [50, 50]"])
        #expect(four.failed.isEmpty)
        let three = try ends(3)
        #expect(three.ended == ["t = 0.200 s: t.ended at [50, 50]"])
        #expect(three.failed == ["t = 0.717 s: t.failed at [50, 50]"])
    }

    /// Two recognisers on one view, a double tap waiting for... nothing: at every tap the
    /// one-tap recogniser wins and the double tap fails (the arena's first-wins rule), once per tap.
    @Test func aOneTapWinsEveryTapOverADoubleTap() throws {
        let r = try one(
            """
            views: { a: { frame: [0, 0, 100, 100] } }
            gestures: { one: { tap: { in: a } }, two: { tap: { in: a, taps: 2 } } }
            script:
              - tap: { gesture: one, at: [50, 50], count: 2 }
            """)
        #expect(r.status == .passed, "\(r.diagnostics.map(\.message))")
        #expect(lines(r, "one.ended").count == 2)
        #expect(lines(r, "two.failed").count == 2)
        #expect(lines(r, "two.ended").isEmpty)
    }

    /// `release: hold` keeps the last tap's fingers down: the tap has not ended, and a later step
    /// continues the finger; lifting it within the tap's 0.5 s ends the tap then.
    @Test func holdKeepsTheLastTapsFingersDown() throws {
        let r = try one(
            """
            views: { a: { frame: [0, 0, 100, 100] } }
            gestures: { t: { tap: { in: a } } }
            script:
              - tap: { gesture: t, at: [50, 50], release: hold }
              - expect: { that: ["t.state == 'possible'", "t.numberOfTouches == 1"] }
              - pan: { gesture: t, path: [[0, 50, 50], [0.1, 50, 50]] }
              - expect: { that: ["t.state == 'ended'", "t.numberOfTouches == 0"] }
            """)
        #expect(r.status == .passed, "\(r.failures.map(\.message))")
        #expect(lines(r, "t.ended") == ["t = 0.150 s: t.ended at [50, 50]"])
    }

    /// `release: cancel` cancels the last tap's touches: a tap (discrete) fails and its `ended`
    /// rule never runs; the earlier taps of the step still end.
    @Test func cancelFailsTheLastTap() throws {
        let r = try one(
            """
            vars: { ended: 0 }
            views: { a: { frame: [0, 0, 100, 100] } }
            gestures: { t: { tap: { in: a } } }
            on: { t.ended: [ { set: { ended: "ended + 1" } } ] }
            script:
              - tap: { gesture: t, at: [50, 50], count: 2, release: cancel }
              - expect: { that: ["ended == 1", "t.state == 'failed'", "t.numberOfTouches == 0"] }
            """)
        #expect(r.status == .passed, "\(r.failures.map(\.message))")
        #expect(lines(r, "t.failed") == ["t = 0.200 s: t.failed at [50, 50]"])
    }

    /// `release` on a tap is checked like every other touch step's, located at its value.
    @Test func aBadReleaseIsLocated() throws {
        do {
            _ = try SceneFile.load(
                path: "r.yaml",
                text: """
                    views: { a: { frame: [0, 0, 100, 100] } }
                    gestures: { t: { tap: { in: a } } }
                    script:
                      - tap: { gesture: t, at: [50, 50], release: drop }
                    """)
            Issue.record("a tap with `release: drop` loaded")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "r.yaml:4:47: error: `release` must be lift, hold or cancel, found `drop`"
                ])
        }
    }

    /// Cancelled touches leave no finger on any recogniser, not only on a pan's.
    @Test func cancelledTouchesLeaveNoFinger() throws {
        let r = try one(
            """
            views: { a: { frame: [0, 0, 300, 300] } }
            gestures: { lift: { longPress: { in: a } }, zoom: { pinch: { in: a } } }
            script:
              - press: { gesture: lift, at: [150, 150], duration: 0.6, release: cancel }
              - expect: { that: ["lift.state == 'cancelled'", "lift.numberOfTouches == 0"] }
              - pinch: { gesture: zoom, center: [150, 150], from: 100, to: 200, release: cancel }
              - expect: { that: ["zoom.state == 'cancelled'", "zoom.numberOfTouches == 0"] }
            """)
        #expect(r.status == .passed, "\(r.failures.map(\.message))")
    }

    /// A `touches` step longer than the run's time limit is refused at the keyframe time that makes
    /// it long (was: at the step's first key, a line below `- touches:`).
    @Test func aTouchesStepPastTheLimitIsRefusedAtItsLastTime() throws {
        var limits = LoadLimits()
        limits.loadWork = 10_000_000
        let r = try oneWith(
            limits,
            """
            views: { a: { frame: [0, 0, 100, 100] } }
            gestures: { t: { pan: { in: a } } }
            script:
              - touches:
                  gesture: t
                  paths:
                    - - [0, 50, 50]
                      - [1, 50, 60]
                    - - [0, 50, 50]
                      - [5000, 50, 60]
            """)
        #expect(r.status == .invalid)
        #expect(
            r.diagnostics.map(\.description) == [
                "r.yaml:10:14: error: a wait of 5000 s goes past the limit of 600 s or 200000 ticks; raise it with "
                    + "--max-time / --max-ticks"
            ])
    }
}
