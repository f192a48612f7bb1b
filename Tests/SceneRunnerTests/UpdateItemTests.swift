import Results
import SceneRunner
import Testing

/// `set` (and `animate`'s model change) on a dynamic item is UIKit's
/// `updateItemUsingCurrentState`: the animator takes the new state and runs again, even after it
/// paused; and a group's body is built from where its items are when a behaviour first names it.
@Suite struct UpdateItemTests {
    /// The numbers a case's `log` actions printed for `what`, in order (each a point's or a
    /// number's components).
    func logged(_ r: CaseResult, _ what: String) -> [[Double]] {
        r.trace.filter { $0.contains("log \(what) = ") }.map { line in
            let text = line.components(separatedBy: " = ").last!.filter { "0123456789.,-e".contains($0) }
            return text.split(separator: ",").map { Double($0)! }
        }
    }

    /// A box resting on a 2 Hz spring (its anchor at the box's centre), moved 100 pt down once the
    /// animator has paused. The animator resumes on the tick of the move and the spring pulls the
    /// box back: 8 frames later (0.133 s, about a quarter period) it is 19.5 pt from its anchor,
    /// and it comes to rest there again. (Before the fix the sleeping body was not woken, the
    /// animator stayed paused and the box stayed at 522 for ever.)
    @Test(arguments: ["set: { box.center: [200, 522] }", "animate: { duration: 0.2, set: { box.center: [200, 522] } }"])
    func movingARestingItemWakesThePausedAnimator(_ move: String) throws {
        let r = try run(
            """
            world: { size: [400, 800] }
            views: { box: { frame: [150, 372, 100, 100] } }
            behaviors:
              spring: { attachment: { item: box, anchor: [200, 422], length: 0, frequency: 2, damping: 0.3 }, active: true }
            on:
              rest: [ { log: "box.center.y" } ]
            script:
              - waitFor: rest
              - \(move)
              - wait: { frames: 8 }
              - log: "box.center.y"
              - waitFor: rest
            expect:
              views: { box: { center: [200, 422], within: 0.5 } }
            """)[0]
        #expect(r.status == .passed, "\(r.failures.map(\.message)) \(r.diagnostics.map(\.message))")
        // paused, resumed by the move, paused again
        #expect(r.trace.filter { $0.hasSuffix("animator at rest") }.count == 2, "\(r.trace)")
        #expect(r.trace.filter { $0.hasSuffix("animator resumed") }.count == 1, "\(r.trace)")
        let ys = logged(r, "box.center.y").map { $0[0] }
        // at rest, then a quarter period after the move, then at rest again
        #expect(ys.count == 3, "\(ys)")
        if ys.count == 3 {
            #expect(abs(ys[0] - 422) < 0.5 && abs(ys[2] - 422) < 0.5, "\(ys)")
            // 8 frames after the move: back from 522 to 441.51 (read from the run's --trace)
            #expect(abs(ys[1] - 441.51) < 0.01, "\(ys)")
        }
    }

    /// The centre of a group as `--trace` wrote it at the end of the last tick, and as the
    /// expression `window.center.y` read it then.
    func groupCentres(_ r: CaseResult) -> (trace: Double, a: Double) {
        let row = r.ticksTrace.last!
        func column(_ name: String) -> Double { row[r.tickColumns.firstIndex(of: name)!] }
        return (column("window.centerY"), column("a.centerY"))
    }

    /// A window of two items (a group) dragged by its left item, each frame's `changed` moving
    /// both items 10 pt down, and thrown by `ended`: the release tick runs the last `changed`
    /// (moving the items) and then `ended` (adding the throw). The group's body is built where
    /// the items are then, so its centre stays the centre of its items' union (the items are
    /// side by side: the same y as either). Before the fix the group kept the centre of the tick
    /// before, 10 pt above its items.
    @Test func aGroupThrownOnTheTickItsItemsMovedIsBuiltWhereTheyAre() throws {
        let r = try run(
            """
            world: { size: [400, 800] }
            views:
              a: { frame: [100, 100, 50, 50] }
              b: { frame: [150, 100, 50, 50] }
              window: { group: { items: [a, b] } }
            gestures: { drag: { pan: { in: a } } }
            behaviors:
              throw: { item: { items: [window], resistance: 0, linearVelocity: [0, 600] } }
            on:
              drag.changed: [ { set: { a.center: "a.center + [0, 10]", b.center: "b.center + [0, 10]" } } ]
              drag.ended: [ { add: throw }, { log: "window.center.y" }, { log: "a.center.y" } ]
            script:
              - pan: { gesture: drag, from: [125, 125], to: [125, 225], duration: 0.1 }
              - wait: 0.05
              - expect: { that: ["window.center.y == a.center.y"] }
            """)[0]
        #expect(r.status == .passed, "\(r.failures.map(\.message)) \(r.diagnostics.map(\.message))")
        // five `changed` frames (the first move began the pan): 50 pt down, to 175
        #expect(logged(r, "window.center.y") == [[175]] && logged(r, "a.center.y") == [[175]], "\(r.trace)")
        // then the throw at 600 pt/s: one sub-step on the release tick (5 pt), 3 ticks of two (30 pt)
        let c = groupCentres(r)
        #expect(abs(c.trace - 210) < 1e-3 && c.trace == c.a, "\(c)")
    }

    /// The same on the animator's tick: a `step` rule moves the items and adds the throw, which
    /// the animator installs at the end of the tick; the group is built where the items are then.
    @Test func aGroupAddedByAStepRuleAfterItsItemsMovedIsBuiltWhereTheyAre() throws {
        let r = try run(
            """
            world: { size: [400, 800] }
            views:
              a: { frame: [100, 100, 50, 50] }
              b: { frame: [150, 100, 50, 50] }
              window: { group: { items: [a, b] } }
              ball: { frame: [300, 0, 20, 20] }
            vars: { thrown: false }
            behaviors:
              fall: { gravity: { items: [ball] }, active: true }
              throw: { item: { items: [window], resistance: 0, linearVelocity: [0, 600] } }
            on:
              step:
                - if: "!thrown && time > 0.09"
                  then:
                    - set: { a.center: "a.center + [0, 40]", b.center: "b.center + [0, 40]", thrown: true }
                    - add: throw
            script:
              - wait: 0.2
              - expect: { that: ["window.center.y == a.center.y"] }
            """)[0]
        #expect(r.status == .passed, "\(r.failures.map(\.message)) \(r.diagnostics.map(\.message))")
        let c = groupCentres(r)
        #expect(c.trace == c.a, "\(c)")
    }
}
