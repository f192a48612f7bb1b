import Diagnostics
import Expressions
import Foundation
import RecordMode
import Reports
import Results
import SceneLoader
import SceneModel
import SceneRunner
import SceneVocabulary

/// `scenerun --version`.
public let scenerunVersion = "scenerun 0.2.0 (scene format \(SceneFormat.read))"

/// Exit codes (sysexits(3) where one fits), in one place.
public enum Exit {
    public static let passed: Int32 = 0
    public static let failed: Int32 = 1
    public static let invalid: Int32 = 2
    public static let usage: Int32 = 64
    public static let cannotCreate: Int32 = 73
    public static let io: Int32 = 74
    public static let interrupted: Int32 = 130
}

/// The exit code of a run's results: 2 when a case is invalid, else 1 when one failed, else 0.
/// (73 and 74, from writing the reports, win over both; the driver applies that.)
public func outcomeExitCode(for results: [CaseResult]) -> Int32 {
    if results.contains(where: { $0.status == .invalid }) { return Exit.invalid }
    if results.contains(where: { $0.status == .failed }) { return Exit.failed }
    return Exit.passed
}

/// `--color`.
public enum ColorChoice: String, CaseIterable, Sendable { case auto, always, never }

/// Colour, in this order: `--color always|never`; `FORCE_COLOR` set (and not `0` or `false`); a
/// non-empty `NO_COLOR`; `TERM=dumb`; whether standard output is a terminal.
public func useColor(_ choice: ColorChoice, environment env: [String: String], isTerminal: Bool) -> Bool {
    switch choice {
    case .always: return true
    case .never: return false
    case .auto: break
    }
    if let f = env["FORCE_COLOR"] { return f != "0" && f != "false" }
    if let n = env["NO_COLOR"], !n.isEmpty { return false }
    if env["TERM"] == "dumb" { return false }
    return isTerminal
}

/// `--shard i/n`: the i-th of n shards (1-based). Case k of the run (in report order, invalid
/// files counted in their place) belongs to shard `k mod n + 1`, so every shard gets a spread of
/// files and the union of the shards is the whole run, each case once.
public struct Shard: Sendable, Equatable {
    public var index: Int
    public var count: Int
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, i >= 1, i <= n else { return nil }
        index = i
        count = n
    }
    public func contains(_ k: Int) -> Bool { k % count == index - 1 }
}

/// A report to write: `--report NAME=PATH` (and its spellings `--junit`, `--json`, `--trace`,
/// `--replay`).
public struct ReportRequest: Sendable, Equatable {
    public var format: ReportFormat
    public var path: String
    /// The option that asked for it when it was a spelling (`--json`), for messages; nil for
    /// `--report NAME=PATH`.
    public var option: String?
    public init(format: ReportFormat, path: String, option: String? = nil) {
        self.format = format
        self.path = path
        self.option = option
    }
    /// How the command line named it: `--json out.json` or `--report json=out.json`.
    public var label: String { option.map { "\($0) \(path)" } ?? "--report \(format.rawValue)=\(path)" }

    /// Parses `NAME=PATH`; nil with the reason when it is not one.
    public static func parse(_ text: String) -> Result<ReportRequest, ParseError> {
        guard let eq = text.firstIndex(of: "=") else {
            return .failure(ParseError("expected FORMAT=PATH, for example junit=out/junit.xml"))
        }
        let name = String(text[..<eq])
        let path = String(text[text.index(after: eq)...])
        guard let f = ReportFormat(rawValue: name) else {
            let names = ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")
            return .failure(ParseError("unknown report format '\(escapeForTerminal(name))' (one of \(names))"))
        }
        if path.isEmpty { return .failure(ParseError("the path after '\(name)=' is empty")) }
        return .success(ReportRequest(format: f, path: path))
    }

    public struct ParseError: Error, Equatable {
        public var message: String
        public init(_ m: String) { message = m }
    }
}

final class StackBox<T>: @unchecked Sendable {
    var value: T?
    let body: () -> T
    init(_ b: @escaping () -> T) { body = b }
}

/// Runs `body` on a new thread with `Expression.stackSize` of stack and waits for it: the main
/// thread's stack depends on `ulimit -s` and Dispatch's worker threads have 512 KiB.
public func onLargeStack<T>(_ body: @escaping () -> T) -> T {
    let box = StackBox(body)
    let done = DispatchSemaphore(value: 0)
    let t = Thread {
        box.value = box.body()
        done.signal()
    }
    t.stackSize = Expression.stackSize
    t.start()
    done.wait()
    return box.value!  // set by the thread before it signals
}

