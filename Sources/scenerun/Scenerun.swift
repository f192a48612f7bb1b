import ArgumentParser
import Diagnostics
import Driver
import Foundation
import Mutation
import Reports
import SceneLoader
import SceneRunner
import SceneVocabulary

// The executable parses arguments into a `Driver` request and returns the driver's exit code;
// everything else (discovery, running, reports, files, exit codes) lives in Driver.

@main
struct Scenerun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenerun",
        abstract: "Runs UIKit Dynamics scenes headlessly and checks their expectations.",
        discussion: """
            \(ExitStatus.text(ExitStatus.run))

            Examples:
              scenerun scenes/shade.yaml              run one scene and its variants
              scenerun scenes/                        run every scene below a folder
              scenerun --filter cancel scenes/        cases whose name has "cancel"
              scenerun --junit out/junit.xml scenes/  also write a JUnit report
              scenerun --watch scenes/                run again when a scene changes
              scenerun check scenes/                  validate without running
              scenerun merge shard-*.json             merge the JSON reports of shards
              scenerun mutate scenes/shade.yaml       which changes of the interaction no case notices
            """,
        version: scenerunVersion,
        subcommands: [Run.self, Check.self, Merge.self, Mutate.self, Schema.self],
        defaultSubcommand: Run.self)

    /// Captures the raw arguments (for paths that are not UTF-8), and makes the top-level help
    /// show the options of `run`, the default command, which is what `scenerun PATHS` runs.
    static func main() {
        RawArguments.capture()
        let args = Array(CommandLine.arguments.dropFirst())
        if args == ["--help"] || args == ["-h"] || args == ["help"] {
            let runHelp = Run.helpMessage(columns: 80).components(separatedBy: "\n").drop {
                !$0.hasPrefix("ARGUMENTS:")
            }
            let text =
                Scenerun.helpMessage(columns: 80) + "\n\nRUN OPTIONS (scenerun [run] [<options>] <paths> ...):\n"
                + runHelp.joined(separator: "\n")
            do { try writeStandardOutput(text + "\n") } catch {
                printError(error.message)
                Foundation.exit(error.code)
            }
            Foundation.exit(0)
        }
        if let script = Completions.script(for: args) {
            do { try writeStandardOutput(script.hasSuffix("\n") ? script : script + "\n") } catch {
                printError(error.message)
                Foundation.exit(error.code)
            }
            Foundation.exit(0)
        }
        do {
            var command = try Scenerun.parseAsRoot(args)
            try command.run()
        } catch let e as ExitCode {
            Foundation.exit(e.rawValue)
        } catch {
            // --help, --version and completion scripts print as ArgumentParser does; a usage error
            // is one line on standard error, as every other 64 (docs/cli.md).
            if Scenerun.exitCode(for: error) == .success { Scenerun.exit(withError: error) }
            let text = Scenerun.message(for: error).split(separator: "\n").first.map(String.init) ?? "usage error"
            let first = text.prefix(1).lowercased() + text.dropFirst()
            printError(escapeForTerminal(first) + " (scenerun --help lists the options)")
            Foundation.exit(Exit.usage)
        }
    }
}

/// Options shared by `run` and `check`.
struct Common: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "Scene files or folders (folders are searched for *.yaml and *.yml; a folder named `invalid` is skipped "
                + "unless named, and one named `parts` holds parts that scenes include, not scenes).",
            valueName: "paths"), completion: .file(extensions: ["yaml", "yml"]))
    var paths: [String]

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Only cases whose name contains this text, or matches it as a glob (*, ?, [...]); both ignore case. "
                + "Selecting no case is a usage error (64).")
    )
    var filter: String?

    @Option(
        name: .long,
        help:
            "Only the i-th of n shards of the cases (1-based, for example 2/4); a shard that receives no case exits 0.")
    var shard: String?

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

    @Option(name: .long, help: ArgumentHelp(loadWorkHelp))
    var maxLoadWork: Int = LoadLimits.default.loadWork

    @OptionGroup var appVars: VarOptions

    /// The selection with its vars read (a bad `--var` or vars file ends the command).
    func selectionWithVars() throws -> Selection {
        var s = selection
        s.vars = try appVars.read(limit: maxFileSize)
        return s
    }

    var selection: Selection {
        var l = LoadLimits()
        l.fileSize = maxFileSize
        l.nodes = maxNodes
        l.depth = maxDepth
        l.views = maxViews
        l.behaviors = maxBehaviors
        l.cases = maxCases
        l.loadWork = maxLoadWork
        return Selection(paths: paths, filter: filter, shard: shard.flatMap(Shard.init), limits: l)
    }

    /// A path that does not exist is a usage error, checked when the command runs, after the
    /// parser has reported any unknown option (`--jsno out.json` is an unknown option, not a
    /// missing file `out.json`).
    func requirePaths() throws {
        for p in paths where FilePath(argument: p).status() == nil {
            printError("no such file or folder: \(escapeForTerminal(p))")
            throw ExitCode(Exit.usage)
        }
    }

    func validate() throws {
        if paths.isEmpty { throw ValidationError("name at least one scene file or folder") }
        if let s = shard, Shard(s) == nil {
            throw ValidationError("--shard takes i/n with 1 ≤ i ≤ n, for example 2/4")
        }
        if maxFileSize <= 0 || maxNodes <= 0 || maxDepth <= 0 || maxViews <= 0 || maxBehaviors <= 0 || maxCases <= 0
            || maxLoadWork <= 0
        {
            throw ValidationError("limits must be positive")
        }
    }
}

