import Driver
import Foundation
import Mutation
import Testing

/// `scenerun mutate` through the driver: outcomes, scores, exit codes, determinism, shards.
@Suite struct MutateTests {
    /// Gravity that the expectations pin (its mutants are killed) and an item behaviour they do
    /// not (nothing collides: its mutants survive).
    static let drop = """
        name: Drop
        world: { size: [400, 800] }
        views:
          box: { frame: [0, 0, 100, 100] }
        behaviors:
          fall: { gravity: { items: [box], magnitude: 1 }, active: true }
          bouncy: { item: { items: [box], elasticity: 0.5 }, active: true }
        script:
          - wait: 0.5
        expect:
          that: ["box.y > 100", "box.y < 150"]

        """

    func folder(_ tag: String, _ files: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-mutate-\(tag)-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return dir
    }

    func run(
        _ paths: [URL], _ edit: (inout MutateRequest) -> Void = { _ in }
    ) -> (code: Int32, out: String, err: [String]) {
        var r = MutateRequest(paths: paths.map(\.path))
        r.color = .never
        edit(&r)
        let c = Captured()
        let code = mutate(r, console: c.console, environment: [:], isTerminal: false)
        return (code, c.out, c.err)
    }

    @Test func killedAndSurvivedMutantsAndTheScore() throws {
        let dir = try folder("score", ["drop.yaml": Self.drop])
        let f = dir.appendingPathComponent("drop.yaml")
        let r = run([f])
        #expect(r.code == 0, "no --min-score: the score does not decide the exit code")
        let p = f.path
        #expect(
            r.out == """
                \(p):7:47: unobserved: number ×0.5 — no case's run changes: the change needs a new case, not a new expectation (if no case can tell it apart, say why in an `equivalent` comment)
                  bouncy: { item: { items: [box], elasticity: 0.5 }, active: true }
                                                              ^
                \(p):7:47: unobserved: number ×2 — no case's run changes: the change needs a new case, not a new expectation (if no case can tell it apart, say why in an `equivalent` comment)
                  bouncy: { item: { items: [box], elasticity: 0.5 }, active: true }
                                                              ^

                \(p): 4 mutants: 2 killed, 2 survived (2 unobserved); score 2/4 = 50.0 %
                total: 4 mutants: 2 killed, 2 survived (2 unobserved); score 2/4 = 50.0 %

                """)
        #expect(run([f]) { $0.minScore = 50 }.code == 0)
        let below = run([f]) { $0.minScore = 75 }
        #expect(below.code == 1)
        #expect(below.out.hasSuffix("\(p): below --min-score 75 %\n"))
    }

    @Test func equivalentCommentsAreReportedApartAndNeedAReason() throws {
        let marked = Self.drop.replacingOccurrences(
            of: "elasticity: 0.5 }, active: true }",
            with: "elasticity: 0.5 }, active: true }  # scenerun: equivalent — nothing collides")
        let dir = try folder(
            "equivalent",
            ["drop.yaml": marked, "bare.yaml": marked.replacingOccurrences(of: " — nothing collides", with: "")])
        let r = run([dir.appendingPathComponent("drop.yaml")])
        #expect(r.code == 0)
        #expect(r.out.contains(":7:47: equivalent: number ×0.5 — nothing collides\n"))
        #expect(r.out.contains("4 mutants: 2 killed, 0 survived, 2 equivalent; score 2/2 = 100.0 %"))
        let bare = run([dir.appendingPathComponent("bare.yaml")])
        #expect(bare.code == 2)
        #expect(bare.out.contains("bare.yaml:7:70: error: an `equivalent` comment needs the reason"), "\(bare.out)")
    }

    /// A comment explains the survivors of its line only: the mutants a case kills stay killed,
    /// and a comment whose line has no survivor is reported, so that it does not hide the next.
    @Test func equivalentCommentsNeverHideAKill() throws {
        let marked = Self.drop.replacingOccurrences(
            of: "magnitude: 1 }, active: true }", with: "magnitude: 1 }, active: true }  # scenerun: equivalent — wrong"
        )
        let dir = try folder("equivalent-kill", ["drop.yaml": marked])
        let r = run([dir.appendingPathComponent("drop.yaml")])
        #expect(r.code == 0)
        #expect(!r.out.contains("equivalent:"), "\(r.out)")
        #expect(r.out.contains("4 mutants: 2 killed, 2 survived (2 unobserved); score 2/4 = 50.0 %"), "\(r.out)")
        #expect(
            r.err.contains { $0.contains("drop.yaml:6:68: warning: this `equivalent` comment explains no survivor") },
            "\(r.err)")
    }

    @Test func invalidMutantsAndScenesAreNotCounted() throws {
        // An elasticity of 0 → −1 does not load; a scene that fails unmutated is refused.
        let rigid = Self.drop.replacingOccurrences(of: "elasticity: 0.5", with: "elasticity: 0")
        let failing = Self.drop.replacingOccurrences(of: "box.y > 100", with: "box.y > 500")
        let dir = try folder("invalid", ["rope.yaml": rigid, "failing.yaml": failing, "broken.yaml": "views: [\n"])
        let r = run([dir.appendingPathComponent("rope.yaml")])
        #expect(
            r.out.contains(
                "rope.yaml:7:47: invalid: number 0 → -1: \(dir.path)/rope.yaml:7:47: `elasticity` must not be negative"),
            "\(r.out)")
        #expect(
            r.out.hasSuffix("4 mutants: 2 killed, 1 survived (1 unobserved), 1 invalid; score 2/3 = 66.7 %\n"),
            "\(r.out)")
        let failed = run([dir.appendingPathComponent("failing.yaml")])
        #expect(failed.code == 1)
        #expect(failed.out.contains("failing scene:\nthe scene does not pass unmutated (Drop)"))
        let broken = run([dir.appendingPathComponent("broken.yaml")])
        #expect(broken.code == 2)
        #expect(broken.out.contains("broken.yaml: invalid scene:\n"))
    }

    @Test func theOutputIsTheSameForEveryJobsValueAndTheShardsMergeIntoIt() throws {
        // A scene with survivors (drop.yaml) and a shipped one with none.
        let dir = try folder("shards", ["drop.yaml": Self.drop])
        let paths = [dir.appendingPathComponent("drop.yaml"), repo.appendingPathComponent("scenes/drag-off.yaml")]
        let whole = dir.appendingPathComponent("whole.json")
        let one = run(paths) {
            $0.jobs = 1; $0.json = whole.path
        }
        let three = run(paths) { $0.jobs = 3 }
        #expect(one.out == three.out)
        #expect(one.out.contains("unobserved: "))
        var shards: [String] = []
        for i in 1...3 {
            let s = dir.appendingPathComponent("shard-\(i).json").path
            _ = run(paths) {
                $0.shard = Shard("\(i)/3"); $0.json = s
            }
            shards.append(s)
        }
        let c = Captured()
        let merged = dir.appendingPathComponent("merged.json")
        var m = MergeRequest(inputs: shards)
        m.reports = [ReportRequest(format: .json, path: merged.path)]
        m.otherKinds = [mutateReports]
        let code = Driver.merge(m, console: c.console, environment: [:], isTerminal: false)
        #expect(code == one.code)
        #expect(c.out == one.out, "merge prints the unsharded report")
        #expect(try Data(contentsOf: merged) == Data(contentsOf: whole), "and writes its JSON, byte for byte")
        let missing = Captured()
        var some = MergeRequest(inputs: Array(shards.prefix(2)))
        some.otherKinds = [mutateReports]
        #expect(Driver.merge(some, console: missing.console) == 2)
        #expect(missing.err.first?.contains("mutants are missing") == true, "\(missing.err)")
    }

    /// CRLF line ends and a non-ASCII name before the value: lines and columns (in Unicode
    /// scalars) are the loader's, the source line has no carriage return, and an equivalent
    /// comment on a CRLF line is found on its line.
    @Test func lineEndsAndUnicodeDoNotShiftLocations() throws {
        let text = Self.drop.replacingOccurrences(of: "box", with: "bôx").replacingOccurrences(of: "\n", with: "\r\n")
            .replacingOccurrences(
                of: "magnitude: 1 }, active: true }",
                with: "magnitude: 1 }, active: true } # scenerun: equivalent — test")
        let dir = try folder("crlf", ["drop.yaml": text])
        let r = run([dir.appendingPathComponent("drop.yaml")])
        let p = dir.appendingPathComponent("drop.yaml").path
        #expect(
            r.out.hasPrefix(
                """
                \(p):7:47: unobserved: number ×0.5 — no case's run changes: the change needs a new case, not a new expectation (if no case can tell it apart, say why in an `equivalent` comment)
                  bouncy: { item: { items: [bôx], elasticity: 0.5 }, active: true }
                \(String(repeating: " ", count: 46))^

                """), "\(r.out)")
        // The comment is on line 6 as the parser counts CRLF lines, its `#` at column 67 (its mutants
        // are killed).
        #expect(
            r.err.contains { $0.contains("drop.yaml:6:67: warning: this `equivalent` comment explains no survivor") },
            "\(r.err)")
    }

    /// `--json` onto a scene, or `--replay` into the folder of the scenes, is refused (64) before
    /// anything runs, and the scene is untouched.
    @Test func noOutputOntoAnInput() throws {
        let dir = try folder("onto", ["drop.yaml": Self.drop])
        let f = dir.appendingPathComponent("drop.yaml")
        let json = run([f]) { $0.json = f.path }
        #expect(json.code == 64)
        #expect(json.err.contains { $0.contains("would overwrite the input scene") }, "\(json.err)")
        #expect(try String(contentsOf: f, encoding: .utf8) == Self.drop)
        let replay = run([dir]) { $0.replay = dir.path }
        #expect(replay.code == 64)
        #expect(replay.err.contains { $0.contains("would write into the input folder") }, "\(replay.err)")
    }

    @Test func listNamesTheMutantsWithoutRunningThem() throws {
        let dir = try folder("list", ["drop.yaml": Self.drop])
        let r = run([dir.appendingPathComponent("drop.yaml")]) { $0.list = true }
        let p = dir.appendingPathComponent("drop.yaml").path
        #expect(r.code == 0)
        #expect(
            r.out == """
                \(p):6:47: number ×0.5
                \(p):6:47: number ×2
                \(p):7:47: number ×0.5
                \(p):7:47: number ×2

                """)
    }

    @Test func theJSONReportHasEveryMutant() throws {
        let dir = try folder("json", ["drop.yaml": Self.drop])
        let json = dir.appendingPathComponent("m.json")
        _ = run([dir.appendingPathComponent("drop.yaml")]) { $0.json = json.path }
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let mutants = try #require(doc["mutants"] as? [[String: Any]])
        #expect(
            mutants.map { $0["id"] as? String } == [
                "drop.yaml:6:47 number ×0.5", "drop.yaml:6:47 number ×2", "drop.yaml:7:47 number ×0.5",
                "drop.yaml:7:47 number ×2",
            ])
        #expect(mutants.map { $0["status"] as? String } == ["killed", "killed", "unobserved", "unobserved"])
        #expect(mutants[0]["failingCases"] as? [String] == ["Drop"])
        #expect(mutants[0]["original"] as? String == "1" && mutants[0]["mutated"] as? String == "0.5")
    }

    /// `--max-mutants` has a documented default, and the mutants past it are counted in the
    /// text and JSON reports, not dropped silently.
    @Test func mutantsPastTheCapAreCountedNotRun() throws {
        #expect(MutateRequest(paths: []).maxMutants == MutateRequest.defaultMaxMutants)
        #expect(MutateRequest.defaultMaxMutants == 1000)
        let dir = try folder("cap", ["drop.yaml": Self.drop])
        let json = dir.appendingPathComponent("cap.json")
        let r = run([dir.appendingPathComponent("drop.yaml")]) {
            $0.maxMutants = 3; $0.json = json.path
        }
        #expect(
            r.out.contains(
                "drop.yaml: 3 mutants: 2 killed, 1 survived (1 unobserved); score 2/3 = 66.7 %; 1 more left out by "
                    + "--max-mutants\n"), "\(r.out)")
        #expect(
            r.out.hasSuffix(
                "total: 3 mutants: 2 killed, 1 survived (1 unobserved); score 2/3 = 66.7 %; 1 more left out by "
                    + "--max-mutants\n"), "\(r.out)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let files = try #require(doc["files"] as? [[String: Any]])
        #expect(files.first?["leftOut"] as? Int == 1)
        #expect(files.first?["mutants"] as? Int == 3)
    }
}
