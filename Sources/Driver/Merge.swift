import Diagnostics
import Foundation
import Reports
import Results

/// `scenerun merge REPORT.json…`: the JSON reports of the shards of one run (`--shard i/n`)
/// combined into any report the run itself could have written (text with the outcome map, JSON,
/// JUnit, GitHub, the replay's index), byte for byte what the unsharded run writes.
public struct MergeRequest: Sendable {
    /// The JSON reports, as named on the command line.
    public var inputs: [String]
    public var format: ReportFormat = .text
    public var reports: [ReportRequest] = []
    public var quiet = false
    public var color: ColorChoice = .auto
    /// `--min-score`, for the reports of `mutate` (Sources/Mutation/Merge.swift).
    public var minScore: Double?
    /// `--max-file-size`: the largest report read (`reportSizeLimit` while merging).
    public var maxFileSize = defaultReportSizeLimit
    /// Kinds of report another target merges (Sources/Mutation: `mutate`'s reports): when the
    /// first input is one, that kind's merge takes the whole request, after the outputs are
    /// checked against the inputs.
    public var otherKinds: [OtherReportKind] = []
    public init(inputs: [String]) { self.inputs = inputs }
}

/// A kind of report that `merge` hands over whole: whether a file is one, and its merge.
public struct OtherReportKind: Sendable {
    public var recognises: @Sendable (String) -> Bool
    public var merge: @Sendable (MergeRequest, Console) -> Int32
    public init(
        recognises: @escaping @Sendable (String) -> Bool, merge: @escaping @Sendable (MergeRequest, Console) -> Int32
    ) {
        self.recognises = recognises
        self.merge = merge
    }
}

/// The largest report `merge` reads, set from `MergeRequest.maxFileSize` when a merge starts
/// (one merge runs at a time; every reader of a report, the error path's included, reads
/// within it).
nonisolated(unsafe) var reportSizeLimit = defaultReportSizeLimit

/// Why the reports cannot be merged: the file it concerns (nil: all of them) and the reason.
public struct MergeError: Error, Equatable, CustomStringConvertible {
    public var path: String?
    public var message: String
    /// Where in the file, when the error is about one value of it (1-based).
    public var line: Int?
    public var column: Int?
    package init(path: String?, message: String, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.message = message
        self.line = line
        self.column = column
    }
    public var description: String {
        guard let p = path else { return message }
        guard let line, let column else { return "\(escapeForTerminal(p)): \(message)" }
        return "\(escapeForTerminal(p)):\(line):\(column): \(message)"
    }
    /// `r.json:12:9: error: message`, when the error has a place.
    public var compilerForm: String? {
        guard let p = path, let line, let column else { return nil }
        return "\(escapeForTerminal(p)):\(line):\(column): error: \(message)"
    }
}

/// Merges the reports and writes the outputs. Exit codes: 64 when an output names an input
/// report (`outputOntoInput`, before anything is read or written); 2 when the input is not the complete,
/// non-overlapping set of shards of one run (the message names the file and why), else as `run`:
/// 0, 1 or 2 by the cases' outcomes, 73/74 when an output cannot be written.
public func merge(
    _ request: MergeRequest, console: Console = .standard,
    environment env: [String: String] = ProcessInfo.processInfo.environment,
    isTerminal: Bool = isatty(1) != 0
) -> Int32 {
    colorErrors = useColor(request.color, environment: env, isTerminal: isatty(2) != 0)
    reportSizeLimit = request.maxFileSize
    if let clash = outputsClash(request.reports)
        ?? outputOntoInput(
            request.reports, reportPaths: request.inputs,
            environment: request.format.needs.contains(.stepSummary) ? env : [:])
    {
        console.err(clash)
        return Exit.usage
    }
    if let first = request.inputs.first, let other = request.otherKinds.first(where: { $0.recognises(first) }) {
        return other.merge(request, console)
    }
    if let code = checkDestinations(request.reports, console: console) { return code }
    let merged: (results: [CaseResult], options: ReportOptions)
    do { merged = try mergeReports(request.inputs) } catch {
        say(error, console)
        return Exit.invalid
    }
    var options = merged.options
    options.quiet = request.quiet
    let code = emit(
        merged.results, options: options, format: request.format, reports: request.reports, color: request.color,
        console: console, environment: env, isTerminal: isTerminal, replayPages: false)
    return code != 0 ? code : outcomeExitCode(for: merged.results)
}

