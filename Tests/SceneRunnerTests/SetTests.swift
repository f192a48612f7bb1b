import SceneRunner
import Testing

/// `set` assigns the property it names and nothing else (scene-format 1.1, "`set` changes what it
/// names, nothing else"): the other expressions of the behaviour keep the values they had when it
/// was added.
@Suite struct SetTests {
    /// A card grabbed right of its centre: the attachment's offset is the finger's place in the
    /// card when the pan begins, its anchor follows the finger. Mid-drag the card has followed the
    /// finger and turned. (Before the fix, `set: { hold.anchor: touch }` re-evaluated the offset
    /// every tick, rebuilt the joint with length 0, and the card never moved.)
    @Test func draggedCardFollowsTheFingerAndTurns() throws {
        let r = try run(
            """
            views: { card: { frame: [95, 272, 200, 300] } }
            gestures: { drag: { pan: { in: card } } }
            behaviors:
              hold: { attachment: { item: card, offset: "gesture.locationInView - [card.width / 2, card.height / 2]", anchor: touch } }
            on:
              drag.began: [ { add: hold } ]
              drag.changed:
                - set: { hold.anchor: touch }
                - if: "time > 0.29"
                  then: [ { log: "card.center" }, { log: card.rotation } ]
            script:
              - pan: { gesture: drag, path: [[0, 260, 330], [0.3, 285, 520]] }
            """)[0]
        #expect(r.status == .passed)
        func logged(_ what: String) -> [Double] {
            let line = r.trace.last { $0.contains("log \(what) = ") }!
            let text = line.split(separator: "=").last!.filter { "0123456789.,-e".contains($0) }
            return text.split(separator: ",").map { Double($0)! }
        }
        let center = logged("card.center")
        let rotation = logged("card.rotation")[0]
        // The finger moved 25 pt right and 190 pt down; the card's centre follows it down…
        #expect(center[1] > 422 + 80, "centre \(center)")
        // … and, held right of its centre while pulled down, it turns clockwise.
        #expect(rotation > 0.2, "rotation \(rotation)")
    }

    /// Setting one property of an installed behaviour leaves the others as they were evaluated
    /// when it was added, even when their expressions would now give other values.
    @Test func setLeavesTheOtherExpressionsAlone() throws {
        let r = try run(
            """
            views: { box: { frame: [0, 0, 100, 100] } }
            behaviors:
              rope: { attachment: { item: box, anchor: [200, 50], length: "100 + time * 1000", frequency: 2, damping: 1 }, active: true }
            script:
              - wait: 0.5
              - set: { rope.damping: 0.5 }
              - wait: 2
              - expect: { that: ["abs(distance(box.center, [200, 50]) - 100) < 5"] }
            """)[0]
        // Re-evaluated at t = 0.5 s the length would be 600 pt and the box would hang far away.
        #expect(r.status == .passed, "\(r.failures.map(\.message))")
    }

    /// Every value of one `set` is evaluated before any is assigned (format 1.3's settled
    /// detail): two vars swap, and a view's new value does not reach another key's expression.
    @Test func everyValueIsEvaluatedBeforeAnyIsAssigned() throws {
        let r = try run(
            """
            views: { box: { frame: [0, 0, 100, 100] } }
            vars: { a: 1, b: 2, seen: 0 }
            script:
              - set: { a: b, b: a, box.x: 50, seen: box.x }
              - expect: { that: ["a == 2", "b == 1", "seen == 0", "box.x == 50"] }
            """)[0]
        #expect(r.status == .passed, "\(r.failures.map(\.message))")
    }
}
