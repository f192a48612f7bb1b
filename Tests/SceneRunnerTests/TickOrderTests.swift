import Results
import SceneRunner
import Testing

/// docs/scene-format.md, "The order inside one tick": when a behaviour a rule adds first moves,
/// and the order of several recognisers' rules for one touch event.
@Suite struct TickOrderTests {
    /// The trace lines of the `log` actions, without their times.
    func logs(_ r: CaseResult) -> [String] {
        r.trace.compactMap { line in line.range(of: ": log ").map { String(line[$0.upperBound...]) } }
    }

    /// Two pans on one view that recognise together, each `changed` rule writing the same var:
    /// the rules run in the order the gestures are declared, whichever the step names, so the
    /// one declared last has the last word.
    @Test(arguments: [(["up", "down"], "down"), (["down", "up"], "up")])
    func severalRecognisersRulesRunInDeclarationOrder(_ order: [String], _ last: String) throws {
        let gestures = order.map { g in "\(g): { pan: { in: sheet, simultaneous: [\(order.first { $0 != g }!)] } }" }
        let r = try run(
            """
            world: { size: [400, 800] }
            views: { sheet: { frame: [0, 0, 400, 800] } }
            gestures:
              \(gestures[0])
              \(gestures[1])
            vars: { who: "''" }
            on:
              up.began: [ { log: "'up began'" } ]
              down.began: [ { log: "'down began'" } ]
              up.changed: [ { set: { who: "'up'" } } ]
              down.changed: [ { set: { who: "'down'" } } ]
            script:
              - pan: { gesture: up, path: [[0, 200, 600], [0.1, 200, 500]] }
            expect:
              that: ["who == '\(last)'"]
            """)[0]
        #expect(r.status == .passed, "\(r.failures.map(\.message)) \(r.diagnostics.map(\.message))")
        #expect(logs(r).map { $0.components(separatedBy: " = ")[0] } == order.map { "'\($0) began'" }, "\(r.trace)")
    }

    /// Without `simultaneous`, two pans that would begin on the same frame: the one declared
    /// first begins, the other fails, whichever the step names.
    @Test(arguments: [["up", "down"], ["down", "up"]])
    func theRecogniserDeclaredFirstWins(_ order: [String]) throws {
        let r = try run(
            """
            world: { size: [400, 800] }
            views: { sheet: { frame: [0, 0, 400, 800] } }
            gestures:
              \(order[0]): { pan: { in: sheet } }
              \(order[1]): { pan: { in: sheet } }
            script:
              - pan: { gesture: down, path: [[0, 200, 600], [0.1, 200, 500]] }
            expect:
              events: { \(order[0]).began: 1, \(order[1]).failed: 1, \(order[1]).began: 0 }
            """)[0]
        #expect(r.status == .passed, "\(r.failures.map(\.message)) \(r.diagnostics.map(\.message))")
    }

    /// The y of `box` in each tick's row of the trace, by time.
    func rows(_ r: CaseResult) -> [(t: Double, y: Double)] {
        let y = r.tickColumns.firstIndex(of: "box.centerY")!
        return r.ticksTrace.map { ($0[0], $0[y]) }
    }

    /// A behaviour added by a gesture rule moves its item in the sub-steps of the same tick: the
    /// pan's `ended` on the release frame (t = 0.1 s) adds a throw at 600 pt/s, and that frame's
    /// row already shows the box 5 pt lower (one sub-step: a paused animator's first tick runs
    /// one). Added by a `step` rule instead, on the same frame, it first moves on the next tick.
    @Test(arguments: [true, false])
    func aBehaviourAddedByAGestureRuleMovesInTheSameTick(_ byGesture: Bool) throws {
        let r = try run(
            """
            world: { size: [400, 800] }
            views:
              box: { frame: [100, 100, 50, 50] }
              ball: { frame: [300, 0, 20, 20] }
            gestures: { drag: { pan: { in: box } } }
            vars: { thrown: false }
            behaviors:
              keepRunning: { gravity: { items: [ball], magnitude: 0.01 }, active: \(!byGesture) }
              throw: { item: { items: [box], resistance: 0, linearVelocity: [0, 600] } }
            on:
              \(byGesture ? "drag.ended: [ { add: throw } ]" : "step: [ { if: \"!thrown && time > 0.099\", then: [ { add: throw }, { set: { thrown: true } } ] } ]")
            script:
              - pan: { gesture: drag, from: [125, 125], to: [200, 125], duration: 0.1 }
              - wait: { frames: 2 }
            """)[0]
        #expect(r.status == .passed, "\(r.diagnostics.map(\.message))")
        let ys = rows(r).suffix(4).map(\.y)  // the frame before the release, the release, two more
        #expect(ys[0] == 125, "\(ys)")
        if byGesture {
            #expect(abs(ys[1] - 130) < 1e-4 && abs(ys[2] - 140) < 1e-4, "\(ys)")
        } else {
            #expect(ys[1] == 125 && ys[2] > 125, "\(ys)")
        }
    }
}
