import SceneLoader
import SceneVocabulary
import Testing

/// The reference's "expression" column (issue 40, item 2) is the vocabulary's `expression` of each
/// key; here the loader is held to it: at each key below, an expression (`"k * 2"`, `k` a var)
/// loads exactly when the vocabulary says the key takes one.
@Suite struct ExpressionMarksTests {
    /// A scene with `X` where the expression goes; `k` is a number var.
    static func scene(_ body: String) -> String {
        """
        vars: { k: 2 }
        views:
          box: { frame: [0, 0, 100, 100] }
          list: { frame: [0, 0, 100, 100], scroll: { contentSize: [100, 100] } }
        \(body)

        """
    }

    static let script = "script: [ { wait: 0.1 } ]"

    static let cases: [(String, ExpressionMark, String)] = [
        ("world.timeout", WorldKey.timeout.expression, "world: { timeout: X }\n" + script),
        ("world.rest.speed", RestKey.speed.expression, "world: { rest: { speed: X } }\n" + script),
        (
            "transition duration", TransitionKey.duration.expression,
            script + "\ntransitions: { u: { kind: present, from: box, to: list, duration: X } }"
        ),
        (
            "pan duration", PanKey.duration.expression,
            "gestures: { g: { pan: { in: box } } }\nscript: [ { pan: { gesture: g, from: [1, 1], to: [50, 1], duration: X } } ]"
        ),
        (
            "flick distance", FlickKey.distance.expression,
            "gestures: { g: { pan: { in: box } } }\nscript: [ { flick: { gesture: g, from: [1, 1], velocity: [100, 0], distance: X } } ]"
        ),
        ("wait", StepKey.wait.expression, "script: [ { wait: X } ]"),
        ("waitFor timeout", StepKey.timeout.expression, "script: [ { waitFor: rest, timeout: X } ]"),
        ("animate delay", AnimateKey.delay.expression, "script: [ { animate: { delay: X, set: { box.x: 2 } } } ]"),
        (
            "progress", ActionKey.progress.expression,
            "transitions: { t: { kind: present, from: box, to: list } }\nscript: [ { start: t }, { progress: X } ]"
        ),
        (
            "startAnimator afterDelay", StartAnimatorKey.afterDelay.expression,
            "animators: { a: { duration: 1, set: { box.x: 1 } } }\nscript: [ { startAnimator: { animator: a, afterDelay: X } } ]"
        ),
        (
            "continueAnimator durationFactor", ContinueAnimatorKey.durationFactor.expression,
            "animators: { a: { duration: 1, set: { box.x: 1 } } }\nscript: [ { startAnimator: a }, { pauseAnimator: a }, { continueAnimator: { animator: a, durationFactor: X } } ]"
        ),
        ("expect restBy", ExpectKey.restBy.expression, script + "\nexpect: { restBy: X }"),
        (
            "animator duration", AnimatorKey.duration.expression,
            script + "\nanimators: { b: { duration: X, set: { box.y: 1 } } }"
        ),
        (
            "spring dampingRatio", SpringTimingKey.dampingRatio.expression,
            script + "\nanimators: { b: { timing: { spring: { dampingRatio: X } }, set: { box.y: 1 } } }"
        ),
        (
            "spring initialVelocity", SpringTimingKey.initialVelocity.expression,
            script
                + "\nanimators: { b: { timing: { spring: { dampingRatio: 1, initialVelocity: [X, 0] } }, set: { box.y: 1 } } }"
        ),
        ("scroll contentSize", ScrollKey.contentSize.expression, script + "\nXS"),
        (
            "tap step at", TapStepKey.at.expression,
            "gestures: { p: { tap: { in: box } } }\nscript: [ { tap: { gesture: p, at: [X, 1] } } ]"
        ),
        (
            "pinch step duration", PinchStepKey.duration.expression,
            "gestures: { p: { pinch: { in: box } } }\nscript: [ { pinch: { gesture: p, center: [50, 50], from: 50, to: 80, duration: X } } ]"
        ),
        (
            "pan gesture minimumDistance", PanGestureKey.minimumDistance.expression,
            script + "\ngestures: { h: { pan: { in: box, minimumDistance: X } } }"
        ),
        (
            "gravity magnitude", GravityKey.magnitude.expression,
            script + "\nbehaviors: { f: { gravity: { items: [box], magnitude: X } } }"
        ),
        (
            "snap damping", SnapKey.damping.expression,
            script + "\nbehaviors: { f: { snap: { item: box, to: [1, 1], damping: X } } }"
        ),
    ]

    @Test func theLoaderTakesAnExpressionExactlyWhereTheVocabularySays() throws {
        for (what, mark, body) in Self.cases {
            var text = Self.scene(body.replacingOccurrences(of: "\nXS", with: ""))
            if body.hasSuffix("XS") {  // the scroll view's own key
                text = text.replacingOccurrences(of: "contentSize: [100, 100]", with: "contentSize: [X, 100]")
            }
            text = text.replacingOccurrences(of: "X", with: "\"k * 0.25\"")
            let e = loadError(text)
            let loads = e == "no error"
            #expect(loads == (mark == .taken), "\(what): marked \(mark.text), loader says \(e)")
            if !loads && mark != .taken {
                #expect(e.contains("takes a literal number, not an expression"), "\(what): \(e)")
            }
        }
    }

    /// `of i only`: a repeated view's numbers may be expressions of `i`, and of nothing else.
    @Test func aRepeatedViewsNumbersAreExpressionsOfIOnly() throws {
        #expect(ViewKey.frame.expression == .literalOrIndex)
        let copies = "views: { cell: { repeat: 3, frame: [0, \"i * 60\", 10, 10] } }\nscript: [ { wait: 0.1 } ]\n"
        #expect(loadError(copies) == "no error")
        #expect(
            loadError(copies.replacingOccurrences(of: "i * 60", with: "k * 60")).contains(
                "an expression of numbers and `i`"))
    }
}
