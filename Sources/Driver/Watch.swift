import Foundation
import SceneLoader

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--watch`: runs the request, then again each time a scene file it reads changes, clearing
/// the screen first when standard output is a terminal, so that the last result is what shows.
/// Never returns on its own: Ctrl-C (SIGINT) ends it with 130 through `installSignalHandlers`.
///
/// Only the scene files the run reads count (`sceneFiles` of the paths: a file named directly,
/// `*.yaml` and `*.yml` below the folders, and the parts they `include`, followed again after
/// every change), less every output of the request (report files,
/// trace and replay folders, GitHub's step summary): a report written inside the watched tree,
/// `.git`, an editor's swap, backup or temporary file changes nothing. On Linux the wait is
/// inotify(7) on the folders walked (the folders of files named directly); elsewhere, or when
/// inotify is unavailable, the files' stamps are polled twice a second. Either way a change is
/// confirmed by comparing snapshots of the scene files, once they have been quiet for
/// `quietPeriod` (a burst of saves runs once), against the snapshot taken before the last run
/// (a save during a run runs once more, a save never twice). `SCENERUN_WATCH_MAX_RUNS=N` in
/// `environment` stops after N runs, as `maxRuns` does (so that a test cannot leave it running).
public func watch(
    _ request: RunRequest, console: Console = .standard, isTerminal: Bool = isatty(1) != 0,
    maxRuns: Int = .max, environment env: [String: String] = ProcessInfo.processInfo.environment
) -> Int32 {
    let maxRuns = Swift.min(maxRuns, env["SCENERUN_WATCH_MAX_RUNS"].flatMap { Int($0) } ?? .max)
    let watched = WatchedFiles(request, environment: env)
    let paths = request.selection.paths
    var code: Int32 = 0
    var runs = 0
    var before = watched.snapshot()
    while runs < maxRuns {
        if isTerminal { try? console.out("\u{1B}[2J\u{1B}[H") }
        runs += 1
        code = execute(request, console: console, environment: env)
        let shown = paths.count == 1 ? paths[0] : "\(paths.count) paths"
        console.note("run \(runs) exited \(code); watching \(shown) for changes (Ctrl-C to stop)")
        if runs >= maxRuns { break }
        before = waitForChange(watched, since: before)
    }
    return code
}

/// `SCENERUN_WATCH_POLL=1` makes Linux poll as other systems do (so the tests cover both ways).
let forcePolling = ProcessInfo.processInfo.environment["SCENERUN_WATCH_POLL"] == "1"

/// How long the scene files must stay unchanged before a run: an editor's save (a temporary file
/// written then renamed, a swap file created and removed) or a burst of writes settles in this.
let quietPeriod: useconds_t = 150_000

/// A file's identity for change detection: size, modification time (ns) and inode.
struct Stamp: Equatable {
    var size: Int64
    var modified: Int64
    var inode: UInt64
}

/// What `--watch` looks at: the scene files the request reads, less its outputs.
struct WatchedFiles {
    var paths: [FilePath]
    /// The real paths (`canonicalPath`) of the report files, and of the report folders (trace,
    /// replay), each with a trailing slash.
    var outputFiles: Set<[UInt8]> = []
    var outputFolders: [[UInt8]] = []

    init(_ request: RunRequest, environment env: [String: String]) {
        paths = request.selection.paths.map(FilePath.init(argument:))
        includes = IncludesByStamp(limit: request.selection.limits.fileSize)
        for r in request.reports {
            let real = canonicalPath(FilePath(argument: r.path).raw)
            if r.format.writesFolder {
                outputFolders.append(real.last == UInt8(ascii: "/") ? real : real + [UInt8(ascii: "/")])
            } else {
                outputFiles.insert(real)
            }
        }
        if request.format.needs.contains(.stepSummary), let summary = env["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
            outputFiles.insert(canonicalPath(FilePath(argument: summary).raw))
        }
    }

    /// Whether `path` is an output of the request or lies inside an output folder.
    func isOutput(_ path: FilePath) -> Bool {
        if outputFiles.isEmpty && outputFolders.isEmpty { return false }
        let real = canonicalPath(path.raw)
        return outputFiles.contains(real)
            || outputFolders.contains { real.starts(with: $0) || real + [UInt8(ascii: "/")] == $0 }
    }

    /// The parts each file includes, kept while its stamp is the same (a snapshot is taken twice
    /// a second when polling: an unchanged file is not parsed again).
    let includes: IncludesByStamp

    /// Every scene file the run would read, and every part they include, with its stamp.
    func snapshot() -> [FilePath: Stamp] {
        var out: [FilePath: Stamp] = [:]
        var queue = sceneFiles(paths).filter { !isOutput($0) }
        var next = 0
        while next < queue.count {
            let f = queue[next]
            next += 1
            guard out[f] == nil, let st = f.status() else { continue }
            #if canImport(Darwin)
                let ns = Int64(st.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(st.st_mtimespec.tv_nsec)
            #else
                let ns = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
            #endif
            let stamp = Stamp(size: Int64(st.st_size), modified: ns, inode: UInt64(st.st_ino))
            out[f] = stamp
            queue += includes.parts(of: f, stamp).filter { !isOutput($0) }
        }
        return out
    }

    /// The folders where a scene file can appear: those `sceneFiles` walks (not `invalid`, not
    /// hidden, not an output folder) and the folders of files named directly.
    func folders() -> [FilePath] {
        var out: [FilePath] = []
        func add(_ dir: FilePath, depth: Int) {
            guard depth < 64, !isOutput(dir) else { return }
            out.append(dir)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.display) else { return }
            for n in names.sorted() where !n.hasPrefix(".") && n != "invalid" {
                let sub = dir.appending(Array(n.utf8))
                if let st = sub.status(), st.st_mode & S_IFMT == S_IFDIR { add(sub, depth: depth + 1) }
            }
        }
        for p in paths {
            guard let st = p.status() else { continue }
            if st.st_mode & S_IFMT == S_IFDIR {
                add(p, depth: 0)
            } else {
                let dir = parentFolder(p.display)
                out.append(FilePath(argument: dir.isEmpty ? "." : dir))
            }
        }
        // The folders of the parts the scenes include (they may lie outside the paths).
        var known = Set(out.map(\.raw))
        for f in snapshot().keys.sorted(by: { $0.raw.lexicographicallyPrecedes($1.raw) }) {
            let dir = parentFolder(f.display)
            let folder = FilePath(raw: Array((dir.isEmpty ? "." : dir).utf8))
            if known.insert(folder.raw).inserted { out.append(folder) }
        }
        return out
    }
}

/// The parts a file includes (`SceneFile.includes`), by file, kept with the stamp they were read
/// at.
final class IncludesByStamp: @unchecked Sendable {
    /// `--max-file-size`: a larger file is not read (loading it reports it).
    let limit: Int
    init(limit: Int) { self.limit = limit }
    private var known: [FilePath: (stamp: Stamp, parts: [FilePath])] = [:]

    func parts(of file: FilePath, _ stamp: Stamp) -> [FilePath] {
        if let k = known[file], k.stamp == stamp { return k.parts }
        var parts: [FilePath] = []
        if case .success(let bytes) = readSceneFile(file, limit: limit) {
            parts = SceneFile.includes(path: file.display, bytes: bytes).map { FilePath(raw: Array($0.utf8)) }
        }
        known[file] = (stamp, parts)
        return parts
    }
}

/// Blocks until the snapshot of the watched files differs from `old` and has then stayed the
/// same for `quietPeriod`; returns that snapshot.
func waitForChange(_ watched: WatchedFiles, since old: [FilePath: Stamp]) -> [FilePath: Stamp] {
    while true {
        #if os(Linux)
            if forcePolling || !inotifyWait(watched.folders(), unless: { watched.snapshot() != old }) {
                usleep(500_000)
            }
        #else
            usleep(500_000)
        #endif
        var now = watched.snapshot()
        if now == old { continue }  // an output, a swap file, a file the run does not read
        while true {
            usleep(quietPeriod)
            let later = watched.snapshot()
            if later == now { break }
            now = later
        }
        if now != old { return now }
    }
}

#if os(Linux)
    /// Waits for one inotify event in `folders`, or returns at once when `changed` holds once the
    /// watches are set (a change made while they were being set up); false when inotify cannot be
    /// used.
    func inotifyWait(_ folders: [FilePath], unless changed: () -> Bool) -> Bool {
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        if fd < 0 { return false }
        defer { close(fd) }
        let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB)
        var watched = 0
        for dir in folders where dir.withCString({ inotify_add_watch(fd, $0, mask) }) >= 0 { watched += 1 }
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