extension ColorChoice: ExpressibleByArgument {}

/// The help of `--max-load-work` (`run`, `check` and `mutate`).
let loadWorkHelp =
    "Most units of work loading one file may take (YAML nodes read for the scene and again for each variant, "
    + "expression text, swept cases, the copies a repeated view's name stands for, touch steps' finger-frames)."

/// `--format`: the formats that can go to standard output, from the registry.
struct StreamFormat: ExpressibleByArgument {
    var format: ReportFormat
    init(_ f: ReportFormat) { format = f }
    init?(argument: String) {
        guard let f = ReportFormat(rawValue: argument), !f.writesFolder else { return nil }
        format = f
    }
    static var allValueStrings: [String] { ReportFormat.streamable.map(\.rawValue) }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
    var defaultValueDescription: String { format.rawValue }
}

/// `--report NAME=PATH`: a usage error that says what is wrong (an unknown format, no path).
func parseReport(_ text: String) throws -> ReportRequest {
    switch ReportRequest.parse(text) {
    case .success(let r): return r
    case .failure(let e): throw ValidationError(e.message)
    }
}

/// The help of `--format` and `--report`, derived from the registry.
let formatHelp =
    "Standard output format: "
    + ReportFormat.streamable.map { "\($0.rawValue) (\($0.summary))" }.joined(separator: "; ") + "."
let reportHelp =
    "Also write a report, atomically; repeatable. FORMAT is one of "
    + ReportFormat.allCases.map(\.rawValue).joined(separator: ", ") + " (trace and replay name a folder)."

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run scenes and check their expectations (the default).",
        discussion: ExitStatus.text(ExitStatus.run))

    @OptionGroup var common: Common
    @Flag(name: .long, help: "List the cases without running them.") var list = false
    @Flag(name: .long, help: "Print only failures and the summary.") var quiet = false
    @Flag(name: .long, help: "Print each case's trace (gestures, contacts, rules, rest).") var verbose = false
    @Flag(
        name: .long,
        help: "Add durations to JSON and time, timestamp and hostname to JUnit (reports then differ between runs).")
    var timings = false
    @Flag(
        name: .long,
        help: "Run again whenever a scene file the run reads changes, not its reports (Ctrl-C stops, exit 130).")
    var watch = false
    @Option(
        name: .long, help: "Cases run in parallel (default: the number of cores); output is the same for every value.")
    var jobs: Int?
    @Option(name: .long, help: ArgumentHelp(formatHelp)) var format = StreamFormat(.text)
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Colour in text output: always, never or auto (FORCE_COLOR, NO_COLOR, TERM=dumb, then whether standard "
                + "output is a terminal).")
    )
    var color: ColorChoice = .auto
    @Option(
        name: .long, help: ArgumentHelp(reportHelp, valueName: "format=path"),
        completion: .list(ReportFormat.allCases.map { "\($0.rawValue)=" }), transform: parseReport)
    var report: [ReportRequest] = []
    @Option(name: .long, help: "Same as --report junit=PATH.") var junit: String?
    @Option(name: .long, help: "Same as --report json=PATH.") var json: String?
    @Option(
        name: .long, help: "Same as --report trace=DIR: every tick of every case as CSV files.", completion: .directory)
    var trace: String?
    @Option(
        name: .long, help: "Same as --report replay=DIR: a replay page per case and an index.html.",
        completion: .directory) var replay: String?
    @Option(name: .long, help: "Most ticks one case may run.") var maxTicks: Int = RunLimits().ticks
    @Option(name: .long, help: "Most simulated seconds one case may run.") var maxTime: Double = RunLimits().sceneTime
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Most units of engine work one case may do (bodies, contacts and joints summed over sub-steps; "
                + "--verbose shows each case's).")
    )
    var maxWork: Int = RunLimits.defaultWork
    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Record mode: rewrite the expected values of failing expectations with what was observed (not on CI "
                + "without --force).")
    ) var update = false
    @Flag(name: .long, help: "Record mode: rewrite every value expectation with what was observed.") var updateAll =
        false
    @Flag(name: .long, help: "Allow --update and --update-all when CI is set.") var force = false

    func validate() throws {
        if let j = jobs, j < 1 { throw ValidationError("--jobs must be at least 1") }
        if maxTicks < 1 || !(maxTime > 0) || maxWork < 1 {
            throw ValidationError("--max-ticks, --max-time and --max-work must be positive")
        }
        if (update || updateAll) && !force, let ci = ProcessInfo.processInfo.environment["CI"], !ci.isEmpty,
            ci != "false", ci != "0"
        {
            throw ValidationError("--update rewrites scene files; CI is set, so it is refused without --force")
        }
    }

    func request() throws -> RunRequest {
        var r = RunRequest(selection: try common.selectionWithVars())
        r.limits.ticks = maxTicks
        r.limits.sceneTime = maxTime
        r.limits.work = maxWork
        r.jobs = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        r.list = list
        r.format = format.format
        r.color = color
        r.options = ReportOptions(quiet: quiet, verbose: verbose)
        r.options.timings = timings
        // The spellings first, in a fixed order, then --report as given.
        let spelled: [(ReportFormat, String?)] = [(.junit, junit), (.json, json), (.trace, trace), (.replay, replay)]
        r.reports =
            spelled.compactMap { f, p in p.map { ReportRequest(format: f, path: $0, option: "--\(f.rawValue)") } }
            + report
        r.update = updateAll ? .all : update ? .failing : nil
        return r
    }

    func run() throws {
        try common.requirePaths()
        installSignalHandlers()
        let request = try request()
        let code = watch ? Driver.watch(request) : Driver.execute(request)
        if code != 0 { throw ExitCode(code) }
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Validate scenes without running them: N valid, M invalid.",
        discussion: ExitStatus.text(ExitStatus.check))
    @OptionGroup var common: Common

    func run() throws {
        try common.requirePaths()
        installSignalHandlers()
        let code = Driver.check(try common.selectionWithVars())
        if code != 0 { throw ExitCode(code) }
    }
}

struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Combine the JSON reports of the shards of one run (--shard i/n) into any report.",
        discussion: """
            The output is what the unsharded run writes, byte for byte: the text report with its outcome maps, \
            JSON, JUnit, GitHub annotations, and for --report replay=DIR the replay's index.html (the pages are \
            the shards' own: copy every shard's replay folder into DIR). Reports that are not scenerun JSON, come \
            from different scenes or versions, overlap or miss a case exit 2, naming the file. An output that \
            names an input report exits 64 before anything is written. Otherwise the exit code is the run's: 0, \
            1 or 2.

            \(ExitStatus.text(ExitStatus.merge))
            """)

    @Argument(
        help: ArgumentHelp("JSON reports written by `scenerun run --json PATH --shard i/n`.", valueName: "reports"),
        completion: .file(extensions: ["json"]))
    var reports: [String]
    @Option(name: .long, help: ArgumentHelp(formatHelp)) var format = StreamFormat(.text)
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Also write a report, atomically; repeatable. FORMAT is one of "
                + ReportFormat.allCases.filter(\.mergeable).map(\.rawValue).joined(separator: ", ")
                + " (replay names a folder and writes its index.html).",
            valueName: "format=path"),
        completion: .list(ReportFormat.allCases.filter(\.mergeable).map { "\($0.rawValue)=" }),
        transform: parseReport)
    var report: [ReportRequest] = []
    @Option(name: .long, help: "Same as --report junit=PATH.") var junit: String?
    @Option(name: .long, help: "Same as --report json=PATH.") var json: String?
    @Option(name: .long, help: "Same as --report replay=DIR: the replay's index.html.") var replay: String?
    @Flag(name: .long, help: "Print only failures and the summary.") var quiet = false
    @Option(name: .long, help: "Colour in text output: always, never or auto (decided as `run` does).")
    var color: ColorChoice = .auto
    @Option(name: .long, help: "For reports of `scenerun mutate`: exit 1 when a file's score is below PCT percent.")
    var minScore: Double?
    @Option(name: .long, help: "Largest report file, bytes.") var maxFileSize: Int = defaultReportSizeLimit

    func validate() throws {
        if reports.isEmpty { throw ValidationError("name at least one JSON report") }
        if maxFileSize <= 0 { throw ValidationError("--max-file-size must be positive") }
        if let f = report.first(where: { !$0.format.mergeable })?.format {
            throw ValidationError(
                "\(f.rawValue) needs every tick, which JSON reports do not carry: write --\(f.rawValue) in each shard")
        }
    }

    func run() throws {
        installSignalHandlers()
        var r = MergeRequest(inputs: reports)
        r.format = format.format
        let spelled: [(ReportFormat, String?)] = [(.junit, junit), (.json, json), (.replay, replay)]
        r.reports =
            spelled.compactMap { f, p in p.map { ReportRequest(format: f, path: $0, option: "--\(f.rawValue)") } }
            + report
        r.quiet = quiet
        r.color = color
        r.minScore = minScore
        r.maxFileSize = maxFileSize
        r.otherKinds = [mutateReports]
        let code = Driver.merge(r)
        if code != 0 { throw ExitCode(code) }
    }
}

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of the scene format (for editors: see docs/editors.md).")

    func run() throws {
        installSignalHandlers()  // a closed pipe is EPIPE, exit 74, as for every other command
        do { try writeStandardOutput(SceneSchema.json) } catch {
            printError(error.message)
            throw ExitCode(error.code)
        }
    }
}
