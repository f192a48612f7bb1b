import Foundation
import Testing

/// `include` and `repeat` through the command line: parts are found, skipped, refused, followed
/// and shown as scene-format.md ("Many views, shared parts") and cli.md say.
@Suite struct PartsCLITests {
    /// A folder with `s.yaml`, which includes `parts/box.yaml` (a falling box whose expectation is
    /// wrong) and has a wrong expectation of its own.
    func folder(_ name: String) throws -> URL {
        let dir = try temporaryFolder(name)
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("parts"), withIntermediateDirectories: true)
        let part = """
            # a box on a floor
            views:
              box: { frame: [0, 0, 100, 100] }
            behaviors:
              fall: { gravity: { items: [box] }, active: true }
            expect:
              views: { box: { x: 5 } }

            """
        try part.write(to: dir.appendingPathComponent("parts/box.yaml"), atomically: true, encoding: .utf8)
        let scene = """
            include: [parts/box.yaml]
            script:
              - wait: 0.5
            expect:
              views: { box: { y: 1 } }

            """
        try scene.write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test func aValueWrittenInAnIncludedPartIsLeftAlone() throws {
        let dir = try folder("parts-record")
        defer { try? FileManager.default.removeItem(at: dir) }
        let part = try String(contentsOf: dir.appendingPathComponent("parts/box.yaml"), encoding: .utf8)
        let r = try scenerun(["--update", dir.path], env: ["CI": ""])
        #expect(r.code == 1, "\(r.out)\(r.err)")  // the part's failure is left alone
        #expect(r.out.contains("s.yaml:5: 1 → 121"), "\(r.out)")
        #expect(
            r.out.contains(
                "parts/box.yaml:7:22: left alone: written in the part \(dir.path)/parts/box.yaml, which "
                    + "\(dir.path)/s.yaml includes and other scenes may include too: record mode does not rewrite "
                    + "parts; edit it by hand"), "\(r.out)")
        #expect(try String(contentsOf: dir.appendingPathComponent("parts/box.yaml"), encoding: .utf8) == part)
    }

    @Test func aFolderRunSkipsPartsAndANamedPartIsRefused() throws {
        let dir = try folder("parts-skip")
        defer { try? FileManager.default.removeItem(at: dir) }
        let list = try scenerun(["--list", dir.path])
        #expect(list.code == 0 && list.out == "\(dir.path)/s.yaml: s\n", "\(list.out)\(list.err)")
        let named = try scenerun(["check", dir.appendingPathComponent("parts/box.yaml").path])
        #expect(named.code == 2)
        #expect(
            named.out.contains(
                "parts/box.yaml:1:1: error: this file is a part, not a scene: its folder is named `parts`; run a "
                    + "scene that includes it"), "\(named.out)")
        let mutated = try scenerun(["mutate", dir.appendingPathComponent("parts/box.yaml").path])
        #expect(mutated.code == 2, "\(mutated.out)\(mutated.err)")
    }

    /// A failure located in a part shows the part's line under the caret, in the text report and
    /// in the JSON report's `source`.
    @Test func aFailureInAPartShowsThePartsLine() throws {
        let dir = try folder("parts-excerpt")
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent("r.json").path
        let r = try scenerun(["--color", "never", "--json", json, dir.appendingPathComponent("s.yaml").path])
        #expect(r.code == 1)
        #expect(r.out.contains("parts/box.yaml:7:22: error: box.x expected 5 ± 0.5, got 0 at t = 0.500 s"), "\(r.out)")
        #expect(r.out.contains("  views: { box: { x: 5 } }\n                     ^"), "\(r.out)")
        let report = try String(contentsOfFile: json, encoding: .utf8)
        #expect(report.contains("\"source\": \"  views: { box: { x: 5 } }\""), "\(report)")
        #expect(report.contains("\"source\": \"  views: { box: { y: 1 } }\""), "\(report)")
    }

    @Test func aReportOntoAPartIsRefused() throws {
        let dir = try folder("parts-output")
        defer { try? FileManager.default.removeItem(at: dir) }
        let part = dir.appendingPathComponent("parts/box.yaml").path
        let r = try scenerun(["--json", part, dir.appendingPathComponent("s.yaml").path])
        #expect(r.code == 64)
        #expect(r.err.contains("--json \(part) would overwrite the included part \(part)"), "\(r.err)")
    }

    /// The gallery's repeated cells and shared walls pin what they show (docs/mutate.md).
    @Test func theGalleryScenesOfPartsAndRepeatsKillTheirMutants() throws {
        let r = try scenerun([
            "mutate", "--min-score", "90", "scenes/gallery/springy-list.yaml", "scenes/gallery/shared-walls.yaml",
        ])
        #expect(r.code == 0, "\(r.out)\(r.err)")
        #expect(
            r.out.contains("springy-list.yaml: 12 mutants: 11 killed, 0 survived, 1 invalid; score 11/11 = 100.0 %"))
        #expect(
            r.out.contains(
                "shared-walls.yaml: 12 mutants: 9 killed (3 by timeout), 0 survived, 3 equivalent; score 9/9 = 100.0 %")
        )
    }
}
