import Diagnostics
import SceneLoader
import Testing

/// Touch steps are bounded before they are built (issue 33 item 3): a step whose literal numbers
/// make more finger-frames (fingers × frames; a tap's taps × touches × at least 2 taps − 1
/// frames) than the file's load work allows is refused at the number that makes it big (its
/// count, duration or fingers), naming `--max-load-work`.
@Suite struct TouchWorkTests {
    static func scene(_ step: String) -> String {
        """
        views: { a: { frame: [0, 0, 100, 100] } }
        gestures: { t: { tap: { in: a } }, p: { longPress: { in: a } } }
        script:
          - \(step)
        """
    }

    @Test(arguments: [
        (
            "tap: { gesture: t, at: [50, 50], count: 1000000000 }", "`tap` step makes 1.999999999e18 finger-frames",
            "1000000000"
        ),
        (
            "tap: { gesture: t, at: [50, 50], count: 10000000 }", "`tap` step makes 199999990000000 finger-frames",
            "10000000"
        ),
        (
            "tap: { gesture: t, at: [50, 50], touches: 1000000000 }", "`tap` step makes 1000000000 finger-frames",
            "1000000000"
        ),
        (
            "press: { gesture: p, at: [50, 50], duration: 1, touches: 1000000 }",
            "`press` step makes 60000000 finger-frames", "1000000"
        ),
        (
            "press: { gesture: p, at: [50, 50], duration: 100000, touches: 2 }",
            "`press` step makes 12000000 finger-frames", "100000"
        ),
    ])
    func aStepTooBigIsRefusedAtIt(_ step: String, _ message: String, _ at: String) {
        do {
            _ = try SceneFile.load(path: "t.yaml", text: Self.scene(step))
            Issue.record("loaded: \(step)")
        } catch {
            let d = error.diagnostics.first
            // at the number that makes the step big (`  - ` puts the step at column 5)
            let column = 5 + (step.range(of: at).map { step.distance(from: step.startIndex, to: $0.lowerBound) } ?? 0)
            #expect(d?.location.line == 4 && d?.location.column == column, "\(String(describing: d))")
            #expect(d?.message.contains(message) == true, "\(String(describing: d))")
            #expect(d?.message.hasSuffix("raise the limit with --max-load-work") == true, "\(String(describing: d))")
        }
    }

    /// The bound is the file's budget: the same step loads once `--max-load-work` allows it, and
    /// steps a scene really writes are far below it.
    @Test func theFlagRaisesItAndOrdinaryStepsPass() throws {
        var limits = LoadLimits()
        limits.loadWork = 3_000_000
        let big = "tap: { gesture: t, at: [50, 50], count: 1000 }"  // 1000 × 1 × 1999 finger-frames
        #expect(throws: (any Error).self) { try SceneFile.load(path: "t.yaml", text: Self.scene(big)) }
        _ = try SceneFile.load(path: "t.yaml", text: Self.scene(big), limits: limits)
        for step in [
            "tap: { gesture: t, at: [50, 50], count: 3, touches: 2 }",
            "press: { gesture: p, at: [50, 50], duration: 2, touches: 5 }",
            "tap: { gesture: t, at: [50, 50], count: \"2 + 1\" }",  // an expression: checked when it runs
        ] {
            _ = try SceneFile.load(path: "t.yaml", text: Self.scene(step))
        }
    }
}

/// The items behaviours name are bounded at load (issue 33 item 3): a repeated view's name stands
/// for every copy, and each copy named is a unit of `--max-load-work`, so 1 000 behaviours over a
/// 500-copy view (500 000 items to install, which took minutes) are refused where the name is.
@Suite struct BehaviourItemsWorkTests {
    static func scene(behaviours: Int) -> String {
        """
        views: { cell: { repeat: 500, frame: [0, "i", 1, 1] } }
        behaviors: { g: { repeat: \(behaviours), gravity: { items: [cell] } } }
        script:
          - wait: 0.1
        """
    }

    @Test func manyBehavioursOverManyCopiesAreRefusedAtTheName() {
        do {
            _ = try SceneFile.load(path: "t.yaml", text: Self.scene(behaviours: 1000))
            Issue.record("loaded")
        } catch {
            let d = error.diagnostics.first
            #expect(d?.location.line == 2, "\(String(describing: d))")
            // the copy being read when the budget ran out is named
            #expect(
                d?.message.contains("raise the limit with --max-load-work (in `g[") == true, "\(String(describing: d))")
        }
    }

    @Test func fewBehavioursOverTheCopiesLoad() throws {
        let s = try SceneFile.load(path: "t.yaml", text: Self.scene(behaviours: 3))[0]
        #expect(s.behaviors.count == 3 && s.views.count == 500)
    }
}
