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
            try """
            views:
              box: { frame: [0, 0, 100, 100] }
            script:
              - wait: 0.1
            expect:
              views: { box: { y: \(expectedY) } }
            """.write(to: scene, atomically: false, encoding: .utf8)
        }
        try write(expectedY: 0)
        let p = Process()
        p.executableURL = try binary()
        p.arguments = ["--watch", "--color", "never", dir.path]
        let out = Pipe(), err = Pipe()
        var env = ProcessInfo.processInfo.environment
        env["SCENERUN_WATCH_POLL"] = polling ? "1" : nil
        p.environment = env
        p.standardOutput = out
        p.standardError = err
        let o = Output(), e = Output()
        out.fileHandleForReading.readabilityHandler = { o.append($0.availableData) }
        err.fileHandleForReading.readabilityHandler = { e.append($0.availableData) }
        try p.run()
        defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }
        #expect(waitFor("run 1 exited 0", in: e), "first run: \(e.value)")
        #expect(o.value.contains("1 passed, 0 failed"))
        try write(expectedY: 500)   // now the expectation fails
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
}
