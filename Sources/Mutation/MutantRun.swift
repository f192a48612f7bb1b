import Diagnostics
import Driver
import Expressions
import Foundation
import Reports
import Results
import SceneLoader
import SceneModel
import SceneRunner

/// A mutant's cases stop at their first failure (the outcome needs no more: a case that timed
/// out is one whose first failure is a `waitFor` timing out, or that ran past these limits).
/// A mutant's cases may run twice the simulated time of the file's longest original case plus
/// two of its `world.timeout`s (so that a `waitFor` the mutant never satisfies times out as the
/// scene says), and four times its engine work: beyond that the mutant is killed by timeout.
func mutantLimits(_ originals: [CaseResult], cases: [Scene]) -> RunLimits {
    var l = RunLimits()
    l.recordTicks = false
    l.recordTrace = false
    l.stopAtFirstFailure = true
    let time = originals.map(\.time).max() ?? 0
    let timeout = cases.map(\.world.timeout).max() ?? 10
    let work = originals.map(\.work).max() ?? 0
    l.sceneTime = Swift.min(l.sceneTime, 2 * time + 2 * timeout + 1)
    l.work = Swift.min(l.work, 4 * work + 100_000)
    return l
}

/// Loads and runs one mutant (the cases of its file that reach its site); the outcome and the
/// cases' results. A passing case's run is compared with the original's tick by tick: a survivor
/// is `unasserted` when one differs (the first such case in file order names the difference),
/// `unobserved` when none does.
func runMutant(
    _ m: Mutant, index: Int, _ w: FileWork, replay: Bool, first: String? = nil
) -> (
    MutantOutcome, [CaseResult]
) {
    var o = MutantOutcome(
        index: index, id: m.id, location: m.location, op: m.op.rawValue, change: m.change, original: m.original,
        mutated: m.mutated, status: .unobserved, sourceLine: w.line(m.location.line))
    var cases: [Scene]
    do {
        if let c = w.composed {
            cases = try SceneFile.load(c, edits: m.edits, includes: SceneFile.reader(w.parts))
        } else {
            cases = try SceneFile.load(
                path: w.file, text: w.text, limits: w.loadLimits, edits: m.edits, includes: SceneFile.reader(w.parts))
        }
        _ = w.applyVars(to: &cases)  // the original took them; a mutant changes no var
    } catch {
        o.status = .invalid
        o.detail = error.diagnostics.first.map { "\($0.location): \($0.message)" }
        return (o, [])
    }
    var limits = w.limits
    limits.recordReplay = replay
    limits.recordTrace = replay
    limits.stopAtFirstFailure = !replay  // a survivor's replay page shows its whole run
    var results: [CaseResult] = []
    var killed: [String] = []
    var timedOut: [String] = []
    var differences: [(Int, RunDifference)] = []
    // The cases that reach the mutant's site (run its rule, add its behaviour): only they can
    // tell it apart (the others run as the original's up to the end, the mutated value never
    // read).
    let covers = cases.indices.map { i in
        (m.site.map { i >= w.firstReached.count || w.firstReached[i][$0] != nil } ?? true)
            && (m.behavior.map { i >= w.firstAdded.count || w.firstAdded[i][$0] != nil } ?? true)
            && (m.part.map { i >= w.firstUsed.count || w.firstUsed[i][$0] != nil } ?? true)
    }
    // The case that killed the previous mutant of the site first (it is the likeliest to kill
    // this one), then the others, the shortest first (by the original's ticks; file order among
    // equals): a passing case runs to its end, so a killer found after short cases costs less.
    var order = Array(cases.indices)
    if w.optimise && !replay {  // a survivor's replay runs every case, in file order
        func ticks(_ i: Int) -> Int { i < w.originals.count ? w.originals[i].ticks : Int.max }
        order.sort { (ticks($0), $0) < (ticks($1), $1) }
    }
    if let name = first, let k = cases.firstIndex(where: { $0.name == name }) {
        order.removeAll { $0 == k }
        order.insert(k, at: 0)
    }
    for i in order {
        let c = cases[i]
        if !covers[i] && w.optimise { continue }
        // A case the mutant provably runs as the original (`ReadWatch`): it passes, tick for tick
        // the same (a replay runs it, to show it).
        if w.optimise && !replay && i < w.unchanged.count && w.unchanged[i].contains(m.id) { continue }
        // One failing case kills the mutant: the rest are not run (a replay runs them all).
        if !killed.isEmpty && !replay { break }
        // Once a case's run differs, the others need not be compared (only run, to find a kill).
        let compare = i < (differences.map(\.0).min() ?? cases.count) && i < w.states.count
        // A `finalFrame` written as numbers, with a positive size, in the case's scene: the run
        // is the original's up to the first read of the transition's frames (none: the whole run).
        let viaFrames = w.optimise && !replay && m.frames.map { literalFinalFrame($0, in: c) } == true
        // (`checksSharing`: the case run whole, its states logged when `logged`.)
        func whole(logged: Bool) -> (CaseResult, StateLog?) {
            var l = limits
            let states = logged ? StateLog() : nil
            l.states = states
            return (CaseRunner.run(c, limits: l), states)
        }
        if viaFrames && w.framesUnread(m, case: i) {
            if let check = w.checksSharing, i < w.states.count, case let (r, log?) = whole(logged: true) {
                check.compare(m, c, unread: r, log, original: w.states[i])
            }
            continue
        }
        // The part of the run before the mutated value is first read is the original's: it resumes
        // from the original's copy there, its states up to there the original's.
        let start = replay ? nil : w.sharedStart(m, case: i, viaFrames: viaFrames)
        let states = compare ? start.map { w.states[i].prefix($0.ticks) } ?? StateLog() : StateLog()
        limits.states = compare ? states : nil
        var r: CaseResult
        if let start {
            r = CaseRunner.resume(start, scene: c, limits: limits)
            if let check = w.checksSharing {
                let (wr, log) = whole(logged: compare)
                check.compare(m, c, resumed: r, compare ? states : nil, whole: wr, log, from: start)
            }
        } else {
            r = CaseRunner.run(c, limits: limits)
        }
        r.index = i
        results.append(r)
        if r.status == .passed {
            if compare, let d = difference(case: c.name, original: w.states[i], mutant: states) {
                differences.append((i, d))
            }
            continue
        }
        let message = r.diagnostics.first?.message ?? ""
        let limit = message.contains("--max-ticks") || message.contains("--max-work")
        if limit || r.failures.contains(where: { $0.message.hasPrefix("timed out after") }) {
            timedOut.append(c.name)
        } else {
            killed.append(c.name)
        }
    }
    o.failingCases = results.filter { $0.status != .passed }.map(\.name)
    // The first case in file order whose run differs.
    o.difference = differences.min { $0.0 < $1.0 }?.1
    if !killed.isEmpty {
        o.status = .killed
        o.difference = nil
    } else if let first = timedOut.first {
        o.status = .timeout
        o.detail = "\(first) timed out"
        o.difference = nil
    } else if let reason = w.plan.equivalent[m.location.line] {
        // An `equivalent` comment explains the survivors of its line; a mutant the scene kills
        // stays killed whatever the comment says, so that a comment never hides a kill nor
        // claims a mutant the cases tell apart. One whose run differs keeps its difference: the
        // claim is probably wrong (a warning at the comment).
        o.status = .equivalent
        o.detail = reason
        o.claim = SourceLocation(
            file: w.file, line: m.location.line, column: w.plan.equivalentColumns[m.location.line] ?? 1)
    } else if o.difference != nil {
        o.status = .unasserted
    } else if !covers.contains(true) {
        o.status = .noCoverage
    }
    return (o, results)
}

/// Whether transition `name`'s `finalFrame` in `scene` is written as numbers, with a positive size.
func literalFinalFrame(_ name: String, in scene: Scene) -> Bool {
    scene.transitions.first { $0.name == name }?.literalFinalFrame != nil
}

extension FileWork {
    /// Line `n` (1-based) of the file, counted as the YAML parser counts lines (split once per
    /// file, not once per mutant).
    func line(_ n: Int) -> String { n >= 1 && n <= lines.count ? lines[n - 1] : "" }
}
