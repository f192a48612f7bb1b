import Diagnostics
import Driver
import Expressions
import Foundation
import Reports
import Results

/// The counts of one file (or of all) and its score: killed / (mutants − invalid − equivalent).
struct MutationCounts: Equatable {
    var mutants = 0, killed = 0, timeout = 0, unasserted = 0, unobserved = 0, noCoverage = 0, invalid = 0
    var equivalent = 0
    init(_ outcomes: [MutantOutcome]) {
        for o in outcomes {
            mutants += 1
            switch o.status {
            case .killed: killed += 1
            case .timeout: killed += 1; timeout += 1
            case .unasserted: unasserted += 1
            case .unobserved: unobserved += 1
            case .noCoverage: noCoverage += 1
            case .invalid: invalid += 1
            case .equivalent: equivalent += 1
            }
        }
    }
    /// The survivors every case runs (unasserted and unobserved; without coverage apart).
    var survived: Int { unasserted + unobserved }
    /// Killed (timeouts included) and survived (without coverage included): the mutants the
    /// score counts.
    var counted: Int { killed + survived + noCoverage }
    /// The score in percent, nil when no mutant counts.
    var percent: Double? { counted == 0 ? nil : 100 * Double(killed) / Double(counted) }

    var text: String {
        var how: [String] = []
        if unasserted > 0 { how.append("\(unasserted) unasserted") }
        if unobserved > 0 { how.append("\(unobserved) unobserved") }
        var parts = [
            "\(killed) killed" + (timeout > 0 ? " (\(timeout) by timeout)" : ""),
            "\(survived) survived" + (how.isEmpty ? "" : " (\(how.joined(separator: ", ")))"),
        ]
        if noCoverage > 0 { parts.append("\(noCoverage) without coverage") }
        if invalid > 0 { parts.append("\(invalid) invalid") }
        if equivalent > 0 { parts.append("\(equivalent) equivalent") }
        let score = percent.map { "score \(killed)/\(counted) = \(String(format: "%.1f", $0)) %" } ?? "no score"
        return "\(mutants) mutant\(mutants == 1 ? "" : "s"): \(parts.joined(separator: ", ")); \(score)"
    }
}

/// The text report: each survivor in compiler form with its source line and a caret, then each
/// mutant no case reaches (the same form), then the timeouts, invalid and equivalent mutants
/// one per line, then each file's score and the total.
func mutationText(_ report: MutationReport, minScore: Double?) -> String {
    var out = ""
    for f in report.files where f.problem != nil { out += problemText(f) }
    func caret(_ o: MutantOutcome) -> String {
        let d = Diagnostic("", at: SourceLocation(file: o.location.file, line: 1, column: o.location.column))
        return d.rendered(sourceText: o.sourceLine).split(separator: "\n", omittingEmptySubsequences: false)
            .dropFirst().joined(separator: "\n")
    }
    for o in report.outcomes where o.status == .unasserted {
        let d = o.difference.map { " — \($0.text); nothing asserts it" } ?? ""
        out += "\(o.location): unasserted: \(o.op) \(o.change)\(d)\n\(caret(o))\n"
    }
    for o in report.outcomes where o.status == .unobserved {
        out += "\(o.location): unobserved: \(o.op) \(o.change) — no case's run changes: the change needs a new "
        out += "case, not a new expectation (if no case can tell it apart, say why in an `equivalent` comment)\n"
        out += "\(caret(o))\n"
    }
    for o in report.outcomes where o.status == .noCoverage {
        out += "\(o.location): noCoverage: \(o.op) \(o.change) — no case reaches this: add a case that does\n"
        out += "\(caret(o))\n"
    }
    for o in report.outcomes where o.status == .timeout || o.status == .invalid || o.status == .equivalent {
        let why = o.detail.map { o.status == .equivalent ? " — \($0)" : ": \($0)" } ?? ""
        out += "\(o.location): \(o.status.rawValue): \(o.op) \(o.change)\(why)\n"
    }
    out += claimWarnings(report).map { $0 + "\n" }.joined()
    if !report.outcomes.isEmpty || report.files.contains(where: { $0.problem == nil }) { out += "\n" }
    for f in report.files where f.problem == nil {
        let c = MutationCounts(report.outcomes.filter { $0.location.file == f.file })
        let left = f.leftOut > 0 ? "; \(f.leftOut) more left out by --max-mutants" : ""
        out += "\(f.file): \(c.text)\(left)\n"
    }
    let all = MutationCounts(report.outcomes)
    let shard = report.shard.map { " (shard \($0))" } ?? ""
    let leftOut = report.files.reduce(0) { $0 + $1.leftOut }
    let left = leftOut > 0 ? "; \(leftOut) more left out by --max-mutants" : ""
    out += "total\(shard): \(all.text)\(left)\n"
    for f in belowScore(report, minScore) {
        out += "\(f): below --min-score \(shortestNumber(minScore ?? 0)) %\n"
    }
    return out
}

