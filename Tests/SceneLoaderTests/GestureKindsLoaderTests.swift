import SceneModel
import SceneVocabulary
import Testing

/// The gesture kinds of format 1.2 and the keys every gesture has (`simultaneous`,
/// `requireFail`): defaults, bounds and relations, each error at its value.
@Suite struct GestureKindsLoaderTests {
    func scene(_ gestures: String, script: String = "- wait: 0.1") -> String {
        """
        views:
          a: { frame: [0, 0, 10, 10] }
        gestures:
        \(gestures)
        script:
          \(script)
        """
    }

    @Test func kindsAndTheirDefaults() throws {
        let s = try load(
            scene(
                """
                  t: { tap: { in: a, taps: 2, touches: 2 } }
                  l: { longPress: { in: a } }
                  p: { pinch: { in: a } }
                  r: { rotation: { in: world } }
                  s: { swipe: { in: a, direction: [left, up] } }
                """))[0]
        var tap = TapGestureSettings()
        tap.taps = 2
        tap.touches = 2
        var swipe = SwipeGestureSettings()
        swipe.directions = [.left, .up]
        #expect(
            s.gestures.map(\.settings) == [
                .tap(tap), .longPress(LongPressGestureSettings()), .pinch(PinchGestureSettings()),
                .rotation(RotationGestureSettings()), .swipe(swipe),
            ])
        #expect(LongPressGestureSettings().minimumDuration == 0.5 && LongPressGestureSettings().allowableMovement == 10)
        #expect(SwipeGestureSettings().directions == [.right] && TapGestureSettings().taps == 1)
    }

    @Test func countsAreWholeAndAtLeastOne() {
        #expect(
            loadError(scene("  t: { tap: { in: a, taps: 1.5 } }"))
                == "t.yaml:4:28: error: `taps` must be a whole number up to 1000, found 1.5")
        #expect(
            loadError(scene("  t: { tap: { in: a, touches: 0 } }"))
                == "t.yaml:4:31: error: `touches` must be at least 1, found 0")
        #expect(
            loadError(scene("  l: { longPress: { in: a, minimumDuration: -0.1 } }"))
                == "t.yaml:4:45: error: `minimumDuration` must be at least 0, found -0.1")
        #expect(
            loadError(scene("  s: { swipe: { in: a, direction: sideways } }"))
                == "t.yaml:4:35: error: unknown value `sideways` in `direction`; expected one of: right, left, up, down"
        )
        // On main an empty list was taken: a swipe that recognises no direction never fires.
        #expect(
            loadError(scene("  s: { swipe: { in: a, direction: [] } }"))
                == "t.yaml:4:35: error: `direction` is an empty list; name at least one of: right, left, up, down")
        #expect(
            loadError(scene("  e: { screenEdgePan: { in: a, edges: [] } }"))
                == "t.yaml:4:39: error: `edges` is an empty list; name at least one of: left, right, top, bottom")
        #expect(
            loadError(scene("  p: { pinch: { in: a, scale: 2 } }"))
                == "t.yaml:4:24: error: unknown key `scale` in `pinch` of `p`; expected one of: in, simultaneous, requireFail, "
                + "shouldBegin, shouldReceiveTouch"
        )
    }

    /// `simultaneous` and `requireFail` may name a gesture declared later; a name that is no
    /// gesture, the gesture itself or a cycle of `requireFail` is an error at the list.
    @Test func relations() throws {
        let s = try load(
            scene(
                """
                  one: { tap: { in: a, requireFail: two } }
                  two: { tap: { in: a, taps: 2, simultaneous: [one, drag] } }
                  drag: { pan: { in: a } }
                """))[0]
        #expect(s.gestures[0].requireFail.map(\.index) == [1] && s.gestures[0].simultaneous.isEmpty)
        #expect(s.gestures[1].simultaneous.map(\.index) == [0, 2])
        #expect(
            loadError(scene("  one: { tap: { in: a, requireFail: [tow] } }\n  two: { tap: { in: a } }"))
                == "t.yaml:4:37: error: unknown gesture `tow` in `requireFail`; did you mean `two`?")
        #expect(
            loadError(scene("  one: { tap: { in: a, simultaneous: one } }"))
                == "t.yaml:4:38: error: `simultaneous` of `one` names the gesture itself")
        #expect(
            loadError(scene("  one: { tap: { in: a, requireFail: two } }\n  two: { tap: { in: a, requireFail: one } }"))
                == "t.yaml:4:37: error: `requireFail` makes `one` wait for its own failure (a cycle of requireFail)")
    }

    /// Touch steps: their keys, bounds and `release`.
    @Test func touchSteps() throws {
        let ok = try load(
            scene(
                "  p: { pinch: { in: a } }",
                script: """
                    - pinch: { gesture: p, center: [5, 5], from: 100, to: 200, release: cancel }
                      - rotate: { gesture: p, center: [5, 5], by: 90deg }
                      - tap: { gesture: p, at: [5, 5], count: 2 }
                      - press: { gesture: p, at: [5, 5], duration: 0.8 }
                      - touches: { gesture: p, paths: [[[0, 1, 1], [0.1, 2, 2]], [[0.05, 5, 5]]] }
                      - pan: { gesture: p, from: [0, 0], to: [5, 5], release: cancel }
                    """))[0]
        #expect(ok.script.count == 6)
        if case .touch(let t) = ok.script[0] { #expect(t.release == .cancel) } else { Issue.record("not a touch step") }
        if case .touch(let t) = ok.script[3] { #expect(t.release == .hold) } else { Issue.record("not a touch step") }
        if case .pan(let p) = ok.script[5] { #expect(p.release == .cancel) } else { Issue.record("not a pan") }
        #expect(
            loadError(
                scene("  p: { pinch: { in: a } }", script: "- pinch: { gesture: p, center: [5, 5], from: 0, to: 2 }"))
                == "t.yaml:6:48: error: `from` must be positive, found 0")
        #expect(
            loadError(scene("  p: { pinch: { in: a } }", script: "- tap: { gesture: p, at: [5, 5], count: 1.5 }"))
                == "t.yaml:6:43: error: `count` must be a whole number, found 1.5")
        #expect(
            loadError(scene("  p: { pinch: { in: a } }", script: "- press: { gesture: p, at: [5, 5] }"))
                == "t.yaml:6:12: error: `press` needs the key `duration`")
        #expect(
            loadError(
                scene(
                    "  p: { pinch: { in: a } }",
                    script: "- pan: { gesture: p, from: [0, 0], to: [1, 1], release: drop }"))
                == "t.yaml:6:59: error: `release` must be lift, hold or cancel, found `drop`")
        #expect(
            loadError(
                scene(
                    "  p: { pinch: { in: a } }",
                    script: "- touches: { gesture: p, paths: [[[0.2, 1, 1], [0.1, 2, 2]]] }"))
                == "t.yaml:6:50: error: keyframe times must increase: 0.1 s comes after 0.2 s")
        #expect(
            loadError(scene("  p: { pinch: { in: a } }", script: "- touches: { gesture: q, paths: [] }"))
                == "t.yaml:6:25: error: unknown gesture `q`; did you mean `p`?")
    }
}
