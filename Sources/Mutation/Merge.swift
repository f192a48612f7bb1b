import Diagnostics
import Driver
import Foundation

/// `mutate`'s reports, for `MergeRequest.otherKinds`: `scenerun merge` hands them to
/// `mergeMutation`.
public let mutateReports = OtherReportKind(
    recognises: isMutationReport, merge: { request, console in mergeMutation(request, console: console) })

/// Whether the file at `path` is `scenerun mutate`'s JSON report (`"kind": "mutate"`): `merge`
/// hands those to `mergeMutation`.
func isMutationReport(_ path: String) -> Bool {
    guard let bytes = try? readReportBytes(path),
        let doc = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
    else { return false }
    return doc["kind"] as? String == "mutate"
}

/// `scenerun merge` of the JSON reports of `mutate --shard i/n`: the text report (and `--json`)
/// the unsharded run writes, byte for byte, and its exit code. Reports of different runs, that
/// overlap or miss a mutant exit 2, naming the file.
public func mergeMutation(_ request: MergeRequest, console: Console) -> Int32 {
    if request.format != .text || request.reports.contains(where: { $0.format != .json }) {
        console.err("the reports of `scenerun mutate` merge into its text report and --json only")
        return Exit.usage
    }
    let json = request.reports.last?.path
    let (inputs, minScore) = (request.inputs, request.minScore)
    if let j = json, let code = checkDestinations([ReportRequest(format: .json, path: j)], console: console) {
        return code
    }
    let merged: MutationReport
    do { merged = try mergeMutationReports(inputs) } catch {
        say(error, console)
        return Exit.invalid
    }
    return emitMutation(merged, json: json, minScore: minScore, console: console)
}

/// Reads and combines the shards' reports. Every error about one report is located in it.
func mergeMutationReports(_ paths: [String]) throws(MergeError) -> MutationReport {
    var merged: MutationReport?
    var owner: [Int: String] = [:]
    for p in paths {
        let (r, bytes) = try readMutationReport(p)
        func at(_ value: JSONPath, _ message: String) -> MergeError {
            let place = JSONLocator.nearest(value, in: bytes)
            return MergeError(path: p, message: message, line: place.line, column: place.column)
        }
        if var m = merged {
            let differs =
                r.version != m.version
                ? "scenerun" : r.operators != m.operators ? "operators" : r.files != m.files ? "files" : nil
            if let key = differs {
                throw at(
                    [.key(key)],
                    "a mutate report of another run than \(escapeForTerminal(paths[0])) (other scenes, operators, "
                        + "--max-mutants or scenerun version)")
            }
            m.outcomes += r.outcomes
            merged = m
        } else {
            merged = r
        }
        for (k, o) in r.outcomes.enumerated() {
            if let other = owner[o.index] {
                throw at(
                    [.key("mutants"), .index(k), .key("index")],
                    "mutant \(o.index) (\(escapeForTerminal(o.id))) is also in \(escapeForTerminal(other)): "
                        + "the reports overlap")
            }
            owner[o.index] = p
        }
    }
    guard var m = merged else { throw MergeError(path: nil, message: "name at least one JSON report") }
    // Each report's mutants are in 0..<total (readMutationReport): the first missing one is found
    // within owner.count + 1 steps.
    let total = m.files.reduce(0) { $0 + $1.mutants }
    if let missing = (0...owner.count).first(where: { owner[$0] == nil }), missing < total {
        throw MergeError(
            path: nil,
            message:
                "\(paths.map { escapeForTerminal($0) }.joined(separator: ", ")): \(total - owner.count) of the run's "
                + "\(total) mutants are missing (the first is mutant \(missing)); merge the report of every shard")
    }
    m.outcomes.sort { $0.index < $1.index }
    m.shard = nil
    return m
}

