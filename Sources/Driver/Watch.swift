import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--watch`: runs the request, then again each time a file under its paths changes, clearing
/// the screen first when standard output is a terminal, so that the last result is what shows.
/// Never returns on its own: Ctrl-C (SIGINT) ends it with 130 through `installSignalHandlers`.
///
/// On Linux the wait is inotify(7) on every folder under the paths (and the folders of files
/// named directly); elsewhere, or when inotify is unavailable, the files' sizes and modification
/// times are polled twice a second. Either way a change is confirmed by comparing a snapshot of
/// the files, so an event that changed nothing (an editor touching a swap file outside the
/// scenes) does not re-run.
public func watch(
    _ request: RunRequest, console: Console = .standard, isTerminal: Bool = isatty(1) != 0,
    maxRuns: Int = .max
) -> Int32 {
    let paths = request.selection.paths
    var code: Int32 = 0
    var runs = 0
    var before = snapshot(paths)
    while runs < maxRuns {
        if isTerminal { try? console.out("\u{1B}[2J\u{1B}[H") }
        runs += 1
        code = execute(request, console: console)
        let watched = paths.count == 1 ? paths[0] : "\(paths.count) paths"
        console.note("run \(runs) exited \(code); watching \(watched) for changes (Ctrl-C to stop)")
        if runs >= maxRuns { break }
        before = waitForChange(paths, since: before)
    }
    return code
}

/// `SCENERUN_WATCH_POLL=1` makes Linux poll as other systems do (so the tests cover both ways).
let forcePolling = ProcessInfo.processInfo.environment["SCENERUN_WATCH_POLL"] == "1"

/// A file's identity for change detection: size, modification time (ns) and inode.
struct Stamp: Equatable {
    var size: Int64
    var modified: Int64
    var inode: UInt64
}

/// Every regular file under `paths` (folders walked, hidden ones skipped) with its stamp.
func snapshot(_ paths: [String]) -> [String: Stamp] {
    var out: [String: Stamp] = [:]
    func visit(_ path: String, depth: Int) {
        var st = stat()
        guard stat(path, &st) == 0 else { return }
        if st.st_mode & S_IFMT == S_IFDIR {
            guard depth < 64, let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
            for n in names where !n.hasPrefix(".") { visit(path + "/" + n, depth: depth + 1) }
        } else if st.st_mode & S_IFMT == S_IFREG {
            #if canImport(Darwin)
                let ns = Int64(st.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(st.st_mtimespec.tv_nsec)
            #else
                let ns = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
            #endif
            out[path] = Stamp(size: Int64(st.st_size), modified: ns, inode: UInt64(st.st_ino))
        }
    }
    for p in paths { visit(p, depth: 0) }
    return out
}

/// Blocks until the snapshot of `paths` differs from `old`; returns the new snapshot.
func waitForChange(_ paths: [String], since old: [String: Stamp]) -> [String: Stamp] {
    while true {
        #if os(Linux)
            if forcePolling || !inotifyWait(paths, unless: { snapshot(paths) != old }) { usleep(500_000) }
        #else
            usleep(500_000)
        #endif
        // Let a burst of writes (an editor's save) settle before running.
        usleep(100_000)
        let now = snapshot(paths)
        if now != old { return now }
    }
}

#if os(Linux)
    /// Waits for one inotify event on the folders under `paths`, or returns at once when `changed`
    /// holds once the watches are set (a change made while they were being set up); false when
    /// inotify cannot be used.
    func inotifyWait(_ paths: [String], unless changed: () -> Bool) -> Bool {
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        if fd < 0 { return false }
        defer { close(fd) }
        let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB)
        var watched = 0
        func add(_ dir: String, depth: Int) {
            if inotify_add_watch(fd, dir, mask) >= 0 { watched += 1 }
            guard depth < 64, let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
            for n in names where !n.hasPrefix(".") {
                var st = stat()
                if stat(dir + "/" + n, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR {
                    add(dir + "/" + n, depth: depth + 1)
                }
            }
        }
        for p in paths {
            var st = stat()
            guard stat(p, &st) == 0 else { continue }
            if st.st_mode & S_IFMT == S_IFDIR {
                add(p, depth: 0)
            } else {
                let dir = parentFolder(p)
                if inotify_add_watch(fd, dir.isEmpty ? "." : dir, mask) >= 0 { watched += 1 }
            }
        }
        if watched == 0 { return false }
        if changed() { return true }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { b in b.baseAddress.map { read(fd, $0, b.count) } ?? 0 }
            if n > 0 { return true }
            if n < 0 && errno == EINTR { continue }
            return false
        }
    }
#endif
