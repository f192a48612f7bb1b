import Foundation
import Testing

/// The smaller findings of issue 33: `schema` into a closed pipe, an include path holding a NUL,
/// one scene named several times.
@Suite struct SmallRefusalsTests {
    /// On main `scenerun schema | head -1` died of SIGPIPE (141) where every other command exits
    /// 74. The schema (about 300 KB) is more than a pipe holds, so the write meets the closed
    /// pipe; `env --default-signal=PIPE` undoes a SIGPIPE the test runner may ignore.
    @Test func schemaIntoAClosedPipeExits74() throws {
        let b = try binary().path
        let r = try run(
            URL(fileURLWithPath: "/bin/bash"),
            ["-c", "env --default-signal=PIPE \"\(b)\" schema | head -c 1 >/dev/null; exit ${PIPESTATUS[0]}"])
        #expect(r.code == 74, "\(r.err)")
        #expect(r.err == "scenerun: error: cannot write to standard output: broken pipe\n", "\(r.err)")
    }

    /// On main `include: "parts/walls.yaml\0.png"` included `parts/walls.yaml`: the system reads a
    /// path up to its NUL. Now the entry is refused where it is written.
    @Test func anIncludePathWithANULIsRefused() throws {
        let dir = try temporaryFolder("nul-include")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("parts"), withIntermediateDirectories: true)
        try "views:\n  wall: { frame: [0, 0, 10, 10] }\n".write(
            to: dir.appendingPathComponent("parts/walls.yaml"), atomically: false, encoding: .utf8)
        let s = dir.appendingPathComponent("s.yaml")
        try "name: s\ninclude: \"parts/walls.yaml\\0.png\"\nscript:\n  - wait: 0.1\n".write(
            to: s, atomically: false, encoding: .utf8)
        let r = try scenerun([s.path])
        #expect(r.code == 2)
        #expect(
            r.out.contains(
                "\(s.path):2:10: error: an `include` entry holds a NUL character (\\0), which no file name can hold\n"),
            "\(r.out)")
    }

    /// On main a scene named three times ran three times, and `--update` then rewrote it once and
    /// reported "changed since it was read" for the other two. A file is one scene however it is
    /// named (again, as `./s.yaml`, or found again below a named folder).
    @Test func aSceneNamedSeveralTimesRunsOnce() throws {
        let dir = try temporaryFolder("named-twice")
        let s = dir.appendingPathComponent("s.yaml")
        let text = """
            name: s
            views:
              a: { frame: [0, 0, 10, 10] }
            script:
              - wait: 0.1
            expect:
              views: { a: { center: [7, 5] } }

            """
        try text.write(to: s, atomically: false, encoding: .utf8)
        let dotted = dir.path + "/./s.yaml"
        let list = try scenerun(["--list", s.path, dotted, s.path, dir.path])
        #expect(list.code == 0)
        #expect(list.out == "\(s.path): s\n", "\(list.out)")
        let update = try scenerun(["--update", "--force", s.path, dotted, s.path])
        #expect(!update.out.contains("changed since it was read"), "\(update.out)")
        #expect(update.out.components(separatedBy: " → ").count == 2, "one rewrite: \(update.out)")
        #expect(try String(contentsOf: s, encoding: .utf8) == text.replacingOccurrences(of: "[7, 5]", with: "[5, 5]"))
    }

    /// On main `--json` to a file name that is not UTF-8 wrote a file named with U+FFFD instead
    /// (Swift repairs the argument). Now it is refused (64) for `run`, `mutate` and `merge`, and
    /// nothing is written.
    @Test func aReportNameThatIsNotUTF8IsRefused() throws {
        let dir = try temporaryFolder("not-utf8")
        let s = repo.appendingPathComponent("scenes/gallery/snap.yaml").path
        let b = try binary().path
        let commands = [
            "\"\(b)\" --json \"$(printf 'r\\377.json')\" \"\(s)\"",
            "\"\(b)\" mutate --max-mutants 1 --json \"$(printf 'm\\377.json')\" \"\(s)\"",
            "\"\(b)\" --quiet --json ok.json \"\(s)\" && \"\(b)\" merge --junit \"$(printf 'j\\377.xml')\" ok.json",
        ]
        for c in commands {
            let r = try run(URL(fileURLWithPath: "/bin/sh"), ["-c", "cd \"\(dir.path)\" && \(c)"])
            #expect(r.code == 64, "\(c): \(r.out)\(r.err)")
            #expect(
                r.err.contains("the file name is not valid UTF-8; scenerun writes reports only under UTF-8 names"),
                "\(r.err)")
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != "ok.json" }
            #expect(left.isEmpty, "\(c) wrote \(left)")
        }
    }
}
