import ArgumentParser
import Diagnostics
import Expectations
import Foundation
import Reports
import SceneLoader
import SceneModel
import SceneRunner

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
        subcommands: [Run.self, Check.self],
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

    var limits: LoadLimits {
        var l = LoadLimits()
        l.fileSize = maxFileSize
        l.nodes = maxNodes
        l.depth = maxDepth
        l.views = maxViews
        l.behaviors = maxBehaviors
        return l
    }

    func validate() throws {
        if paths.isEmpty { throw ValidationError("name at least one scene file or folder") }
        for p in paths where !FileManager.default.fileExists(atPath: p) { throw ValidationError("no such file or folder: \(p)") }
        if maxFileSize <= 0 || maxNodes <= 0 || maxDepth <= 0 || maxViews <= 0 || maxBehaviors <= 0 { throw ValidationError("limits must be positive") }
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
        let (cases, loadErrors) = collect(common)
        if list {
            for c in cases { print("\(c.file): \(c.name)") }
            for e in loadErrors { print("\(e.file): \(e.name) (invalid)") }
            return
        }
        var limits = RunLimits()
        limits.ticks = maxTicks
        limits.sceneTime = maxTime
        limits.recordReplay = replay != nil
        let results = runAll(cases, jobs: jobs, limits: limits) + loadErrors
        let ordered = order(results)
        let color = format == .text && isatty(1) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        switch format {
        case .text: FileHandle.standardOutput.write(Data(TextReporter.render(ordered, options: ReportOptions(color: color, quiet: quiet, verbose: verbose)).utf8))
        case .json: FileHandle.standardOutput.write(Data(JSONReporter.render(ordered).utf8))
        case .junit: FileHandle.standardOutput.write(Data(JUnitReporter.render(ordered).utf8))
        case .github: FileHandle.standardOutput.write(Data(GitHubReporter.render(ordered).utf8))
        }
        if let p = junit { try writeAtomically(JUnitReporter.render(ordered), to: p) }
        if let p = json { try writeAtomically(JSONReporter.render(ordered), to: p) }
        if let dir = trace {
            for r in ordered where !r.tickColumns.isEmpty {
                try writeAtomically(TraceReporter.render(r), to: dir + "/" + TraceReporter.fileName(r))
            }
        }
        if let dir = replay {
            for f in ReplayReporter.render(ordered) { try writeAtomically(f.text, to: dir + "/" + f.name) }
        }
        throw outcomeExitCode(for: ordered)
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "Validate scenes without running them.")
    @OptionGroup var common: Common

    func run() throws {
        let (cases, loadErrors) = collect(common)
        let ok = cases.map { CaseResult(file: $0.file, name: $0.name, status: .passed, source: $0.source) }
        let results = order(ok + loadErrors)
        FileHandle.standardOutput.write(Data(TextReporter.render(results).replacingOccurrences(of: " passed, 0 failed", with: " valid, 0 failed").utf8))
        throw outcomeExitCode(for: results)
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

/// Runs cases on `jobs` threads; results come back in input order.
func runAll(_ scenes: [Scene], jobs: Int, limits: RunLimits) -> [CaseResult] {
    if jobs <= 1 || scenes.count <= 1 { return scenes.map { SceneRunner.run($0, limits: limits) } }
    final class Box: @unchecked Sendable {
        var results: [CaseResult?]
        let lock = NSLock()
        init(_ n: Int) { results = Array(repeating: nil, count: n) }
    }
    let box = Box(scenes.count)
    let group = DispatchGroup()
    let queue = DispatchQueue(label: "scenerun.jobs", attributes: .concurrent)
    let counter = NSLock()
    final class Counter: @unchecked Sendable { var i = 0 }
    let c = Counter()
    for _ in 0..<Swift.min(jobs, scenes.count) {
        group.enter()
        queue.async {
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
    }
    group.wait()
    return box.results.map { $0! }
}

/// Writes a report so that readers never see half a file: a temporary file in the same folder,
/// then a rename.
func writeAtomically(_ text: String, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    let dir = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let tmp = dir.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    try Data(text.utf8).write(to: tmp)
    if FileManager.default.fileExists(atPath: path) { _ = try FileManager.default.replaceItemAt(url, withItemAt: tmp) }
    else { try FileManager.default.moveItem(at: tmp, to: url) }
}
