import SceneLoader
import SceneModel
import SceneVocabulary
import Testing

/// Property animators (`animators`, their actions, `set` of their properties, a transition's
/// `animator`, `resetAnimator`): each valid form loads as written, each invalid form is refused
/// at its location.
@Suite struct AnimatorLoaderTests {
    @Test func validFormsLoad() throws {
        let s = try load(
            """
            views: { drawer: { frame: [-300, 0, 300, 844] }, dim: { frame: [0, 0, 390, 844], alpha: 0 } }
            transitions: { show: { kind: present, to: drawer, animator: open } }
            animators:
              open:
                duration: 0.4
                timing: { spring: { dampingRatio: 0.8, initialVelocity: [0, 2] } }
                set: { drawer.x: 0, dim.alpha: 0.5 }
                then: [ { if: "position == 'start'", then: [ { removeView: drawer } ] } ]
                pausesOnCompletion: true
                scrubsLinearly: false
              pop: { timing: { spring: { stiffness: 300, damping: 20 } } }
              curve: { timing: { cubic: [0.2, 0, 0, 1] } }
              named: { timing: easeOut }
            behaviors: { fall: { gravity: { items: [drawer] }, action: [ { pauseAnimator: pop } ] } }
            script:
              - startAnimator: open
              - startAnimator: { animator: pop, afterDelay: 0.1 }
              - set: { open.fractionComplete: 0.5, open.isReversed: true }
              - continueAnimator: { animator: open, timing: linear, durationFactor: 0.5 }
              - stopAnimator: { animator: curve, finish: current }
              - stopAnimator: named
              - resetAnimator
            """)[0]
        #expect(s.animators.map(\.name) == ["open", "pop", "curve", "named"])
        let open = s.animators[0]
        #expect(open.duration == 0.4 && open.pausesOnCompletion && !open.scrubsLinearly)
        #expect(open.timing.expressions.map(\.text) == ["0.8", "[0, 2]"])
        guard case .dampingRatio = open.timing else {
            Issue.record("not a damping-ratio spring: \(open.timing)")
            return
        }
        #expect(open.sets.map(\.path) == ["drawer.x", "dim.alpha"] && open.then.count == 1)
        guard case .physical = s.animators[1].timing else {
            Issue.record("not a physical spring: \(s.animators[1].timing)")
            return
        }
        #expect(s.animators[1].timing.expressions.map(\.text) == ["1", "300", "20", "[0, 0]"])
        #expect(s.animators[2].timing.expressions.map(\.literalNumber) == [0.2, 0, 0, 1])
        #expect(s.animators[3].timing.expressions.map(\.literalNumber) == [0, 0, 0.58, 1])
        #expect(s.animators[3].duration == 0.25)
        #expect(s.transitions[0].animator == AnimatorID(0))
        #expect(s.behaviors[0].action.count == 1)
        guard case .action(.animator(let id, .start(let delay), _)) = s.script[1], let d = delay else {
            Issue.record("not a start with a delay")
            return
        }
        #expect(id == AnimatorID(1) && d.literalNumber == 0.1)
        guard case .action(.set(let targets)) = s.script[2] else {
            Issue.record("not a set")
            return
        }
        #expect(
            targets.map(\.target) == [
                .animator(AnimatorID(0), .fractionComplete), .animator(AnimatorID(0), .isReversed),
            ])
        guard case .action(.animator(_, .resume(let timing, let factor), _)) = s.script[3] else {
            Issue.record("not a continue")
            return
        }
        #expect(timing?.expressions.map(\.literalNumber) == [0, 0, 1, 1] && factor?.literalNumber == 0.5)
        guard case .action(.animator(_, .stop(.current), _)) = s.script[4],
            case .action(.animator(_, .stop(.withoutFinishing), _)) = s.script[5],
            case .action(.resetAnimator) = s.script[6]
        else {
            Issue.record("not the stops and the reset")
            return
        }
    }

    static let head = "views: {a: {frame: [0,0,10,10]}}\nscript: [ { wait: 0.1 } ]\n"

    @Test(arguments: [
        ("animators: { o: { duration: 0 } }", "3:29: error: `duration` of `o` must be positive, found 0"),
        (
            "animators: { o: { timing: bounce } }",
            "3:27: error: unknown curve `bounce`; a timing is a curve name (linear, easeIn, easeOut or easeInOut), "
                + "{ cubic: [x1, y1, x2, y2] } or { spring: { … } }"
        ),
        (
            "animators: { o: { timing: { cubic: [1.5, 0, 0.5, 1] } } }",
            "3:36: error: `cubic` control points need x1 and x2 between 0 and 1 (the curve is a function of time), "
                + "found 1.5 and 0.5"
        ),
        (
            "animators: { o: { timing: { spring: { dampingRatio: 0.5, mass: 1 } } } }",
            "3:64: error: a spring takes a `dampingRatio` or `mass`, `stiffness` and `damping`, not both (UIKit's "
                + "two initialisers)"
        ),
        (
            "animators: { o: { timing: { spring: { stiffness: 10 } } } }",
            "3:37: error: a spring needs a `dampingRatio`, or a `stiffness` and a `damping` (with `mass`, default 1)"
        ),
        (
            "animators: { o: { timing: { spring: { dampingRatio: 0 } } } }",
            "3:53: error: `dampingRatio` must be positive, found 0"
        ),
        (
            "animators: { o: { set: { o.fractionComplete: 1 } } }",
            "3:46: error: an animator's `set` animates view properties; `o.fractionComplete` is not one"
        ),
        (
            "animators: { o: { durration: 1 } }",
            "3:19: error: unknown key `durration` in animator `o`; did you mean `duration`?"
        ),
        ("animators: { o: {} }\non: { step: [ { log: position } ] }", "4:22: error: unknown name `position`"),
        (
            "animators: { o: {} }\non: { step: [ { startAnimator: p } ] }",
            "4:32: error: unknown animator `p`; did you mean `o`?"
        ),
        (
            "animators: { o: {} }\non: { step: [ { stopAnimator: { animator: o, finish: later } } ] }",
            "4:54: error: `finish` must be none, end, start or current, found `later`"
        ),
        (
            "animators: { o: {} }\non: { step: [ { set: { o.fraction: 1 } } ] }",
            "4:36: error: an animator has no settable property `fraction`; its settable properties are "
                + "fractionComplete, isReversed"
        ),
        (
            "animators: { o: {} }\non: { step: [ { set: { o.isReversed: 1 } } ] }",
            "4:38: error: `o.isReversed` must be a bool, found the number 1"
        ),
        (
            "animators: { position: {} }",
            "3:24: error: `position` is a reserved name in expressions; choose another name"
        ),
        (
            "animators: { o: {} }\nbehaviors: { o: { gravity: { items: [a] } } }",
            "4:17: error: the name `o` is already used by the animator declared at line 3"
        ),
        (
            "transitions: { t: { kind: present, animator: nope } }\nanimators: { o: {} }",
            "3:46: error: unknown animator `nope`"
        ),
        (
            "animators: { o: {} }\non: { step: [ { continueAnimator: { animator: o, durationFactor: -1 } } ] }",
            "4:66: error: `durationFactor` must be at least 0, found -1"
        ),
        (
            "animators: { o: {} }\non: { step: [ { startAnimator: { afterDelay: 1 } } ] }",
            "4:32: error: `startAnimator` needs the key `animator`"
        ),
    ])
    func invalidFormsAreLocated(_ body: String, _ message: String) {
        #expect(loadError(AnimatorLoaderTests.head + body + "\n") == "t.yaml:" + message)
    }
}
