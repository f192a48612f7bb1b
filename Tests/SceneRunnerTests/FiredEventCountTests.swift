import Diagnostics
import Results
import SceneLoader
import SceneRunner
import Testing

/// `expect.events` counts a gesture's, scroll view's, view's or transition's events, named as a
/// rule names them, whether or not a rule listens.
@Suite struct FiredEventCountTests {
    /// A finger pans 100 pt across a card in 12 frames (one `began`, a `changed` per frame that
    /// moves it after that, one `ended`); at the end the card is let fall: it drops about 250 pt
    /// onto the bottom edge and bounces there (4 contacts in `--verbose`).
    func card(_ checks: String) -> String {
        """
        views: { card: { frame: [100, 500, 100, 100] } }
        gestures: { drag: { pan: { in: card } } }
        behaviors:
          fall: { gravity: { items: [card] } }
          bouncy: { item: { items: [card], elasticity: 0.5 } }
          walls: { collision: { items: [card], referenceBounds: true }, active: true }
        on:
          drag.ended: [ { add: [fall, bouncy] } ]
        script:
          - pan: { gesture: drag, from: [150, 550], to: [150, 450], duration: 0.2 }
          - expect: { events: { drag.began: 1, drag.ended: 1, card.contact: 0 } }
          - waitFor: rest
        expect:
          events: \(checks)
        """
    }

    @Test func gestureAndViewEventsAreCounted() throws {
        let r = try run(card(#"{ drag.began: 1, drag.changed: ">= 9", drag.ended: 1, drag.failed: 0 }"#))[0]
        #expect(r.status == .passed, "\(r.failures.map(\.message)) \(r.diagnostics)")
        // The count is the view's own contacts: the same number as its `contacts` member.
        let contacts = try run(card("{ card.contact: 0 }"))[0]
        let message = try #require(contacts.failures.first?.message)
        #expect(message.hasPrefix("events.card.contact expected 0, got "), "\(message)")
        let n = try #require(Int(message.split(separator: " ")[4]))
        #expect(n >= 2)  // it lands, and bounces at least once
        let same = try run(
            card("{ card.contact: \(n) }").replacingOccurrences(
                of: "expect:\n  events:", with: "expect:\n  that: [\"card.contacts == \(n)\"]\n  events:"))[0]
        #expect(same.status == .passed, "\(same.failures.map(\.message))")
    }

    @Test func aWrongCountFailsAtItsValue() throws {
        let r = try run(card("{ drag.began: 2 }"))[0]
        #expect(r.status == .failed)
        #expect(r.failures.map(\.message).first?.hasPrefix("events.drag.began expected 2, got 1 at ") == true)
        #expect(r.failures.first?.location == SourceLocation(file: "r.yaml", line: 14, column: 25))
    }

    @Test func scrollEventsAreCountedWhileTheyHappen() throws {
        let r = try run(
            """
            views: { list: { frame: [0, 0, 390, 844], scroll: { contentSize: [390, 3000] } } }
            gestures: { flick: { scrollView: list } }
            script:
              - pan: { gesture: flick, from: [200, 600], to: [200, 300], duration: 0.3 }
              - expect: { events: { list.willEndDragging: 1, list.didScroll: ">= 18", list.didEndDecelerating: 0 } }
              - wait: 1
              - expect: { events: { list.didEndDecelerating: 0 }, that: ["list.isDecelerating"] }
              - wait: 5
            expect:
              events: { list.didEndDecelerating: 1, list.willEndDragging: 1 }
              that: ["!list.isDecelerating"]
            """)[0]
        #expect(r.status == .passed, "\(r.failures.map(\.message)) \(r.diagnostics)")
    }

    @Test func unknownNamesAreLocatedAtTheKey() {
        func error(_ key: String) -> String {
            do {
                _ = try SceneFile.load(
                    path: "r.yaml",
                    text: """
                        views: { card: { frame: [0, 0, 10, 10] } }
                        gestures: { drag: { pan: { in: card } } }
                        script: [ { wait: 0.1 } ]
                        expect: { events: { \(key): 1 } }
                        """)
                return "loaded"
            } catch {
                return "\(error)"
            }
        }
        #expect(error("drag.begn") == "r.yaml:4:21: error: unknown event `drag.begn`; did you mean `drag.began`?")
        #expect(error("card.didScroll").hasPrefix("r.yaml:4:21: error: `card` is not a scroll view"))
        #expect(error("hapic").hasPrefix("r.yaml:4:21: error: unknown key `hapic` in `expect.events`; did you mean"))
    }
}
