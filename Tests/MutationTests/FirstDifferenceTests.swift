import Driver
import Foundation
import Mutation
import Testing

/// The first difference (docs/mutate.md, "What to do about each survivor"): a survivor whose
/// run differs from the original's is `unasserted` with the case, the tick and the values; one
/// whose runs are the original's is `unobserved`; an `equivalent` claim whose mutant's run
/// differs is a warning at the comment. Planted survivors of the kinds issue 37 names.
@Suite struct FirstDifferenceTests {
    /// A box falls onto the floor and rests there; only where it rests is asserted. The gravity
    /// changes the fall but not where the box rests (unasserted); the claim on the elasticity is
    /// wrong (the bounce changes); the one on the density holds (gravity and a collision with a
    /// boundary do not depend on mass: the runs are the same).
    static let fall = """
        name: Box falls and rests
        world: { size: [400, 600] }
        views:
          box: { frame: [150, 100, 100, 100] }
        behaviors:
          fall: { gravity: { items: [box], magnitude: 1 }, active: true }
          floor: { collision: { items: [box], referenceBounds: true }, active: true }
          bounce: { item: { items: [box], elasticity: 0.5 }, active: true }   # scenerun: equivalent — it rests either way
          heavy: { item: { items: [box], density: 1 }, active: true }   # scenerun: equivalent — gravity ignores mass
        script:
          - waitFor: rest
        expect:
          views: { box: { center: [200, 550], within: 1 } }

        """

    func folder(_ tag: String, _ files: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-firstdiff-\(tag)-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return dir
    }

    func run(_ paths: [String], _ edit: (inout MutateRequest) -> Void = { _ in }) -> (code: Int32, out: String) {
        var r = MutateRequest(paths: paths)
        r.color = .never
        r.jobs = 2
        edit(&r)
        let c = Captured()
        let code = mutate(r, console: c.console, environment: [:], isTerminal: false)
        return (code, c.out)
    }

    @Test func aGravityThatChangesTheFallButNotTheRestIsUnassertedWithItsFirstDifference() throws {
        let dir = try folder("fall", ["fall.yaml": Self.fall])
        defer { try? FileManager.default.removeItem(at: dir) }
        let f = dir.appendingPathComponent("fall.yaml").path
        let json = dir.appendingPathComponent("r.json").path
        let r = run([f]) { $0.json = json }
        #expect(r.code == 0)
        // Half the gravity: the box has fallen 0.07 pt after the first tick instead of 0.035 pt
        // (shown with the decimal that tells them apart), and is 196 pt higher when the
        // original lands.
        #expect(
            r.out.contains(
                "\(f):6:47: unasserted: number ×0.5 — case \"Box falls and rests\" differs from t = 0.017 s, "
                    + "box.center.y 150.1 → 150.0 (largest at t = 0.917 s, box.center.y 547.9 → 351.9, 196.0 pt); "
                    + "nothing asserts it\n"), "\(r.out)")
        #expect(
            r.out.contains(
                "\(f):6:47: unasserted: number ×2 — case \"Box falls and rests\" differs from t = 0.017 s, "
                    + "box.center.y 150.07 → 150.14 (largest at t = 0.633 s, box.center.y 343.7 → 537.5, 193.7 pt)"),
            "\(r.out)")
        #expect(r.out.contains("6 mutants: 1 killed (1 by timeout), 2 survived (2 unasserted), 3 equivalent"))
        let doc = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        #expect(doc["version"] as? Int == 3)
        let mutants = try #require(doc["mutants"] as? [[String: Any]])
        let half = try #require(mutants.first { $0["id"] as? String == "fall.yaml:6:47 number ×0.5" })
        #expect(half["status"] as? String == "unasserted")
        let d = try #require(half["difference"] as? [String: Any])
        #expect(d["case"] as? String == "Box falls and rests")
        let largest = try #require(d["largest"] as? [String: Any])
        #expect(largest["name"] as? String == "box.center.y")
        #expect(largest["by"] as? String == "196.0 pt")
        #expect(largest["time"] as? Double == 0.916667, "tick 55 at 60 frames per second, written with 6 decimals")
    }

    @Test func aWrongEquivalentClaimIsAWarningAtItsCommentAndARightOneIsNot() throws {
        let dir = try folder("claim", ["fall.yaml": Self.fall])
        defer { try? FileManager.default.removeItem(at: dir) }
        let f = dir.appendingPathComponent("fall.yaml").path
        let json = dir.appendingPathComponent("r.json").path
        let r = run([f]) { $0.json = json }
        // Line 8's comment starts at column 71; half the elasticity bounces less.
        #expect(
            r.out.contains(
                "\(f):8:71: warning: the `equivalent` claim does not hold for number ×0.5 (\(f):8:47): case \"Box "
                    + "falls and rests\" differs from t = 0.917 s, box.center.y 547.9 → 548.7 (largest at t = 1.350 s, "
                    + "box.center.y 458.2 → 548.8, 90.5 pt); assert it, or correct the claim\n"), "\(r.out)")
        #expect(r.out.components(separatedBy: "warning:").count == 2, "one warning: the density's claim holds")
        #expect(r.out.contains("\(f):9:43: equivalent: number ×2 — gravity ignores mass\n"))
        let doc = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let mutants = try #require(doc["mutants"] as? [[String: Any]])
        let claimed = try #require(mutants.first { $0["id"] as? String == "fall.yaml:8:47 number ×0.5" })
        #expect(claimed["status"] as? String == "equivalent")
        #expect((claimed["claim"] as? [String: Any])?["column"] as? Int == 71)
        #expect((claimed["difference"] as? [String: Any])?["case"] as? String == "Box falls and rests")
        let holds = try #require(mutants.first { $0["id"] as? String == "fall.yaml:9:43 number ×2" })
        #expect(holds["difference"] is NSNull)
    }

    /// The shards' reports carry the differences and the claims: their merge prints the whole
    /// run's report, warnings included, and writes its JSON byte for byte.
    @Test func mergeCarriesTheDifferencesAndTheWarnings() throws {
        let dir = try folder("merge", ["fall.yaml": Self.fall])
        defer { try? FileManager.default.removeItem(at: dir) }
        let f = dir.appendingPathComponent("fall.yaml").path
        let whole = dir.appendingPathComponent("whole.json").path
        let one = run([f]) { $0.json = whole }
        var shards: [String] = []
        for i in 1...2 {
            let s = dir.appendingPathComponent("shard-\(i).json").path
            _ = run([f]) {
                $0.shard = Shard("\(i)/2"); $0.json = s
            }
            shards.append(s)
        }
        let c = Captured()
        let merged = dir.appendingPathComponent("merged.json").path
        var m = MergeRequest(inputs: shards)
        m.reports = [ReportRequest(format: .json, path: merged)]
        m.otherKinds = [mutateReports]
        #expect(Driver.merge(m, console: c.console, environment: [:], isTerminal: false) == one.code)
        #expect(c.out == one.out)
        #expect(c.out.contains("warning: the `equivalent` claim does not hold"))
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: merged)) == Data(contentsOf: URL(fileURLWithPath: whole)))
    }
}
