import Foundation
import Testing

/// `--watch`: a scripted run on a temporary folder. Starts `scenerun --watch`, waits for the first
/// run, edits the scene so that it fails, waits for the second run, sends SIGINT and expects 130.
/// Bounded: every wait gives up after 30 s.
@Suite struct WatchTests {
    final class Output: @unchecked Sendable {
        var text = ""
        let lock = NSLock()
        func append(_ d: Data) { lock.withLock { text += String(decoding: d, as: UTF8.self) } }
        var value: String { lock.withLock { text } }
    }

    func waitFor(_ what: String, in o: Output, seconds: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if o.value.contains(what) { return true }
            usleep(20_000)
        }
        return false
    }

    /// Once with inotify, once with the polling fallback other systems use.
    @Test(arguments: [false, true]) func rerunsOnChangeAndExits130OnInterrupt(polling: Bool) throws {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("scenerun-watch-\(getpid())-\(polling)")
        try? fm.removeItem(at: dir)
        try fm.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("sub/fall.yaml")
        func write(expectedY: Int) throws {
            try self.scene(expectedY: expectedY).write(to: scene, atomically: false, encoding: .utf8)
        }
        try write(expectedY: 0)
        let p = Process()
        p.executableURL = try binary()
        p.arguments = ["--watch", "--color", "never", dir.path]
        let out = Pipe()
        let err = Pipe()
        var env = ProcessInfo.processInfo.environment
        env["SCENERUN_WATCH_POLL"] = polling ? "1" : nil
        p.environment = env
        p.standardOutput = out
        p.standardError = err
        let o = Output()
        let e = Output()
        out.fileHandleForReading.readabilityHandler = { o.append($0.availableData) }
        err.fileHandleForReading.readabilityHandler = { e.append($0.availableData) }
        try p.run()
        defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }
        #expect(waitFor("run 1 exited 0", in: e), "first run: \(e.value)")
        #expect(o.value.contains("1 passed, 0 failed"))
        try write(expectedY: 500)  // now the expectation fails
        #expect(waitFor("run 2 exited 1", in: e), "second run after the edit: \(e.value)")
        #expect(o.value.contains("0 passed, 1 failed"))
        kill(p.processIdentifier, SIGINT)
        let deadline = Date().addingTimeInterval(30)
        while p.isRunning && Date() < deadline { usleep(20_000) }
        #expect(!p.isRunning)
        if !p.isRunning {
            #expect(p.terminationReason == .exit)
            #expect(p.terminationStatus == 130)
        }
        out.fileHandleForReading.readabilityHandler = nil
        err.fileHandleForReading.readabilityHandler = nil
    }

    /// A `scenerun --watch` process whose standard error (the "run N exited" notes) is collected;
    /// `SCENERUN_WATCH_MAX_RUNS` stops it after `maxRuns` runs, and it is killed when the test
    /// ends, so that a failing test cannot leave it running.
    final class Watcher {
        let process = Process()
        let out = Output(), err = Output()
        init(_ arguments: [String], polling: Bool, maxRuns: Int) throws {
            process.executableURL = try binary()
            process.arguments = ["--watch", "--color", "never"] + arguments
            var env = ProcessInfo.processInfo.environment
            env["SCENERUN_WATCH_POLL"] = polling ? "1" : nil
            env["SCENERUN_WATCH_MAX_RUNS"] = String(maxRuns)
            process.environment = env
            let o = Pipe()
            let e = Pipe()
            process.standardOutput = o
            process.standardError = e
            let out = self.out
            let err = self.err
            o.fileHandleForReading.readabilityHandler = { out.append($0.availableData) }
            e.fileHandleForReading.readabilityHandler = { err.append($0.availableData) }
            try process.run()
        }
        /// How many runs have ended so far.
        var runs: Int { err.value.components(separatedBy: "scenerun: note: run ").count - 1 }
        deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    }

    /// Waits (at most `seconds`) for `n` runs to have ended; then waits `quiet` seconds more, long
    /// enough for a spurious run to start and end (polling sees a change within 0.5 s, then
    /// 0.15 s of quiet), and returns how many runs there were.
    func runsAfter(waitingFor n: Int, _ w: Watcher, quiet: Double = 1.5, seconds: Double = 30) -> Int {
        let deadline = Date().addingTimeInterval(seconds)
        while w.runs < n && Date() < deadline { usleep(20_000) }
        usleep(useconds_t(quiet * 1e6))
        return w.runs
    }

    func scene(expectedY: Int) -> String {
        """
        views:
          box: { frame: [0, 0, 100, 100] }
        script:
          - wait: 0.1
        expect:
          views: { box: { y: \(expectedY) } }

        """
    }

    /// Every output of the request written inside the watched folder (JSON, JUnit, a text report,
    /// trace and replay folders), `.git` and editor swap, backup, lock and temporary files change
    /// nothing; an editor's save (a temporary file renamed onto the scene) runs once; a burst of
    /// writes runs once. Once with inotify, once polling.
    @Test(arguments: [false, true]) func outputsAndEditorFilesDoNotRunAndOneSaveRunsOnce(polling: Bool) throws {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("scenerun-watch-outputs-\(getpid())-\(polling)")
        try? fm.removeItem(at: dir)
        let scenes = dir.appendingPathComponent("scenes")
        try fm.createDirectory(at: scenes.appendingPathComponent(".git"), withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        let file = scenes.appendingPathComponent("fall.yaml")
        try scene(expectedY: 0).write(to: file, atomically: false, encoding: .utf8)
        let s = scenes.path
        let w = try Watcher(
            [
                "--json", "\(s)/r.json", "--junit", "\(s)/junit.xml", "--report", "text=\(s)/out.txt",
                "--trace", "\(s)/trace", "--replay", "\(s)/replay", s,
            ], polling: polling, maxRuns: 6)
        #expect(runsAfter(waitingFor: 1, w) == 1, "the outputs of run 1 ran it again: \(w.err.value)")
        #expect(w.err.value.contains("run 1 exited 0"), "\(w.err.value)")
        #expect(fm.fileExists(atPath: "\(s)/replay/index.html"))

        // Churn an editor and git make beside a scene, none of it a scene the run reads.
        for name in [".fall.yaml.swp", ".fall.yaml.swx", "4913", "fall.yaml~", "fall.yaml.tmp", ".git/index"] {
            let u = scenes.appendingPathComponent(name)
            try "x".write(to: u, atomically: false, encoding: .utf8)
            try "xy".write(to: u, atomically: false, encoding: .utf8)
            if name == "4913" { try fm.removeItem(at: u) }
        }
        try? fm.createSymbolicLink(atPath: "\(s)/.#fall.yaml", withDestinationPath: "user@host.1234:1")
        #expect(runsAfter(waitingFor: 1, w) == 1, "swap, lock and temporary files ran it: \(w.err.value)")

        // An editor's save: write a temporary file, rename it onto the scene (a new inode).
        let temporary = scenes.appendingPathComponent(".fall.yaml.tmp")
        try scene(expectedY: 500).write(to: temporary, atomically: false, encoding: .utf8)
        _ = rename(temporary.path, file.path)
        #expect(runsAfter(waitingFor: 2, w) == 2, "one save, runs: \(w.err.value)")
        #expect(w.err.value.contains("run 2 exited 1"), "\(w.err.value)")

        // A burst of writes 20 ms apart (an editor saving several times, a formatter after it).
        for y in [400, 300, 200, 100, 0] {
            try scene(expectedY: y).write(to: file, atomically: false, encoding: .utf8)
            usleep(20_000)
        }
        #expect(runsAfter(waitingFor: 3, w) == 3, "one burst, runs: \(w.err.value)")
        #expect(w.err.value.contains("run 3 exited 0"), "\(w.err.value)")
        #expect(w.out.value.contains("0 passed, 1 failed") && w.out.value.hasSuffix("1 passed, 0 failed\n"))
    }

    /// A part a scene includes is an input too, even outside the watched folder: saving it runs
    /// again. Once with inotify, once polling.
    @Test(arguments: [false, true]) func savingAPartOutsideTheFolderRunsAgain(polling: Bool) throws {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("scenerun-watch-part-\(getpid())-\(polling)")
        try? fm.removeItem(at: dir)
        try fm.createDirectory(at: dir.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        try fm.createDirectory(at: dir.appendingPathComponent("shared"), withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        let part = dir.appendingPathComponent("shared/expect.yaml")
        try "expect:\n  views: { box: { y: 0 } }\n".write(to: part, atomically: false, encoding: .utf8)
        try "include: [../shared/expect.yaml]\nviews:\n  box: { frame: [0, 0, 100, 100] }\nscript:\n  - wait: 0.1\n"
            .write(to: dir.appendingPathComponent("scenes/s.yaml"), atomically: false, encoding: .utf8)
        let w = try Watcher([dir.appendingPathComponent("scenes").path], polling: polling, maxRuns: 3)
        #expect(runsAfter(waitingFor: 1, w) == 1, "\(w.err.value)")
        #expect(w.err.value.contains("run 1 exited 0"), "\(w.err.value)")
        try "expect:\n  views: { box: { y: 500 } }\n".write(to: part, atomically: false, encoding: .utf8)
        #expect(runsAfter(waitingFor: 2, w) == 2, "saving the part, runs: \(w.err.value)")
        #expect(w.err.value.contains("run 2 exited 1"), "\(w.err.value)")
    }
}
