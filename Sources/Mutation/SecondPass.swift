import Diagnostics
import Driver
import Expressions
import Foundation
import Results
import SceneModel
import SceneRunner

/// The second run of each case of a file with mutants, before any mutant runs. It does two
/// things at once:
///
/// - It watches the conditions and values its mutants rewrite (`ReadWatch`), and records per case
///   the mutants that cannot change it (`FileWork.unchanged`): their rewrite was evaluated in some
///   case of the file (so it is a condition, a `set`, `progress:` or `complete:` value or an
///   `after:` delay, read nowhere else) and, in this case, gave the original's value at every
///   evaluation, or was not evaluated. Not for a file with a YAML alias (one scalar could be read
///   in two places).
/// - It keeps a copy of the run at each checkpoint where a mutant's site is first reached in the
///   case (`FileWork.snapshots`): the mutant's run of the case is the original's up to there, so it
///   resumes from the copy instead of running that part again (docs/mutate.md, "Runs a mutant
///   shares with the original").
func secondPass(_ work: inout [FileWork], jobs: Int) {
    var found: [[SourceLocation: [ReadWatch.Rewrite]]] = []
    var wanted: [[Set<Int>]] = []
    for w in work {
        let ok = w.problem == nil
        found.append(ok && !w.plan.aliases ? readRewrites(w.mutants) : [:])
        wanted.append(ok ? w.cases.indices.map { w.sharedCheckpoints(case: $0) } : w.cases.map { _ in [] })
    }
    let parsed = found.map { ReadWatch.Parsed($0) }  // once per file, for all its cases
    let checkpoints = wanted
    let all = work.indices.flatMap { f in
        work[f].cases.indices.filter { !parsed[f].isEmpty || !checkpoints[f][$0].isEmpty }.map { (f, $0) }
    }
    let loaded = work
    let passes = parallelMap(all.count, jobs: jobs) { i -> (ReadWatch?, SnapshotStore?) in
        let (f, c) = all[i]
        var limits = RunLimits()
        limits.recordTicks = false
        limits.recordTrace = false
        let watch = parsed[f].isEmpty ? nil : ReadWatch(parsed[f])
        limits.reads = watch
        let store = checkpoints[f][c].isEmpty ? nil : SnapshotStore(at: checkpoints[f][c])
        limits.snapshots = store
        _ = CaseRunner.run(loaded[f].cases[c], limits: limits)
        return (watch, store)
    }
    var byCase: [Int: [Int: (ReadWatch?, SnapshotStore?)]] = [:]
    for (k, (f, c)) in all.enumerated() { byCase[f, default: [:]][c] = passes[k] }
    for f in work.indices {
        guard let mine = byCase[f] else { continue }
        let cases = work[f].cases.indices
        work[f].snapshots = cases.map { mine[$0]?.1 }
        guard !parsed[f].isEmpty else { continue }
        let watches = cases.compactMap { mine[$0]?.0 }
        let read = watches.reduce(into: Set<Int>()) { $0.formUnion($1.read) }
        work[f].unchanged = watches.map { watch in
            Set(read.subtracting(watch.changed).map { work[f].mutants[$0].id })
        }
    }
}

extension FileWork {
    /// The checkpoint of case `i`'s original run before which nothing `m` changes is read: the
    /// first at which its rule ran, its behaviour was added or its transition, animator or view was
    /// used (the smallest when it has more than one); 0 when it has none of them, or one that was
    /// reached while the case was set up, before its first step: no part of the run is shared.
    /// `viaFrames`, for a mutant of a `finalFrame` written as numbers (`Mutant.frames`): its
    /// transition's frames are first read there, not where it starts (a resumed run takes the
    /// frame from the mutant's scene, `RunTransitions.takeLiteralFinalFrames`).
    func firstCheckpoint(_ m: Mutant, case i: Int, viaFrames: Bool = false) -> Int {
        var k = Int.max
        if let s = m.site {
            guard i < firstReached.count, let c = firstReached[i][s] else { return 0 }
            k = Swift.min(k, c)
        }
        if let b = m.behavior {
            guard i < firstAdded.count, let c = firstAdded[i][b] else { return 0 }
            k = Swift.min(k, c)
        }
        if let p = m.part {
            guard i < firstUsed.count, let c = firstUsed[i][p] else { return 0 }
            if viaFrames, let t = m.frames, c > 0 {
                guard let f = firstUsed[i]["frames.\(t)"] else { return 0 }
                k = Swift.min(k, Swift.max(c, f))
            } else {
                k = Swift.min(k, c)
            }
        }
        return k == Int.max ? 0 : k
    }

