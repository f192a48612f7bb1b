import Diagnostics
import RecordMode
import Results

/// Record mode: rewrites the observed values into the scene files, atomically, and prints each
/// change as `file:line: old → new` and each expectation it left alone with why. Returns 0 when
/// every failure was rewritten, else the run's exit code.
func record(_ results: [CaseResult], scope: ExpectationRewriter.Scope, console: Console) -> Int32 {
    var sources: [String: String] = [:]
    for r in results { if let s = r.source { sources[r.file] = s } }
    let plan = ExpectationRewriter.plan(results, scope: scope, sources: sources)
    var failed: OutputError?
    for (file, edits) in plan.edits.sorted(by: { $0.key < $1.key }) where !edits.isEmpty {
        guard let text = sources[file] else { continue }
        do { try writeAtomically(ExpectationRewriter.apply(edits, to: text), to: file) } catch {
            console.err(error.message)
            if failed == nil { failed = error }
        }
    }
    var out = plan.summary.map { escapeForTerminal($0) + "\n" }.joined()
    for (loc, why) in plan.leftAlone { out += escapeForTerminal("\(loc): left alone: \(why)") + "\n" }
    let changed = plan.edits.values.reduce(0) { $0 + $1.count }
    let files = plan.edits.values.filter { !$0.isEmpty }.count
    out +=
        "\(changed) value\(changed == 1 ? "" : "s") rewritten in \(files) file(s)"
        + (plan.leftAlone.isEmpty ? "" : ", \(plan.leftAlone.count) left alone") + "\n"
    do { try console.out(out) } catch { console.err(error.message); return error.code }
    if let f = failed { return f.code }
    let invalid = results.contains { $0.status == .invalid }
    return invalid || !plan.leftAlone.isEmpty ? outcomeExitCode(for: results) : Exit.passed
}
