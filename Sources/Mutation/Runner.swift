import Diagnostics
import Driver
import Expressions
import Foundation
import Reports
import Results
import SceneLoader
import SceneModel
import SceneRunner

/// `scenerun mutate PATHS…` as a value (docs/mutate.md).
public struct MutateRequest: Sendable {
    public var paths: [String]
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    public var shard: Shard?
    /// `--json FILE`, `--replay DIR`.
    public var json: String?
    public var replay: String?
    /// `--only`: the operators (default: all but script).
    public var only: [MutationOperator] = MutationOperator.defaults
    /// `--max-mutants N`: the first N mutants of each file (the others are counted, not run).
    public var maxMutants = MutateRequest.defaultMaxMutants
    /// `--max-mutants`' default: over ten times the mutants of the largest shipped scene (133).
    public static let defaultMaxMutants = 1000
    /// `--list`: the mutants, not run.
    public var list = false
    /// `--min-score PCT`: exit 1 when a file's score is below it.
    public var minScore: Double?
    /// Whether a mutant runs only the cases that reach its site (coverage). False runs every case
    /// of every mutant (`--no-optimise`, hidden): the test that coverage changes no outcome.
    public var optimise = true
    /// Tests only: each mutant's case run that resumes from a copy of the original's run is also
    /// run whole and the two compared (`SharingCheck`); nil checks nothing.
    public var checksSharing: SharingCheck?
    /// `--quiet`: no progress line.
    public var quiet = false
    public var limits = LoadLimits.default
    public var color: ColorChoice = .auto
    /// `--var` and `--vars-file`: the scenes' vars, never mutated.
    public var vars = VarOverrides()
    public init(paths: [String]) { self.paths = paths }
}

/// What became of a mutant.
public enum MutantStatus: String, Sendable, CaseIterable {
    /// A case failed an expectation (or stopped on a run-time error).
    case killed
    /// A case ran past the mutant's time limit: killed by timeout.
    case timeout
    /// Every case passed, and a case's run differs from the original's (`MutantOutcome.difference`
    /// says where): a survivor; an expectation is missing.
    case unasserted
    /// Every case passed, and every covering case's run is the original's, tick for tick: a
    /// survivor; the change needs a new case, not a new expectation.
    case unobserved
    /// Every case passed, and none reaches the mutated value (its rule never runs): counted as
    /// a survivor; a new case is needed.
    case noCoverage
    /// The mutated scene does not load: not counted.
    case invalid
    /// Declared equivalent in the scene: not run, not counted.
    case equivalent
}

/// One mutant's outcome, as the reports show it.
public struct MutantOutcome: Sendable, Equatable {
    /// Its place among the mutants of the whole run (before `--shard`).
    public var index: Int
    public var id: String
    public var location: SourceLocation
    public var op: String
    public var change: String
    public var original: String
    public var mutated: String
    public var status: MutantStatus
    /// The cases that failed (killed, timeout).
    public var failingCases: [String] = []
    /// An equivalent's reason, an invalid mutant's first error, a timeout's case.
    public var detail: String?
    /// The source line the mutant is on (for the caret).
    public var sourceLine: String
    /// An unasserted mutant's first difference; an equivalent one's when its run differs (the
    /// claim is probably wrong).
    public var difference: RunDifference?
    /// An equivalent mutant's `# scenerun: equivalent` comment: where its warning is located.
    public var claim: SourceLocation?

    /// Whether it counts as a survivor (unasserted, unobserved, without coverage).
    public var survived: Bool { status == .unasserted || status == .unobserved || status == .noCoverage }
}

/// A scene file of the run: how many mutants it has in the whole run, or why it has none.
public struct MutatedFile: Sendable, Equatable {
    public enum Problem: String, Sendable { case invalid, failing }
    public var file: String
    public var mutants: Int
    public var problem: Problem?
    /// The problem's text (rendered diagnostics, or the failing cases).
    public var message: String?
    /// The mutants past `--max-mutants`: counted, not run.
    public var leftOut = 0
}

/// The whole outcome: what the text and JSON reports are made of, and what `merge` rebuilds.
public struct MutationReport: Sendable, Equatable {
    public var version = scenerunVersion
    public var operators: [String]
    public var shard: String?
    public var files: [MutatedFile] = []
    public var outcomes: [MutantOutcome] = []
}