/// A warning at each `equivalent` comment that claims a mutant whose run differs from the
/// original's: `s.yaml:7:50: warning: the \`equivalent\` claim does not hold for number ×0.5
/// (s.yaml:7:36): case "drop" differs from t = …`.
func claimWarnings(_ report: MutationReport) -> [String] {
    report.outcomes.compactMap { o in
        guard o.status == .equivalent, let d = o.difference, let at = o.claim else { return nil }
        return "\(at): warning: the `equivalent` claim does not hold for \(o.op) \(o.change) (\(o.location)): "
            + "\(d.text); assert it, or correct the claim"
    }
}

/// Why a file has no mutants: `file: invalid scene:` and its diagnostics.
func problemText(_ f: MutatedFile) -> String {
    "\(f.file): \(f.problem == .invalid ? "invalid scene" : "failing scene"):\n\(f.message ?? "")\n"
}

/// The files whose score is below `minScore`.
func belowScore(_ report: MutationReport, _ minScore: Double?) -> [String] {
    guard let m = minScore else { return [] }
    return report.files.filter { f in
        guard let p = MutationCounts(report.outcomes.filter { $0.location.file == f.file }).percent else {
            return false
        }
        return p < m
    }.map(\.file)
}

/// 2 when a scene is invalid, 1 when one fails unmutated or a score is below `--min-score`.
func mutationExitCode(_ report: MutationReport, minScore: Double?) -> Int32 {
    if report.files.contains(where: { $0.problem == .invalid }) { return Exit.invalid }
    if report.files.contains(where: { $0.problem == .failing }) || !belowScore(report, minScore).isEmpty {
        return Exit.failed
    }
    return Exit.passed
}

/// The JSON report (schema/mutate.schema.json): every mutant with its outcome.
func mutationJSON(_ report: MutationReport) -> String {
    func s(_ x: String?) -> String { x.map { jsonString($0) } ?? "null" }
    var o = "{\n  \"version\": 3,\n  \"kind\": \"mutate\",\n  \"scenerun\": \(s(report.version)),\n"
    o += "  \"operators\": [\(report.operators.map { s($0) }.joined(separator: ", "))],\n"
    o += "  \"shard\": \(s(report.shard)),\n  \"files\": ["
    o +=
        report.files.map { f in
            let c = MutationCounts(report.outcomes.filter { $0.location.file == f.file })
            let score = c.percent.map { shortestNumber($0 / 100) } ?? "null"
            return "\n    {\"file\": \(s(f.file)), \"mutants\": \(f.mutants), \"problem\": \(s(f.problem?.rawValue)), "
                + "\"message\": \(s(f.message)), \"killed\": \(c.killed), \"timeout\": \(c.timeout), "
                + "\"survived\": \(c.survived), \"unasserted\": \(c.unasserted), \"unobserved\": \(c.unobserved), "
                + "\"noCoverage\": \(c.noCoverage), \"invalid\": \(c.invalid), "
                + "\"equivalent\": \(c.equivalent), \"leftOut\": \(f.leftOut), "
                + "\"score\": \(score)}"
        }.joined(separator: ",") + (report.files.isEmpty ? "],\n" : "\n  ],\n")
    o += "  \"mutants\": ["
    o +=
        report.outcomes.map { m in
            "\n    {\"index\": \(m.index), \"id\": \(s(m.id)), \"file\": \(s(m.location.file)), "
                + "\"line\": \(m.location.line), \"column\": \(m.location.column), \"operator\": \(s(m.op)), "
                + "\"change\": \(s(m.change)), \"original\": \(s(m.original)), \"mutated\": \(s(m.mutated)), "
                + "\"status\": \(s(m.status.rawValue)), "
                + "\"failingCases\": [\(m.failingCases.map { s($0) }.joined(separator: ", "))], "
                + "\"detail\": \(s(m.detail)), \"sourceLine\": \(s(m.sourceLine)), "
                + "\"difference\": \(m.difference.map(differenceJSON) ?? "null"), "
                + "\"claim\": \(m.claim.map { "{\"line\": \($0.line), \"column\": \($0.column)}" } ?? "null")}"
        }.joined(separator: ",") + (report.outcomes.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
    return o
}

/// A first difference in the JSON report: the case, the first tick's value and the largest.
func differenceJSON(_ d: RunDifference) -> String {
    func value(_ v: RunDifference.Value) -> String {
        "{\"time\": \(formatFixed(v.time, decimals: 6)), \"name\": \(jsonString(v.name)), "
            + "\"original\": \(jsonString(v.original)), "
            + "\"mutated\": \(jsonString(v.mutated)), \"by\": \(jsonString(v.by))}"
    }
    return "{\"case\": \(jsonString(d.caseName)), \"first\": \(value(d.first)), \"largest\": \(value(d.largest)), "
        + "\"text\": \(jsonString(d.text))}"
}

/// Writes the text report to standard output and the JSON report; the exit code.
func emitMutation(_ report: MutationReport, json: String?, minScore: Double?, console: Console) -> Int32 {
    do throws(OutputError) {
        let text = mutationText(report, minScore: minScore).split(separator: "\n", omittingEmptySubsequences: false)
        try console.out(text.map { escapeForTerminal(String($0)) }.joined(separator: "\n"))
        if let j = json { try writeAtomically(mutationJSON(report), to: j) }
    } catch {
        console.err(error.message)
        return error.code
    }
    return mutationExitCode(report, minScore: minScore)
}

func html(_ s: String) -> String {
    s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
}
