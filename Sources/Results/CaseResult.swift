import Diagnostics

/// A value an expectation wanted or a run produced, for structured reports.
public enum ObservedValue: Sendable, Hashable {
    case number(Double)
    case text(String)
}

/// A failed expectation: where it is written and what went wrong; for value expectations also
/// what was expected, what was observed, the tolerance and the scene time (seconds) it was judged at.
public struct Failure: Sendable, Hashable {
    public var location: SourceLocation
    public var message: String
    /// The expected value (a number in the expectation's unit: points, radians, a count; or a
    /// state's name), when the judge knows it.
    public var expected: ObservedValue?
    /// The observed value, in the same unit as `expected`.
    public var actual: ObservedValue?
    /// The expectation's tolerance (`within`), in the same unit, for numeric comparisons.
    public var tolerance: Double?
    /// Scene time at which the expectation was judged, seconds.
    public var time: Double?
    public init(
        location: SourceLocation, message: String, expected: ObservedValue? = nil, actual: ObservedValue? = nil,
        tolerance: Double? = nil, time: Double? = nil
    ) {
        self.location = location
        self.message = message
        self.expected = expected
        self.actual = actual
        self.tolerance = tolerance
        self.time = time
    }
}

/// The outcome of one case.
public enum CaseStatus: String, Sendable { case passed, failed, invalid }

/// The result of running one scene case: what reports are made of.
public struct CaseResult: Sendable {
    public var file: String
    public var name: String
    public var status: CaseStatus
    public var failures: [Failure]
    /// Load or runtime errors (status invalid).
    public var diagnostics: [Diagnostic]
    /// Scene time at the end (s) and ticks run.
    public var time: Double
    public var ticks: Int
    /// The file text, to render source lines.
    public var source: String?
    /// The text of each part the file includes, by path, to render the source lines of the
    /// diagnostics and failures located in them.
    public var includedSources: [String: String] = [:]
    /// The source lines known, by file and line number, when the whole texts are not (a report
    /// `merge` read: the lines its failures and diagnostics name); nil when `source` and
    /// `includedSources` are the whole texts.
    public var sourceLines: [String: [Int: String]]?
    /// A summary of the trace: one line per notable event (`--verbose`).
    public var trace: [String]
    /// Each expectation of the case with where it is written, and whether a variant inherited it
    /// (`--verbose`).
    public var expectations: [String] = []
    /// Every tick: the column names, then one row per tick (`--trace`).
    public var tickColumns: [String] = []
    /// A swept case: the scene's name without the parameters, and each parameter's value.
    public var sweep: SweepInfo?
    /// What every value expectation observed (for `--update`).
    public var observations: [Observation] = []
    public var ticksTrace: [[Double]] = []
    /// Everything the replay page shows, when the run recorded it (`--replay`).
    public var recording: CaseRecording?
    /// Units of engine work the case used (bodies, contacts and joints summed over sub-steps; `--max-work`).
    public var work = 0
    /// The case's place in the whole run, from 0 (before `--shard` kept its share; the driver sets
    /// it): the JSON report's `index`, the replay page's number, the order `merge` restores.
    public var index: Int?
    public init(
        file: String, name: String, status: CaseStatus, failures: [Failure] = [], diagnostics: [Diagnostic] = [],
        time: Double = 0, ticks: Int = 0, source: String? = nil, trace: [String] = []
    ) {
        self.file = file; self.name = name; self.status = status; self.failures = failures;
        self.diagnostics = diagnostics
        self.time = time; self.ticks = ticks; self.source = source; self.trace = trace
    }
}

extension CaseResult {
    /// The text of the file a location names: the scene's own, or a part it includes.
    public func sourceText(of file: String) -> String? { file == self.file ? source : includedSources[file] }

    /// The source line a location names (in the scene or a part it includes), as the loader
    /// counts lines (`ByteLines`); nil when it is not known.
    public func sourceLine(at l: SourceLocation) -> String? {
        if let known = sourceLines { return known[l.file]?[l.line] }
        return sourceText(of: l.file).flatMap { ByteLines(Array($0.utf8)).line(l.line) }
    }
}

/// What a swept case reports besides its status.
public struct SweepInfo: Sendable, Hashable {
    /// The name of the scene (or variant) the case was swept from, without its parameters.
    public var scene: String
    /// The `outcome` expression as written (nil when the scene has none).
    public var outcomeText: String?
    public var parameters: [Parameter]
    /// The value of `outcome` when the case ended (`invalid` when it could not run).
    public var outcome: String?
    public struct Parameter: Sendable, Hashable {
        public var name: String
        public var value: Double
        /// All of the parameter's values, in order (for the outcome map's axes).
        public var values: [Double]
        public init(name: String, value: Double, values: [Double]) {
            self.name = name; self.value = value; self.values = values
        }
    }
    public init(scene: String, outcomeText: String?, parameters: [Parameter], outcome: String?) {
        self.scene = scene; self.outcomeText = outcomeText; self.parameters = parameters; self.outcome = outcome
    }
}

/// What a value expectation observed, for record mode (`--update`): where the expected value is
/// written, what was seen, within which tolerance, and whether it passed.
public struct Observation: Sendable, Hashable {
    public enum Observed: Sendable, Hashable {
        /// Numbers: one for a number, 2 for a point, 4 for a rect, each within `tolerance`.
        case numbers([Double], tolerance: Double)
        /// A word written as it is: a transition state, `true` / `false`.
        case word(String)
        /// An event count, written as a whole number.
        case count(Int)
        /// `restBy`: the time the animator came to rest (s), written rounded up.
        case restTime(Double, tick: Double)
    }
    public var location: SourceLocation
    public var observed: Observed
    public var passed: Bool
    public init(location: SourceLocation, observed: Observed, passed: Bool) {
        self.location = location; self.observed = observed; self.passed = passed
    }
}
