import ArgumentParser
import Diagnostics
import Expressions
import Foundation
import Reports
import Results
import SceneLoader
import SceneModel
import SceneRunner
import SceneVocabulary

@main
struct Scenerun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenerun",
        abstract: "Runs UIKit Dynamics scenes headlessly and checks their expectations.",
        discussion: """
        Exit codes: 0 every case passed, 1 an expectation failed, 2 a scene is invalid (load or runtime error), 64 a usage error (also a --filter that selects no case), 73 a report cannot be created (a folder, a device, a symbolic link, no permission), 74 an I/O error while writing (full disk, closed standard output), 130 interrupted.

        Examples:
          scenerun scenes/shade.yaml              run one scene and its variants
          scenerun scenes/                        run every scene below a folder
          scenerun --filter cancel scenes/        cases whose name has "cancel"
          scenerun --junit out/junit.xml scenes/  also write a JUnit report
          scenerun check scenes/                  validate without running
        """,
        version: scenerunVersion,
        subcommands: [Run.self, Check.self, Schema.self],
        defaultSubcommand: Run.self)

    /// Captures the raw arguments (for paths that are not UTF-8), and makes the top-level help
    /// show the options of `run`, the default command, which is what `scenerun PATHS` runs.
    static func main() {
        RawArguments.capture()
        let args = Array(CommandLine.arguments.dropFirst())
        if args == ["--help"] || args == ["-h"] || args == ["help"] {
            let text = Scenerun.helpMessage(columns: 80) + "\n\nRUN OPTIONS (scenerun [run] [<options>] <paths> ...):\n"
                + Run.helpMessage(columns: 80).components(separatedBy: "\n").drop { !$0.hasPrefix("ARGUMENTS:") }.joined(separator: "\n")
            do { try writeStandardOutput(text + "\n") } catch {
                printError(error.message)
                Foundation.exit(error.code)
            }
            Foundation.exit(0)
        }
        Scenerun.main(args)
    }
}

/// `scenerun --version`.
let scenerunVersion = "scenerun 0.2.0 (scene format 1)"

/// Options shared by `run` and `check`.
struct Common: ParsableArguments {
    @Argument(help: "Scene files or folders (folders are searched for *.yaml and *.yml; a folder named `invalid` is skipped unless named).")
    var paths: [String]

    @Option(name: .long, help: "Only cases whose name contains this text, or matches it as a glob (*, ?, [...]); both ignore case. Selecting no case is a usage error (64).")
    var filter: String?

    @Option(name: .long, help: "Largest scene file, bytes.")
    var maxFileSize: Int = LoadLimits.default.fileSize

    @Option(name: .long, help: "Most YAML nodes a scene may expand to (aliases included).")
    var maxNodes: Int = LoadLimits.default.nodes

    @Option(name: .long, help: "Deepest YAML nesting.")
    var maxDepth: Int = LoadLimits.default.depth

    @Option(name: .long, help: "Most views in a scene.")
    var maxViews: Int = LoadLimits.default.views

    @Option(name: .long, help: "Most behaviours in a scene.")
    var maxBehaviors: Int = LoadLimits.default.behaviors

    @Option(name: .long, help: "Most cases one swept scene may make.")
    var maxCases: Int = LoadLimits.default.cases

    var limits: LoadLimits {
        var l = LoadLimits()
        l.fileSize = maxFileSize
        l.nodes = maxNodes
        l.depth = maxDepth
        l.views = maxViews
        l.behaviors = maxBehaviors
        l.cases = maxCases
        return l
    }

