import Diagnostics
import RecordMode
import Results
import SceneLoader
import SceneModel

/// Record mode: rewrites the observed values into the scene files and prints each change as
/// `file:line: old → new` and each expectation it left alone with why.
///
/// Each file is edited as bytes at the positions the parser reported, the edited text is parsed
/// again and must be the old document with exactly the intended scalars changed, and the file is
/// replaced atomically only if it still holds the bytes the run read (`replaceScene`); otherwise
/// nothing is written to it and the refusal is an error naming the case. Exit code: 73/74 when a
/// file could not be written, else 2 when a case is invalid, else 1 when a failure was not
/// rewritten (left alone, or its file refused), else 0.
func record(
    _ results: [CaseResult], loaded: [Loaded], selection: Selection, scope: ExpectationRewriter.Scope,
    console: Console
) -> Int32 {
    // The files as read, by the name results carry; two files that show as one name (file names
    // that are not UTF-8) are not told apart, so neither is edited.
    var files: [String: (path: FilePath, bytes: [UInt8])] = [:]
    var ambiguous: Set<String> = []
    for l in loaded {
        guard let f = l.file else { continue }
        if let other = files[f.path.display], other.path != f.path { ambiguous.insert(f.path.display) }
        files[f.path.display] = f
    }
    for name in ambiguous { files[name] = nil }
    var sources: [String: SourceText] = [:]
    for (name, f) in files { sources[name] = SourceText(bytes: f.bytes) }
    let elsewhere = selection.filter == nil && selection.shard == nil ? [:] : readElsewhere(results, files, selection)
    let plan = ExpectationRewriter.plan(results, scope: scope, sources: sources, readElsewhere: elsewhere)

    var written = ExpectationRewriter.Plan()
    var refused = false
    var outputFailure: OutputError?
    for (name, edits) in plan.edits.sorted(by: { $0.key < $1.key }) where !edits.isEmpty {
        guard let f = files[name], let source = sources[name] else { continue }  // every planned file has both
        let first = edits.min { $0.range.lowerBound < $1.range.lowerBound }!  // edits is not empty
        func refuse(_ at: SourceLocation, _ why: String) {
            console.err(
                escapeForTerminal("\(at): record mode did not rewrite \(name) (case \(first.caseName)): \(why)"))
            refused = true
        }
        let newBytes: [UInt8]
        switch ExpectationRewriter.rewrite(edits, in: source) {
        case .success(let b): newBytes = b
        case .failure(let r):
            refuse(r.location, r.why)
            continue
        }
        do throws(SceneWriteError) {
            try replaceScene(f.path, expected: f.bytes, with: newBytes)
            written.edits[name] = edits
        } catch {
            refuse(first.location, error.message)
            if outputFailure == nil { outputFailure = error.output }
        }
    }
    var out = written.summary.map { escapeForTerminal($0) + "\n" }.joined()
    for l in plan.leftAlone { out += escapeForTerminal("\(l.location): left alone: \(l.why)") + "\n" }
    let changed = written.edits.values.reduce(0) { $0 + $1.count }
    out +=
        "\(changed) value\(changed == 1 ? "" : "s") rewritten in \(written.edits.count) file(s)"
        + (plan.leftAlone.isEmpty ? "" : ", \(plan.leftAlone.count) left alone") + "\n"
    do throws(OutputError) { try console.out(out) } catch {
        console.err(error.message)
        return error.code
    }
    if let f = outputFailure { return f.code }
    if results.contains(where: { $0.status == .invalid }) { return Exit.invalid }
    return refused || plan.leftAlone.contains(where: \.failing) ? Exit.failed : Exit.passed
}

/// The value expectations that cases outside the run (not selected by `--filter` or `--shard`)
/// read, each with the name of one such case: record mode must not change what they check.
func readElsewhere(
    _ results: [CaseResult], _ files: [String: (path: FilePath, bytes: [UInt8])], _ selection: Selection
) -> [SourceLocation: String] {
    var ran: [String: Set<String>] = [:]
    for r in results { ran[r.file, default: []].insert(r.name) }
    var out: [SourceLocation: String] = [:]
    for (name, f) in files.sorted(by: { $0.key < $1.key }) {
        let parts = PartReader(limit: selection.limits.fileSize)
        guard
            let cases = try? SceneFile.load(
                path: name, bytes: f.bytes, limits: selection.limits, includes: parts.reader)
        else { continue }
        for c in cases where !(ran[name]?.contains(c.name) ?? false) {
            for loc in valueLocations(c) where out[loc] == nil { out[loc] = c.name }
        }
    }
    return out
}

/// Where a case's value expectations are written (the top-level `expect` and every checkpoint).
func valueLocations(_ scene: Scene) -> [SourceLocation] {
    var all = scene.expect.map { [$0] } ?? []
    for step in scene.script { if case .expect(let e) = step { all.append(e) } }
    return all.flatMap { e in
        e.transitions.map(\.location) + e.views.map(\.location) + e.events.map(\.location)
            + [e.rest?.1, e.restBy?.1].compactMap { $0 }
    }
}
