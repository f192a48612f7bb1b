import Foundation
import Testing

/// Usage errors read as docs/cli.md says: one line, `scenerun: error: …`, exit 64 (issue 23).
@Suite struct UsageTests {
    /// A misspelled option is an unknown option (with its did-you-mean), not a missing file named
    /// by its value; a bad value and a missing path are one line each.
    @Test(arguments: [
        (
            ["--jsno", "out.json", "scenes/drag-off.yaml"],
            "scenerun: error: unknown option '--jsno'. Did you mean '--json'? (scenerun --help lists the options)\n"
        ),
        (
            ["--jobs", "x", "scenes/drag-off.yaml"],
            "scenerun: error: the value 'x' is invalid for '--jobs <jobs>' (scenerun --help lists the options)\n"
        ),
        (["run", "no-such.yaml"], "scenerun: error: no such file or folder: no-such.yaml\n"),
        (["check", "no-such.yaml"], "scenerun: error: no such file or folder: no-such.yaml\n"),
    ])
    func usageErrorsAreOneLine(_ args: [String], _ err: String) throws {
        let r = try scenerun(args, env: ["NO_COLOR": "1"])
        #expect(r.code == 64)
        #expect(r.err == err)
        #expect(r.out.isEmpty)
    }

    /// Two reports on one file: refused before the run, naming both.
    @Test func twoReportsOnOneFileAreRefused() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-usage-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("r.out").path
        let b = dir.path + "/./r.out"
        let r = try scenerun(["--json", a, "--junit", b, "scenes/drag-off.yaml"], env: ["NO_COLOR": "1"])
        #expect(r.code == 64)
        #expect(
            r.err == "scenerun: error: --junit \(b) and --json \(a) name the same file; each report needs its own\n")
        #expect(!FileManager.default.fileExists(atPath: a))
    }

    @Test func versionNamesTheSceneFormat() throws {
        let r = try scenerun(["--version"])
        #expect(r.code == 0)
        #expect(r.out == "scenerun 0.2.0 (scene format 1.3)\n")
    }

    /// The version labels agree (issue 32): README.md and docs/scene-format.md's title name the
    /// format `--version` names (the vocabulary's `SceneFormat.read`).
    @Test func theDocsNameTheFormatTheToolReads() throws {
        let out = try scenerun(["--version"]).out
        let format = try #require(out.split(separator: " ").last?.dropLast(2))  // "1.3)\n"
        let page = try String(contentsOf: repo.appendingPathComponent("docs/scene-format.md"), encoding: .utf8)
        #expect(page.hasPrefix("# Scene file format, version \(format)\n"))
        let readme = try String(contentsOf: repo.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("its unit and default (format \(format), with"))
        #expect(!readme.contains("format 1.1,"))
    }

    /// `merge --replay DIR` is the spelling of `--report replay=DIR`, as docs/cli.md says.
    @Test func mergeTakesReplay() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-merge-replay-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent("r.json").path
        #expect(try scenerun(["--json", json, "scenes/drag-off.yaml"]).code == 0)
        let replay = dir.appendingPathComponent("replay")
        let m = try scenerun(["merge", "--replay", replay.path, json])
        #expect(m.code == 0, "\(m.err)")
        #expect(FileManager.default.fileExists(atPath: replay.appendingPathComponent("index.html").path))
    }
}