/// A located error in compiler form, `r.json:12:9: error: …`, where the console takes one.
package func say(_ error: MergeError, _ console: Console) {
    if let text = error.compilerForm, let located = console.located {
        located(text)
    } else {
        console.err(error.description)
    }
}

/// Reads, checks and combines the reports: the results in run order and the options that make
/// every reporter write what the unsharded run wrote.
public func mergeReports(_ paths: [String]) throws(MergeError) -> (results: [CaseResult], options: ReportOptions) {
    var reports: [(path: String, doc: ReportDocument)] = []
    for p in paths { reports.append((p, try readReport(p))) }
    guard let first = reports.first else { throw MergeError(path: nil, message: "name at least one JSON report") }
    let run = first.doc.run
    var owner: [Int: (path: String, name: String)] = [:]
    var shards: Set<String> = []
    for (path, doc) in reports {
        if doc.scenerun != first.doc.scenerun {
            let mine = escapeForTerminal(doc.scenerun ?? "an unnamed scenerun")
            let theirs = escapeForTerminal(first.doc.scenerun ?? "an unnamed scenerun")
            throw located(
                path, [.key("scenerun")],
                "written by \(mine), but \(escapeForTerminal(first.path)) by \(theirs): reports of different "
                    + "versions cannot be merged")
        }
        if doc.run.cases != run.cases || doc.run.digest != run.digest {
            let (mine, theirs) = (escapeForTerminal(doc.run.digest), escapeForTerminal(run.digest))
            throw located(
                path, [.key("run")],
                "a report of another run (\(doc.run.cases) cases, digest \(mine)) than "
                    + "\(escapeForTerminal(first.path)) (\(run.cases) cases, digest \(theirs)): different "
                    + "scenes or --filter")
        }
        if let s = doc.run.shard { shards.insert(s) }
        for (k, c) in doc.cases.enumerated() {
            guard c.index >= 0 && c.index < run.cases else {
                throw located(
                    path, [.key("cases"), .index(k), .key("index")],
                    "case \(c.index) is outside the run's \(run.cases) cases")
            }
            if let o = owner[c.index] {
                let same = o.path == path ? "twice in it" : "also in \(escapeForTerminal(o.path))"
                throw located(
                    path, [.key("cases"), .index(k), .key("index")],
                    "case \(c.index) (\(escapeForTerminal(c.name))) is \(same): the reports overlap (the same "
                        + "shard twice, or shards of different counts)")
            }
            owner[c.index] = (path, c.name)
        }
    }
    if owner.count < run.cases {
        // Counted, not listed: a report may claim any number of cases (bounded work and memory).
        let missingCount = run.cases - owner.count
        let firstMissing = (0...owner.count).first { owner[$0] == nil } ?? 0
        var hint = "merge the report of every shard"
        if let n = shards.first.flatMap({ $0.split(separator: "/").last.flatMap { Int($0) } }), n >= 1 {
            // At most the first ten absent shards, found in at most shards.count + 10 steps.
            var absent: [String] = []
            var k = 1
            while k <= n && absent.count < 10 {
                if !shards.contains("\(k)/\(n)") { absent.append("\(k)/\(n)") }
                k += 1
            }
            let more = absent.count == 10 && k <= n ? " and more" : ""
            if !absent.isEmpty { hint = "the report of --shard \(absent.joined(separator: ", "))\(more) is missing" }
        }
        throw MergeError(
            path: nil,
            message:
                "\(paths.map { escapeForTerminal($0) }.joined(separator: ", ")): \(missingCount) of the run's "
                + "\(run.cases) cases are missing (the first is case \(firstMissing)); \(hint)"
        )
    }
    var axes: [String: ReportDocument.Sweep] = [:]
    for (_, doc) in reports { for s in doc.sweeps ?? [] { axes[s.file + "\u{0}" + s.scene] = s } }
    var all: [(ReportDocument.Case, String, Int)] = []
    for (path, doc) in reports { all += doc.cases.enumerated().map { ($0.element, path, $0.offset) } }
    all.sort { $0.0.index < $1.0.index }
    var results: [CaseResult] = []
    for (c, path, k) in all {
        do { results.append(try c.result(axes: axes)) } catch {
            throw located(path, [.key("cases"), .index(k), .key(error.key)], error.message)
        }
    }
    var options = ReportOptions()
    options.version = first.doc.scenerun ?? ""
    options.run = RunIdentity(cases: run.cases, digest: run.digest)
    let durations = all.compactMap(\.0.duration)
    if durations.count == all.count && !all.isEmpty {
        options.timings = true
        options.durations = durations
        options.timestamp = reports.compactMap(\.doc.timestamp).min()
    }
    return (results, options)
}