/// One scene file, loaded and planned.
struct FileWork {
    var file: String
    var text = "" {
        didSet { lines = yamlLines(text) }
    }
    /// The text's lines, as the YAML parser counts them (each mutant's source line).
    private(set) var lines: [String] = []
    var cases: [Scene] = []
    var plan = MutationPlan()
    var mutants: [Mutant] = []
    var originals: [CaseResult] = []
    var limits = RunLimits()
    /// `--max-file-size`, `--max-load-work` …: every mutant is loaded within them, as the original.
    var loadLimits = LoadLimits.default
    var problem: MutatedFile.Problem?
    var message: String?
    /// The mutants past `--max-mutants`, not run.
    var leftOut = 0
    /// The parts the file includes, as the original read them: every mutant reads these.
    var parts: [String: [UInt8]] = [:]
    /// Per case, its state at the end of every tick: what a mutant's run is compared with.
    var states: [StateLog] = []
    /// Per case, the mutants (by id) proven to run it as the original does (`ReadWatch`): they
    /// skip it.
    var unchanged: [Set<String>] = []
    /// Per case, the rules it ran, the behaviours it added and the transitions, animators and
    /// views it used, each with the checkpoint at which that first happened
    /// (`ComparisonLog.firstReached` …): a mutant's coverage; and the copies of the case's run kept
    /// at those checkpoints (`secondPass`): a mutant's run resumes from one.
    var firstReached: [[SourceLocation: Int]] = []
    var firstAdded: [[String: Int]] = []
    var firstUsed: [[String: Int]] = []
    var snapshots: [SnapshotStore?] = []
    /// `MutateRequest.checksSharing`.
    var checksSharing: SharingCheck?
    /// `MutateRequest.optimise`.
    var optimise = true
    /// The file composed once, what every mutant is loaded from (nil: from the text).
    var composed: ComposedScene?
    /// `--var` and `--vars-file`, applied to the original and to every mutant.
    var vars = VarOverrides()
    var varsFailure: VarsFailure?
}

/// `mutate`: loads, runs the originals (recording what comparisons see), generates the
/// mutants, runs this shard's share in parallel and writes the reports. Exit codes: 2 a scene
/// is invalid, 1 a scene fails unmutated or a file's score is below `--min-score`, 64 no scene
/// file, 73/74 a report cannot be written, else 0.
public func mutate(
    _ request: MutateRequest, console: Console = .standard,
    environment env: [String: String] = ProcessInfo.processInfo.environment, isTerminal: Bool = isatty(1) != 0,
    clock: @escaping @Sendable () -> Double = monotonicSeconds
) -> Int32 {
    colorErrors = useColor(request.color, environment: env, isTerminal: isatty(2) != 0)
    var destinations: [ReportRequest] = []
    if let j = request.json { destinations.append(ReportRequest(format: .json, path: j, option: "--json")) }
    if let r = request.replay { destinations.append(ReportRequest(format: .replay, path: r, option: "--replay")) }
    // As `run`: no output onto a scene or into a folder of scenes, refused before anything runs.
    if let clash = outputsClash(destinations)
        ?? outputOntoInput(
            destinations, scenePaths: request.paths, fileSize: request.limits.fileSize)
    {
        console.err(clash)
        return Exit.usage
    }
    if let code = checkDestinations(destinations, console: console) { return code }
    let files = sceneFiles(request.paths.map(FilePath.init(argument:)))
    if files.isEmpty {
        console.err(
            "no scene files (*.yaml, *.yml) under "
                + request.paths.map { escapeForTerminal($0) }.joined(separator: ", ")
        )
        return Exit.usage
    }
    let work = onLargeStack { prepare(files, request) }
    if let f = work.lazy.compactMap(\.varsFailure).first {
        console.err(f.message)
        return f.code
    }
    var report = MutationReport(operators: request.only.sorted().map(\.rawValue), shard: nil)
    report.shard = request.shard.map { "\($0.index)/\($0.count)" }
    var planned: [(Int, Int, Mutant)] = []  // (file, run index, mutant)
    // The mutants of one place (a literal's ×0.5, ×2 and boundary mutants; an action's drop and
    // swap) form a site: they run one after the other, each trying first the case that killed
    // the one before, and a shard keeps whole sites, so that the order, and so the outcome, is
    // the same in every shard and for every --jobs.
    var sites: [Range<Int>] = []
    var k = 0
    var g = 0
    for (f, w) in work.enumerated() {
        report.files.append(
            MutatedFile(
                file: w.file, mutants: w.mutants.count, problem: w.problem, message: w.message, leftOut: w.leftOut))
        for (j, m) in w.mutants.enumerated() {
            if j == 0 || w.mutants[j - 1].location != m.location { g += 1 }
            if request.shard?.contains(g - 1) ?? true {
                if sites.last.map({ planned[$0.lowerBound].0 != f || planned[$0.lowerBound].2.location != m.location })
                    ?? true
                {
                    sites.append(planned.count..<planned.count)
                }
                planned.append((f, k, m))
                sites[sites.count - 1] = sites[sites.count - 1].lowerBound..<planned.count
            }
            k += 1
        }
    }
    if request.list {
        var text = ""
        for f in report.files where f.problem != nil {
            text += problemText(f).split(separator: "\n", omittingEmptySubsequences: false)
                .map { escapeForTerminal(String($0)) }.joined(separator: "\n")
        }
        for (f, _, m) in planned {
            let eq = work[f].plan.equivalent[m.location.line].map { " (equivalent if it survives: \($0))" } ?? ""
            text += escapeForTerminal("\(m.location): \(m.op.rawValue) \(m.change)\(eq)") + "\n"
        }
        do { try console.out(text) } catch {
            console.err(error.message)
            return error.code
        }
        return mutationExitCode(report, minScore: nil)
    }
    let jobs = planned
    // One line on a terminal's standard error, rewritten (none with --quiet, none when standard
    // error is not a terminal: `Console.progress` is nil then); cleared before the report.
    let progress = console.progress.flatMap { write in
        request.quiet ? nil : ProgressLine(total: planned.count, write: write, clock: clock)
    }
    let optimise = request.optimise
    let siteRanges = sites
    let bySite = parallelMap(siteRanges.count, jobs: request.jobs) { i -> [MutantOutcome] in
        var killer: String?
        return siteRanges[i].map { j in
            let (f, k, m) = jobs[j]
            let o = runMutant(m, index: k, work[f], replay: false, first: optimise ? killer : nil).0
            if o.status == .killed { killer = o.failingCases.last }
            progress?.mutantFinished(killed: o.status == .killed || o.status == .timeout, survived: o.survived)
            return o
        }
    }
    progress?.finish()
    let outcomes = bySite.flatMap { $0 }
    report.outcomes = outcomes
    warnStaleEquivalents(work, report, console: console)
    var code: Int32 = 0
    if let dir = request.replay {
        let survivors = planned.indices.filter {
            outcomes[$0].status == .unasserted || outcomes[$0].status == .unobserved
        }
        let replays = parallelMap(survivors.count, jobs: request.jobs) { j -> [CaseResult] in
            let (f, k, m) = jobs[survivors[j]]
            return runMutant(m, index: k, work[f], replay: true).1
        }
        let originals = work.filter { w in planned.contains { work[$0.0].file == w.file } }.flatMap(\.originals)
        let sources = Dictionary(work.map { ($0.file, $0.text) }, uniquingKeysWith: { a, _ in a })
        code = writeMutationReport(
            dir, report: report, sources: sources, originals: originals, mutants: replays, console: console)
    }
    let c = emitMutation(report, json: request.json, minScore: request.minScore, console: console)
    return code != 0 ? code : c
}

