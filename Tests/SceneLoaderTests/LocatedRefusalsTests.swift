import Testing

/// Refusals point at what is wrong (issue 33, item 5): the keyframe time that makes a `touches`
/// step too long, and a name that is not a view where a view is expected — not at the mapping or
/// the view around it, a line or more away.
@Suite struct LocatedRefusalsTests {
    static let animator = """
        views: { a: { frame: [0, 0, 100, 100] } }
        animators:
          fade: { duration: 0.3, set: { a.alpha: 0 } }

        """

    /// A `touches` step of more finger-frames than the load budget: at the last keyframe time of
    /// the finger that lifts last (was: the step's first key, the line below `- touches:`).
    @Test func aTouchesStepTooLongIsRefusedAtItsLastTime() {
        let e = loadError(
            """
            views: { a: { frame: [0, 0, 100, 100] } }
            gestures: { t: { pan: { in: a } } }
            script:
              - touches:
                  gesture: t
                  paths:
                    - - [0, 50, 50]
                      - [100000000, 50, 60]
                    - - [0, 50, 50]
                      - [1, 50, 60]
            """)
        #expect(
            e
                == "t.yaml:8:14: error: this `touches` step makes 12000000000 finger-frames (fingers × frames), more than "
                + "the 499919 units of load work left for the file; raise the limit with --max-load-work")
    }

    /// A tap of too many taps is refused at its `count`, a press too long at its `duration`.
    @Test func aTapOrPressTooLongIsRefusedAtItsNumber() {
        let base = """
            views: { a: { frame: [0, 0, 100, 100] } }
            gestures: { t: { tap: { in: a } } }
            script:

            """
        let tap = loadError(base + "  - tap:\n      gesture: t\n      at: [50, 50]\n      count: 100000\n")
        #expect(tap.hasPrefix("t.yaml:7:14: error: this `tap` step makes 19999900000 finger-frames"))
        let press = loadError(base + "  - press:\n      gesture: t\n      at: [50, 50]\n      duration: 100000\n")
        #expect(press.hasPrefix("t.yaml:7:17: error: this `press` step makes 6000000 finger-frames"))
    }

    /// An animator named as a view under `expect.views`: at the name, saying what it is.
    @Test func anAnimatorExpectedAsAViewIsRefusedAtItsName() {
        #expect(
            loadError(Self.animator + "script: [ { wait: 0.1 } ]\nexpect:\n  views:\n    fade:\n      center: [0, 0]\n")
                == "t.yaml:7:5: error: `fade` is an animator, not a view; name a view")
        #expect(
            loadError(Self.animator + "script:\n  - expect: { views: { fade: { x: 0 } } }\n")
                == "t.yaml:5:24: error: `fade` is an animator, not a view; name a view")
        #expect(
            loadError(
                Self.animator + "behaviors: { g: { gravity: { items: [a, fade] } } }\nscript: [ { wait: 0.1 } ]\n")
                == "t.yaml:4:41: error: `fade` is an animator, not a view; name a view")
    }

    /// An unknown superview: at the name under `superview`, not at the view that names it.
    @Test func anUnknownSuperviewIsRefusedAtItsName() {
        let e = loadError(
            """
            views:
              a: { frame: [0, 0, 100, 100] }
              b:
                frame: [0, 0, 10, 10]
                superview: fade
            script: [ { wait: 0.1 } ]
            """)
        #expect(e == "t.yaml:5:16: error: unknown view `fade` as the superview of `b`")
    }
}
