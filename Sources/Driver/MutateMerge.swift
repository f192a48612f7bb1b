import Diagnostics
import Foundation

/// Whether the file at `path` is `scenerun mutate`'s JSON report (`"kind": "mutate"`): `merge`
/// hands those to `mergeMutation`.
func isMutationReport(_ path: String) -> Bool {
    guard case .success(let bytes) = readSceneFile(FilePath(argument: path), limit: Int.max / 2),
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
        console.err(error.description)
        return Exit.invalid
    }
    return emitMutation(merged, json: json, minScore: minScore, console: console)
}

/// Reads and combines the shards' reports.
func mergeMutationReports(_ paths: [String]) throws(MergeError) -> MutationReport {
    var merged: MutationReport?
    var owner: [Int: String] = [:]
    for p in paths {
        let r = try readMutationReport(p)
        if var m = merged {
            if r.version != m.version || r.operators != m.operators || r.files != m.files {
                throw MergeError(
                    path: p,
                    message:
                        "a mutate report of another run than \(escapeForTerminal(paths[0])) (other scenes, operators, "
                        + "--max-mutants or scenerun version)")
            }
            m.outcomes += r.outcomes
            merged = m
        } else {
            merged = r
        }
        for o in r.outcomes {
            if let other = owner[o.index] {
                throw MergeError(
                    path: p,
                    message: "mutant \(o.index) (\(escapeForTerminal(o.id))) is also in \(escapeForTerminal(other)): "
                        + "the reports overlap")
            }
            owner[o.index] = p
        }
    }
    guard var m = merged else { throw MergeError(path: nil, message: "name at least one JSON report") }
    let total = m.files.map(\.mutants).reduce(0, +)
    if let missing = (0..<total).first(where: { owner[$0] == nil }) {
        throw MergeError(
            path: nil,
            message:
                "\(total - owner.count) of the run's \(total) mutants are missing (the first is mutant \(missing)); "
                + "merge the report of every shard")
    }
    m.outcomes.sort { $0.index < $1.index }
    m.shard = nil
    return m
}

/// One mutate report, read back into what wrote it.
func readMutationReport(_ path: String) throws(MergeError) -> MutationReport {
    func bad(_ why: String) -> MergeError { MergeError(path: path, message: "not a scenerun mutate report: \(why)") }
    guard case .success(let bytes) = readSceneFile(FilePath(argument: path), limit: Int.max / 2) else {
        throw MergeError(path: path, message: "cannot read the report")
    }
    guard let doc = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
        throw bad("not a JSON object")
    }
    guard doc["kind"] as? String == "mutate", doc["version"] as? Int == 1, let version = doc["scenerun"] as? String,
        let ops = doc["operators"] as? [String], let files = doc["files"] as? [[String: Any]],
        let mutants = doc["mutants"] as? [[String: Any]]
    else { throw bad("a key is missing or of the wrong type") }
    var r = MutationReport(version: version, operators: ops, shard: doc["shard"] as? String)
    for f in files {
        guard let file = f["file"] as? String, let n = f["mutants"] as? Int else { throw bad("a file without a name") }
        let problem = (f["problem"] as? String).flatMap(MutatedFile.Problem.init(rawValue:))
        r.files.append(MutatedFile(file: file, mutants: n, problem: problem, message: f["message"] as? String))
    }
    for m in mutants {
        guard let index = m["index"] as? Int, let id = m["id"] as? String, let file = m["file"] as? String,
            let line = m["line"] as? Int, let column = m["column"] as? Int, let op = m["operator"] as? String,
            let change = m["change"] as? String, let original = m["original"] as? String,
            let mutated = m["mutated"] as? String,
            let status = (m["status"] as? String).flatMap(MutantStatus.init(rawValue:)),
            let failing = m["failingCases"] as? [String], let sourceLine = m["sourceLine"] as? String
        else { throw bad("mutant \(m["index"] ?? "?") lacks a key") }
        r.outcomes.append(
            MutantOutcome(
                index: index, id: id, location: SourceLocation(file: file, line: line, column: column), op: op,
                change: change, original: original, mutated: mutated, status: status, failingCases: failing,
                detail: m["detail"] as? String, sourceLine: sourceLine))
    }
    return r
}
