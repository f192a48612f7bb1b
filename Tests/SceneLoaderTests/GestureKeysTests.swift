import SceneModel
import SceneVocabulary
import Testing

/// A gesture kind's keys are read by its vocabulary file through the loader's `KeyReader`:
/// defaults come from the kind's settings, each value is checked against its key, every error
/// is located at the value.
@Suite struct GestureKeysTests {
    func scene(_ gesture: String) -> String {
        """
        views:
          a: { frame: [0, 0, 10, 10] }
        gestures:
          g: \(gesture)
        script:
          - wait: 0.1
        """
    }

    @Test func defaultsAreTheKindsSettings() throws {
        let s = try load(scene("{ screenEdgePan: { in: a } }"))[0]
        #expect(s.gestures[0].settings == .screenEdgePan(ScreenEdgePanSettings()))
        #expect(ScreenEdgePanSettings().edges == [.left] && ScreenEdgePanSettings().minimumDistance == 15)
        #expect(try load(scene("{ pan: { in: world } }"))[0].gestures[0].settings == .pan(PanGestureSettings()))
        #expect(PanGestureSettings().minimumDistance == 10)
    }

    @Test func oneEdgeNeedsNoList() throws {
        var edge = ScreenEdgePanSettings()
        edge.edges = [.bottom]
        #expect(
            try load(scene("{ screenEdgePan: { in: a, edges: bottom } }"))[0].gestures[0].settings
                == .screenEdgePan(edge))
    }

    @Test func valuesAreCheckedAgainstTheirKeys() {
        #expect(
            loadError(scene("{ screenEdgePan: { in: a, edges: [lft] } }"))
                == "t.yaml:4:39: error: unknown value `lft` in `edges`; did you mean `left`?")
        #expect(
            loadError(scene("{ screenEdgePan: { in: a, edges: up } }"))
                == "t.yaml:4:39: error: unknown value `up` in `edges`; expected one of: left, right, top, bottom")
        #expect(
            loadError(scene("{ pan: { in: a, minimumDistance: -1 } }"))
                == "t.yaml:4:39: error: `minimumDistance` must be at least 0, found -1")
        #expect(
            loadError(scene("{ pan: { in: a, minimumDistance: \"2 * 3\" } }"))
                == "t.yaml:4:39: error: `minimumDistance` takes a literal number, not an expression: found `2 * 3`; "
                + "write the number itself (this key takes no expression)")
    }

    @Test func aKindTakesOnlyItsOwnKeys() {
        #expect(
            loadError(scene("{ pan: { in: a, edges: [left] } }"))
                == "t.yaml:4:22: error: unknown key `edges` in `pan` of `g`; expected one of: in, simultaneous, requireFail, "
                + "shouldBegin, shouldReceiveTouch, minimumDistance")
        #expect(
            loadError(scene("{ squeeze: { in: a } }"))
                == "t.yaml:4:8: error: unknown key `squeeze` in gesture `g`; expected one of: pan, screenEdgePan, tap, "
                + "longPress, pinch, rotation, swipe, scrollView, scrollViewZoom, repeat")
    }
}