/// The bytes of the report at `path`, within `limit` bytes (`readBounded`); a refusal names the
/// report.
package func readReportBytes(_ path: String) throws(MergeError) -> [UInt8] {
    switch readBounded(FilePath(argument: path), limit: reportSizeLimit, flag: "--max-file-size") {
    case .success(let b): return b
    case .failure(let r):
        throw MergeError(path: path, message: r.message.replacingOccurrences(of: "the file", with: "the report"))
    }
}

func readReport(_ path: String) throws(MergeError) -> ReportDocument {
    let bytes = try readReportBytes(path)
    let data = Data(bytes)
    let head: ReportDocument.Head
    do { head = try JSONDecoder().decode(ReportDocument.Head.self, from: data) } catch {
        throw undecodable(error, bytes: bytes, path: path)
    }
    guard let version = head.version else {
        let top = JSONLocator.nearest([], in: bytes)
        throw MergeError(
            path: path, message: "not a scenerun JSON report (it has no `version`)", line: top.line,
            column: top.column)
    }
    guard version == JSONReporter.version else {
        let at = JSONLocator.nearest([.key("version")], in: bytes)
        throw MergeError(
            path: path,
            message:
                "a version \(version) report; this scenerun merges version \(JSONReporter.version) (run the shards "
                + "with it)", line: at.line, column: at.column
        )
    }
    let doc: ReportDocument
    do { doc = try JSONDecoder().decode(ReportDocument.self, from: data) } catch {
        throw undecodable(error, bytes: bytes, path: path)
    }
    try checkReport(doc, bytes: bytes, path: path)
    return doc
}

/// Why a report did not decode, located: where the text stops being JSON, else at the value the
/// decoder names or the nearest value around it that is there (the object that lacks a key);
/// JSON that is not an object at its top.
func undecodable(_ error: any Error, bytes: [UInt8], path: String) -> MergeError {
    if let bad = JSONLocator.syntaxError(in: bytes) {
        return MergeError(
            path: path, message: "not a scenerun JSON report (\(bad.what))", line: bad.line, column: bad.column)
    }
    let object = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
    let p = JSONLocator.nearest(object ? decodingPath(error) ?? [] : [], in: bytes)
    return MergeError(
        path: path, message: "not a scenerun JSON report (\(object ? decodingReason(error) : "not a JSON object"))",
        line: p.line, column: p.column)
}

