import Foundation
import Testing

/// The command line's wrong refusals, messages and CI habits (issue 10). Each test names what
/// main did.
@Suite(.serialized) struct CLITests {
    static let header = "views:\n  a: { frame: [0, 0, 100, 100] }\nscript:\n  - wait: 0.1\n"

    func workspace(_ tag: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-cli-\(tag)-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    func write(_ text: String, _ url: URL) throws { try text.write(to: url, atomically: false, encoding: .utf8) }

    /// Main: "YAML syntax error: did not find expected <document start>".
    @Test func aByteOrderMarkedSceneRuns() throws {
        let dir = try workspace("bom")
        let f = dir.appendingPathComponent("bom.yaml")
        try Data([0xEF, 0xBB, 0xBF] + Array(("name: t\n" + Self.header).utf8)).write(to: f)
        let r = try scenerun([f.path])
        #expect(r.code == 0, "\(r.out)")
        #expect(r.out == "✓ t\n1 passed, 0 failed\n")
    }

    /// Main: `file: name (invalid)`, no location.
    @Test func listShowsWhereAnInvalidFileIsWrong() throws {
        let r = try scenerun(["--list", "scenes/invalid/unknown-key.yaml"])
        #expect(r.code == 2)  // a file that does not load has no cases to list
        #expect(
            r.out
                == "scenes/invalid/unknown-key.yaml:5:50: unknown-key.yaml (invalid: unknown key `frequncy` in `attachment` of `pull`; did you mean `frequency`?)\n"
        )
    }

    /// Main: results of a load-invalid file named first were printed last.
    @Test func resultsFollowTheOrderOfTheFiles() throws {
        let r = try scenerun(["scenes/invalid/unknown-key.yaml", "scenes/gallery/snap.yaml"])
        #expect(r.code == 2)
        let invalid = try #require(r.out.range(of: "! unknown-key.yaml (invalid)"))
        let passed = try #require(r.out.range(of: "✓ "))
        #expect(invalid.lowerBound < passed.lowerBound, "\(r.out)")
    }

    /// Main: "no such file or folder" for a path whose bytes are not UTF-8.
    @Test func aPathThatIsNotUTF8() throws {
        let dir = try workspace("nonutf8")
        let bin = try binary().path
        let made = try shell(
            "f=\"\(dir.path)/$(printf 'x\\377.yaml')\"; printf 'name: t\\n\(Self.header.replacingOccurrences(of: "\n", with: "\\n"))' > \"$f\" && \"\(bin)\" \"$f\""
        )
        #expect(made.code == 0, "\(made.out)\(made.err)")
        #expect(made.out.hasSuffix("1 passed, 0 failed\n"))
        let walked = try scenerun([dir.path])
        #expect(walked.code == 0)
        #expect(walked.out == "✓ t\n1 passed, 0 failed\n")
    }

    /// Main: an ESC[2J in a scene name cleared the terminal; `&#0;` made JUnit ill-formed.
    @Test func controlCharactersAreEscaped() throws {
        let dir = try workspace("control")
        let f = dir.appendingPathComponent("c.yaml")
        try write("name: \"a\\e[2Jb\\u202Ec\\0d\"\n" + Self.header + "expect:\n  views: { a: { x: 5 } }\n", f)
        let r = try scenerun([f.path])
        #expect(r.code == 1)
        #expect(r.out.hasPrefix("✗ a\\u{1B}[2Jb\\u{202E}c\\u{0}d\n"), "\(r.out)")
        #expect(!r.out.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E || $0.value == 0 })
        let j = try scenerun([f.path, "--format", "junit"])
        #expect(j.out.contains("name=\"a\\u{1B}[2Jb\u{202E}c\\u{0}d\""), "\(j.out)")
        #expect(!j.out.contains("&#0;") && !j.out.contains("&#27;"))
        let ok = try scenerun([f.path, "--format", "json"])
        #expect(ok.out.contains("\"name\": \"a\\u001b[2Jb\u{202E}c\\u0000d\""), "\(ok.out)")
    }

