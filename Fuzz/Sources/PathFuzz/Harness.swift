import Driver
import Foundation
import FuzzSupport
import Mutation
import Reports

// libFuzzer calls this with each input: a program that builds a tree of folders, files and
// symbolic links inside a fresh folder `in/` (the named folder: the run's current folder), beside
// a folder `out/` that stands for everything else on the machine; then one command of scenerun —
// `run` with `--json`, `--junit`, `--trace` or `--replay`, `mutate --replay` or `--json`, or
// `merge` — whose output path, relative or absolute, is made of the tree's names.
// The oracle (docs/cli.md, "Report files" and "Outputs never name inputs"):
//  - only the output path (with `..` as typed: `../r.json` is beside `in/`), what is below it and
//    the missing folders on the way to it are new or changed; no temporary file is left;
//  - no link anywhere changes or is written through: a file a link points to keeps its bytes
//    (unless scenerun writes that file by its own, link-free name);
//  - the exit code is the documented one: 73 (or 64, if the path resolves to an input) when an
//    existing name on the output path is a link, a file where a folder must be, or a folder where
//    a file must be; 0 (mutate: 0 or 1) when every name on it is a folder and the last is absent
//    or of the right kind, and the path names no input — or 73 when the output folder holds a
//    link; a refusal (64, 73) writes nothing at all.
// A trap, a crash, a hang (-timeout) or a failed check (fatalError) is a finding.

let root = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-pathfuzz-\(getpid())").path
let verbose = ProcessInfo.processInfo.environment["PATHFUZZ_VERBOSE"] != nil

/// A scene that passes in two ticks and has mutants (the gravity's magnitude, the expected x).
let scene = """
    views: { a: { frame: [0, 0, 10, 10] } }
    behaviors: { g: { gravity: { items: [a], magnitude: 1 } } }
    script: [ { wait: { frames: 2 } } ]
    expect: { views: { a: { x: 0 } } }

    """

/// The names the tree and the output paths are made of: the files scenerun writes into a trace
/// or replay folder among them, so that a planted link often stands where it writes.
let names = [
    "a", "b", "out", "index.html", "original", "mutant-1", "s.html", "s.csv", "r.json", "s.yaml", "..", ".",
]

/// Where a link points: into `out/` (outside the named folder), at inputs, inside the tree, nowhere.
func linkTargets(_ outside: String) -> [String] {
    [
        "../out", "../out/secret.txt", "../out/o", outside, outside + "/secret.txt", "s.yaml", "r.json", "a", "b/a",
        "missing", ".", "..",
    ]
}

final class Captured: @unchecked Sendable {
    let lock = NSLock()
    var out = ""
    var errors: [String] = []
    func add(out s: String) { lock.withLock { out += s } }
    func add(error s: String) { lock.withLock { errors.append(s) } }
}

/// What is at a path, not following a link.
enum Entry: Equatable {
    case folder
    case file([UInt8])
    case link(String)
    case other
}

func lstatKind(_ path: String) -> mode_t? {
    var st = stat()
    guard lstat(path, &st) == 0 else { return nil }
    return st.st_mode & S_IFMT
}

/// Every entry below `dir` by its path relative to `dir`, links not followed.
func snapshot(_ dir: String) -> [String: Entry] {
    var out: [String: Entry] = [:]
    func walk(_ rel: String) {
        let full = rel.isEmpty ? dir : dir + "/" + rel
        guard let items = try? FileManager.default.contentsOfDirectory(atPath: full) else { return }
        for name in items {
            let r = rel.isEmpty ? name : rel + "/" + name
            let p = dir + "/" + r
            switch lstatKind(p) {
            case S_IFDIR:
                out[r] = .folder
                walk(r)
            case S_IFREG:
                out[r] = .file(Array(FileManager.default.contents(atPath: p) ?? Data()))
            case S_IFLNK:
                out[r] = .link((try? FileManager.default.destinationOfSymbolicLink(atPath: p)) ?? "?")
            default:
                out[r] = .other
            }
        }
    }
    walk("")
    return out
}

/// `path` (relative to the case's folder) with `.` and `..` removed lexically, or nil when it
/// leaves that folder.
func normalised(_ path: String) -> [String]? {
    var parts: [String] = []
    for c in path.split(separator: "/") {
        if c == "." { continue }
        if c == ".." {
            if parts.isEmpty { return nil }
            parts.removeLast()
        } else {
            parts.append(String(c))
        }
    }
    return parts
}

struct Reader {
    var bytes: [UInt8]
    var i = 0
    mutating func next() -> Int {
        defer { i += 1 }
        return i < bytes.count ? Int(bytes[i]) : 0
    }
    var done: Bool { i >= bytes.count }
    mutating func name() -> String { names[next() % names.count] }
    /// One to three names joined by `/`.
    mutating func path() -> String { (0...(next() % 3)).map { _ in name() }.joined(separator: "/") }
}