/// Runs cases on `jobs` threads (each with `Expression.stackSize` of stack); results come back
/// in input order whatever `jobs` is, and `durations` (wall-clock seconds per case) alongside.
/// `finished` is called (on the worker's thread) as each case ends.
public func runAll(
    _ scenes: [Scene], jobs: Int, limits: RunLimits, finished: (@Sendable (CaseResult) -> Void)? = nil
) -> (results: [CaseResult], durations: [Double]) {
    let out = parallelMap(scenes.count, jobs: jobs) { i -> (CaseResult, Double) in
        let start = DispatchTime.now().uptimeNanoseconds
        let r = CaseRunner.run(scenes[i], limits: limits)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        finished?(r)
        return (r, seconds)
    }
    return (out.map(\.0), out.map(\.1))
}

final class ParallelBox<T>: @unchecked Sendable {
    var results: [T?]
    var next = 0
    let lock = NSLock()
    init(_ n: Int) { results = Array(repeating: nil, count: n) }
}

/// `body(0..<count)` on `jobs` threads (each with `Expression.stackSize` of stack), each index
/// once, the results in index order whatever `jobs` is.
public func parallelMap<T>(_ count: Int, jobs: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
    let box = ParallelBox<T>(count)
    let group = DispatchGroup()
    for _ in 0..<Swift.max(1, Swift.min(jobs, count)) {
        group.enter()
        let worker = Thread {
            while true {
                box.lock.lock()
                let i = box.next
                box.next += 1
                box.lock.unlock()
                if i >= count { break }
                let r = body(i)
                box.lock.lock()
                box.results[i] = r
                box.lock.unlock()
            }
            group.leave()
        }
        worker.stackSize = Expression.stackSize
        worker.start()
    }
    group.wait()
    return box.results.map { $0! }  // every index below count was filled by a worker
}

/// Everything `scenerun run` does, as a value: the executable parses arguments into one of these.
public struct RunRequest: Sendable {
    public var selection: Selection
    public var limits = RunLimits()
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// `--list`: the cases, not run.
    public var list = false
    /// `--format`: what goes to standard output.
    public var format: ReportFormat = .text
    /// `--report NAME=PATH` and its spellings, in the order given.
    public var reports: [ReportRequest] = []
    public var options = ReportOptions()
    public var color: ColorChoice = .auto
    /// `--update` / `--update-all`: rewrite the observed values into the scene files.
    public var update: ExpectationRewriter.Scope?
    public init(selection: Selection) { self.selection = selection }
}

/// Where the driver writes: standard output and error by default, a buffer in tests.
public struct Console: Sendable {
    public var out: @Sendable (String) throws(OutputError) -> Void
    /// An error message (the standard console prefixes `scenerun: error: `).
    public var err: @Sendable (String) -> Void
    /// A note that is not an error (`scenerun: note: `).
    public var note: @Sendable (String) -> Void
    /// Where the progress line goes, when there is a terminal to show it (standard error's):
    /// nil when standard error is not a terminal, and in tests unless they ask for it.
    public var progress: (@Sendable (String) -> Void)?
    /// A located error already in compiler form (`r.json:12:9: error: …`), as one line; nil:
    /// such errors go to `err` like any other.
    public var located: (@Sendable (String) -> Void)?
    public init(
        out: @escaping @Sendable (String) throws(OutputError) -> Void,
        err: @escaping @Sendable (String) -> Void,
        note: @escaping @Sendable (String) -> Void,
        progress: (@Sendable (String) -> Void)? = nil,
        located: (@Sendable (String) -> Void)? = nil
    ) {
        self.out = out
        self.err = err
        self.note = note
        self.progress = progress
        self.located = located
    }
    public static let standard = Console(
        out: { (s: String) throws(OutputError) in try writeStandardOutput(s) },
        err: { printError($0) },
        note: { _ = writeAll(2, Array("scenerun: note: \($0)\n".utf8)) },
        progress: isatty(2) != 0 ? writeToStandardError : nil,
        located: { writeToStandardError($0 + "\n") })
}

@Sendable func writeToStandardError(_ text: String) { _ = writeAll(2, Array(text.utf8)) }

