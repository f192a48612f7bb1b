import Results
import SceneRunner
import Testing

/// `rest` and `resume` rules hear of every pause and resumption of the animator, wherever the
/// behaviours were added or removed (a tick's rules, a gesture rule, a script step), at the end
/// of the next tick; an attachment whose anchor keeps moving keeps the animator running.
@Suite struct PauseRulesTests {
    /// The trace lines of the pause decisions and the logs, in order.
    func pauses(_ r: CaseResult) -> [String] {
        r.trace.filter { $0.hasSuffix("animator at rest") || $0.hasSuffix("animator resumed") || $0.contains(": log ") }
    }

    static let drag = """
        views: { card: { frame: [95, 272, 200, 300] } }
        gestures: { drag: { pan: { in: card } } }
        behaviors: { hold: { attachment: { item: card, anchor: touch } } }
        on:
          drag.began: [ { add: hold } ]
          drag.changed: [ { set: { hold.anchor: touch } } ]
          drag.ended: [ { remove: all } ]
          rest: [ { log: "'rest'" } ]
          resume: [ { log: "'resume'" } ]
        """

    /// A behaviour added by a gesture rule resumes the animator and runs the `resume` rules; the
    /// last one removed by the gesture's `ended` rule pauses it and runs the `rest` rules. A drag
    /// at about 62 pt/s (the held item's own velocity reads about 0) keeps it running for 3 s.
    @Test func gestureRulesResumeAndPauseTheAnimator() throws {
        let r = try run(
            PauseRulesTests.drag + """

                script:
                  - pan: { gesture: drag, path: [[0, 195, 400], [0.1, 195, 420], [3, 195, 600]] }
                  - wait: 0.5
                """)[0]
        #expect(r.status == .passed, "\(r.failures) \(r.diagnostics)")
        #expect(
            pauses(r) == [
                "t = 0.050 s: animator resumed", "t = 0.050 s: log 'resume' = 'resume'",
                "t = 3.000 s: animator at rest", "t = 3.000 s: log 'rest' = 'rest'",
            ])
    }

    /// A finger that stops lets the held item sleep 0.5 s later (the animator pauses); when it
    /// moves again the animator resumes, and each change runs its rules once.
    @Test func aHeldStillFingerPausesAndAMovingOneResumes() throws {
        let r = try run(
            PauseRulesTests.drag + """

                script:
                  - pan: { gesture: drag, path: [[0, 195, 400], [0.1, 195, 420], [0.2, 195, 440]], release: hold }
                  - wait: 1
                  - pan: { gesture: drag, path: [[0, 195, 440], [0.1, 195, 460]] }
                """)[0]
        #expect(r.status == .passed, "\(r.failures) \(r.diagnostics)")
        let changes = pauses(r).filter { !$0.contains(": log ") }
        #expect(changes.count == 4, "\(changes)")
        #expect(changes.map { $0.hasSuffix("resumed") } == [true, false, true, false], "\(changes)")
        #expect(pauses(r).filter { $0.contains("log 'rest'") }.count == 2)
        #expect(pauses(r).filter { $0.contains("log 'resume'") }.count == 2)
    }

    /// Behaviours removed by a script step pause the animator: the `rest` rules run at the end of
    /// the next tick, and `rest` / `restBy` expectations see that pause.
    @Test func aScriptStepThatRemovesTheLastBehaviourRunsTheRestRules() throws {
        let r = try run(
            """
            vars: { rested: 0 }
            views: { box: { frame: [0, 0, 10, 10] } }
            behaviors: { fall: { gravity: { items: [box] }, active: true } }
            on:
              rest: [ { set: { rested: "rested + 1" } } ]
            script:
              - wait: 0.2
              - remove: all
              - wait: { frames: 1 }
              - expect: { that: ["rested == 1"] }
            expect: { rest: true, restBy: 0.22 }
            """)[0]
        #expect(r.status == .passed, "\(r.failures) \(r.diagnostics)")
        #expect(pauses(r) == ["t = 0.217 s: animator at rest"])
    }
}

/// A screen and a drawer 300 pt wide off its left edge, for the transition tests.
let drawerViews = """
    world: { size: [390, 844] }
    views:
      main: { frame: [0, 0, 390, 844] }
      drawer: { frame: [-300, 0, 300, 844] }

    """

/// Rules that read the transition or the gesture they belong to.
@Suite struct RuleContextTests {
    /// A transition's own `ended` rule reads its `finalFrame`, not the world's bounds (it is no
    /// longer the current transition when the rule runs).
    @Test func aTransitionsEndedRuleReadsItsOwnFinalFrame() throws {
        let r = try run(
            drawerViews + """
                transitions:
                  show: { kind: present, from: main, to: drawer, finalFrame: [0, 0, 300, 844] }
                on:
                  show.ended: [ { set: { drawer.frame: finalFrame } } ]
                script:
                  - start: show
                  - finish
                  - complete: true
                  - wait: { frames: 1 }
                expect:
                  views: { drawer: { frame: [0, 0, 300, 844], within: 0 } }
                """)[0]
        #expect(r.status == .passed, "\(r.failures) \(r.diagnostics)")
    }

    /// A flick releases at its `velocity` whatever its distance: 1500 pt/s over 210 pt (8.4
    /// frames at 60 Hz) ends at 1500 pt/s, not 1320.
    @Test func aFlickReleasesAtItsVelocity() throws {
        let r = try run(
            """
            views: { v: { frame: [0, 0, 390, 844] } }
            gestures: { g: { pan: { in: v } } }
            script:
              - flick: { gesture: g, from: [195, 100], velocity: [0, 1500], distance: 210 }
              - expect: { that: ["approx(g.velocity.y, 1500, 1e-9)", "approx(g.translation.y, 190, 1e-9)"] }
            """)[0]
        #expect(r.status == .passed, "\(r.failures) \(r.diagnostics)")
    }
}
