import SceneModel
import Testing

/// A new user's slips (issue 40, item 2; issue 32's two messages): a key found at the wrong level
/// of an expectation says where it goes, and a key that takes only a literal says so, and where an
/// expression may go instead.
@Suite struct SlipsTests {
    static let scene = """
        views: { box: { frame: [0, 0, 10, 10] }, other: { frame: [0, 0, 5, 5] } }
        transitions: { present: { kind: present, from: box, to: other } }
        script: [ { wait: 0.1 } ]

        """

    func error(_ expect: String) -> String { loadError(Self.scene + "expect: \(expect)\n") }

    @Test func withinBesideTheViewsMappingSaysItGoesInside() {
        #expect(
            error("{ views: { box: { y: 0 }, within: 1 } }")
                == "t.yaml:4:35: error: unknown view `within`: `within` goes inside the view's mapping, beside the "
                + "values it applies to: `views: { box: { y: 100, within: 2 } }`")
        // The same slip in a checkpoint.
        let e = loadError(
            Self.scene.replacingOccurrences(
                of: "script: [ { wait: 0.1 } ]",
                with: "script: [ { expect: { views: { other: { x: 0 }, within: 1 } } } ]"
            ))
        #expect(
            e.hasSuffix(
                "unknown view `within`: `within` goes inside the view's mapping, beside the values it "
                    + "applies to: `views: { other: { y: 100, within: 2 } }`"), "\(e)")
    }

    @Test func aKeyOfAnotherLevelSaysWhereItGoes() {
        let cases: [(String, String)] = [
            (
                "{ views: { y: 0 } }",
                "4:20: error: unknown view `y`: `y` is a view's member: it goes inside the view's "
                    + "mapping: `views: { box: { y: … } }`"
            ),
            (
                "{ views: { rest: true } }",
                "4:20: error: unknown view `rest`: `rest` is a key of `expect`, beside "
                    + "`views`: `expect: { views: { … }, rest: … }`"
            ),
            (
                "{ box: { y: 0 } }",
                "4:11: error: unknown key `box` in `expect`: `box` is a view: its expectations go "
                    + "under `views`: `expect: { views: { box: { … } } }`"
            ),
            (
                "{ y: 0 }",
                "4:11: error: unknown key `y` in `expect`: `y` goes inside a view's mapping under `views`: "
                    + "`expect: { views: { box: { y: … } } }`"
            ),
            (
                "{ within: 2 }",
                "4:11: error: unknown key `within` in `expect`: `within` goes inside a view's mapping "
                    + "under `views`: `expect: { views: { box: { within: … } } }`"
            ),
            (
                "{ present: completed }",
                "4:11: error: unknown key `present` in `expect`: `present` is a transition: "
                    + "its state goes under `transition`: `expect: { transition: { present: completed } }`"
            ),
            (
                "{ contact: 1 }",
                "4:11: error: unknown key `contact` in `expect`: event counts go under `events`: "
                    + "`expect: { events: { contact: … } }`"
            ),
            (
                "{ views: { box: { y: 0, rest: true } } }",
                "4:33: error: unknown key `rest` in the expectations of "
                    + "`box`: `rest` is a key of `expect`, beside `views`, not of a view: `expect: { views: { box: { … } }, "
                    + "rest: … }`"
            ),
            (
                "{ views: { box: { y: 0, other: { y: 0 } } } }",
                "4:33: error: unknown key `other` in the expectations "
                    + "of `box`: `other` is a view: it goes beside `box` under `views`, not inside it"
            ),
            // A typo is still a typo: the did-you-mean answers it.
            (
                "{ views: { box: { y: 0, z: 1 } } }",
                "4:33: error: unknown key `z` in the expectations of `box`; did "
                    + "you mean `x`?"
            ),
            ("{ restt: true }", "4:11: error: unknown key `restt` in `expect`; did you mean `rest`?"),
        ]
        for (expect, message) in cases { #expect(error(expect) == "t.yaml:" + message, "\(expect)") }
    }

    /// "`initialVelocity` must be a number, found `relV`" did not say that a timing takes literals,
    /// nor where a velocity computed at run time can go. Since format 1.3 a timing's numbers are
    /// expressions (a spring that starts at the finger's speed); a literal-only key still says so.
    @Test func aLiteralKeySaysSoAndWhereAnExpressionGoes() throws {
        let s = try load(
            """
            views: { box: { frame: [0, 0, 10, 10] } }
            vars: { relV: 2 }
            animators:
              a: { duration: 1, timing: { spring: { dampingRatio: 0.5, initialVelocity: [relV, 0] } }, set: { box.x: 1 } }
            script: [ { wait: 0.1 } ]
            """)[0]
        #expect(s.animators[0].timing.expressions.map(\.text) == ["0.5", "[relV, 0]"])
        #expect(
            loadError(
                "views: { list: { frame: [0, 0, 10, 10], scroll: { contentSize: [10, \"rows * 100\"] } } }\n"
                    + "vars: { rows: 2 }\nscript: [ { wait: 0.1 } ]\n")
                == "t.yaml:1:69: error: `contentSize` of `list` takes a literal number, not an expression: found "
                + "`rows * 100`; write the number itself (this key takes no expression)")
        // Text that is no expression at all is still "must be a number".
        #expect(
            loadError("views: { box: { frame: [0, 0, 10, \"1 +\"] } }\nscript: [ { wait: 0.1 } ]\n")
                .contains("must be a number, found `1 +`"))
    }

    /// The design's pull-to-refresh sketch has `refreshDone:` under `on`: a bare name no event is
    /// near. The refusal says what an event is and what to use for "later" instead.
    @Test func aBareNameUnderOnSaysWhatAnEventIs() {
        let e = loadError(Self.scene + "on:\n  refreshDone: [ { set: { box.x: 0 } } ]\n")
        #expect(
            e == "t.yaml:5:3: error: unknown event `refreshDone`: an event is NAME.EVENT of a gesture, view, "
                + "scroll view or transition, or one of `step`, `contact`, `contactEnded`, `rest`, `resume`; a "
                + "scene has no events of its own: to run actions later, put `after:` in the rule that starts them")
        // A typo near a real event still gets its did-you-mean.
        #expect(
            loadError(Self.scene + "on:\n  contct: [ { set: { box.x: 0 } } ]\n")
                == "t.yaml:5:3: error: unknown event `contct`; did you mean `contact`?")
    }
}