/// A warning for each `equivalent` comment whose line had mutants run and none survived: the
/// cases tell every one of them apart, so the comment explains nothing (and would hide the next
/// survivor of its line).
func warnStaleEquivalents(_ work: [FileWork], _ report: MutationReport, console: Console) {
    for w in work {
        for line in w.plan.equivalent.keys.sorted() {
            let here = report.outcomes.filter { $0.location.file == w.file && $0.location.line == line }
            guard !here.isEmpty, !here.contains(where: { $0.status == .equivalent }) else { continue }
            // A located warning in compiler form (`file:line:col: warning: …`, at the comment's
            // `#`), not an error: the run's outcome does not change.
            let column = w.plan.equivalentColumns[line] ?? 1
            (console.located ?? console.err)(
                escapeForTerminal(
                    "\(w.file):\(line):\(column): warning: this `equivalent` comment explains no survivor: the cases "
                        + "kill every mutant of its line; remove it"))
        }
    }
}

extension FileWork {
    /// The vars given on the command line, over every case's; the first failure.
    func applyVars(to cases: inout [Scene]) -> VarsFailure? {
        var ignored: [String] = []
        for c in cases.indices {
            if case .failure(let f) = vars.apply(to: &cases[c], ignored: &ignored) { return f }
        }
        return nil
    }
}

