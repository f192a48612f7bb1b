import Foundation
import Results
import Testing

/// Property animators in a running scene (format 1.2): the model values change at start, the
/// screen (`presentation`) follows the animator; scrub, reverse, continue, stop, completions with
/// their position, transitions an animator drives; `animate` of rotation and scale;
/// `resetAnimator`.
@Suite struct PropertyAnimatorRunTests {
    func passes(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let rs = try run(yaml)
        for r in rs {
            #expect(r.status == .passed, "\(r.name): \(r.failures) \(r.diagnostics)", sourceLocation: sourceLocation)
        }
    }

    static let drawer = """
        views: { d: { frame: [-300, 0, 300, 800] }, dim: { frame: [0, 0, 390, 800], alpha: 0 } }
        vars: { ended: "'none'", completions: 0 }
        animators:
          open:
            duration: 1
            timing: linear
            set: { d.x: 0, dim.alpha: 0.5 }
            then: [ { set: { ended: position, completions: "completions + 1" } } ]

        """

    /// The model values change when it starts; the screen follows its timing; at the end both
    /// agree and the completion runs with position 'end'.
    @Test func modelAtStartScreenFollows() throws {
        try passes(
            PropertyAnimatorRunTests.drawer + """
                script:
                  - expect: { that: ["open.state == 'inactive'", "!open.isRunning", "open.fractionComplete == 0"] }
                  - startAnimator: open
                  - wait: 0.25
                  - expect:
                      views: { d: { x: 0, presentation: { x: -225 }, within: 1e-9 }, dim: { alpha: 0.5, presentation: { alpha: 0.125 }, within: 1e-9 } }
                      that: ["open.state == 'active'", "open.isRunning", "approx(open.fractionComplete, 0.25, 1e-9)", "ended == 'none'"]
                  - wait: 0.75
                  - expect:
                      views: { d: { x: 0, presentation: { x: 0 }, within: 1e-9 } }
                      that: ["open.state == 'inactive'", "ended == 'end'", "completions == 1"]
                """)
    }

    /// Caught mid-flight (paused), reversed and continued: back to the start values, the model
    /// too, and the completion says 'start'.
    @Test func caughtMidFlightAndReversed() throws {
        try passes(
            PropertyAnimatorRunTests.drawer + """
                script:
                  - startAnimator: open
                  - wait: 0.5
                  - pauseAnimator: open
                  - wait: 0.5
                  - expect: { views: { d: { presentation: { x: -150 }, within: 1e-9 } }, that: ["!open.isRunning", "open.state == 'active'"] }
                  - set: { open.isReversed: true }
                  - continueAnimator: open
                  - wait: 0.25
                  - expect: { views: { d: { presentation: { x: -225 }, within: 1e-9 } }, that: ["open.isReversed", "approx(open.fractionComplete, 0.25, 1e-9)"] }
                  - wait: 0.25
                  - expect:
                      views: { d: { x: -300, presentation: { x: -300 }, within: 1e-9 }, dim: { alpha: 0 } }
                      that: ["ended == 'start'", "!open.isReversed", "open.state == 'inactive'"]
                """)
    }