/// One mutate report, read back into what wrote it, and its bytes. Every number is range-checked
/// (counts ≥ 0 and summing to an `Int`, each mutant's index below the total, its line a line of a
/// scene and its column inside its source line); every error is located in the file.
func readMutationReport(_ path: String) throws(MergeError) -> (MutationReport, [UInt8]) {
    let bytes = try readReportBytes(path)
    func bad(_ at: JSONPath, _ why: String) -> MergeError {
        let place = JSONLocator.nearest(at, in: bytes)
        return MergeError(
            path: path, message: "not a scenerun mutate report: \(why)", line: place.line, column: place.column)
    }
    if let s = JSONLocator.syntaxError(in: bytes) {
        throw MergeError(
            path: path, message: "not a scenerun mutate report (\(s.what))", line: s.line, column: s.column)
    }
    guard let doc = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
        throw bad([], "not a JSON object")
    }
    guard doc["kind"] as? String == "mutate" else { throw bad([.key("kind")], "`kind` is not \"mutate\"") }
    guard doc["version"] as? Int == 3 else { throw bad([.key("version")], "`version` is not 3") }
    guard let version = doc["scenerun"] as? String, let ops = doc["operators"] as? [String],
        let files = doc["files"] as? [[String: Any]], let mutants = doc["mutants"] as? [[String: Any]]
    else {
        let key = ["scenerun", "operators", "files", "mutants"].first { doc[$0] == nil } ?? ""
        throw bad(key.isEmpty ? [] : [.key(key)], key.isEmpty ? "a key has the wrong type" : "`\(key)` is missing")
    }
    var r = MutationReport(version: version, operators: ops, shard: doc["shard"] as? String)
    var total = 0
    for (k, f) in files.enumerated() {
        let at: JSONPath = [.key("files"), .index(k)]
        guard let file = f["file"] as? String, let n = f["mutants"] as? Int else {
            throw bad(at, "a file without a name or a count of mutants")
        }
        let (sum, overflow) = total.addingReportingOverflow(n)
        guard n >= 0 else { throw bad(at + [.key("mutants")], "\(n) is not a count of mutants") }
        guard !overflow else {
            throw bad(at + [.key("mutants")], "the files' counts of mutants add up past \(Int.max)")
        }
        total = sum
        let problem = (f["problem"] as? String).flatMap(MutatedFile.Problem.init(rawValue:))
        guard let left = f["leftOut"] as? Int, left >= 0 else {
            throw bad(at + [.key("leftOut")], "a file without a count of mutants left out")
        }
        r.files.append(
            MutatedFile(file: file, mutants: n, problem: problem, message: f["message"] as? String, leftOut: left))
    }
    for (k, m) in mutants.enumerated() {
        let at: JSONPath = [.key("mutants"), .index(k)]
        guard let index = m["index"] as? Int, let id = m["id"] as? String, let file = m["file"] as? String,
            let line = m["line"] as? Int, let column = m["column"] as? Int, let op = m["operator"] as? String,
            let change = m["change"] as? String, let original = m["original"] as? String,
            let mutated = m["mutated"] as? String,
            let status = (m["status"] as? String).flatMap(MutantStatus.init(rawValue:)),
            let failing = m["failingCases"] as? [String], let sourceLine = m["sourceLine"] as? String
        else { throw bad(at, "mutant \(m["index"] ?? "?") lacks a key") }
        guard index >= 0 && index < total else {
            throw bad(at + [.key("index")], "mutant \(index) is outside the run's \(total) mutants")
        }
        guard line >= 1 && line <= ReportLimits.line else {
            throw bad(at + [.key("line")], "line \(line) is not a line of a scene (1 to \(ReportLimits.line))")
        }
        guard column >= 1 && column <= sourceLine.unicodeScalars.count + 1 else {
            throw bad(
                at + [.key("column")],
                "column \(column) is not a column of its source line, which has \(sourceLine.unicodeScalars.count) "
                    + "characters")
        }
        var o = MutantOutcome(
            index: index, id: id, location: SourceLocation(file: file, line: line, column: column), op: op,
            change: change, original: original, mutated: mutated, status: status, failingCases: failing,
            detail: m["detail"] as? String, sourceLine: sourceLine)
        if let d = m["difference"] as? [String: Any] {
            guard let name = d["case"] as? String, let first = runValue(d["first"]),
                let largest = runValue(d["largest"])
            else { throw bad(at + [.key("difference")], "mutant \(index)'s difference lacks a key") }
            o.difference = RunDifference(caseName: name, first: first, largest: largest)
        }
        if let c = m["claim"] as? [String: Any] {
            guard let l = c["line"] as? Int, let col = c["column"] as? Int, l >= 1, l <= ReportLimits.line, col >= 1,
                col <= ReportLimits.line
            else { throw bad(at + [.key("claim")], "mutant \(index)'s claim is not a line and column") }
            o.claim = SourceLocation(file: file, line: l, column: col)
        }
        r.outcomes.append(o)
    }
    return (r, bytes)
}

/// A value of a first difference read back (`differenceJSON`), or nil.
func runValue(_ any: Any?) -> RunDifference.Value? {
    guard let v = any as? [String: Any], let t = v["time"] as? Double, t.isFinite, let name = v["name"] as? String,
        let original = v["original"] as? String, let mutated = v["mutated"] as? String, let by = v["by"] as? String
    else { return nil }
    return RunDifference.Value(time: t, name: name, original: original, mutated: mutated, by: by)
}
