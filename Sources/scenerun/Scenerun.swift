import ArgumentParser
import Diagnostics
import Expectations
import Expressions
import Foundation
import Reports
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
        Exit codes: 0 every case passed, 1 an expectation failed, 2 a scene is invalid (load or
        runtime error), 64 a usage error.

        Examples:
          scenerun scenes/shade.yaml              run one scene and its variants
          scenerun scenes/                        run every scene below a folder
          scenerun --filter cancel scenes/        only cases whose name contains "cancel"
          scenerun --junit out/junit.xml scenes/  also write a JUnit report
          scenerun check scenes/                  validate without running
        """,
        subcommands: [Run.self, Check.self, Schema.self],
        defaultSubcommand: Run.self)
}

/// Options shared by `run` and `check`.
struct Common: ParsableArguments {
    @Argument(help: "Scene files or folders (folders are searched for *.yaml and *.yml; a folder named `invalid` is skipped unless named).")
    var paths: [String]

    @Option(name: .long, help: "Only cases whose name contains this text (or matches it as a glob with * and ?).")
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
        for p in paths where !FileManager.default.fileExists(atPath: p) { throw ValidationError("no such file or folder: \(p)") }
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
    @Option(name: .long, help: "Also write a JUnit XML report to this file (atomically).") var junit: String?
    @Option(name: .long, help: "Also write a JSON report to this file (atomically).") var json: String?
    @Option(name: .long, help: "Write every tick of every case (positions, rotations, velocities) as CSV files into this folder.") var trace: String?
    @Option(name: .long, help: "Write a replay page per case (scene, scrubber, plots) and an index.html into this folder.") var replay: String?
    @Option(name: .long, help: "Most ticks one case may run.") var maxTicks: Int = RunLimits().ticks
    @Option(name: .long, help: "Most simulated seconds one case may run.") var maxTime: Double = RunLimits().sceneTime

    func validate() throws {
        if jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if maxTicks < 1 || !(maxTime > 0) { throw ValidationError("--max-ticks and --max-time must be positive") }
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
        let (cases, loadErrors) = onLargeStack { collect(common) }
        if list {
            var text = ""
            for c in cases { text += "\(escapeForTerminal(c.file)): \(escapeForTerminal(c.name))\n" }
            for e in loadErrors { text += "\(escapeForTerminal(e.file)): \(escapeForTerminal(e.name)) (invalid)\n" }
            attempt { () throws(OutputError) in try writeStandardOutput(text) }
            if let f = failed { throw ExitCode(f.code) }
            return
        }
        var limits = RunLimits()
        limits.ticks = maxTicks
        limits.sceneTime = maxTime
        limits.recordReplay = replay != nil
        let results = runAll(cases, jobs: jobs, limits: limits) + loadErrors
        let ordered = order(results)
        let color = format == .text && isatty(1) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
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
        let common = self.common
        let (cases, loadErrors) = onLargeStack { collect(common) }
        let ok = cases.map { CaseResult(file: $0.file, name: $0.name, status: .passed, source: $0.source) }
        installSignalHandlers()
        let results = order(ok + loadErrors)
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

/// The one place outcomes become exit codes.
func outcomeExitCode(for results: [CaseResult]) -> ExitCode {
    if results.contains(where: { $0.status == .invalid }) { return ExitCode(2) }
    if results.contains(where: { $0.status == .failed }) { return ExitCode(1) }
    return .success
}

/// Results in input order: by file as named, then case order within the file.
func order(_ results: [CaseResult]) -> [CaseResult] { results }

/// Expands paths into files, loads them, filters cases. Load errors become invalid results.
func collect(_ c: Common) -> ([Scene], [CaseResult]) {
    var scenes: [Scene] = []
    var invalid: [CaseResult] = []
    for file in sceneFiles(c.paths) {
        guard let data = FileManager.default.contents(atPath: file) else {
            invalid.append(CaseResult(file: file, name: file, status: .invalid, diagnostics: [Diagnostic("cannot read the file", at: SourceLocation(file: file, line: 1, column: 1))]))
            continue
        }
        do {
            let cases = try SceneLoader.load(path: file, bytes: [UInt8](data), limits: c.limits)
            scenes += cases.filter { matches($0.name, c.filter) }
        } catch {
            let name = String(file.split(separator: "/").last ?? Substring(file))
            if matches(name, c.filter) {
                invalid.append(CaseResult(file: file, name: name, status: .invalid, diagnostics: error.diagnostics,
                                          source: String(decoding: data, as: UTF8.self)))
            }
        }
    }
    return (scenes, invalid)
}

func matches(_ name: String, _ filter: String?) -> Bool {
    guard let f = filter, !f.isEmpty else { return true }
    if f.contains("*") || f.contains("?") { return glob(Array(f), Array(name)) }
    return name.localizedCaseInsensitiveContains(f)
}

func glob(_ p: [Character], _ s: [Character]) -> Bool {
    var pi = 0, si = 0, star = -1, mark = 0
    while si < s.count {
        if pi < p.count && (p[pi] == "?" || p[pi] == s[si]) { pi += 1; si += 1 }
        else if pi < p.count && p[pi] == "*" { star = pi; mark = si; pi += 1 }
        else if star >= 0 { pi = star + 1; mark += 1; si = mark }
        else { return false }
    }
    while pi < p.count && p[pi] == "*" { pi += 1 }
    return pi == p.count
}

/// Files named directly, and *.yaml / *.yml below folders in sorted order (skipping `invalid`).
func sceneFiles(_ paths: [String]) -> [String] {
    var out: [String] = []
    let fm = FileManager.default
    for p in paths {
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: p, isDirectory: &isDir) else { continue }
        if !isDir.boolValue { out.append(p); continue }
        let base = p.hasSuffix("/") ? String(p.dropLast()) : p
        var found: [String] = []
        func walk(_ dir: String) {
            guard let items = try? fm.contentsOfDirectory(atPath: dir) else { return }
            for item in items.sorted() {
                let full = dir + "/" + item
                var d: ObjCBool = false
                fm.fileExists(atPath: full, isDirectory: &d)
                if d.boolValue {
                    if item == "invalid" || item.hasPrefix(".") { continue }
                    walk(full)
                } else if item.hasSuffix(".yaml") || item.hasSuffix(".yml") {
                    found.append(full)
                }
            }
        }
        walk(base)
        out += found
    }
    return out
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
