import Foundation
import Testing

/// The report I/O matrix: every destination kind, every way a write can fail, and the same report
/// written again and again. Each failure is one line on standard error and exit 73 or 74.
@Suite(.serialized) struct OutputTests {
    static let scene = "name: t\nviews:\n  a: { frame: [0, 0, 100, 100] }\nscript:\n  - wait: 0.1\n"

    /// A fresh folder holding `s.yaml`.
    func workspace(_ tag: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-out-\(tag)-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Self.scene.write(to: dir.appendingPathComponent("s.yaml"), atomically: false, encoding: .utf8)
        return dir
    }

    func listing(_ dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
    }

    func oneErrorLine(_ r: Outcome, mentioning parts: [String]) {
        let lines = r.err.split(separator: "\n")
        #expect(lines.count == 1, "\(r.err)")
        for p in parts { #expect(r.err.contains(p), "\(r.err)") }
        #expect(r.err.hasPrefix("scenerun: error: "), "\(r.err)")
    }

    /// On main the second run exited 1 with `NSCocoaErrorDomain Code=4`, deleted the report and
    /// left `.r.json.<pid>.tmp` behind.
    @Test func theSameReportsWrittenThreeTimes() throws {
        let dir = try workspace("twice")
        let s = dir.appendingPathComponent("s.yaml").path
        let out = dir.appendingPathComponent("out")
        var previous: [String: Data] = [:]
        for run in 1...3 {
            let r = try scenerun([
                s, "--json", out.appendingPathComponent("r.json").path, "--junit",
                out.appendingPathComponent("j.xml").path,
                "--trace", out.appendingPathComponent("trace").path,
            ])
            #expect(r.code == 0, "run \(run): \(r.err)")
            #expect(r.err == "")
            #expect(listing(out) == ["j.xml", "r.json", "trace"], "run \(run)")
            #expect(listing(out.appendingPathComponent("trace")) == ["t.csv"], "run \(run)")
            for f in ["r.json", "j.xml", "trace/t.csv"] {
                let d = try Data(contentsOf: out.appendingPathComponent(f))
                #expect(!d.isEmpty)
                if let p = previous[f] { #expect(p == d, "\(f) changed between runs") }
                previous[f] = d
            }
        }
    }

    /// On main `--json x.json` with a folder `x.json` deleted the folder and its contents, exit 0.
    @Test func aFolderIsNeverReplaced() throws {
        let dir = try workspace("folder")
        let target = dir.appendingPathComponent("x.json")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try "keep".write(to: target.appendingPathComponent("keep"), atomically: false, encoding: .utf8)
        for flag in ["--json", "--junit"] {
            let r = try scenerun([dir.appendingPathComponent("s.yaml").path, flag, target.path])
            #expect(r.code == 73)
            oneErrorLine(r, mentioning: [target.path, "is a folder"])
            #expect(r.out == "", "refused before running")
            #expect(listing(target) == ["keep"])
        }
        #expect(listing(dir) == ["s.yaml", "x.json"])
    }

    /// On main a symbolic link was moved to a temporary name and the run exited 1.
    @Test func aSymbolicLinkIsRefusedAndLeftAlone() throws {
        let dir = try workspace("link")
        let real = dir.appendingPathComponent("real.json")
        try "old".write(to: real, atomically: false, encoding: .utf8)
        let link = dir.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.json")
        let r = try scenerun([dir.appendingPathComponent("s.yaml").path, "--json", link.path])
        #expect(r.code == 73)
        oneErrorLine(r, mentioning: [link.path, "symbolic link"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.json")
        #expect(try String(contentsOf: real, encoding: .utf8) == "old")
        #expect(listing(dir) == ["link.json", "real.json", "s.yaml"])
    }

    @Test func devicesAndUnwritablePlacesAreRefusedWith73() throws {
        let dir = try workspace("device")
        let s = dir.appendingPathComponent("s.yaml").path
        try "x".write(to: dir.appendingPathComponent("afile"), atomically: false, encoding: .utf8)
        // A device and a pipe of our own, never /dev/null itself: main's build, run as root,
        // replaced /dev/null with a regular file.
        let fifo = dir.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        var cases: [([String], [String])] = [
            (["--json", fifo], [fifo, "pipe"]),
            (["--junit", "/proc/r.xml"], ["/proc/r.xml", "cannot create a file in /proc"]),
            (["--json", dir.appendingPathComponent("afile/r.json").path], ["afile/r.json"]),
            (["--trace", dir.appendingPathComponent("afile").path], ["afile", "--trace names a folder"]),
            (["--trace", "/proc/scenerun-trace"], ["/proc/scenerun-trace"]),
            (["--json", dir.path + "/"], ["names a folder"]),
        ]
        let device = dir.appendingPathComponent("null").path
        var expected = ["afile", "fifo", "s.yaml"]
        if mknod(device, S_IFCHR | 0o666, nullDevice) == 0 {  // only as root
            cases.append((["--junit", device], [device, "device"]))
            expected.insert("null", at: 2)
        }
        for (args, parts) in cases {
            let r = try scenerun([s] + args)
            #expect(r.code == 73, "\(args): \(r.err)")
            oneErrorLine(r, mentioning: parts)
            #expect(r.out == "", "\(args): refused before running")
        }
        #expect(listing(dir) == expected)
        for f in ["fifo", "null"] {
            var st = stat();
            if lstat(dir.appendingPathComponent(f).path, &st) == 0 { #expect(st.st_mode & S_IFMT != S_IFREG) }
        }
    }

    /// On main both trapped in `FileHandle.write` (`try!`).
    @Test func closedAndFullStandardOutputExit74() throws {
        let dir = try workspace("stdout")
        let s = dir.appendingPathComponent("s.yaml").path
        let bin = try binary().path
        for redirect in [">&-", ">/dev/full"] {
            for args in ["", "--list", "--format json"] {
                let r = try shell("\"\(bin)\" \(args) \"\(s)\" \(redirect)")
                #expect(r.code == 74, "\(redirect) \(args): \(r.err)")
                oneErrorLine(r, mentioning: ["standard output"])
            }
            let c = try shell("\"\(bin)\" check \"\(s)\" \(redirect)")
            #expect(c.code == 74)
        }
        // The report files are still written when only standard output fails.
        let json = dir.appendingPathComponent("r.json").path
        let r = try shell("\"\(bin)\" --json \"\(json)\" \"\(s)\" >&-")
        #expect(r.code == 74)
        #expect(FileManager.default.fileExists(atPath: json))
    }

    /// An I/O failure wins over an invalid scene (2): the reports cannot be trusted.
    @Test func outputFailuresWinOverSceneOutcomes() throws {
        let dir = try workspace("precedence")
        let bad = dir.appendingPathComponent("bad.yaml")
        try "views: {a: {frame: [0, 0, 1]}}\n".write(to: bad, atomically: false, encoding: .utf8)
        let r = try shell("\"\(try binary().path)\" \"\(bad.path)\" >/dev/full")
        #expect(r.code == 74)
        let ok = try scenerun([bad.path])
        #expect(ok.code == 2)
    }

    /// A SIGINT or SIGTERM while a report is being written removes the temporary file and exits 130.
    @Test func interruptedWritesLeaveNoTemporaryFile() throws {
        for sig in [SIGINT, SIGTERM] {
            let dir = try workspace("signal\(sig)")
            let out = dir.appendingPathComponent("out")
            let p = Process()
            p.executableURL = try binary()
            p.arguments = [
                dir.appendingPathComponent("s.yaml").path, "--json", out.appendingPathComponent("r.json").path,
            ]
            var env = ProcessInfo.processInfo.environment
            env["SCENERUN_TEST_STALL_WRITE"] = "20"
            p.environment = env
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            // Wait until the temporary file exists (it is written, then the writer stalls).
            var sawTemp = false
            for _ in 0..<200 {
                if listing(out).contains(where: { $0.hasSuffix(".tmp") }) { sawTemp = true; break }
                usleep(50_000)
            }
            #expect(sawTemp)
            kill(p.processIdentifier, sig)
            p.waitUntilExit()
            #expect(p.terminationStatus == 130)
            #expect(listing(out) == [], "signal \(sig) left \(listing(out))")
        }
    }
}

/// Runs a command line through /bin/sh (for redirections such as `>&-`).
func shell(_ command: String) throws -> Outcome {
    try run(URL(fileURLWithPath: "/bin/sh"), ["-c", command])
}

/// The device number of the null device (major 1, minor 3).
#if os(Linux)
    let nullDevice = dev_t((1 << 8) | 3)
#else
    let nullDevice = dev_t((3 << 24) | 2)
#endif