    func validate() throws {
        if paths.isEmpty { throw ValidationError("name at least one scene file or folder") }
        for p in paths where FilePath(argument: p).status() == nil {
            throw ValidationError("no such file or folder: \(escapeForTerminal(p))")
        }
        if maxFileSize <= 0 || maxNodes <= 0 || maxDepth <= 0 || maxViews <= 0 || maxBehaviors <= 0 || maxCases <= 0 { throw ValidationError("limits must be positive") }
    }
}

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Run scenes and check their expectations (the default).")

    @OptionGroup var common: Common
    @Flag(name: .long, help: "List the cases without running them.") var list = false
    @Flag(name: .long, help: "Print only failures and the summary.") var quiet = false
    @Flag(name: .long, help: "Print each case's trace (gestures, contacts, rules, rest).") var verbose = false
    @Option(name: .long, help: "Cases run in parallel; output is the same for every value.") var jobs: Int = 1
    @Option(name: .long, help: "Standard output format: text, json, junit or github.") var format: OutputFormat = .text
    @Option(name: .long, help: "Colour in text output: always, never or auto (FORCE_COLOR, NO_COLOR, TERM=dumb, then whether standard output is a terminal).") var color: ColorChoice = .auto
    @Option(name: .long, help: "Also write a JUnit XML report to this file (atomically).") var junit: String?
    @Option(name: .long, help: "Also write a JSON report to this file (atomically).") var json: String?
    @Option(name: .long, help: "Write every tick of every case (positions, rotations, velocities) as CSV files into this folder.") var trace: String?
    @Option(name: .long, help: "Write a replay page per case (scene, scrubber, plots) and an index.html into this folder.") var replay: String?
    @Option(name: .long, help: "Most ticks one case may run.") var maxTicks: Int = RunLimits().ticks
    @Option(name: .long, help: "Most simulated seconds one case may run.") var maxTime: Double = RunLimits().sceneTime
    @Option(name: .long, help: "Most units of engine work one case may do (bodies, contacts and joints summed over sub-steps; --verbose shows each case's).") var maxWork: Int = RunLimits.defaultWork

    func validate() throws {
        if jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if maxTicks < 1 || !(maxTime > 0) || maxWork < 1 { throw ValidationError("--max-ticks, --max-time and --max-work must be positive") }
    }

    func run() throws {
        installSignalHandlers()
        // Refuse unusable destinations before spending time on the run.
        var failed: OutputError?
        func attempt(_ body: () throws(OutputError) -> Void) {
            do { try body() } catch {
                printError(error.message)
                if failed == nil { failed = error }
            }
        }
        for p in [junit, json].compactMap({ $0 }) {
            attempt { () throws(OutputError) in try probeDestination(p) }
        }
        if let dir = trace { attempt { () throws(OutputError) in try prepareFolder(dir) } }
        if let f = failed { throw ExitCode(f.code) }

        let common = self.common
        let loaded = onLargeStack { collect(common) }
        try requireSelection(loaded, common)
        if list {
            var text = ""
            for l in loaded {
                if let e = l.invalid {
                    // The first error's location, so the file can be opened at the problem.
                    let at = e.diagnostics.first.map { "\($0.location)" } ?? e.file
                    text += "\(escapeForTerminal(at)): \(escapeForTerminal(e.name)) (invalid: \(escapeForTerminal(e.diagnostics.first?.message ?? "")))\n"
                }
                for c in l.cases { text += "\(escapeForTerminal(c.file)): \(escapeForTerminal(c.name))\n" }
            }
            attempt { () throws(OutputError) in try writeStandardOutput(text) }
            if let f = failed { throw ExitCode(f.code) }
            return
        }
        var limits = RunLimits()
        limits.ticks = maxTicks
        limits.sceneTime = maxTime
        limits.recordReplay = replay != nil
        limits.work = maxWork
        limits.recordTicks = trace != nil
        limits.recordTrace = verbose
        let ordered = merge(loaded, runAll(loaded.flatMap(\.cases), jobs: jobs, limits: limits))
        let color = format == .text && useColor(color, environment: ProcessInfo.processInfo.environment, isTerminal: isatty(1) != 0)
        let out: String
        switch format {
        case .text: out = TextReporter.render(ordered, options: ReportOptions(color: color, quiet: quiet, verbose: verbose))
        case .json: out = JSONReporter.render(ordered)
        case .junit: out = JUnitReporter.render(ordered)
        case .github: out = GitHubReporter.render(ordered)
        }
        attempt { () throws(OutputError) in try writeStandardOutput(out) }
        if let p = junit { attempt { () throws(OutputError) in try writeAtomically(JUnitReporter.render(ordered), to: p) } }
        if let p = json { attempt { () throws(OutputError) in try writeAtomically(JSONReporter.render(ordered), to: p) } }
        if let dir = trace {
            let traced = ordered.filter { !$0.tickColumns.isEmpty }
            let names = TraceReporter.fileNames(traced)
            for (r, name) in zip(traced, names) {
                attempt { () throws(OutputError) in try writeAtomically(TraceReporter.render(r), to: dir + "/" + name) }
                if failed != nil { break }
            }
        }
        if let dir = replay {
            for f in ReplayReporter.render(ordered) {
                attempt { () throws(OutputError) in try writeAtomically(f.text, to: dir + "/" + f.name) }
                if failed != nil { break }
            }
        }
        if let f = failed { throw ExitCode(f.code) }
        throw outcomeExitCode(for: ordered)
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "Validate scenes without running them.")
    @OptionGroup var common: Common

    func run() throws {
        installSignalHandlers()
        let common = self.common
        let loaded = onLargeStack { collect(common) }
        try requireSelection(loaded, common)
        let ok = loaded.flatMap(\.cases).map { CaseResult(file: $0.file, name: $0.name, status: .passed, source: $0.source) }
        let results = merge(loaded, ok)
        do {
            try writeStandardOutput(TextReporter.render(results).replacingOccurrences(of: " passed, 0 failed", with: " valid, 0 failed"))
        } catch {
            printError(error.message)
            throw ExitCode(error.code)
        }
        throw outcomeExitCode(for: results)
    }
}

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of the scene format (for editors: see docs/editors.md).")

    func run() throws {
        do { try writeStandardOutput(SceneSchema.json) } catch {
            printError(error.message)
            throw ExitCode(error.code)
        }
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable { case text, json, junit, github }

enum ColorChoice: String, ExpressibleByArgument, CaseIterable { case auto, always, never }

/// Colour, in this order: `--color always|never`; `FORCE_COLOR` set (and not `0`); a non-empty
/// `NO_COLOR`; `TERM=dumb`; whether standard output is a terminal.
func useColor(_ choice: ColorChoice, environment env: [String: String], isTerminal: Bool) -> Bool {
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

/// The one place outcomes become exit codes.
func outcomeExitCode(for results: [CaseResult]) -> ExitCode {
    if results.contains(where: { $0.status == .invalid }) { return ExitCode(2) }
    if results.contains(where: { $0.status == .failed }) { return ExitCode(1) }
    return .success
}

/// What one scene file gave: its cases (filtered), or an invalid result when it does not load.
struct Loaded {
    var cases: [Scene] = []
    var invalid: CaseResult?
}

/// Expands paths into files, loads them and filters their cases, in the order the files are
/// named (a folder's files in byte order). A file that does not load is an invalid result in its
/// place, selected by `--filter` through its file name.
func collect(_ c: Common) -> [Loaded] {
    var out: [Loaded] = []
    for file in sceneFiles(c.paths.map(FilePath.init(argument:))) {
        let name = baseName(file.display)
        switch readSceneFile(file, limit: c.limits.fileSize) {
        case .failure(let d):
            if matches(name, c.filter) {
                out.append(Loaded(invalid: CaseResult(file: file.display, name: name, status: .invalid, diagnostics: [d])))
            }
        case .success(let bytes):
            do {
                let cases = try SceneLoader.load(path: file.display, bytes: bytes, limits: c.limits)
                out.append(Loaded(cases: cases.filter { matches($0.name, c.filter) }))
            } catch {
                if matches(name, c.filter) {
                    out.append(Loaded(invalid: CaseResult(file: file.display, name: name, status: .invalid, diagnostics: error.diagnostics,
                                                          source: String(decoding: bytes, as: UTF8.self))))
                }
            }
        }
    }
    return out
}

/// Every result in input order: file by file as named, cases in file order, invalid files in
/// their place (not last).
func merge(_ loaded: [Loaded], _ caseResults: [CaseResult]) -> [CaseResult] {
    var out: [CaseResult] = []
    var next = 0
    for l in loaded {
        if let inv = l.invalid { out.append(inv) }
        out += caseResults[next..<(next + l.cases.count)]
        next += l.cases.count
    }
    return out
}

/// A usage error (exit 64) when the paths hold no scene file or `--filter` selects no case.
func requireSelection(_ loaded: [Loaded], _ c: Common) throws {
    if loaded.contains(where: { $0.invalid != nil || !$0.cases.isEmpty }) { return }
    if let f = c.filter {
        printError("--filter '\(escapeForTerminal(f))' selects no case; nothing was run (`--list` shows the case names)")
    } else {
        printError("no scene files (*.yaml, *.yml) under \(c.paths.map { escapeForTerminal($0) }.joined(separator: ", "))")
    }
    throw ExitCode(64)
}

final class StackBox<T>: @unchecked Sendable {
    var value: T?
    let body: () -> T
    init(_ b: @escaping () -> T) { body = b }
}

/// Runs `body` on a new thread with `Expression.stackSize` of stack and waits for it: the main
/// thread's stack depends on `ulimit -s` and Dispatch's worker threads have 512 KiB.
func onLargeStack<T>(_ body: @escaping () -> T) -> T {
    let box = StackBox(body)
    let done = DispatchSemaphore(value: 0)
    let t = Thread { box.value = box.body(); done.signal() }
    t.stackSize = Expression.stackSize
    t.start()
    done.wait()
    return box.value!
}

/// Runs cases on `jobs` threads (each with `Expression.stackSize` of stack); results come back
/// in input order.
func runAll(_ scenes: [Scene], jobs: Int, limits: RunLimits) -> [CaseResult] {
    if jobs <= 1 || scenes.count <= 1 { return onLargeStack { scenes.map { SceneRunner.run($0, limits: limits) } } }
    final class Box: @unchecked Sendable {
        var results: [CaseResult?]
        let lock = NSLock()
        init(_ n: Int) { results = Array(repeating: nil, count: n) }
    }
    let box = Box(scenes.count)
    let group = DispatchGroup()
    let counter = NSLock()
    final class Counter: @unchecked Sendable { var i = 0 }
    let c = Counter()
    for _ in 0..<Swift.min(jobs, scenes.count) {
        group.enter()
        let worker = Thread {
            while true {
                counter.lock()
                let i = c.i
                c.i += 1
                counter.unlock()
                if i >= scenes.count { break }
                let r = SceneRunner.run(scenes[i], limits: limits)
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
    return box.results.map { $0! }
}
