import Diagnostics
import Expressions
import Mutation
import SceneLoader
import SceneModel
import Testing

/// `scenerun mutate`'s mutants as the loader finds them: which values, where, and what changes.
@Suite struct MutantsTests {
    static let scene = """
        name: Ops
        views:
          a: { frame: [0, 0, 10, 10] }
        gestures:
          drag: { pan: { in: a } }
        behaviors:
          pull: { attachment: { item: a, anchor: [0, 5] } }
          both: { children: [pull] }
        on:
          drag.ended:
            - if: "velocity.y > 0.5 || a.y <= -2"
              then: [ { add: [pull, both] }, { haptic: soft } ]
              else: [ finish ]
        script:
          - pan: { gesture: drag, from: [5, 5], to: [5, 50], duration: 0.2 }
          - expect: { that: ["a.y > 3"] }
        expect:
          views: { a: { frame: [0, 0, 10, 10], within: 100 } }

        """

    @Test func everyOperatorFindsItsSitesInFileOrder() throws {
        let plan = try SceneFile.mutationPlan(path: "scenes/t.yaml", text: Self.scene)
        #expect(
            plan.mutants.map(\.id) == [
                "t.yaml:7:43 number 0 → 1",
                "t.yaml:7:43 number 0 → -1",
                "t.yaml:7:46 number ×0.5",
                "t.yaml:7:46 number ×2",
                "t.yaml:8:22 behaviour drop pull",
                "t.yaml:10:3 event drag.ended → drag.cancelled",
                "t.yaml:11:7 action drop { if: \"velocity.y > 0.5 || a.y <= -2\", …",
                "t.yaml:12:7 condition swap then and else",
                "t.yaml:11:12 condition drop `velocity.y > 0.5 ||`",
                "t.yaml:11:32 condition drop `|| a.y <= -2`",
                "t.yaml:11:12 condition negate `velocity.y > 0.5`",
                "t.yaml:11:25 number ×0.5",
                "t.yaml:11:25 number ×2",
                "t.yaml:11:32 condition negate `a.y <= -2`",
                "t.yaml:11:39 number ×0.5",
                "t.yaml:11:39 number ×2",
                "t.yaml:12:15 action drop { add: [pull, both] }",
                "t.yaml:12:38 action drop { haptic: soft }",
                "t.yaml:12:15 action swap { add: [pull, both] } and { haptic: soft }",
                "t.yaml:12:23 behaviour drop pull",
                "t.yaml:12:29 behaviour drop both",
                "t.yaml:12:48 event haptic soft → rigid",
                "t.yaml:13:15 action drop finish",
                "t.yaml:15:5 script pan speed ×0.5",
            ])
        // Never the expectations (line 16's checkpoint, line 18's views), never `frame`.
        #expect(!plan.mutants.contains { $0.location.line >= 16 || $0.location.line == 3 })
        let negative = try #require(plan.mutants.first { $0.id == "t.yaml:11:39 number ×2" })
        #expect(negative.original == "-2" && negative.mutated == "-4")
        let dropped = try #require(plan.mutants.first { $0.id == "t.yaml:11:32 condition drop `|| a.y <= -2`" })
        #expect(dropped.mutated == "velocity.y > 0.5", "the kept operand, without the dropped one")
        let negated = try #require(plan.mutants.first { $0.id == "t.yaml:11:12 condition negate `velocity.y > 0.5`" })
        #expect(negated.mutated == "!(velocity.y > 0.5) || a.y <= -2")
    }

    @Test func boundarySitesMoveTheConstantJustPastTheNearestObservation() throws {
        let plan = try SceneFile.mutationPlan(path: "t.yaml", text: Self.scene)
        #expect(
            plan.boundaries.map { "\($0.comparison) \($0.location) \($0.literal)" } == [
                "t.yaml:11:12 t.yaml:11:25 0.5", "t.yaml:11:32 t.yaml:11:39 -2",
            ])
        let near = plan.boundaries[0].mutants(ComparisonLog.Nearest(below: 0.2, above: 0.9))
        #expect(near.map(\.change) == ["0.5 → 0.1998", "0.5 → 0.901"])
        #expect(near.map(\.mutated) == ["velocity.y > 0.1998 || a.y <= -2", "velocity.y > 0.901 || a.y <= -2"])
        #expect(plan.boundaries[1].mutants(ComparisonLog.Nearest(above: 10)).map(\.change) == ["-2 → 10.01"])
        #expect(plan.boundaries[1].mutants(ComparisonLog.Nearest()).isEmpty, "nothing observed, nothing to move")
    }

    @Test func aMutantLoadsThroughTheNormalLoaderWithTheRealLocations() throws {
        let plan = try SceneFile.mutationPlan(path: "t.yaml", text: Self.scene)
        let half = try #require(plan.mutants.first { $0.id == "t.yaml:11:25 number ×0.5" })
        let cases = try SceneFile.load(path: "t.yaml", text: Self.scene, edits: half.edits)
        guard case .branch(let condition, _, _) = cases[0].rules[0].actions[0] else {
            Issue.record("the rule is not an `if`")
            return
        }
        #expect(condition.text == "velocity.y > 0.25 || a.y <= -2")
        #expect(condition.location.description == "t.yaml:11:12", "the mutated scalar keeps its place")
        // A mutant the loader refuses is located in the real file.
        let renamed = try #require(plan.mutants.first { $0.op == .behaviour && $0.location.line == 8 })
        #expect(renamed.mutated == "")
        let bad = try #require(plan.mutants.first { $0.id == "t.yaml:10:3 event drag.ended → drag.cancelled" })
        _ = try SceneFile.load(path: "t.yaml", text: Self.scene, edits: bad.edits)
        let twice = Self.scene.replacingOccurrences(
            of: "  drag.ended:", with: "  drag.cancelled: [finish]\n  drag.ended:")
        let dup = try #require(
            try SceneFile.mutationPlan(path: "t.yaml", text: twice).mutants.first { $0.op == .event })
        do {
            _ = try SceneFile.load(path: "t.yaml", text: twice, edits: dup.edits)
            Issue.record("a duplicate event loaded")
        } catch {
            #expect(error.diagnostics.first?.location.description == "t.yaml:11:3")
        }
    }

    @Test func equivalentCommentsNeedAReasonAndCountLinesAsYAMLDoes() throws {
        let text =
            "name: t\r\nviews:\r  a: { frame: [0, 0, 1, 1] } # scenerun: equivalent — why not\r\n"
            + "x: \"# scenerun: equivalent\"\n"
        let plan = try SceneFile.mutationPlan(path: "t.yaml", text: text)
        #expect(plan.equivalent == [3: "why not"])
        for (comment, message) in [
            ("# scenerun: equivalent", "an `equivalent` comment needs the reason"),
            ("# scenerun: equivalent —  ", "an `equivalent` comment needs the reason"),
            ("# scenerun: equivalnet — typo", "unknown `# scenerun:` comment"),
        ] {
            do {
                _ = try SceneFile.mutationPlan(path: "t.yaml", text: "name: t\nviews: {}  \(comment)\n")
                Issue.record("accepted: \(comment)")
            } catch {
                #expect(error.diagnostics.first?.location.description == "t.yaml:2:12")
                #expect(error.diagnostics.first?.message.hasPrefix(message) == true, "\(error)")
            }
        }
    }

    /// A property animator's numbers and its completion are the interaction too.
    @Test func animatorsAreMutated() throws {
        let text = """
            views: { a: { frame: [0, 0, 10, 10] } }
            animators:
              open: { duration: 0.4, timing: { spring: { dampingRatio: 0.5 } }, set: { a.y: 20 }, then: [ { haptic: soft }, resetAnimator ] }
            script: [ { startAnimator: open } ]

            """
        let plan = try SceneFile.mutationPlan(path: "t.yaml", text: text)
        #expect(
            plan.mutants.map(\.id) == [
                "t.yaml:3:21 number ×0.5", "t.yaml:3:21 number ×2", "t.yaml:3:60 number ×0.5",
                "t.yaml:3:60 number ×2", "t.yaml:3:81 number ×0.5", "t.yaml:3:81 number ×2",
                "t.yaml:3:95 action drop { haptic: soft }", "t.yaml:3:113 action drop resetAnimator",
                "t.yaml:3:95 action swap { haptic: soft } and resetAnimator", "t.yaml:3:105 event haptic soft → rigid",
            ])
    }

    /// The proofs of docs/mutate.md ("Not generated"): a swap of two actions that neither reads
    /// what the other writes, and the values of a var nothing reads, are not mutants; a read
    /// anywhere in the file (here a check) makes them mutants again.
    @Test func mutantsProvenToChangeNothingAreNotGenerated() throws {
        let text = """
            views: { a: { frame: [0, 0, 10, 10] } }
            vars: { n: 0, last: 0, seen: 0 }
            gestures: { tap: { tap: { in: a } } }
            on:
              tap.ended:
                - set: { n: "n + 1" }
                - haptic: light
                - set: { last: 2 }
                - set: { seen: "n * 3" }
            script: [ { tap: { gesture: tap, at: [5, 5] } } ]
            expect: { that: ["n == 1"] }

            """
        func ids(_ t: String) throws -> [String] {
            try SceneFile.mutationPlan(path: "t.yaml", text: t).mutants.map(\.id)
        }
        // `n` is read (by the check and by `seen`'s value); `last` and `seen` are not. No swap
        // is made: `n`'s set and the haptic, the haptic and `last`'s set, `last`'s and `seen`'s
        // sets touch nothing in common.
        #expect(
            Set(try ids(text)) == [
                "t.yaml:5:3 event tap.ended → tap.cancelled", "t.yaml:6:7 action drop { set: { n: \"n + 1\" } }",
                "t.yaml:7:7 action drop { haptic: light }", "t.yaml:8:7 action drop { set: { last: 2 } }",
                "t.yaml:9:7 action drop { set: { seen: \"n * 3\" } }", "t.yaml:6:22 number ×0.5",
                "t.yaml:6:22 number ×2", "t.yaml:7:15 event haptic light → medium",
            ])
        // A check that reads `seen`, and `last` set from `seen`: `seen`'s numbers are mutated,
        // and the swap of the two sets too (it changes what `last` gets).
        let read = text.replacingOccurrences(of: "\"n == 1\"]", with: "\"n == 1\", \"seen == 3\"]")
            .replacingOccurrences(of: "set: { last: 2 }", with: "set: { last: seen }")
        let more = Set(try ids(read))
        #expect(more.contains("t.yaml:9:25 number ×2"), "\(more.sorted())")
        #expect(more.contains("t.yaml:8:7 action swap { set: { last: seen } } and { set: { seen: \"n * 3\" } }"))
        #expect(!more.contains { $0.contains("swap { haptic: light }") })
    }
}
