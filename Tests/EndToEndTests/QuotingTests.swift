import Foundation
import Testing

/// Messages quote the scene, never another file's content: a scene that includes a file which is
/// not a YAML mapping (a secret in an env file, /etc/passwd, a binary, a list, broken YAML) gets an
/// error naming that file and what is wrong with it, and no output of any format, command or
/// stream holds a byte of it. On main `include: /proc/self/environ` printed the environment and
/// `include: /etc/passwd` the file.
@Suite struct QuotingTests {
    static let secret = "hunter2-s3cr3t-7731"

    /// The scene that includes `part`, and the folder it is in.
    func scene(including part: String, files: [String: [UInt8]], tag: String) throws -> URL {
        let dir = try temporaryFolder("quoting-\(tag)")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("parts"), withIntermediateDirectories: true)
        for (name, bytes) in files { try Data(bytes).write(to: dir.appendingPathComponent(name)) }
        let s = dir.appendingPathComponent("s.yaml")
        try "name: s\ninclude: \(part)\nviews:\n  a: { frame: [0, 0, 10, 10] }\nscript:\n  - wait: 0.1\n".write(
            to: s, atomically: false, encoding: .utf8)
        return s
    }

    /// Every way the error can reach an output: each report format, `check`, `--list`, `mutate`.
    func outputs(_ s: URL) throws -> [(String, Outcome)] {
        var all: [(String, Outcome)] = []
        for format in ["text", "json", "junit", "github"] {
            all.append((format, try scenerun(["--format", format, s.path])))
        }
        all.append(("check", try scenerun(["check", s.path])))
        all.append(("list", try scenerun(["--list", s.path])))
        all.append(("mutate", try scenerun(["mutate", s.path])))
        return all
    }

    static let secretFiles: [(tag: String, part: String, bytes: [UInt8], message: String)] = [
        (
            "env", "parts/secret.env", Array("SECRET_TOKEN=\(secret)\nPATH=/bin\n".utf8),
            "parts/secret.env:1:1: error: the top level of an included part must be a mapping of scene keys, "
                + "found a scalar (text)"
        ),
        (
            "list", "parts/list.yaml", Array("- \(secret)\n- b\n".utf8),
            "parts/list.yaml:1:1: error: the top level of an included part must be a mapping of scene keys, "
                + "found a list"
        ),
        (
            "syntax", "parts/syntax.yaml", Array("key: \(secret): x\n".utf8),
            "parts/syntax.yaml:1:25: error: YAML syntax error: mapping values are not allowed in this context"
        ),
        (
            "duplicate", "parts/dup.yaml", Array("\(secret): 1\n\(secret): 2\n".utf8),
            "parts/dup.yaml:1:1: error: duplicate key in a mapping"
        ),
        (
            "binary", "parts/bin.yaml", [0x7F, 0x45, 0x4C, 0x46, 0] + Array(" \(secret)\n".utf8),
            "parts/bin.yaml:1:1: error: the file is binary (it contains NUL bytes), not a YAML scene"
        ),
        (
            "utf8", "parts/latin1.yaml", Array("views: \(secret)".utf8) + [0xE9, 0x0A],
            "parts/latin1.yaml:1:27: error: the file is not valid UTF-8 (byte 26)"
        ),
    ]

    @Test(arguments: secretFiles.indices)
    func aSecretInAPartThatIsNotAMappingIsNeverPrinted(_ i: Int) throws {
        let f = Self.secretFiles[i]
        let s = try scene(including: f.part, files: [f.part: f.bytes], tag: f.tag)
        for (how, r) in try outputs(s) {
            #expect(r.code == 2, "\(how): \(r.err)")
            #expect(!(r.out + r.err).contains(Self.secret), "\(how) printed the part's content:\n\(r.out)\(r.err)")
        }
        let text = try scenerun([s.path])
        #expect(text.out.contains(s.deletingLastPathComponent().path + "/" + f.message + "\n"), "\(text.out)")
    }

    /// /etc/passwd parses as one YAML scalar: named, never printed, as a part or as a scene.
    @Test func etcPasswdIsNamedNotPrinted() throws {
        let s = try scene(including: "/etc/passwd", files: [:], tag: "passwd")
        for (how, r) in try outputs(s) + [("scene", try scenerun(["/etc/passwd"]))] {
            #expect(r.code == 2, "\(how)")
            #expect(!(r.out + r.err).contains("root:"), "\(how) printed /etc/passwd:\n\(r.out)\(r.err)")
            #expect((r.out + r.err).contains("/etc/passwd"), "\(how) does not name the file")
        }
    }

    /// The environment, with a planted variable, through /proc/self/environ: refused by the reader
    /// (it reads more than the 0 bytes its status gives), nothing of it printed.
    @Test func procSelfEnvironIsRefusedUnprinted() throws {
        let s = try scene(including: "/proc/self/environ", files: [:], tag: "environ")
        let r = try run(try binary(), [s.path], env: ["PLANTED_SECRET": Self.secret])
        #expect(r.code == 2)
        #expect(!(r.out + r.err).contains(Self.secret), "\(r.out)")
        #expect(
            r.out.contains(
                "s.yaml:2:10: error: cannot include `/proc/self/environ` (/proc/self/environ): the file reads more "
                    + "than the 0 bytes its status gives"), "\(r.out)")
    }

    /// A FIFO and /dev/zero as parts are refused from their status, at once (a FIFO with no writer
    /// would block a plain open; /dev/zero never ends).
    @Test func aPipeAndADeviceAreRefusedAtOnce() throws {
        let fifo = try scene(including: "parts/pipe.yaml", files: [:], tag: "fifo")
        #expect(mkfifo(fifo.deletingLastPathComponent().appendingPathComponent("parts/pipe.yaml").path, 0o644) == 0)
        let zero = try scene(including: "/dev/zero", files: [:], tag: "zero")
        for (s, why) in [(fifo, "not a regular file (a pipe)"), (zero, "not a regular file (a device)")] {
            let start = Date()
            let r = try scenerun([s.path])
            #expect(r.code == 2)
            #expect(r.out.contains(why), "\(r.out)")
            #expect(Date().timeIntervalSince(start) < 10)
        }
    }

    /// The positive control: a part that is a YAML mapping is the scene's own writing and is
    /// quoted under its error, as the scene is.
    @Test func aPartThatIsAMappingIsQuoted() throws {
        let part = "views:\n  wall: { frame: [0, 0, 10, -5] }\n"
        let s = try scene(including: "parts/wall.yaml", files: ["parts/wall.yaml": Array(part.utf8)], tag: "mapping")
        let r = try scenerun([s.path])
        #expect(r.code == 2)
        #expect(r.out.contains("  wall: { frame: [0, 0, 10, -5] }\n"), "\(r.out)")
    }
}
