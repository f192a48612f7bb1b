import Foundation
import Testing

/// No output path may name an input: a report onto a scene, into a folder of scenes, or onto a
/// merged report is a usage error (64) before anything runs, naming both; the input is kept byte
/// for byte. On main (4c35c33) each of these replaced the input.
@Suite(.serialized) struct OutputOntoInputTests {
    static let scene = "name: t\nviews:\n  a: { frame: [0, 0, 100, 100] }\nscript:\n  - wait: 0.1\n"

    /// `s.yaml`, `scenes/b.yaml`, an empty folder `x` and `link.yaml` → `s.yaml`.
    func workspace(_ tag: String) throws -> URL {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("scenerun-onto-\(tag)-\(getpid())")
        try? fm.removeItem(at: dir)
        try fm.createDirectory(at: dir.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        try fm.createDirectory(at: dir.appendingPathComponent("x"), withIntermediateDirectories: true)
        try Self.scene.write(to: dir.appendingPathComponent("s.yaml"), atomically: false, encoding: .utf8)
        try Self.scene.write(to: dir.appendingPathComponent("scenes/b.yaml"), atomically: false, encoding: .utf8)
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("link.yaml").path, withDestinationPath: "s.yaml")
        return dir
    }

    func files(_ dir: URL) -> [String] {
        ((FileManager.default.enumerator(atPath: dir.path)?.allObjects as? [String]) ?? []).sorted()
    }

    @Test func aReportOntoAnInputSceneIsRefusedBeforeTheRun() throws {
        let dir = try workspace("scene")
        let d = dir.path
        let before = files(dir)
        let cases: [([String], String)] = [
            (
                ["--json", "\(d)/s.yaml", "\(d)/s.yaml"],
                "--json \(d)/s.yaml would overwrite the input scene \(d)/s.yaml"
            ),
            (
                ["--junit", "\(d)/scenes/b.yaml", "\(d)/scenes/"],
                "--junit \(d)/scenes/b.yaml would overwrite the input scene \(d)/scenes/b.yaml"
            ),
            (
                ["--json", "\(d)/link.yaml", "\(d)/s.yaml"],
                "--json \(d)/link.yaml would overwrite the input scene \(d)/s.yaml"
            ),
            (
                ["--report", "json=\(d)/x/../s.yaml", "\(d)/s.yaml"],
                "--report json=\(d)/x/../s.yaml would overwrite the input scene \(d)/s.yaml"
            ),
            (
                ["--junit", "\(d)/./nothing/../s.yaml", "\(d)/link.yaml"],
                "--junit \(d)/./nothing/../s.yaml would overwrite the input scene \(d)/link.yaml"
            ),
            (
                ["--replay", "\(d)/scenes", "\(d)/scenes/"],
                "--replay \(d)/scenes would write into the input folder \(d)/scenes/"
            ),
            (
                ["--trace", "\(d)/x/..", "\(d)/scenes/b.yaml"],
                "--trace \(d)/x/.. would write into a folder that holds the input scene \(d)/scenes/b.yaml"
            ),
        ]
        for (args, message) in cases {
            let r = try scenerun(args)
            #expect(r.code == 64, "\(args)")
            #expect(r.err == "scenerun: error: \(message)\n", "\(args)")
            #expect(r.out == "", "\(args): nothing ran")
            #expect(try String(contentsOf: dir.appendingPathComponent("s.yaml"), encoding: .utf8) == Self.scene)
            #expect(try String(contentsOf: dir.appendingPathComponent("scenes/b.yaml"), encoding: .utf8) == Self.scene)
            #expect(files(dir) == before, "\(args): nothing written")
        }
        // GitHub's step summary, appended to with --format github, is an output too.
        let summary = try scenerun(["--format", "github", "\(d)/s.yaml"], env: ["GITHUB_STEP_SUMMARY": "\(d)/s.yaml"])
        #expect(summary.code == 64)
        #expect(
            summary.err
                == "scenerun: error: GITHUB_STEP_SUMMARY=\(d)/s.yaml would overwrite the input scene \(d)/s.yaml\n")
        #expect(try String(contentsOf: dir.appendingPathComponent("s.yaml"), encoding: .utf8) == Self.scene)
        // A report beside the scenes, not onto one, is written as before.
        let ok = try scenerun(["--json", "\(d)/scenes/r.json", "\(d)/scenes/"])
        #expect(ok.code == 0, "\(ok.err)")
    }

    @Test func mergeRefusesAnOutputOntoAMergedReport() throws {
        let dir = try workspace("merge")
        let report = dir.appendingPathComponent("r.json").path
        #expect(try scenerun(["--json", report, dir.appendingPathComponent("s.yaml").path]).code == 0)
        let original = try Data(contentsOf: URL(fileURLWithPath: report))
        for option in ["--junit", "--json"] {
            let r = try scenerun(["merge", option, report, report])
            #expect(r.code == 64)
            #expect(r.err == "scenerun: error: \(option) \(report) would overwrite the input report \(report)\n")
            #expect(r.out == "")
            #expect(try Data(contentsOf: URL(fileURLWithPath: report)) == original)
        }
        let r = try scenerun(["merge", "--report", "junit=\(dir.path)/x/../r.json", report])
        #expect(r.code == 64)
        #expect(r.err.contains("would overwrite the input report \(report)"), "\(r.err)")
    }
}