    /// Whether a mutant of a `finalFrame` written as numbers (`viaFrames`) runs case `i` as the
    /// original: the case starts the transition after set-up and never reads its frames, so the
    /// value the start evaluates (valid, or the case would not load or resume) is never read.
    func framesUnread(_ m: Mutant, case i: Int) -> Bool {
        guard let t = m.frames, let p = m.part, m.site == nil, m.behavior == nil, i < firstUsed.count,
            let c = firstUsed[i][p], c > 0
        else { return false }
        return firstUsed[i]["frames.\(t)"] == nil
    }

    /// The checkpoints of case `i` that its mutants resume from.
    func sharedCheckpoints(case i: Int) -> Set<Int> {
        guard optimise else { return [] }
        var all = Set(mutants.map { firstCheckpoint($0, case: i) })
        for m in mutants where m.frames != nil { all.insert(firstCheckpoint(m, case: i, viaFrames: true)) }
        return all.filter { $0 > 0 }
    }

    /// The copy of case `i`'s original run that mutant `m`'s run of it resumes from, if any.
    func sharedStart(_ m: Mutant, case i: Int, viaFrames: Bool = false) -> RunSnapshot? {
        guard optimise, i < snapshots.count, let store = snapshots[i] else { return nil }
        let k = firstCheckpoint(m, case: i, viaFrames: viaFrames)
        return k > 0 ? store.snapshot(at: k) : nil
    }
}

/// A test's check that sharing changes no run (`MutateRequest.checksSharing`): every mutant's case
/// that resumes from a copy of the original's run is also run whole, and any difference between the
/// two (status, failures, diagnostics, time, ticks, work, logged states) is kept here; every case
/// a mutant is not run in because it never reads the transition frame the mutant changes
/// (`FileWork.framesUnread`) is run whole, and must pass with the original's states.
public final class SharingCheck: @unchecked Sendable {
    private let lock = NSLock()
    private var resumed: [Shared] = []
    private var notRun: [String] = []
    private var found: [String] = []
    public init() {}

    /// The cases left out as unchanged (`mutant` — `case`), in the order they were met.
    public var unread: [String] { lock.withLock { notRun } }

    func compare(_ m: Mutant, _ c: Scene, unread r: CaseResult, _ a: StateLog, original b: StateLog) {
        let bits: (StateLog) -> [UInt64] = { $0.values.map(\.bitPattern) }
        let same = r.status == .passed && a.times == b.times && bits(a) == bits(b) && a.strings == b.strings
        lock.withLock {
            notRun.append("\(m.id) — \(c.name)")
            if !same {
                found.append(
                    "\(m.id) case \"\(c.name)\" left out as unchanged: \(r.status), \(a.rowCount) rows vs \(b.rowCount)"
                )
            }
        }
    }

    /// One resumed run: the mutant, the case, the ticks of the original's run it started from and
    /// the ticks of the whole run.
    public struct Shared: Sendable {
        public var mutant: String
        public var caseName: String
        public var from: Int
        public var ticks: Int
    }

    /// The resumed runs compared, in the order they ran.
    public var runs: [Shared] { lock.withLock { resumed } }
    /// The differences found, one line each.
    public var differences: [String] { lock.withLock { found } }

    func compare(
        _ m: Mutant, _ c: Scene, resumed r: CaseResult, _ a: StateLog?, whole w: CaseResult, _ b: StateLog?,
        from s: RunSnapshot
    ) {
        func key(_ r: CaseResult) -> String {
            "\(r.status) \(r.failures) \(r.diagnostics) \(r.time) \(r.ticks) \(r.work)"
        }
        var what: [String] = []
        if key(r) != key(w) { what.append("result \(key(r)) vs \(key(w))") }
        if let a, let b {
            let bits: (StateLog) -> [UInt64] = { $0.values.map(\.bitPattern) }
            if a.times != b.times || bits(a) != bits(b) || a.strings != b.strings {
                let apart = a.times.indices.first { $0 >= b.times.count || a.times[$0] != b.times[$0] }
                what.append("states: \(a.rowCount) rows vs \(b.rowCount), times apart from row \(apart ?? -1)")
            }
        }
        lock.withLock {
            resumed.append(Shared(mutant: m.id, caseName: c.name, from: s.ticks, ticks: r.ticks))
            if !what.isEmpty {
                found.append(
                    "\(m.id) case \"\(c.name)\" from checkpoint \(s.checkpoint): " + what.joined(separator: "; "))
            }
        }
    }
}