    /// Scrubbing an inactive animator activates it paused (its model values set); the screen is
    /// linear in the fraction; continued with a durationFactor the rest takes factor × duration ×
    /// the fraction left; setting the fraction while it runs is a run-time error at the action.
    @Test func scrubAndContinue() throws {
        try passes(
            """
            views: { v: { frame: [0, 0, 100, 100] } }
            animators: { a: { duration: 1, timing: easeIn, set: { v.y: 100 } } }
            script:
              - set: { a.fractionComplete: 0.4 }
              - expect: { views: { v: { y: 100, presentation: { y: 40 }, within: 1e-9 } }, that: ["a.state == 'active'", "!a.isRunning"] }
              - continueAnimator: { animator: a, durationFactor: 0.5 }
              - wait: 0.15
              - expect: { that: ["a.isRunning", "approx(a.fractionComplete, 0.7, 1e-9)"] }
              - wait: 0.15
              - expect: { that: ["a.state == 'inactive'"], views: { v: { presentation: { y: 100 }, within: 1e-9 } } }
            """)
        let r = try run(
            """
            views: { v: { frame: [0, 0, 100, 100] } }
            animators: { a: { set: { v.y: 100 } } }
            script:
              - startAnimator: a
              - wait: 0.1
              - set: { a.fractionComplete: 0.5 }
            """)[0]
        #expect(r.status == .invalid)
        #expect(
            r.diagnostics.first?.description
                == "r.yaml:6:32: error: animator `a`: fractionComplete can be set only while the animator is paused "
                + "(at tick 6, t = 0.100 s)")
    }

    /// A spring of mass, stiffness and damping: the screen overshoots the end value (the
    /// oscillator's closed form), the model holds the end value, and it runs until it settles
    /// (its envelope √(1 + b²)·e^(−ζωt) at 0.1 %: 1.390 s, so it ends on the 84th tick).
    @Test func aPhysicalSpringOvershootsOnScreen() throws {
        // ω = √(300) = 17.32, ζ = 10 / (2√300) = 0.2887: the first peak at π/ω_d, by e^(−ζπ/√(1−ζ²)).
        let w = 300.0.squareRoot()
        let z = 10 / (2 * w)
        let wd = w * (1 - z * z).squareRoot()
        let t = 0.2
        let x = exp(-z * w * t) * (-cos(wd * t) - z * w / wd * sin(wd * t))
        let y = 100 * (1 + x)
        #expect(y > 100)
        try passes(
            """
            views: { v: { frame: [0, 0, 100, 100] } }
            animators: { a: { duration: 0.1, timing: { spring: { mass: 1, stiffness: 300, damping: 10 } }, set: { v.y: 100 } } }
            script:
              - startAnimator: a
              - wait: 0.2
              - expect: { views: { v: { y: 100, presentation: { y: \(y) }, within: 1e-6 } } }
              - wait: 0.5
              - expect: { that: ["a.isRunning"] }
              - waitFor: "a.state == 'inactive'"
              - expect: { views: { v: { presentation: { y: 100 }, within: 0 } }, that: ["approx(time, 84 / 60, 1e-9)"] }
            """)
    }

    /// `stopAnimator`: `none` leaves the screen's values as the model's, with no completion;
    /// `current` runs the completion at once with position 'current'; an inactive animator is
    /// left alone.
    @Test func stopAtAPosition() throws {
        try passes(
            PropertyAnimatorRunTests.drawer + """
                script:
                  - stopAnimator: open
                  - startAnimator: open
                  - wait: 0.5
                  - stopAnimator: open
                  - expect: { views: { d: { x: -150, presentation: { x: -150 }, within: 1e-9 } }, that: ["open.state == 'inactive'", "completions == 0"] }
                  - startAnimator: open
                  - wait: 0.5
                  - stopAnimator: { animator: open, finish: current }
                  - expect: { views: { d: { x: -75, within: 1e-9 } }, that: ["ended == 'current'", "completions == 1"] }
                """)
    }

    /// With `pausesOnCompletion` it stays active at its end without a completion, and reversed
    /// from there it runs back.
    @Test func pausesOnCompletion() throws {
        try passes(
            """
            views: { v: { frame: [0, 0, 100, 100] } }
            vars: { n: 0 }
            animators: { a: { duration: 0.5, timing: linear, set: { v.y: 100 }, pausesOnCompletion: true, then: [ { set: { n: "n + 1" } } ] } }
            script:
              - startAnimator: a
              - wait: 1
              - expect: { that: ["a.state == 'active'", "!a.isRunning", "a.fractionComplete == 1", "n == 0"] }
              - set: { a.isReversed: true }
              - startAnimator: a
              - wait: 0.25
              - expect: { views: { v: { presentation: { y: 50 }, within: 1e-9 } } }
            """)
    }

    /// A transition driven by an animator: `start` pauses it at its start, `progress` scrubs it,
    /// `finish` runs the rest and completes the transition; `cancel` reverses it.
    @Test func aTransitionDrivenByAnAnimator() throws {
        let scene = """
            views: { d: { frame: [-300, 0, 300, 800] } }
            transitions: { show: { kind: present, to: d, animator: open, completionSpeed: 2 } }
            animators: { open: { duration: 1, timing: linear, set: { d.x: 0 } } }
            script:
              - start: show
              - progress: 0.5
              - expect:
                  views: { d: { x: 0, presentation: { x: -150 }, within: 1e-9 } }
                  that: ["show.state == 'interactive'", "open.state == 'active'", "!open.isRunning", "open.fractionComplete == 0.5"]

            """
        try passes(
            scene + """
                  - finish
                  - wait: 0.1
                  - expect: { that: ["show.state == 'finishing'", "approx(show.progress, 0.7, 1e-9)"] }
                  - wait: 0.15
                  - expect: { transition: { show: completed }, views: { d: { x: 0, presentation: { x: 0 } } } }
                """)
        try passes(
            scene + """
                  - cancel
                  - wait: 0.25
                  - expect: { transition: { show: cancelled }, views: { d: { x: -300, presentation: { x: -300 } } } }
                """)
    }

    /// `animate` animates rotation and scale on screen (they jumped before), each on its own.
    @Test func animateTurnsAndScales() throws {
        try passes(
            """
            views: { v: { frame: [0, 0, 100, 100] } }
            script:
              - animate: { duration: 0.2, curve: linear, set: { v.rotation: 1, v.scale: 2 } }
              - wait: 0.1
              - expect:
                  views: { v: { rotation: 1, scale: 2, presentation: { rotation: 0.5, scale: 1.5 }, within: 1e-9 } }
                  that: ["approx(v.presentation.frame.width, 150 * (cos(0.5) + sin(0.5)), 1e-9)"]
              - wait: 0.1
              - expect: { views: { v: { presentation: { rotation: 1, scale: 2 }, within: 1e-9 } } }
            """)
    }

    /// `resetAnimator`: every behaviour removed, a new animator whose `elapsed` starts at 0; no
    /// `rest` rule runs for it.
    @Test func resetAnimatorStartsElapsedAgain() throws {
        try passes(
            """
            views: { v: { frame: [0, 0, 100, 100] } }
            behaviors: { fall: { gravity: { items: [v] }, active: true } }
            on: { rest: [ { log: "'rest'" } ] }
            script:
              - wait: 0.5
              - expect: { that: ["approx(elapsed, 0.5, 1e-9)"] }
              - resetAnimator
              - wait: 0.1
              - expect: { rest: true, events: { log: 0 }, that: ["elapsed == 0", "v.velocity == [0, 0]"] }
              - add: fall
              - wait: 0.1
              - expect: { that: ["approx(elapsed, 0.1, 1e-9)"] }
            """)
    }
}