/// Runs a request end to end and returns the exit code: checks the report destinations first,
/// loads, runs in parallel, renders, writes every report atomically.
public func execute(
    _ request: RunRequest, console: Console = .standard,
    environment env: [String: String] = ProcessInfo.processInfo.environment,
    isTerminal: Bool = isatty(1) != 0, clock: @escaping @Sendable () -> Double = monotonicSeconds
) -> Int32 {
    colorErrors = useColor(request.color, environment: env, isTerminal: isatty(2) != 0)
    var failed: OutputError?
    func attempt(_ body: () throws(OutputError) -> Void) {
        do { try body() } catch {
            console.err(error.message)
            if failed == nil { failed = error }
        }
    }
    // Refuse an output onto an input or onto another output, then unusable destinations, before
    // spending time on the run.
    if let clash = outputsClash(request.reports) {
        console.err(clash)
        return Exit.usage
    }
    if let clash = outputOntoInput(
        request.reports, scenePaths: request.selection.paths,
        environment: request.format.needs.contains(.stepSummary) ? env : [:],
        fileSize: request.selection.limits.fileSize)
    {
        console.err(clash)
        return Exit.usage
    }
    if let code = checkDestinations(request.reports, console: console) { return code }

    let selection = request.selection
    var (loaded, run) = onLargeStack { collectRun(selection) }
    if let code = requireSelection(loaded, selection, console: console) { return code }
    switch selection.vars.apply(to: &loaded) {
    case .failure(let f):
        console.err(f.message)
        return f.code
    case .success(let ignored):
        if request.options.verbose { for n in ignored { console.note(n) } }
    }
    if request.list {
        var text = ""
        for l in loaded {
            if let e = l.invalid {
                // The first error's location, so the file can be opened at the problem.
                let at = e.diagnostics.first.map { "\($0.location)" } ?? e.file
                let why = escapeForTerminal(e.diagnostics.first?.message ?? "")
                text += "\(escapeForTerminal(at)): \(escapeForTerminal(e.name)) (invalid: \(why))\n"
            }
            for c in l.cases { text += "\(escapeForTerminal(c.file)): \(escapeForTerminal(c.name))\n" }
        }
        attempt { () throws(OutputError) in try console.out(text) }
        // An invalid scene has no cases to list: exit 2, as `check` and a run would.
        return failed?.code ?? (loaded.contains { $0.invalid != nil } ? Exit.invalid : Exit.passed)
    }
    var limits = request.limits
    let needs = (request.reports.map(\.format) + [request.format]).reduce(ReportNeeds()) { $0.union($1.needs) }
    limits.recordReplay = needs.contains(.replay)
    limits.recordTicks = needs.contains(.tickRows)
    limits.recordTrace = request.options.verbose || needs.contains(.notes)
    let started = Date()
    let scenes = loaded.flatMap(\.cases)
    // On a terminal's standard error, and only when standard output carries the text report.
    var progress: ProgressLine?
    if let write = console.progress, request.format.needs.contains(.terminal) {
        progress = ProgressLine(total: scenes.count, write: write, clock: clock)
    }
    var finished: (@Sendable (CaseResult) -> Void)?
    if let p = progress { finished = { r in p.caseFinished(passed: r.status == .passed) } }
    let (caseResults, caseDurations) = runAll(scenes, jobs: request.jobs, limits: limits, finished: finished)
    progress?.finish()
    let ordered = merge(loaded, caseResults)
    var options = request.options
    if options.version.isEmpty { options.version = scenerunVersion }
    if options.timings {
        options.timestamp = iso8601(started)
        options.hostname = ProcessInfo.processInfo.hostName
        var durations: [Double] = []
        var next = 0
        for l in loaded {
            if l.invalid != nil { durations.append(0) }
            durations += caseDurations[next..<(next + l.cases.count)]
            next += l.cases.count
        }
        options.durations = durations
    }
    options.run = run
    let code = emit(
        ordered, options: options, format: request.format, reports: request.reports, color: request.color,
        console: console, environment: env, isTerminal: isTerminal)
    if code != 0 { return code }
    if let scope = request.update {
        return record(ordered, loaded: loaded, selection: selection, scope: scope, console: console)
    }
    return outcomeExitCode(for: ordered)
}

/// Checks that every report destination can be written (a folder for trace and replay, a file
/// otherwise); the code of the first that cannot (73, 74), or nil.
package func checkDestinations(_ reports: [ReportRequest], console: Console) -> Int32? {
    var failed: OutputError?
    // A refusal of any report removes the folders the others' checks created: nothing is left.
    let trail = FolderTrail()
    defer { if failed != nil { trail.undo() } }
    for r in reports {
        do throws(OutputError) {
            if r.format.writesFolder {
                try prepareFolder(
                    r.path, option: "--\(r.format.rawValue)",
                    entries: r.format.needs.contains(.index) ? ["index.html"] : [], trail: trail)
            } else {
                try probeDestination(r.path, trail: trail)
            }
        } catch {
            console.err(error.message)
            if failed == nil { failed = error }
        }
    }
    return failed?.code
}

