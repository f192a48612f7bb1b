import Foundation
import Mutation
import SceneLoader
import SceneRunner
import Testing

/// The proofs that a mutant cannot change a case (docs/mutate.md, "Cases a mutant cannot
/// change"): while the original runs, each evaluation of a condition or `set` value also
/// evaluates every mutant's rewrite of it; a mutant whose rewrite gave the original's value at
/// every evaluation of a case runs that case as the original, and skips it.
@Suite struct ReadProofTests {
    /// Three sweep cases through one condition (`v > 300`: ×0.5 moves it to 150, which only
    /// v = 200 crosses; ×2 to 600, which no case crosses), `set` values, a timer's delay whose `2`
    /// multiplies `min(0, v)`, always 0, and a `[*]` rule whose condition reads its copy's `i`
    /// (parsed with a constant: never compared).
    static let watched = """
        name: Watched reads
        sweep:
          v: [100, 200, 1000]
        vars:
          far: 0
          moved: 0
          late: 0
        views:
          card: { frame: [100, 600, 100, 100] }
          dot: { repeat: 2, frame: ["20 + i * 60", 100, 40, 40] }
        gestures:
          poke: { tap: { in: card } }
          nudge: { repeat: dot, tap: { in: "dot[i]" } }
        on:
          poke.ended:
            - if: "v > 300"
              then: [ { set: { far: "v * 0 + 1" } } ]
              else: [ { set: { far: "v - v" } } ]
            - after: "min(0, v) * 2 + 0.05"
              do: [ { set: { late: "late + 1" } } ]
          "nudge[*].ended":
            - if: "i > 0"
              then: [ { set: { moved: "moved + 2" } } ]
        script:
          - tap: { gesture: poke, at: [150, 650] }
          - tap: { gesture: "nudge[1]", at: [100, 120] }
          - wait: 0.1
          - expect: { that: ["late == 1"] }
        expect:
          that: ["far == (v > 300 ? 1 : 0)", "moved == 2"]

        """

    /// The same scene with its condition written once and read twice through an alias.
    static let aliased = watched.replacingOccurrences(of: "- if: \"v > 300\"", with: "- if: &far \"v > 300\"")
        .replacingOccurrences(
            of: "else: [ { set: { far: \"v - v\" } } ]",
            with: "else: [ { set: { far: \"v - v\" } } ]\n    - if: *far\n"
                + "      then: [ { set: { moved: \"moved + 0\" } } ]")

    /// Per case, the ids of the mutants whose rewrite the case read, and of those it changed.
    func watch(_ text: String) throws -> [(name: String, read: Set<String>, changed: Set<String>)] {
        let plan = try SceneFile.mutationPlan(path: "watched.yaml", text: text)
        let rewrites = readRewrites(plan.mutants)
        let cases = try SceneFile.load(path: "watched.yaml", text: text)
        return cases.map { c in
            var limits = RunLimits()
            let w = ReadWatch(rewrites)
            limits.reads = w
            let r = CaseRunner.run(c, limits: limits)
            #expect(r.status == .passed, "\(r.failures)")
            return (c.name, Set(w.read.map { plan.mutants[$0].id }), Set(w.changed.map { plan.mutants[$0].id }))
        }
    }

    @Test func aRewriteIsComparedAtEveryEvaluation() throws {
        let runs = try watch(Self.watched)
        #expect(runs.map(\.name) == ["Watched reads [v=100]", "Watched reads [v=200]", "Watched reads [v=1000]"])
        let half = "watched.yaml:16:16 number ×0.5"
        let double = "watched.yaml:16:16 number ×2"
        let negate = "watched.yaml:16:12 condition negate `v > 300`"
        for r in runs {
            // The condition is evaluated in every case: ×0.5 changes the branch only at v = 200,
            // ×2 never, its negation always.
            #expect(r.read.isSuperset(of: [half, double, negate]), "\(r.name): \(r.read.sorted())")
            #expect(r.changed.contains(half) == r.name.hasSuffix("[v=200]"), "\(r.name)")
            #expect(!r.changed.contains(double), "\(r.name)")
            #expect(r.changed.contains(negate), "\(r.name)")
            // `v * 0 + 1` is set only when v > 300, and every rewrite of it sets another value.
            let set = ["watched.yaml:17:34 number 0 → 1", "watched.yaml:17:38 number ×2"]
            for id in set {
                #expect(r.read.contains(id) == r.name.hasSuffix("[v=1000]"), "\(r.name): \(id)")
                #expect(r.changed.contains(id) == r.name.hasSuffix("[v=1000]"), "\(r.name): \(id)")
            }
            // The timer's delay is evaluated in every case: its `2` times `min(0, v)` = 0 gives the
            // same delay whatever the factor, its `0.05` and its `0` do not.
            for id in ["watched.yaml:19:27 number ×0.5", "watched.yaml:19:27 number ×2"] {
                #expect(r.read.contains(id) && !r.changed.contains(id), "\(r.name): \(id)")
            }
            for id in ["watched.yaml:19:19 number 0 → 1", "watched.yaml:19:31 number ×2"] {
                #expect(r.read.contains(id) && r.changed.contains(id), "\(r.name): \(id)")
            }
            // `i > 0` is read with the copy's `i` as a constant: read, never proven unchanged.
            #expect(r.read.contains("watched.yaml:22:16 number 0 → -1"), "\(r.name)")
            #expect(r.changed.contains("watched.yaml:22:16 number 0 → -1"), "\(r.name)")
            // `moved + 2` is an expression of its own (no constant): compared, and changed.
            #expect(r.changed.contains("watched.yaml:23:40 number ×0.5"), "\(r.name)")
        }
    }

    @Test func aFileWithAnAliasIsNotProven() throws {
        #expect(try SceneFile.mutationPlan(path: "a.yaml", text: Self.aliased).aliases)
        #expect(try !SceneFile.mutationPlan(path: "w.yaml", text: Self.watched).aliases)
    }

    /// The proofs skip cases; they change no outcome: every mutant's status, first difference,
    /// claim and detail are those of `--no-optimise` (every case of every mutant run).
    @Test func proofsChangeNoOutcome() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-read-proofs-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var paths: [String] = []
        for (name, text) in [("watched", Self.watched), ("aliased", Self.aliased)] {
            let f = dir.appendingPathComponent("\(name).yaml").path
            try text.write(toFile: f, atomically: true, encoding: .utf8)
            paths.append(f)
        }
        func run(optimise: Bool) -> (Int32, String) {
            var r = MutateRequest(paths: paths)
            r.color = .never
            r.jobs = 2
            r.optimise = optimise
            let c = Captured()
            let code = mutate(r, console: c.console, environment: [:], isTerminal: false)
            return (code, c.out)
        }
        let (fast, slow) = (run(optimise: true), run(optimise: false))
        #expect(fast.0 == 0 && slow.0 == 0)
        #expect(fast.1 == slow.1)
        #expect(
            fast.1.contains("watched.yaml: 34 mutants: 26 killed, 8 survived (2 unasserted, 6 unobserved)"), "\(fast.1)"
        )
        #expect(fast.1.contains("watched.yaml:16:16: unobserved: number ×2"), "\(fast.1)")
    }
}
