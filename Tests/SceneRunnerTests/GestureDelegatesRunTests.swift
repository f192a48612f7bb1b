import Results
import SceneRunner
import Testing

/// Gesture delegates in a run: `shouldBegin` decides when the recogniser would begin (and then
/// the others may), `shouldReceiveTouch` at each touch-down; errors are located at the
/// expression; two recognisers that would begin on the same frame: the first declared begins.
@Suite struct GestureDelegatesRunTests {
    static let sheet = """
        views:
          sheet: { frame: [0, 200, 390, 644] }
          list: { frame: [0, 60, 390, 584], superview: sheet, scroll: { contentSize: [390, 2000] } }

        """

    /// Refused, the sheet's pan fails and the list's pan (declared after it, on the same frame)
    /// begins instead; allowed, the sheet's pan begins and the list's fails. `gesture` is the
    /// asking pan, with its velocity at that moment.
    @Test func shouldBeginHandsTheTouchToTheOtherRecogniser() throws {
        let r = try run(
            Self.sheet + """
                gestures:
                  sheetPan: { pan: { in: sheet, shouldBegin: "gesture.velocity.y > 0 && list.contentOffset.y <= 0" } }
                  listPan: { scrollView: list }
                on:
                  sheetPan.failed: [ { log: "'sheet failed'" } ]
                  sheetPan.began: [ { log: "gesture.velocity.y > 0" } ]
                  listPan.began: [ { log: "'list began'" } ]
                  listPan.failed: [ { log: "'list failed'" } ]
                script:
                  - pan: { gesture: listPan, from: [195, 700], to: [195, 500], duration: 1 }
                  - expect: { that: ["sheetPan.state == 'failed'", "listPan.state == 'ended'"] }
                  - waitFor: "!list.isDecelerating"
                  - pan: { gesture: listPan, from: [195, 400], to: [195, 750], duration: 1 }
                  - expect: { that: ["sheetPan.state == 'failed'", "list.contentOffset.y < 100"] }
                  - waitFor: "!list.isDecelerating"
                  - expect: { that: ["list.contentOffset.y == 0"] }
                  - pan: { gesture: listPan, from: [195, 400], to: [195, 600], duration: 0.2 }
                  - expect: { that: ["sheetPan.state == 'ended'", "listPan.state == 'failed'"] }
                """)[0]
        #expect(r.status == .passed, "\(r.failures) \(r.diagnostics)")
        let logs = r.trace.filter { $0.contains(": log ") || $0.contains("shouldBegin") }.map {
            String($0.split(separator: ": ", maxSplits: 1)[1])
        }
        #expect(
            logs == [
                "sheetPan shouldBegin false", "log 'sheet failed' = 'sheet failed'", "log 'list began' = 'list began'",
                "sheetPan shouldBegin false", "log 'sheet failed' = 'sheet failed'", "log 'list began' = 'list began'",
                "sheetPan shouldBegin true", "log gesture.velocity.y > 0 = true", "log 'list failed' = 'list failed'",
            ], "\(logs)")
    }

    /// Without a delegate, two pans that begin on the same frame: the one declared first begins,
    /// the other fails, and their rules run in that order.
    @Test func theFirstDeclaredBegins() throws {
        let r = try run(
            Self.sheet + """
                gestures:
                  listPan: { scrollView: list }
                  sheetPan: { pan: { in: sheet } }
                on:
                  sheetPan.failed: [ { log: "'sheet failed'" } ]
                  listPan.began: [ { log: "'list began'" } ]
                script:
                  - pan: { gesture: sheetPan, from: [195, 700], to: [195, 500], duration: 0.2 }
                  - expect: { that: ["sheetPan.state == 'failed'", "listPan.state == 'ended'"] }
                """)[0]
        #expect(r.status == .passed, "\(r.failures) \(r.diagnostics)")
        let logs = r.trace.filter { $0.contains(": log ") }
        #expect(logs.count == 2 && logs[0].hasSuffix("'list began'") && logs[1].hasSuffix("'sheet failed'"), "\(logs)")
    }

    /// `shouldReceiveTouch` runs at the touch-down with `touch` the point: refused, the
    /// recogniser never sees the touch (not even as the step's named gesture), and the others
    /// get it.
    @Test func shouldReceiveTouchKeepsTheTouch() throws {
        let r = try run(
            Self.sheet + """
                gestures:
                  listPan: { scrollView: { in: list, shouldReceiveTouch: "touch.y > 400" } }
                  sheetPan: { pan: { in: sheet } }
                script:
                  - pan: { gesture: listPan, from: [195, 350], to: [195, 150], duration: 0.2 }
                  - expect: { that: ["listPan.state == 'possible'", "sheetPan.state == 'ended'", "list.contentOffset.y == 0"] }
                  - pan: { gesture: listPan, from: [195, 450], to: [195, 250], duration: 0.2 }
                  - expect: { that: ["listPan.state == 'ended'", "sheetPan.state == 'failed'", "list.contentOffset.y > 100"] }
                """)[0]
        #expect(r.status == .passed, "\(r.failures) \(r.diagnostics)")
        #expect(r.trace.contains { $0.hasSuffix("listPan shouldReceiveTouch false") })
    }

    /// A run-time error in a delegate's expression stops the case, located at the expression,
    /// with the tick and the time.
    @Test func errorsAreLocatedAtTheExpression() throws {
        let r = try run(
            Self.sheet + """
                gestures:
                  sheetPan: { pan: { in: sheet, shouldBegin: "1 / list.contentOffset.y > 0" } }
                script:
                  - pan: { gesture: sheetPan, from: [195, 700], to: [195, 500], duration: 0.2 }
                """)[0]
        #expect(r.status == .invalid)
        #expect(
            r.diagnostics.first?.description.hasPrefix(
                "r.yaml:5:47: error: division by zero in `1 / list.contentOffset.y` (`list.contentOffset.y` is 0)")
                == true, "\(r.diagnostics)")
        let touch = try run(
            Self.sheet + """
                gestures:
                  sheetPan: { pan: { in: sheet, shouldReceiveTouch: "sqrt(-touch.y) > 0" } }
                script:
                  - pan: { gesture: sheetPan, from: [195, 700], to: [195, 500], duration: 0.2 }
                """)[0]
        #expect(touch.status == .invalid)
        #expect(
            touch.diagnostics.first?.description.hasPrefix(
                "r.yaml:5:54: error: square root of a negative number (-700) in `sqrt(-touch.y)`") == true,
            "\(touch.diagnostics)")
    }
}