    /// Main: a pipe named as a scene blocked forever (read before any check); now it is refused
    /// from its status, as a 100 MB file is refused from its size before it is read.
    @Test func statBeforeRead() throws {
        let dir = try workspace("stat")
        let fifo = dir.appendingPathComponent("pipe.yaml").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let r = try shell("timeout 20 \"\(try binary().path)\" \"\(fifo)\"")
        #expect(r.code == 2)
        #expect(r.out.contains("\(fifo):1:1: error: not a regular file"))
        let big = dir.appendingPathComponent("big.yaml")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let h = try FileHandle(forWritingTo: big)
        try h.truncate(atOffset: 100 << 20)  // sparse: 100 MB that reads as NULs
        try h.close()
        let b = try scenerun([big.path])
        #expect(b.code == 2)
        #expect(
            b.out.contains(
                "big.yaml:1:1: error: the file is 104857600 bytes, more than the limit of 1048576; raise it with --max-file-size"
            ))
    }

    /// Main: globs were case-sensitive while substrings were not; a filter selecting nothing exited 0.
    @Test func filtering() throws {
        let glob = try scenerun(["--list", "--filter", "SHADE*PAN / CANCEL*", "scenes/"])
        #expect(glob.code == 0)
        #expect(glob.out == "scenes/shade.yaml: Shade appears on a downward pan / cancelled\n")
        let cls = try scenerun(["--list", "--filter", "shade*/ [c]ancelled", "scenes/"])
        #expect(cls.out == glob.out)
        for cmd in [["--filter", "shaed"], ["check", "--filter", "nothing*"]] {
            let none = try scenerun(cmd + ["scenes/"])
            #expect(none.code == 64, "\(cmd)")
            #expect(none.out == "")
            #expect(
                none.err.hasPrefix("scenerun: error: --filter '") && none.err.contains("selects no case"), "\(none.err)"
            )
            #expect(none.err.split(separator: "\n").count == 1)
        }
        let dir = try workspace("empty")
        let empty = try scenerun([dir.path])
        #expect(empty.code == 64)
        #expect(empty.err.contains("no scene files"))
    }

    /// Main: `Drop: wrong` and `Drop? wrong` were both written to `Drop--wrong.csv`.
    @Test func traceFilesAreUniquePerCase() throws {
        let dir = try workspace("trace")
        let f = dir.appendingPathComponent("d.yaml")
        try write("name: \"Drop: wrong\"\n" + Self.header + "variants:\n  x: { name: \"Drop? wrong\" }\n", f)
        let list = try scenerun(["--list", f.path])
        let names = list.out.split(separator: "\n")
        let r = try scenerun([f.path, "--trace", dir.appendingPathComponent("t").path])
        #expect(r.code == 0, "\(r.out)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("t").path).sorted()
        #expect(files.count == names.count, "\(files) for \(names)")
        #expect(files.allSatisfy { $0.hasPrefix("Drop--wrong") && $0.hasSuffix(".csv") })
        // The same names on every run.
        let again = try scenerun([f.path, "--trace", dir.appendingPathComponent("t").path])
        #expect(again.code == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("t").path).sorted() == files)
    }

    /// Main: the top-level help listed only the subcommands; `--version` was an unknown option.
    @Test func helpAndVersion() throws {
        let h = try scenerun(["--help"])
        #expect(h.code == 0)
        for option in [
            "--filter", "--json", "--junit", "--trace", "--jobs", "--max-work", "--color", "73", "74", "130",
        ] {
            #expect(h.out.contains(option), "top-level help lacks \(option)")
        }
        let v = try scenerun(["--version"])
        #expect(v.code == 0)
        #expect(v.out.hasPrefix("scenerun "))
    }

    /// Colour: --color first, then FORCE_COLOR, then a non-empty NO_COLOR, then TERM=dumb, then
    /// whether standard output is a terminal (here it is a pipe).
    @Test func colourRules() throws {
        let esc = "\u{1B}["
        let cases: [([String], [String: String], Bool)] = [
            (["--color", "always"], ["NO_COLOR": "1"], true),
            (["--color", "never"], ["FORCE_COLOR": "1"], false),
            ([], ["FORCE_COLOR": "1", "NO_COLOR": "1"], true),
            ([], ["NO_COLOR": "1", "TERM": "xterm"], false),
            ([], ["NO_COLOR": "", "TERM": "xterm"], false),  // a pipe
            (["--color", "always", "--format", "json"], [:], false),  // machine formats never
        ]
        for (args, env, coloured) in cases {
            let r = try scenerun(
                ["scenes/gallery/snap.yaml"] + args, env: env, unset: ["FORCE_COLOR", "NO_COLOR", "TERM"])
            #expect(r.out.contains(esc) == coloured, "\(args) \(env)")
        }
    }

    /// Main: 60 overlapping colliding views waiting 600 s ran for many minutes. Now the work
    /// budget stops the case early with a located error naming the flag that raises it.
    @Test func theWorkBudgetStopsAHeavyCase() throws {
        let dir = try workspace("work")
        let f = dir.appendingPathComponent("heavy.yaml")
        var text = "name: heavy\nworld: { timeout: 1000 }\nviews:\n"
        let names = (0..<60).map { "v\($0)" }
        for (i, n) in names.enumerated() {
            text += "  \(n): { frame: [\(100 + (i * 7) % 150), \(100 + (i * 13) % 300), 40, 40] }\n"
        }
        let items = names.joined(separator: ", ")
        text +=
            "behaviors:\n  fall: { gravity: { items: [\(items)] }, active: true }\n  hit: { collision: { items: [\(items)], referenceBounds: true }, active: true }\n"
        text += "script:\n  - wait: 600\n"
        try write(text, f)
        let start = Date()
        let r = try scenerun([f.path, "--max-work", "100000"])
        #expect(Date().timeIntervalSince(start) < 120)
        #expect(r.code == 2)
        #expect(
            r.out.contains("heavy.yaml:68:11: error: the case needed more than 100000 units of engine work"), "\(r.out)"
        )
        #expect(r.out.contains("raise the limit with --max-work"))
    }
}