enum Command: CaseIterable {
    case json, junit, trace, replay, mutateReplay, mutateJSON, mergeJSON, mergeReplay
    /// Whether the output is a folder.
    var folder: Bool { [.trace, .replay, .mutateReplay, .mergeReplay].contains(self) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var r = Reader(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    let fm = FileManager.default
    let base = root + "/case"
    try? fm.removeItem(atPath: base)
    let inside = base + "/in"
    let outside = base + "/out"
    for d in [inside, outside, outside + "/o"] { try? fm.createDirectory(atPath: d, withIntermediateDirectories: true) }
    _ = fm.createFile(atPath: outside + "/secret.txt", contents: Data("outside".utf8))
    _ = fm.createFile(atPath: inside + "/s.yaml", contents: Data(scene.utf8))
    _ = fm.createFile(atPath: inside + "/r.json", contents: report)

    // The tree: up to 12 operations.
    let command = Command.allCases[r.next() % Command.allCases.count]
    let absoluteWanted = r.next() % 4 == 0
    let output = r.path()
    let steps = r.next() % 13
    for _ in 0..<steps where !r.done {
        let op = r.next() % 3
        let planted = r.path()
        // (the inputs stay what they are: the scene and the report)
        let at = normalised("in/" + planted) ?? []
        if at.count < 2 || at == ["in", "s.yaml"] || at == ["in", "r.json"] { continue }
        let p = inside + "/" + planted
        switch op {
        case 0: try? fm.createDirectory(atPath: p, withIntermediateDirectories: true)
        case 1: _ = fm.createFile(atPath: p, contents: Data("planted \(p)".utf8))
        default:
            let targets = linkTargets(outside)
            _ = symlink(targets[r.next() % targets.count], p)
        }
    }

    // What the output path meets, name by name, before the run.
    let parts = output.split(separator: "/").map(String.init)
    var blocked = false  // a link, or a file where a folder must be, or a folder where the file goes
    var walked = inside
    var linkedFolder = false  // a link among the path's folders (its last name too, for a folder output)
    for (k, name) in parts.enumerated() {
        walked += "/" + name
        guard let kind = lstatKind(walked) else { break }  // absent from here on: made as folders
        let last = k == parts.count - 1
        if kind == S_IFLNK && (!last || command.folder) { linkedFolder = true }
        if kind == S_IFLNK { blocked = true; break }
        if !last && kind != S_IFDIR { blocked = true; break }
        if last && (command.folder ? kind != S_IFDIR : kind != S_IFREG) { blocked = true }
    }
    // A report file named `.` or `..` is a folder, whether or not the names before it exist.
    if !command.folder, let last = parts.last, last == "." || last == ".." { blocked = true }
    // A link below an existing output folder (a planted `index.html`, `original/`): scenerun
    // may refuse (73, having written nothing) or write beside it, never through it.
    let folderLinks =
        command.folder && !blocked && lstatKind(walked) == S_IFDIR && walked == inside + "/" + output
        && !snapshot(walked).isEmpty  // a link, or a folder where a page goes, or a file where a folder goes
    // Where the output is, relative to the case's folder (`..` typed in the path is the user's:
    // `--json ../r.json` writes beside `in/`); a path that leaves the case's folder is not run.
    guard let target = normalised("in/" + output) else { return 0 }
    // The inputs: the scene for run and mutate, the report for merge (a run may write over r.json).
    let merging = command == .mergeJSON || command == .mergeReplay
    let input = merging ? ["in", "r.json"] : ["in", "s.yaml"]
    let namesInput = target == input || (command.folder && Array(input.prefix(target.count)) == target)
    // The folders on the way (made when missing), as typed.
    var way: Set<String> = []
    for k in 1..<Swift.max(1, parts.count) {
        if let w = normalised("in/" + parts.prefix(k).joined(separator: "/")) { way.insert(w.joined(separator: "/")) }
    }
    let before = snapshot(base)

    // An absolute path is the one the user typed: its existing folders are opened as named, links
    // followed (docs/cli.md), so one through a linked folder is not a planted link; such a path
    // is given relative instead, where every link is refused.
    let absolute = absoluteWanted && !linkedFolder
    let dest = absolute ? inside + "/" + output : output
    let seen = Captured()
    let console = Console(
        out: { seen.add(out: $0) }, err: { seen.add(error: $0) }, note: { _ in }, progress: nil,
        located: { seen.add(error: $0) })
    let home = fm.currentDirectoryPath
    guard fm.changeCurrentDirectoryPath(inside) else { fatalError("cannot enter \(inside)") }
    let code: Int32
    switch command {
    case .json, .junit, .trace, .replay:
        var q = RunRequest(selection: Selection(paths: ["s.yaml"]))
        q.jobs = 1
        q.color = .never
        let format: ReportFormat = [.json: .json, .junit: .junit, .trace: .trace, .replay: .replay][command] ?? .json
        q.reports = [ReportRequest(format: format, path: dest, option: "--\(format.rawValue)")]
        code = execute(q, console: console, environment: [:], isTerminal: false)
    case .mutateReplay, .mutateJSON:
        var q = MutateRequest(paths: ["s.yaml"])
        q.jobs = 1
        q.maxMutants = 1
        q.color = .never
        q.quiet = true
        if command == .mutateReplay { q.replay = dest } else { q.json = dest }
        code = mutate(q, console: console, environment: [:], isTerminal: false)
    case .mergeJSON, .mergeReplay:
        var q = MergeRequest(inputs: ["r.json"])
        q.color = .never
        q.reports = [
            ReportRequest(
                format: command == .mergeJSON ? .json : .replay, path: dest,
                option: command == .mergeJSON ? "--json" : "--replay")
        ]
        code = merge(q, console: console, environment: [:], isTerminal: false)
    }
    _ = fm.changeCurrentDirectoryPath(home)  // libFuzzer writes its corpus relative to it
    let after = snapshot(base)
    if verbose {
        print("\(command) \(dest) (\(steps) steps, blocked \(blocked), input \(namesInput)): exit \(code) \(seen.errors)")
    }

    // Nothing but the output changed; no link changed; no link target changed unless it is the
    // output itself.
    let own = target.joined(separator: "/")
    func underOutput(_ rel: String) -> Bool { rel == own || rel.hasPrefix(own + "/") }
    for (rel, e) in before where after[rel] != e {
        if case .link = e { fatalError("\(command) \(dest): the link \(rel) changed (exit \(code)) \(seen.errors)") }
        if !underOutput(rel) || blocked {
            fatalError("\(command) \(dest): \(rel) changed (blocked \(blocked), exit \(code)) \(seen.errors)")
        }
    }
    for (rel, e) in after where before[rel] == nil {
        let name = rel.split(separator: "/").last.map(String.init) ?? rel
        if name.hasPrefix(".") && name.hasSuffix(".tmp") { fatalError("\(command) \(dest): left \(rel)") }
        // (a missing folder on the way to the output is made)
        let onTheWay = e == .folder && way.contains(rel)
        if !onTheWay && (!underOutput(rel) || blocked) {
            fatalError("\(command) \(dest): wrote \(rel) (blocked \(blocked), exit \(code)) \(seen.errors)")
        }
    }
    // Exit codes; a refusal writes nothing at all, not even the folders it made on the way
    // (`--json a/b/..` makes a/b, then refuses the folder: it removes them again).
    let refusals: [Int32] = [64, 73]
    let unchanged = after.count == before.count && before.allSatisfy { after[$0.key] == $0.value }
    if refusals.contains(code) && !unchanged {
        fatalError("\(command) \(dest): exit \(code) but the tree changed \(seen.errors)")
    }
    var expected: [Int32] = command == .mutateReplay || command == .mutateJSON ? [0, 1] : [0]
    // (`..` after a name made on the way resolves only once it is made: either answer is right)
    if blocked || namesInput { expected = refusals } else if folderLinks || parts.contains("..") { expected.append(73) }
    if !expected.contains(code) { fatalError("\(command) \(dest): exit \(code), expected \(expected) \(seen.errors)") }
    for e in seen.errors where !e.contains(dest) && !e.contains(output) && refusals.contains(code) {
        fatalError("\(command) \(dest): an error that does not name the path: \(e)")
    }
    return 0
}

/// A JSON report of the scene's run, the input of `merge` (made once, at start).
nonisolated(unsafe) var report = Data()

@_cdecl("PathFuzz_main")
public func pathFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    let fm = FileManager.default
    try? fm.createDirectory(atPath: root, withIntermediateDirectories: true)
    defer { try? fm.removeItem(atPath: root) }
    _ = fm.createFile(atPath: root + "/s.yaml", contents: Data(scene.utf8))
    var q = RunRequest(selection: Selection(paths: [root + "/s.yaml"]))
    q.jobs = 1
    q.reports = [ReportRequest(format: .json, path: root + "/r.json", option: "--json")]
    let quiet = Console(out: { _ in }, err: { _ in }, note: { _ in })
    guard execute(q, console: quiet, environment: [:], isTerminal: false) == 0,
        let r = fm.contents(atPath: root + "/r.json")
    else { fatalError("the scene's own run failed") }
    report = r
    var c = argc
    var v = argv
    return fuzz_run(&c, &v) { data, size in data.map { fuzzOne($0, size) } ?? 0 }
}
