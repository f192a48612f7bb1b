import Results
import SceneRunner
import Testing

/// Format 1.3, "The same rules for many copies", as a run sees them: a `[*]` rule runs for the
/// event of each copy with `i` bound, then the rule of that one copy; an index the run knows
/// (`card[top]`) picks its copy when the action or expression runs.
@Suite struct CopyRulesRunnerTests {
    static let stack = """
        views:
          card: { repeat: 3, frame: [45, "200 - i * 8", 300, 400] }
        gestures:
          drag: { repeat: card, pan: { in: "card[i]" } }
        behaviors:
          fling: { repeat: card, item: { items: ["card[i]"], linearVelocity: velocity } }
        vars: { top: 2, order: 0 }

        """

    @Test func aRuleForEveryCopyRunsForTheCopyWhoseEventItIsThenThatCopysOwnRule() throws {
        let r = try run(
            Self.stack + """
                on:
                  "drag[1].ended": [ { set: { order: "order * 10 + 2" } } ]
                  "drag[*].ended": [ { set: { order: "order * 10 + 1", "card[i].alpha": "0.1 * (i + 1)" } } ]
                script:
                  - pan: { gesture: "drag[1]", from: [195, 400], to: [195, 440], duration: 0.1 }
                  - expect:
                      views: { "card[0]": { alpha: 1 }, "card[1]": { alpha: 0.2 }, "card[2]": { alpha: 1 } }
                      that: ["order == 12"]
                  - pan: { gesture: "drag[2]", from: [195, 400], to: [195, 440], duration: 0.1 }
                  - expect: { views: { "card[2]": { alpha: 0.3 } }, that: ["order == 121"] }
                """)[0]
        #expect(r.status == .passed, "\(r.failures.map(\.message)) \(r.diagnostics)")
        // The trace names the copy each `[*]` rule ran for.
        #expect(
            r.trace.filter { $0.contains("rule ") }.map { String($0.split(separator: ": ")[1]) } == [
                "rule drag[1].ended (drag[*])", "rule drag[2].ended (drag[*])",
            ])
    }

    @Test func aCopyPickedByAVarFollowsTheVar() throws {
        let r = try run(
            Self.stack + """
                on:
                  "drag[*].ended":
                    - add: "fling[top]"
                    - set: { top: "top - 1" }
                script:
                  - pan: { gesture: "drag[2]", from: [195, 400], to: [395, 400], duration: 0.1 }
                  - wait: { frames: 2 }
                  - expect: { that: ["top == 1", "card[top + 1].velocity.x > 1000", "card[top].velocity.x == 0"] }
                """)[0]
        #expect(r.status == .passed, "\(r.failures.map(\.message)) \(r.diagnostics)")
    }

    @Test func everyKeyAndValueOfASetIsEvaluatedBeforeAnyIsAssigned() throws {
        let r = try run(
            Self.stack + """
                script:
                  - set: { top: "top - 1", "card[top].alpha": "top / 10" }
                  - expect: { that: ["top == 1", "card[2].alpha == 0.2", "card[1].alpha == 1"] }
                  - animate: { duration: 0.1, set: { "card[top].center": [100, 100] } }
                  - wait: 0.2
                  - expect: { views: { "card[1]": { center: [100, 100] } } }
                """)[0]
        #expect(r.status == .passed, "\(r.failures.map(\.message)) \(r.diagnostics)")
    }

    @Test(arguments: [
        (
            "  - set: { top: 3 }\n  - log: \"card[top].alpha\"\n",
            "r.yaml:10:16: error: the index `top` of `card[…]` is 3, out of range: `card` has 3 copies, `card[0]` … "
                + "`card[2]` (at tick 0, t = 0.000 s)"
        ),
        (
            "  - wait: 0.1\n  - removeView: \"card[top / 4]\"\n",
            "r.yaml:10:23: error: the index `top / 4` of `card[…]` is 0.5, not a whole number; `card` has 3 copies, "
                + "`card[0]` … `card[2]` (at tick 6, t = 0.100 s)"
        ),
        (
            "  - add: \"fling[top - 3]\"\n",
            "r.yaml:9:17: error: the index `top - 3` of `fling[…]` is -1, out of range: `fling` has 3 copies, "
                + "`fling[0]` … `fling[2]` (at tick 0, t = 0.000 s)"
        ),
    ])
    func anIndexOutOfRangeIsARunTimeErrorAtIt(_ script: String, _ expected: String) throws {
        let r = try run(Self.stack + "script:\n" + script)[0]
        #expect(r.status == .invalid)
        #expect(r.diagnostics.first?.description == expected)
    }

    @Test func aViewsRuleForEveryCopyRunsForTheCopyThatTouched() throws {
        let r = try run(
            """
            views:
              ball: { repeat: 3, frame: ["40 + i * 120", "100 + i * 100", 40, 40] }
            behaviors:
              fall: { gravity: { items: ball }, active: true }
              floor: { collision: { items: ball, referenceBounds: true }, active: true }
            vars: { first: -1 }
            on:
              "ball[*].contact":
                - if: "first < 0"
                  then: [ { set: { first: i } } ]
                - log: i
            script:
              - waitFor: "first >= 0"
              - expect: { that: ["first == 2"] }
            """)[0]
        #expect(r.status == .passed, "\(r.failures.map(\.message)) \(r.diagnostics)")
        #expect(r.trace.contains { $0.hasSuffix("rule ball[2].contact (ball[*])") })
    }
}
