import Foundation
import Testing

/// Record mode rewrites what a run observed into the scene files, touching nothing else.
@Suite(.serialized) struct RecordModeTests {
    /// Ten expectations changed by hand in copies of shipped scenes: `--update` restores every
    /// one, and the files are byte for byte the originals (comments and formatting untouched).
    @Test func updateRestoresTenChangedExpectations() throws {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("scenerun-record-\(getpid())")
        try? fm.removeItem(at: dir)
        try fm.createDirectory(at: dir.appendingPathComponent("gallery"), withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        let changes: [(String, String, String)] = [
            ("shade.yaml", "  views: { shade: { frame: [0, 0, 375, 667] } }", "  views: { shade: { frame: [0, 9, 375, 667] } }"),
            ("shade.yaml", "  events: { haptic: 6, light: 6, contact: 7 }\nvariants:", "  events: { haptic: 4, light: 6, contact: 7 }\nvariants:"),
            ("shade.yaml", "          views: { shade: { frame: [0, -667, 375, 667], within: 0 } }\n      - pan",
             "          views: { shade: { frame: [0, -667, 375, 666], within: 0 } }\n      - pan"),
            ("shade.yaml", "      events: { haptic: 1, light: 1, contact: 7 }   # the left", "      events: { haptic: 1, light: 1, contact: 9 }   # the left"),
            ("edge-modal.yaml", "  transition: { present: completed }\n  views:", "  transition: { present: cancelled }\n  views:"),
            ("edge-modal.yaml", "      events: { contact: 3 }                    # the push", "      events: { contact: 5 }                    # the push"),
            ("sheet.yaml", "    dim: { alpha: 0.5 }\nvariants:", "    dim: { alpha: 0.9 }\nvariants:"),
            ("gallery/gravity-collision.yaml", "[145, 743, 100, 100]", "[145, 700, 100, 100]"),
            ("gallery/item-elasticity.yaml", "y: 763,", "y: 700,"),
            ("drag-off.yaml", "336]] }\n      - waitFor: rest\n    expect:\n      views: { card: { center: [195, 422], rotation: 0, within: 0.5",
             "336]] }\n      - waitFor: rest\n    expect:\n      views: { card: { center: [195, 422], rotation: 0.6, within: 0.5"),
        ]
        var originals: [String: String] = [:]
        for (file, _, _) in changes where originals[file] == nil {
            originals[file] = try String(contentsOf: repo.appendingPathComponent("scenes/\(file)"), encoding: .utf8)
        }
        var edited = originals
        for (file, old, new) in changes {
            let text = try #require(edited[file])
            #expect(text.components(separatedBy: old).count == 2, "\(file): `\(old)` must occur once")
            edited[file] = text.replacingOccurrences(of: old, with: new)
        }
        for (file, text) in edited { try text.write(to: dir.appendingPathComponent(file), atomically: true, encoding: .utf8) }
        let before = try scenerun([dir.path])
        #expect(before.code == 1)
        let r = try scenerun(["--update", dir.path], env: ["CI": ""])
        #expect(r.code == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("10 values rewritten in 6 file(s)"), "\(r.out)")
        let line = try #require(originals["shade.yaml"]?.components(separatedBy: "\n")
            .firstIndex(of: "  views: { shade: { frame: [0, 0, 375, 667] } }")) + 1
        #expect(r.out.contains("shade.yaml:\(line): [0, 9, 375, 667] → [0, 0, 375, 667]"), "\(r.out)")
        for (file, text) in originals {
            #expect(try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8) == text, "\(file) differs from the original")
        }
        #expect(try scenerun([dir.path]).code == 0)
    }

    @Test func refusedOnCIUnlessForced() throws {
        let r = try scenerun(["--update", "scenes/gallery/snap.yaml"], env: ["CI": "true"])
        #expect(r.code == 64)
        #expect(r.err.contains("CI is set, so it is refused without --force"))
        let f = try scenerun(["--update", "--force", "scenes/gallery/snap.yaml"], env: ["CI": "true"])
        #expect(f.code == 0)
        #expect(f.out.hasSuffix("0 values rewritten in 0 file(s)\n"))
    }
}
