import Results
import SceneRunner
import Testing

/// Format 1.3: every number of an animator's timing, and of `continueAnimator`'s, may be an
/// expression, evaluated when the animator becomes active (before its `set` block) or continues;
/// a value the timing cannot take is a run-time error located at the expression.
@Suite struct TimingExpressionTests {
    func passes(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for r in try run(yaml) {
            #expect(r.status == .passed, "\(r.name): \(r.failures) \(r.diagnostics)", sourceLocation: sourceLocation)
        }
    }

    /// A spring whose velocity is an expression moves as the same spring written with literals,
    /// and unlike one that starts at rest: `a` (velocity from `box.y` before its `set` moved it:
    /// 100 / 100 = 1) and `b` (literal 1) agree mid-motion to the last bit; `c` (0) lags behind.
    @Test func anExpressionVelocityIsEvaluatedBeforeTheSetBlock() throws {
        try passes(
            """
            views:
              box: { frame: [0, 100, 10, 10] }
              lit: { frame: [20, 100, 10, 10] }
              rest: { frame: [40, 100, 10, 10] }
            vars: { relV: 0 }
            animators:
              a: { duration: 1, timing: { spring: { dampingRatio: 0.7, initialVelocity: "[0, box.y / 100]" } }, set: { box.y: 300 } }
              b: { duration: 1, timing: { spring: { dampingRatio: 0.7, initialVelocity: [0, 1] } }, set: { lit.y: 300 } }
              c: { duration: 1, timing: { spring: { dampingRatio: 0.7, initialVelocity: [0, relV] } }, set: { rest.y: 300 } }
            script:
              - startAnimator: a
              - startAnimator: b
              - startAnimator: c
              - wait: 0.1
              - expect:
                  that:
                    - "box.presentation.y == lit.presentation.y"
                    - "box.presentation.y > rest.presentation.y + 5"
                    - "box.y == 300"
              - wait: 1
              - expect: { views: { box: { presentation: { y: 300 } }, rest: { presentation: { y: 300 } } } }
            """)
    }

    /// The timing is evaluated each time the animator becomes active: a var changed between two
    /// runs changes the second run's spring; `continueAnimator`'s timing is evaluated when it
    /// continues, `durationFactor` too.
    @Test func reEvaluatedAtEachStartAndAtContinue() throws {
        try passes(
            """
            views:
              v: { frame: [0, 0, 10, 10] }
              w: { frame: [20, 0, 10, 10] }
            vars: { k: 0.5, f: 2 }
            animators:
              a: { duration: 1, timing: { cubic: ["k", 0, 1, 1] }, set: { v.y: 100 } }
              b: { duration: 1, timing: { cubic: [0.25, 0, 1, 1] }, set: { w.y: 100 } }
            script:
              - set: { k: 0.25 }
              - startAnimator: a
              - startAnimator: b
              - wait: 0.5
              - expect: { that: ["v.presentation.y == w.presentation.y", "v.presentation.y > 0"] }
              - pauseAnimator: a
              - set: { k: 0.9 }
              - continueAnimator: { animator: a, timing: { cubic: [0, 0, "k", 1] }, durationFactor: "f" }
              - wait: { frames: 1 }
              - expect: { that: ["a.isRunning"] }
              - wait: 0.9
              - expect: { that: ["a.isRunning"] }
              - wait: 0.2
              - expect: { that: ["!a.isRunning", "v.presentation.y == 100"] }
            """)
    }

    /// A value the timing cannot take stops the case (invalid, exit 2) at the expression that gave
    /// it: a damping ratio, mass, stiffness or damping that is not positive, a cubic's x outside
    /// 0…1; in `animators` when the animator starts, in `continueAnimator` when it continues.
    @Test(arguments: [
        (
            "timing: { spring: { dampingRatio: \"r - 1\" } }", "startAnimator: a",
            "r.yaml:4:56: error: `dampingRatio` must be positive, got -0.5 (at tick 0, t = 0.000 s)"
        ),
        (
            "timing: { spring: { mass: \"-r\", stiffness: 100, damping: 10 } }", "pauseAnimator: a",
            "r.yaml:4:48: error: `mass` must be positive, got -0.5 (at tick 0, t = 0.000 s)"
        ),
        (
            "timing: { cubic: [0, 0, \"r * 4\", 1] }", "set: { a.fractionComplete: 0.5 }",
            "r.yaml:4:46: error: `cubic` control points need x1 and x2 between 0 and 1 (the curve is a function of "
                + "time), got 2 (at tick 0, t = 0.000 s)"
        ),
    ])
    func anImpossibleValueIsARunTimeErrorAtTheExpression(timing: String, action: String, message: String) throws {
        let r = try run(
            """
            views: { v: { frame: [0, 0, 10, 10] } }
            vars: { r: 0.5 }
            animators:
              a: { duration: 1, \(timing), set: { v.y: 100 } }
            script:
              - \(action)
              - wait: 0.1
            """)[0]
        #expect(r.status == .invalid)
        #expect(r.diagnostics.map(\.description) == [message])
    }

    @Test func continueAnimatorsTimingIsCheckedWhenItContinues() throws {
        let r = try run(
            """
            views: { v: { frame: [0, 0, 10, 10] } }
            vars: { s: 0 }
            animators: { a: { duration: 1, set: { v.y: 100 } } }
            script:
              - startAnimator: a
              - wait: 0.5
              - pauseAnimator: a
              - continueAnimator: { animator: a, timing: { spring: { stiffness: 100, damping: "s" } } }
            """)[0]
        #expect(r.status == .invalid)
        #expect(
            r.diagnostics.map(\.description) == [
                "r.yaml:8:84: error: `damping` must be positive, got 0 (at tick 30, t = 0.500 s)"
            ])
    }
}