/// Writes the results: `format` to standard output (and GitHub's step summary), then every
/// report file atomically. Returns 0, or the code of the first output that failed (73, 74).
/// Without `replayPages` a replay report is its index alone (`merge`: the pages are the shards').
func emit(
    _ ordered: [CaseResult], options: ReportOptions, format: ReportFormat, reports: [ReportRequest],
    color: ColorChoice, console: Console, environment env: [String: String], isTerminal: Bool,
    replayPages: Bool = true
) -> Int32 {
    var failed: OutputError?
    func attempt(_ body: () throws(OutputError) -> Void) {
        do { try body() } catch {
            console.err(error.message)
            if failed == nil { failed = error }
        }
    }
    var options = options
    options.workspace = env["GITHUB_WORKSPACE"].flatMap { $0.isEmpty ? nil : $0 }
    options.currentFolder = FileManager.default.currentDirectoryPath
    var streamOptions = options
    streamOptions.color = format.needs.contains(.terminal) && useColor(color, environment: env, isTerminal: isTerminal)
    attempt { () throws(OutputError) in try console.out(format.render(ordered, options: streamOptions)) }
    if format.needs.contains(.stepSummary), let summary = env["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
        attempt { () throws(OutputError) in
            try appendToFile(GitHubReporter.stepSummary(ordered, options: options), path: summary)
        }
    }
    var fileOptions = options
    fileOptions.color = false
    for r in reports {
        let files =
            r.format.needs.contains(.index) && !replayPages
            ? [ReportFile(name: "index.html", text: ReplayReporter.index(ordered))]
            : r.format.reporter.files(ordered, options: fileOptions)
        // A folder report's files are checked together before any is written (see `writeFiles`).
        attempt { () throws(OutputError) in
            if r.format.writesFolder {
                try writeFiles(files.map { ($0.name, $0.text) }, below: r.path, for: r.path)
            } else {
                for f in files { try writeAtomically(f.text, to: r.path) }
            }
        }
    }
    return failed?.code ?? 0
}

/// `check`: loads the scenes without running them and says how many cases are valid.
public func check(_ selection: Selection, console: Console = .standard) -> Int32 {
    var loaded = onLargeStack { collect(selection) }
    if let code = requireSelection(loaded, selection, console: console) { return code }
    if case .failure(let f) = selection.vars.apply(to: &loaded) {
        console.err(f.message)
        return f.code
    }
    var text = ""
    var valid = 0
    var invalid = 0
    for l in loaded {
        valid += l.cases.count
        if let r = l.invalid {
            invalid += 1
            text += "! \(escapeForTerminal(r.name)) (invalid)\n"
            for d in r.diagnostics {
                let lines = d.rendered(sourceText: r.sourceText(of: d.location.file)).split(
                    separator: "\n", omittingEmptySubsequences: false)
                text += lines.map { escapeForTerminal(String($0)) }.joined(separator: "\n") + "\n"
            }
        }
    }
    text += "\(valid) valid, \(invalid) invalid\n"
    do { try console.out(text) } catch {
        console.err(error.message)
        return error.code
    }
    return invalid > 0 ? Exit.invalid : Exit.passed
}

/// A usage error (64) when the paths hold no scene file or `--filter` selects no case; 0 with a
/// note when `--shard` leaves this shard without a case. Nil when there is something to do.
func requireSelection(_ loaded: [Loaded], _ s: Selection, console: Console) -> Int32? {
    if loaded.contains(where: { $0.invalid != nil || !$0.cases.isEmpty }) { return nil }
    if let shard = s.shard {
        var all = s
        all.shard = nil
        if collect(all).contains(where: { $0.invalid != nil || !$0.cases.isEmpty }) {
            console.note("shard \(shard.index)/\(shard.count) receives no case; nothing to run")
            return Exit.passed
        }
    }
    if let f = s.filter {
        console.err(
            "--filter '\(escapeForTerminal(f))' selects no case; nothing was run (`--list` shows the case names)")
    } else {
        console.err(
            "no scene files (*.yaml, *.yml) under \(s.paths.map { escapeForTerminal($0) }.joined(separator: ", "))")
    }
    return Exit.usage
}

/// `2026-11-23T03:00:07` (UTC, seconds), as junit-10.xsd's `timestamp` wants it (no zone).
func iso8601(_ d: Date) -> String {
    let f = DateFormatter()
    f.locale = Locale(identifier: "en_US_POSIX")
    f.timeZone = TimeZone(identifier: "UTC")
    f.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
    return f.string(from: d)
}
