import Foundation
import Testing

/// Record mode rewrites what a run observed into the scene files, touching nothing else.
@Suite(.serialized) struct RecordModeTests {
    /// Twelve expectations changed by hand in copies of shipped scenes (two of them what the
    /// screen shows during a property animator's spring): `--update` restores every one, and the
    /// files are byte for byte the originals (comments and formatting untouched).
    @Test func updateRestoresTwelveChangedExpectations() throws {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("scenerun-record-\(getpid())")
        try? fm.removeItem(at: dir)
        try fm.createDirectory(at: dir.appendingPathComponent("gallery"), withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        let changes: [(String, String, String)] = [
            (
                "shade.yaml", "  views: { shade: { frame: [0, 0, 375, 667] } }",
                "  views: { shade: { frame: [0, 9, 375, 667] } }"
            ),
            (
                "shade.yaml", "  events: { haptic: 6, light: 6, contact: 7 }\nvariants:",
                "  events: { haptic: 4, light: 6, contact: 7 }\nvariants:"
            ),
            (
                "shade.yaml", "          views: { shade: { frame: [0, -667, 375, 667], within: 0 } }\n      - pan",
                "          views: { shade: { frame: [0, -667, 375, 666], within: 0 } }\n      - pan"
            ),
            (
                "shade.yaml", "      events: { haptic: 1, light: 1, contact: 7 }   # the left",
                "      events: { haptic: 1, light: 1, contact: 9 }   # the left"
            ),
            (
                "edge-modal.yaml", "  transition: { present: completed }\n  views:",
                "  transition: { present: cancelled }\n  views:"
            ),
            (
                "edge-modal.yaml", "      events: { contact: 3 }                    # the push",
                "      events: { contact: 5 }                    # the push"
            ),
            ("sheet.yaml", "    dim: { alpha: 0.5 }\nvariants:", "    dim: { alpha: 0.9 }\nvariants:"),
            ("gallery/gravity-collision.yaml", "[145, 743, 100, 100]", "[145, 700, 100, 100]"),
            ("gallery/item-elasticity.yaml", "y: 763,", "y: 700,"),
            (
                "gallery/spring-animator.yaml", "presentation: { y: 353.513, scale: 1.114 }",
                "presentation: { y: 300, scale: 1 }"
            ),
            (
                "drag-off.yaml",
                "336]] }\n      - waitFor: rest\n    expect:\n      views: { card: { center: [195, 422], rotation: 0, within: 0.5",
                "336]] }\n      - waitFor: rest\n    expect:\n      views: { card: { center: [195, 422], rotation: 0.6, within: 0.5"
            ),
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
        for (file, text) in edited {
            try text.write(to: dir.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        let before = try scenerun([dir.path])
        #expect(before.code == 1)
        let r = try scenerun(["--update", dir.path], env: ["CI": ""])
        #expect(r.code == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("12 values rewritten in 7 file(s)"), "\(r.out)")
        let line =
            try #require(
                originals["shade.yaml"]?.components(separatedBy: "\n")
                    .firstIndex(of: "  views: { shade: { frame: [0, 0, 375, 667] } }")) + 1
        #expect(r.out.contains("shade.yaml:\(line): [0, 9, 375, 667] → [0, 0, 375, 667]"), "\(r.out)")
        for (file, text) in originals {
            #expect(
                try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8) == text,
                "\(file) differs from the original")
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

/// Record mode as a careful editor: bytes located by the parser's positions, the edit checked
/// by parsing again, written only onto the bytes it read, keeping the file's mode, BOM, line
/// endings and name. Each test failed on main (4c35c33), as its comment says.
@Suite(.serialized) struct RecordModeEditorTests {
    /// A falling box that rests at y = 743.16 by t = 2.183 s after 3 contacts; the expectations
    /// say otherwise in a flow list over two lines, an anchored value after a tab, a `restBy`
    /// and a quoted count, after two combining accents and a U+2028 in a quoted name.
    static let lines = [
        "# Gravity with e\u{301}\u{301} marks", "name: \"Gravity \u{2028} onto e\u{301}\u{301}\"", "views:",
        "  box: { frame: [145, 100, 100, 100] }   # e\u{301}\u{301} x", "behaviors:",
        "  fall:  { gravity: { items: [box] }, active: true }",
        "  floor: { collision: { items: [box], referenceBounds: true }, active: true }", "script:", "  - waitFor: rest",
        "expect:", "  views:", "    box:", "      frame: [145,", "          700, 100, 100]   # two lines",
        "      y: &y 700\t# anchored", "  rest: true", "  restBy: 1", "  events: { contact: \">= 5\" }", "",
    ]
    /// The same scene in ASCII (for the tests of writing, not locating).
    static let ascii = lines.map {
        $0.replacingOccurrences(of: " \u{2028}", with: "").replacingOccurrences(of: " e\u{301}\u{301}", with: "")
    }
    static let fixes = [
        ("700, 100, 100]", "743, 100, 100]"), ("&y 700", "&y 743"), ("restBy: 1", "restBy: 2.19"),
        ("\">= 5\"", "\"3\""),
    ]

    func folder(_ tag: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-editor-\(tag)-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    func fixed(_ bytes: [UInt8]) -> [UInt8] {
        var s = String(decoding: bytes, as: UTF8.self)
        for (a, b) in Self.fixes { s = s.replacingOccurrences(of: a, with: b) }
        return Array(s.utf8)
    }

    /// On main: the LF file got `y: 70743`-style edits off by the combining marks, the CRLF, CR
    /// and mixed files were not rewritten (or a different key was) and it exited 0, the BOM was
    /// stripped, the U+0085 name shifted the edits.
    @Test func everyLineEndingAndEncodingIsEditedWhereTheParserSays() throws {
        let dir = try folder("endings")
        func joined(_ sep: (Int) -> String) -> [UInt8] {
            Array(Self.lines.enumerated().map { i, l in i == Self.lines.count - 1 ? l : l + sep(i) }.joined().utf8)
        }
        let files: [(String, [UInt8])] = [
            ("lf.yaml", joined { _ in "\n" }), ("crlf.yaml", joined { _ in "\r\n" }), ("cr.yaml", joined { _ in "\r" }),
            ("mixed.yaml", joined { $0 < 9 ? "\r\n" : "\n" }),
            ("bom.yaml", [0xEF, 0xBB, 0xBF] + joined { _ in "\r\n" }),
            (
                "nel.yaml",
                Array(
                    String(decoding: joined { _ in "\n" }, as: UTF8.self).replacingOccurrences(
                        of: "\u{2028}", with: "\u{85}"
                    ).utf8)
            ),
        ]
        for (name, bytes) in files { try Data(bytes).write(to: dir.appendingPathComponent(name)) }
        let r = try scenerun(["--update", dir.path], env: ["CI": ""])
        #expect(r.code == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("24 values rewritten in 6 file(s)\n"), "\(r.out)")
        #expect(r.out.contains("crlf.yaml:14: [145, 700, 100, 100] → [145, 743, 100, 100]"), "\(r.out)")
        for (name, bytes) in files {
            let now = [UInt8](try Data(contentsOf: dir.appendingPathComponent(name)))
            #expect(now == fixed(bytes), "\(name): \(String(decoding: now, as: UTF8.self).debugDescription)")
        }
        #expect(try scenerun([dir.path]).code == 0)
    }

    /// On main the file was written to the name with U+FFFD instead, next to the original.
    @Test func aFileNameThatIsNotUTF8IsTheFileWritten() throws {
        let dir = try folder("rawname")
        let raw = Array(dir.path.utf8) + Array("/s".utf8) + [0xFF] + Array(".yaml".utf8)
        let bytes = Array((Self.lines.joined(separator: "\n")).utf8)
        func withRaw<T>(_ body: (UnsafePointer<CChar>) -> T) -> T {
            (raw + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) } }
        }
        let fd = withRaw { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        #expect(fd >= 0)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let r = try scenerun(["--update", dir.path], env: ["CI": ""])
        #expect(r.code == 0, "\(r.out)\(r.err)")
        var now = [UInt8](repeating: 0, count: 4096)
        let rfd = withRaw { open($0, O_RDONLY) }
        let n = now.withUnsafeMutableBytes { read(rfd, $0.baseAddress, $0.count) }
        close(rfd)
        #expect(Array(now[0..<max(0, n)]) == fixed(bytes))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("s\u{FFFD}.yaml").path))
    }

    /// On main a read-only scene was replaced by a writable one.
    @Test func aReadOnlySceneIsRefusedAndKept() throws {
        let dir = try folder("readonly")
        let f = dir.appendingPathComponent("s.yaml")
        let bytes = Array(Self.ascii.joined(separator: "\n").utf8)
        try Data(bytes).write(to: f)
        chmod(f.path, 0o444)
        let r = try scenerun(["--update", f.path], env: ["CI": ""])
        #expect(r.code == 1)
        #expect(r.err.contains("s.yaml:13:14: record mode did not rewrite \(f.path) (case "), "\(r.err)")
        #expect(r.err.contains("it is read-only"), "\(r.err)")
        #expect(r.out.hasSuffix("0 values rewritten in 0 file(s)\n"), "\(r.out)")
        #expect([UInt8](try Data(contentsOf: f)) == bytes)
        let mode = try FileManager.default.attributesOfItem(atPath: f.path)[.posixPermissions] as? Int
        #expect(mode == 0o444)
    }

    /// A scene reached through a symbolic link: the link stays a link and the file it names is
    /// rewritten (on main the link was replaced by a regular file). A scene with a second hard
    /// link is refused (a rename would split the two names).
    @Test func aLinkIsKeptAndAHardLinkIsRefused() throws {
        let dir = try folder("links")
        let fm = FileManager.default
        let text = Self.ascii.joined(separator: "\n")
        let target = dir.appendingPathComponent("real.yaml")
        try Data(text.utf8).write(to: target)
        let link = dir.appendingPathComponent("link.yaml")
        try fm.createSymbolicLink(atPath: link.path, withDestinationPath: "real.yaml")
        let r = try scenerun(["--update", link.path], env: ["CI": ""])
        #expect(r.code == 0, "\(r.out)\(r.err)")
        #expect(try fm.destinationOfSymbolicLink(atPath: link.path) == "real.yaml")
        #expect([UInt8](try Data(contentsOf: target)) == fixed(Array(text.utf8)))
        let other = dir.appendingPathComponent("other.yaml")
        try fm.removeItem(at: target)
        try Data(text.utf8).write(to: target)
        try fm.linkItem(at: target, to: other)
        let h = try scenerun(["--update", target.path], env: ["CI": ""])
        #expect(h.code == 1)
        #expect(h.err.contains("it has 2 hard links"), "\(h.err)")
        #expect(try String(contentsOf: other, encoding: .utf8) == text)
    }

    /// A save while `--update` runs (here during its write, held open by the test hook): on main
    /// the save was overwritten; now nothing is written and it says so.
    @Test func anEditSavedDuringTheUpdateIsKept() throws {
        let dir = try folder("concurrent")
        let f = dir.appendingPathComponent("s.yaml")
        try Data(Self.ascii.joined(separator: "\n").utf8).write(to: f)
        let p = Process()
        p.executableURL = try binary()
        p.arguments = ["--update", f.path]
        p.environment = ProcessInfo.processInfo.environment.merging(["CI": "", "SCENERUN_TEST_STALL_WRITE": "3"]) { $1 }
        let err = Pipe()
        p.standardOutput = FileHandle.nullDevice
        p.standardError = err
        try p.run()
        let start = Date()
        while !((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).contains(where: {
            $0.hasSuffix(".tmp")
        }),
            Date().timeIntervalSince(start) < 20
        {
            usleep(20_000)
        }
        let mine = Data((Self.ascii.joined(separator: "\n") + "# saved by hand\n").utf8)
        let h = try FileHandle(forWritingTo: f)
        h.write(mine)
        try h.close()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 1)
        #expect(message.contains("changed since it was read"), "\(message)")
        #expect(try Data(contentsOf: f) == mine)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["s.yaml"])
    }

    /// On main `--update --filter wide` rewrote the scene's `restBy`, which the unselected base
    /// case also reads (so the base case then failed), and exited 0.
    @Test func filterRewritesOnlyWhatNoUnselectedCaseReads() throws {
        let dir = try folder("filter")
        let f = dir.appendingPathComponent("s.yaml")
        let text =
            Self.ascii.joined(separator: "\n") + "variants:\n  wide:\n    expect: { views: { box: { x: 140 } } }\n"
        try Data(text.utf8).write(to: f)
        let r = try scenerun(["--update", "--filter", "wide", f.path], env: ["CI": ""])
        #expect(r.code == 1, "\(r.out)\(r.err)")
        #expect(r.out.contains("s.yaml:21: 140 → 145\n"), "\(r.out)")
        #expect(
            r.out.contains("s.yaml:17:11: left alone: also read by case `Gravity onto`, which this run"), "\(r.out)")
        #expect(r.out.contains("which this run did not select (--filter or --shard): run it too\n"), "\(r.out)")
        #expect(r.out.contains("1 value rewritten in 1 file(s), 4 left alone\n"), "\(r.out)")
        #expect(try String(contentsOf: f, encoding: .utf8) == text.replacingOccurrences(of: "x: 140", with: "x: 145"))
    }
}

extension RecordModeTests {
    /// `size` and `bounds` (issue 40, item 3) are rewritten part by part as `frame` and `center`
    /// are, keeping the rest of the line.
    @Test func updateRewritesSizeAndBounds() throws {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("scenerun-record-size-\(getpid())")
        try? fm.removeItem(at: dir)
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        let file = dir.appendingPathComponent("s.yaml")
        let text = """
            views: { box: { frame: [0, 0, 100, 50] } }
            script:
              - set: { box.size: [200, 80] }
              - wait: 0.1
            expect: { views: { box: { size: [1, 80], bounds: [0, 0, 3, 4] } } }  # keep me

            """
        try text.write(to: file, atomically: true, encoding: .utf8)
        let r = try scenerun(["--update", file.path], env: ["CI": ""])
        #expect(r.code == 0, "\(r.out)\(r.err)")
        let updated = try String(contentsOf: file, encoding: .utf8)
        #expect(
            updated
                == text.replacingOccurrences(
                    of: "size: [1, 80], bounds: [0, 0, 3, 4]", with: "size: [200, 80], bounds: [0, 0, 200, 80]"))
    }
}
