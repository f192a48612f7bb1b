import SceneModel
import Testing

/// Gesture delegates at load time: `shouldBegin` and `shouldReceiveTouch` are bool expressions
/// inside the kind's mapping, reading vars (declared anywhere), views and other gestures.
@Suite struct GestureDelegatesLoaderTests {
    func scene(_ gestures: String) -> String {
        """
        views:
          sheet: { frame: [0, 200, 390, 644] }
          list: { frame: [0, 60, 390, 584], superview: sheet, scroll: { contentSize: [390, 2000] } }
        gestures:
        \(gestures)
        vars: { top: 100 }
        script:
          - wait: 0.1
        """
    }

    @Test func delegatesAreBoolExpressions() throws {
        let s = try load(
            scene(
                """
                  sheetPan: { pan: { in: sheet, shouldBegin: "sheet.y > top + 1 || listPan.state == 'failed'" } }
                  listPan: { scrollView: { in: list, shouldReceiveTouch: "touch.y > 300" } }
                  tap: { tap: { in: sheet, shouldBegin: false } }
                """))[0]
        #expect(s.gestures[0].shouldBegin?.text == "sheet.y > top + 1 || listPan.state == 'failed'")
        #expect(s.gestures[0].shouldReceiveTouch == nil)
        #expect(s.gestures[1].shouldReceiveTouch?.text == "touch.y > 300")
        #expect(s.gestures[2].shouldBegin?.node == .bool(false))
    }

    @Test(arguments: [
        (
            "  p: { pan: { in: sheet, shouldBegin: \"sheet.y\" } }",
            "t.yaml:5:40: error: expected a bool, but `sheet.y` is a number"
        ),
        (
            "  p: { pan: { in: sheet, shouldBegin: 1 } }",
            "t.yaml:5:39: error: `shouldBegin` of `p` must be a bool, found the number 1"
        ),
        (
            "  p: { pan: { in: sheet, shouldReceiveTouch: \"tuch.y > 0\" } }",
            "t.yaml:5:47: error: unknown name `tuch`; did you mean `touch`?"
        ),
        (
            "  p: { pan: { in: sheet, shoudBegin: true } }",
            "t.yaml:5:26: error: unknown key `shoudBegin` in `pan` of `p`; did you mean `shouldBegin`?"
        ),
        (
            "  l: { scrollView: list, shouldBegin: true }",
            "t.yaml:5:26: error: `shouldBegin` goes inside the gesture's kind: `scrollView: { in: list, shouldBegin: "
                + "… }` (the short form `scrollView: list` takes no other key)"
        ),
    ])
    func badDelegatesAreLocated(_ gesture: String, _ message: String) {
        #expect(loadError(scene(gesture)) == message)
    }
}