/// Reads, loads, plans and runs the originals of every file (in parallel over all cases).
func prepare(_ files: [FilePath], _ request: MutateRequest) -> [FileWork] {
    var work: [FileWork] = []
    for file in files {
        var w = FileWork(file: file.display)
        w.loadLimits = request.limits
        if isPart(file) {
            w.problem = MutatedFile.Problem.invalid
            w.message =
                "\(file.display):1:1: error: this file is a part, not a scene: its folder is named `parts`; mutate "
                + "a scene that includes it"
            work.append(w)
            continue
        }
        switch readSceneFile(file, limit: request.limits.fileSize) {
        case .failure(let d):
            w.problem = MutatedFile.Problem.invalid
            w.message = d.rendered(sourceText: nil)
        case .success(let bytes):
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
            w.text = String(decoding: body, as: UTF8.self)
            let parts = PartReader(limit: request.limits.fileSize)
            do throws(DiagnosticList) {
                w.cases = try SceneFile.load(path: w.file, bytes: bytes, limits: request.limits, includes: parts.reader)
                w.vars = request.vars
                w.varsFailure = w.applyVars(to: &w.cases)
                w.plan = try SceneFile.mutationPlan(path: w.file, text: w.text)
            } catch {
                w.problem = MutatedFile.Problem.invalid
                let texts = parts.texts
                let own = SceneFile.quotableText(bytes, isPart: false)
                w.message = error.diagnostics.map {
                    $0.rendered(sourceText: $0.location.file == w.file ? own : texts[$0.location.file])
                }.joined(separator: "\n")
            }
            w.parts = parts.files
        }
        work.append(w)
    }
    let all = work.indices.flatMap { f in work[f].cases.indices.map { (f, $0) } }
    let loaded = work
    let replay = request.replay != nil
    let originals = parallelMap(all.count, jobs: request.jobs) { i -> (CaseResult, ComparisonLog, StateLog) in
        let (f, c) = all[i]
        var limits = RunLimits()
        limits.recordTicks = false
        limits.recordTrace = replay
        limits.recordReplay = replay
        let log = ComparisonLog()
        limits.comparisons = log
        let states = StateLog()
        limits.states = states
        var r = CaseRunner.run(loaded[f].cases[c], limits: limits)
        r.index = c
        return (r, log, states)
    }
    var next = 0
    for f in work.indices {
        let n = work[f].cases.count
        let mine = originals[next..<(next + n)]
        next += n
        guard work[f].problem == nil else { continue }
        work[f].originals = mine.map(\.0)
        work[f].firstReached = mine.map(\.1.firstReached)
        work[f].firstAdded = mine.map(\.1.firstAdded)
        work[f].firstUsed = mine.map(\.1.firstUsed)
        work[f].checksSharing = request.checksSharing
        work[f].states = mine.map(\.2)
        work[f].optimise = request.optimise
        let log = ComparisonLog()
        for (_, l, _) in mine { log.merge(l) }
        let failing = mine.map(\.0).filter { $0.status != .passed }
        if !failing.isEmpty {
            work[f].problem = .failing
            work[f].message =
                "the scene does not pass unmutated (\(failing.map(\.name).joined(separator: ", "))); `scenerun "
                + "mutate` needs a passing scene: run it with `scenerun` first"
            continue
        }
        let all = mutants(of: work[f].plan, log: log, request: request)
        work[f].mutants = Array(all.prefix(request.maxMutants))
        work[f].leftOut = all.count - work[f].mutants.count
        if request.optimise {
            work[f].composed = SceneFile.composed(
                path: work[f].file, text: work[f].text, limits: request.limits,
                includes: SceneFile.reader(work[f].parts))
        }
        work[f].limits = mutantLimits(work[f].originals, cases: work[f].cases)
    }
    if request.optimise { secondPass(&work, jobs: request.jobs) }
    return work
}

/// What `ReadWatch` watches for these mutants: each rewrite of one expression (`Mutant.read`), by
/// the expression's location, numbered by the mutant's place in `mutants`.
public func readRewrites(_ mutants: [Mutant]) -> [SourceLocation: [ReadWatch.Rewrite]] {
    var r: [SourceLocation: [ReadWatch.Rewrite]] = [:]
    for (k, m) in mutants.enumerated() {
        guard let at = m.read, m.edits.count == 1, case .scalar(_, let text) = m.edits[0] else { continue }
        r[at, default: []].append(ReadWatch.Rewrite(mutant: k, text: text))
    }
    return r
}

/// The file's mutants in report order: by line and column, then operator, then as found.
/// Ids that repeat get ` #2`, ` #3`.
func mutants(of plan: MutationPlan, log: ComparisonLog, request: MutateRequest) -> [Mutant] {
    var all = plan.mutants
    for site in plan.boundaries {
        if let n = log.nearest[site.comparison] { all += site.mutants(n) }
    }
    let wanted = Set(request.only)
    let ordered = all.enumerated().filter { wanted.contains($0.element.op) }.sorted { a, b in
        let (x, y) = (a.element, b.element)
        if x.location.line != y.location.line { return x.location.line < y.location.line }
        if x.location.column != y.location.column { return x.location.column < y.location.column }
        if x.op != y.op { return x.op < y.op }
        return a.offset < b.offset
    }.map(\.element)
    var seen: [String: Int] = [:]
    var out: [Mutant] = []
    for var m in ordered {
        let n = (seen[m.id] ?? 0) + 1
        seen[m.id] = n
        if n > 1 { m.change += " #\(n)" }
        out.append(m)
    }
    return out
}
