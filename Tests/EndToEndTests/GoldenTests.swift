import Foundation
import Testing

/// Every shipped scene's outputs, pinned byte for byte, one folder per scene file:
/// `Golden/<its path without .yaml>/` holds what `scenerun --verbose --json … --junit … --trace …
/// FILE` writes for it (`stdout.txt`, `report.json`, `junit.xml`, `trace/<case>.csv`). A change to
/// any of them is either a bug or a deliberate change re-recorded in its own commit, with
/// `SCENERUN_RECORD_GOLDEN=1 swift test --filter GoldenTests` (refused when CI is set); a new scene
/// records its own folder the same way and touches no other scene's. The scenes are those
/// `scenerun --list scenes/` finds.
@Suite(.serialized) struct GoldenTests {
    static let golden = repo.appendingPathComponent("Tests/EndToEndTests/Golden")
    static let record = "SCENERUN_RECORD_GOLDEN=1 swift test --filter GoldenTests"

    /// The scene files `scenerun scenes/` runs, in its order.
    static func sceneFiles() throws -> [String] {
        let r = try scenerun(["--list", "scenes/"])
        #expect(r.code == 0, "\(r.err)")
        var files: [String] = []
        for line in r.out.split(separator: "\n") {
            guard let colon = line.firstRange(of: ": ") else { continue }
            let f = String(line[..<colon.lowerBound])
            if files.last != f { files.append(f) }
        }
        return files
    }

    /// The golden folder of a scene file, relative to `Golden`: `scenes/gallery/fling` for
    /// `scenes/gallery/fling.yaml`.
    static func folder(of scene: String) -> String {
        scene.hasSuffix(".yaml") ? String(scene.dropLast(".yaml".count)) : scene
    }

    @Test func shippedScenesProduceTheRecordedOutputs() throws {
        let fm = FileManager.default
        let scenes = try Self.sceneFiles()
        #expect(scenes.count > 30, "scenerun --list scenes/ found \(scenes.count) scene files")
        let env = ProcessInfo.processInfo.environment
        let recording = env["SCENERUN_RECORD_GOLDEN"] == "1"
        if recording {
            #expect(env["CI"] == nil, "golden outputs are never recorded on CI")
            guard env["CI"] == nil else { return }
        }
        let out = try temporaryFolder("golden")
        defer { try? fm.removeItem(at: out) }
        var recorded = 0
        for scene in scenes {
            let dir = out.appendingPathComponent(Self.folder(of: scene))
            try fm.createDirectory(at: dir, withIntermediateDirectories: true)
            let r = try scenerun(
                [
                    "--verbose", "--json", dir.appendingPathComponent("report.json").path,
                    "--junit", dir.appendingPathComponent("junit.xml").path,
                    "--trace", dir.appendingPathComponent("trace").path, scene,
                ], env: ["NO_COLOR": "1"])
            #expect(r.code == 0, "\(scene): \(r.err)")
            try r.out.write(to: dir.appendingPathComponent("stdout.txt"), atomically: true, encoding: .utf8)
            let produced = try files(under: dir)
            let goldenDir = Self.golden.appendingPathComponent(Self.folder(of: scene))
            if recording {
                try? fm.removeItem(at: goldenDir)
                for f in produced {
                    let dest = goldenDir.appendingPathComponent(f)
                    try fm.createDirectory(at: dest.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try fm.copyItem(at: dir.appendingPathComponent(f), to: dest)
                }
                recorded += produced.count
                continue
            }
            guard fm.fileExists(atPath: goldenDir.path) else {
                let message =
                    "\(scene) has no golden outputs (Tests/EndToEndTests/Golden/\(Self.folder(of: scene))/): record "
                    + "them with `\(Self.record)`, read them, and commit the folder"
                Issue.record("\(message)")
                continue
            }
            let pinned = try files(under: goldenDir)
            #expect(
                produced == pinned,
                "\(scene): files produced \(produced) differ from the recorded ones \(pinned)")
            for f in produced where pinned.contains(f) {
                let a = try String(contentsOf: dir.appendingPathComponent(f), encoding: .utf8)
                let b = try String(contentsOf: goldenDir.appendingPathComponent(f), encoding: .utf8)
                if a != b {
                    let (la, lb) = (
                        a.split(separator: "\n", omittingEmptySubsequences: false),
                        b.split(separator: "\n", omittingEmptySubsequences: false)
                    )
                    let i = (0..<min(la.count, lb.count)).first { la[$0] != lb[$0] } ?? min(la.count, lb.count)
                    let message =
                        "\(scene): \(f) differs from the recorded output at line \(i + 1):\n  now:      "
                        + "\(i < la.count ? String(la[i]) : "<end>")\n  recorded: "
                        + "\(i < lb.count ? String(lb[i]) : "<end>")"
                    Issue.record("\(message)")
                }
            }
        }
        // A golden folder whose scene is gone (renamed, moved, deleted) is stale.
        let expected = Set(scenes.map { Self.folder(of: $0) })
        let stale = try goldenFolders().filter { !expected.contains($0) }
        if recording {
            for f in stale { try fm.removeItem(at: Self.golden.appendingPathComponent(f)) }
            print("golden: recorded \(recorded) files for \(scenes.count) scenes, removed \(stale.count) stale folders")
            return
        }
        #expect(
            stale.isEmpty,
            "golden outputs of scenes that no longer exist: \(stale); remove them or re-record with `\(Self.record)`")
    }

    /// The scene folders under `Golden` (each folder holding a `stdout.txt`), relative to it.
    func goldenFolders() throws -> [String] {
        try files(under: Self.golden).filter { $0.hasSuffix("/stdout.txt") }.map {
            String($0.dropLast("/stdout.txt".count))
        }
    }

    func files(under dir: URL) throws -> [String] {
        guard let e = FileManager.default.enumerator(atPath: dir.path) else { return [] }
        var out: [String] = []
        while let f = e.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent(f).path, isDirectory: &isDir),
                !isDir.boolValue
            {
                out.append(f)
            }
        }
        return out.sorted()
    }
}
