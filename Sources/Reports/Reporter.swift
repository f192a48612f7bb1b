import Results

/// What every reporter may take into account besides the results. Everything that is not a
/// function of the run (time, host name, the workspace folder) is passed in here by the driver,
/// so that a reporter is a pure function of its inputs and its tests need no environment.
public struct ReportOptions: Sendable {
    /// ANSI colour in the text report (machine formats are never coloured).
    public var color = false
    /// Only failures and the summary (text).
    public var quiet = false
    /// Each case's trace (text; JUnit's `system-out` of failing cases always has it when recorded).
    public var verbose = false
    /// Durations in JSON; time, timestamp and host name in JUnit (`--timings`). Off by default
    /// so that reports are byte-identical between runs.
    public var timings = false
    /// `scenerun 0.2.0 (scene format 1)`: JUnit's `scenerun.version` property, JSON's `scenerun`.
    public var version = ""
    /// ISO 8601 start of the run, UTC (`--timings` only).
    public var timestamp: String?
    /// The machine's host name (`--timings` only).
    public var hostname: String?
    /// Wall-clock seconds each case took, parallel to the results (`--timings` only).
    public var durations: [Double]?
    /// The folder annotations are relative to (GitHub's `GITHUB_WORKSPACE`), absolute.
    public var workspace: String?
    /// The current folder, absolute: relative result paths are resolved against it before they
    /// are made relative to `workspace`.
    public var currentFolder: String?
    /// The whole run the results are (a shard of), for the JSON report's `run` (nil: not written).
    public var run: RunIdentity?

    public init(color: Bool = false, quiet: Bool = false, verbose: Bool = false) {
        self.color = color
        self.quiet = quiet
        self.verbose = verbose
    }
}

/// The identity of a whole run (before `--shard` took its share): its number of cases, a digest
/// of their files and names, and the shard (`2/3`) the report holds, if it is one. `merge` checks
/// that its reports are shards of one run and that together they hold every case once.
public struct RunIdentity: Sendable, Equatable {
    public var cases: Int
    public var digest: String
    public var shard: String?
    public init(cases: Int, digest: String, shard: String? = nil) {
        self.cases = cases
        self.digest = digest
        self.shard = shard
    }
}

/// One file a reporter produces: its name inside the destination folder (empty for a reporter
/// that writes a single file or standard output) and its text.
public struct ReportFile: Sendable, Equatable {
    public var name: String
    public var text: String
    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}

/// Turns the results of a run into one report format. Reporters are small and stateless: one
/// type per format, one file each, registered in `ReportFormat`.
public protocol Reporter: Sendable {
    /// The files of the report, in the order they are written. A single-file reporter returns one
    /// file with an empty name; a folder reporter returns the folder's files.
    func files(_ results: [CaseResult], options: ReportOptions) -> [ReportFile]
}

/// The registry of report formats: `--format`'s values, `--report NAME=PATH`'s names and the
/// help text all derive from it.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, junit, github, trace, replay

    /// The reporter that writes the format.
    public var reporter: any Reporter {
        switch self {
        case .text: TextReporter()
        case .json: JSONReporter()
        case .junit: JUnitReporter()
        case .github: GitHubReporter()
        case .trace: TraceReporter()
        case .replay: ReplayReporter()
        }
    }

    /// Whether the report is a folder of files (`--report trace=DIR`) rather than one file that
    /// can also go to standard output (`--format`).
    public var writesFolder: Bool {
        switch self {
        case .text, .json, .junit, .github: return false
        case .trace, .replay: return true
        }
    }

    /// Whether `merge` can write the format from the JSON reports of shards (a trace needs every
    /// tick, which JSON reports do not keep).
    public var mergeable: Bool {
        switch self {
        case .text, .json, .junit, .github, .replay: return true
        case .trace: return false
        }
    }

    /// One line for the help text.
    public var summary: String {
        switch self {
        case .text: "the terminal report: a line per case, failures in compiler form, a summary"
        case .json: "JSON, keys sorted, with a version and structured failures (schema/report.schema.json)"
        case .junit: "JUnit XML, valid against junit-10.xsd"
        case .github: "GitHub Actions annotations, a group per scene, a step summary"
        case .trace: "a folder of CSV files, every tick of every case"
        case .replay: "a folder of HTML pages, one per case, and an index"
        }
    }

    /// What writing the format needs of the run and of the driver (`ReportNeeds`).
    public var needs: ReportNeeds {
        switch self {
        case .text: return [.terminal]
        case .json: return [.notes]
        case .junit: return [.notes]
        case .github: return [.stepSummary]
        case .trace: return [.tickRows]
        case .replay: return [.replay, .notes, .index]
        }
    }

    /// The formats that can be written to standard output.
    public static var streamable: [ReportFormat] { allCases.filter { !$0.writesFolder } }

    /// The report as one text (single-file formats).
    public func render(_ results: [CaseResult], options: ReportOptions = ReportOptions()) -> String {
        reporter.files(results, options: options).map(\.text).joined()
    }
}

/// What a report format needs of the run and of the driver, declared by the format
/// (`ReportFormat.needs`) so that the driver asks no format by name.
public struct ReportNeeds: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Everything the replay page shows at every tick (`RunLimits.recordReplay`).
    public static let replay = ReportNeeds(rawValue: 1 << 0)
    /// Every tick's row (`RunLimits.recordTicks`).
    public static let tickRows = ReportNeeds(rawValue: 1 << 1)
    /// The trace notes of the cases (`RunLimits.recordTrace`): JUnit prints them, JSON keeps
    /// those of the cases that did not pass so that `merge` can write JUnit, the replay lists them.
    public static let notes = ReportNeeds(rawValue: 1 << 2)
    /// On standard output, the step summary it appends to the file `GITHUB_STEP_SUMMARY` names
    /// (an output of the run: it must not be an input).
    public static let stepSummary = ReportNeeds(rawValue: 1 << 3)
    /// On standard output, a terminal: colour, and the progress line on standard error.
    public static let terminal = ReportNeeds(rawValue: 1 << 4)
    /// A folder with an `index.html` the report rewrites (an earlier report's folder may be
    /// written over); without the pages of the run (`merge`), the index alone.
    public static let index = ReportNeeds(rawValue: 1 << 5)
}

/// Counts of a run.
public struct Summary: Sendable, Equatable {
    public var passed = 0, failed = 0, invalid = 0
    public init(_ results: [CaseResult]) {
        for r in results {
            switch r.status {
            case .passed: passed += 1
            case .failed: failed += 1
            case .invalid: invalid += 1
            }
        }
    }
    /// `N passed, M failed` (`, K invalid` when some are).
    public var line: String { "\(passed) passed, \(failed) failed" + (invalid > 0 ? ", \(invalid) invalid" : "") }
}