/// A decoding error in a sentence: what is wrong and where in the report.
func decodingReason(_ error: any Error) -> String {
    func at(_ path: [any CodingKey]) -> String {
        path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
    switch error as? DecodingError {
    case .keyNotFound(let k, let c): return "`\(at(c.codingPath + [k]))` is missing"
    case .typeMismatch(_, let c), .valueNotFound(_, let c): return "`\(at(c.codingPath))` has the wrong type"
    case .dataCorrupted(let c): return c.codingPath.isEmpty ? "not valid JSON" : "`\(at(c.codingPath))` is invalid"
    default: return "\(error)"
    }
}

/// The JSON report (schema/report.schema.json, version 3) as `merge` reads it.
public struct ReportDocument: Decodable, Sendable {
    struct Head: Decodable { var version: Int? }
    public struct Run: Decodable, Sendable {
        var cases: Int
        var digest: String
        var shard: String?
    }
    public struct Sweep: Decodable, Sendable {
        var file: String
        var scene: String
        var outcome: String?
        var parameters: [Axis]
        struct Axis: Decodable, Sendable {
            var name: String
            var values: [Double]
        }
    }
    enum Value: Decodable, Sendable {
        case none, number(Double), text(String)
        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() {
                self = .none
            } else if let d = try? c.decode(Double.self) {
                self = .number(d)
            } else {
                self = .text(try c.decode(String.self))
            }
        }
        var observed: ObservedValue? {
            switch self {
            case .none: nil
            case .number(let d): .number(d)
            case .text(let s): .text(s)
            }
        }
    }
    struct Failure: Decodable, Sendable {
        var path: String
        var line: Int
        var column: Int
        var message: String
        var source: String?
        var expected: Value
        var actual: Value
        var tolerance: Double?
        var time: Double?
    }
    struct Diagnostic: Decodable, Sendable {
        var path: String
        var line: Int
        var column: Int
        var message: String
        var notes: [String]
        var source: String?
    }
    struct Case: Decodable, Sendable {
        var index: Int
        var file: String
        var name: String
        var status: String
        var ticks: Int
        var time: Double?
        var work: Int
        var duration: Double?
        var failures: [Failure]
        var diagnostics: [Diagnostic]
        var trace: [String]?
        var scene: String?
        var outcome: String?
        var parameters: [String: Double]?
    }
    var version: Int
    var scenerun: String?
    var run: Run
    var cases: [Case]
    var sweeps: [Sweep]?
    var timestamp: String?
}

extension ReportDocument.Case {
    /// Why a case cannot be read back: the key of the case it concerns, and the message.
    struct Unreadable: Error {
        var key: String
        var message: String
    }

    /// The case as the run's result: what every reporter reads of it.
    func result(axes: [String: ReportDocument.Sweep]) throws(Unreadable) -> CaseResult {
        guard let st = CaseStatus(rawValue: status) else {
            throw Unreadable(
                key: "status", message: "case \(index) has an unknown status '\(escapeForTerminal(status))'")
        }
        // The source lines the failures point at, by file (the scene's own and the parts it
        // includes) and line: the reports show them. (Not texts padded with empty lines up to the
        // last: a line of 1 048 576 would cost megabytes.)
        var known: [String: [Int: String]] = [:]
        for f in failures { if let s = f.source { known[f.path, default: [:]][f.line] = s } }
        for d in diagnostics { if let s = d.source { known[d.path, default: [:]][d.line] = s } }
        var r = CaseResult(
            file: file, name: name, status: st,
            failures: failures.map {
                Results.Failure(
                    location: SourceLocation(file: $0.path, line: $0.line, column: $0.column), message: $0.message,
                    expected: $0.expected.observed, actual: $0.actual.observed, tolerance: $0.tolerance, time: $0.time)
            },
            diagnostics: diagnostics.map {
                Diagnostics.Diagnostic(
                    $0.message, at: SourceLocation(file: $0.path, line: $0.line, column: $0.column), notes: $0.notes)
            },
            time: time ?? .nan, ticks: ticks, trace: trace ?? [])
        r.sourceLines = known
        r.work = work
        r.index = index
        if let scene {
            guard let sweep = axes[file + "\u{0}" + scene] else {
                throw Unreadable(
                    key: "scene",
                    message: "case \(index) is swept from `\(escapeForTerminal(scene))`, which `sweeps` lacks")
            }
            // Every parameter of its sweep has a value (the reports write each one: NaN, for one
            // missing, is no number JSON holds).
            if let missing = sweep.parameters.first(where: { parameters?[$0.name] == nil }) {
                throw Unreadable(
                    key: "parameters",
                    message:
                        "case \(index) has no value for `\(escapeForTerminal(missing.name))`, a parameter of its sweep")
            }
            r.sweep = SweepInfo(
                scene: scene, outcomeText: sweep.outcome,
                parameters: sweep.parameters.map {
                    .init(name: $0.name, value: parameters?[$0.name] ?? .nan, values: $0.values)
                },
                outcome: outcome)
        }
        return r
    }
}
