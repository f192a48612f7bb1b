import Diagnostics
import Expressions
import Foundation
import Results
import SceneLoader
import SceneModel
@_spi(Testing) import SceneRunner
import TestSupport
import Testing

/// A run copied at a checkpoint and continued (SceneRunner/RunSnapshot.swift): the deep copy
/// misses nothing (the hop test, the field-count guards), and a copy resumed with a changed scene
/// ends as a whole run of that scene.
@Suite struct RunCopyTests {
    /// The scenes the project ships at the top of scenes/ (the four seeds' scenes and the sweep)
    /// and in scenes/gallery and scenes/contract.
    static func scenes() -> [String] {
        var out: [String] = []
        for dir in ["scenes", "scenes/gallery", "scenes/contract"] {
            let items =
                (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent(dir).path))
                ?? []
            out += items.filter { $0.hasSuffix(".yaml") }.sorted().map { "\(dir)/\($0)" }
        }
        return out
    }

    /// What a case reports and what `mutate` compares, field by field: "" when equal.
    static func difference(_ a: CaseResult, _ b: CaseResult) -> String {
        var out: [String] = []
        if a.status != b.status { out.append("status \(a.status) vs \(b.status)") }
        if a.failures != b.failures {
            out.append("failures \(a.failures.map(\.message)) vs \(b.failures.map(\.message))")
        }
        if a.diagnostics.map(\.description) != b.diagnostics.map(\.description) {
            out.append("diagnostics \(a.diagnostics.map(\.description)) vs \(b.diagnostics.map(\.description))")
        }
        if a.time != b.time { out.append("time \(a.time) vs \(b.time)") }
        if a.ticks != b.ticks { out.append("ticks \(a.ticks) vs \(b.ticks)") }
        if a.work != b.work { out.append("work \(a.work) vs \(b.work)") }
        if a.trace != b.trace { out.append("trace differs (\(a.trace.count) vs \(b.trace.count) lines)") }
        if a.ticksTrace != b.ticksTrace {
            out.append("tick rows differ (\(a.ticksTrace.count) vs \(b.ticksTrace.count))")
        }
        if a.tickColumns != b.tickColumns { out.append("tick columns differ") }
        if a.observations != b.observations { out.append("observations differ") }
        if a.sweep?.outcome != b.sweep?.outcome {
            out.append("outcome \(a.sweep?.outcome ?? "-") vs \(b.sweep?.outcome ?? "-")")
        }
        return out.joined(separator: "; ")
    }

    /// The state logs of two runs, row by row: "" when equal.
    static func difference(_ a: StateLog, _ b: StateLog) -> String {
        if a.columns != b.columns { return "columns differ" }
        if a.times != b.times { return "times differ (\(a.times.count) vs \(b.times.count) rows)" }
        if a.values != b.values {
            let k = a.values.indices.first { $0 >= b.values.count || a.values[$0] != b.values[$0] } ?? b.values.count
            let n = Swift.max(1, a.columns.count)
            return "values differ from row \(k / n), column \(a.columns.isEmpty ? "" : a.columns[k % n].name)"
        }
        if a.strings != b.strings { return "strings differ" }
        return ""
    }

    /// The hop test: every case of every shipped scene, run as it is and run going on at every
    /// checkpoint in a deep copy of the run made there (the run so far dropped, so a copy that
    /// shares a buffer with it reads freed memory, and one that misses a field goes on without
    /// it): the same result, field for field, and the same state log, row for row.
    @Test(arguments: scenes())
    func aRunCopiedAtEveryCheckpointEndsAsTheRunItself(_ path: String) throws {
        guard let bytes = repositoryFile(path),
            let scenes = try? SceneFile.load(path: path, bytes: bytes, includes: SceneFile.reader(repositoryFile))
        else { return }
        var hops = 0
        for scene in scenes {
            var limits = RunLimits()
            limits.states = StateLog()
            let whole = CaseRunner.run(scene, limits: limits)
            var hopped = RunLimits()
            hopped.states = StateLog()
            let (r, n) = CaseRunner.hopping(scene, limits: hopped)
            hops += n
            let d = Self.difference(whole, r)
            #expect(d.isEmpty, "\(path) \(scene.name): \(d)")
            if let a = limits.states, let b = hopped.states {
                let s = Self.difference(a, b)
                #expect(s.isEmpty, "\(path) \(scene.name): state log: \(s)")
            }
            // A case with ticks passes a checkpoint before each.
            #expect(n >= whole.ticks, "\(path) \(scene.name): \(n) copies for \(whole.ticks) ticks")
        }
        #expect(scenes.isEmpty || hops > 0, "\(path): no copy made")
    }

    /// The hop test with the replay and `mutate`'s limits (no trace, no tick rows, stopping at the
    /// first failure) on the seeds' scenes: the same result.
    @Test(arguments: ["scenes/shade.yaml", "scenes/edge-modal.yaml", "scenes/sheet.yaml", "scenes/drag-off.yaml"])
    func mutateLimitsAndTheReplayHopToo(_ path: String) throws {
        let scenes = try SceneFile.load(path: path, bytes: try #require(repositoryFile(path)))
        for scene in scenes {
            var quiet = RunLimits()
            quiet.recordTicks = false
            quiet.recordTrace = false
            quiet.stopAtFirstFailure = true
            let d = Self.difference(CaseRunner.run(scene, limits: quiet), CaseRunner.hopping(scene, limits: quiet).0)
            #expect(d.isEmpty, "\(path) \(scene.name): \(d)")
            var replay = RunLimits()
            replay.recordReplay = true
            let whole = CaseRunner.run(scene, limits: replay)
            let r = CaseRunner.hopping(scene, limits: replay).0
            #expect(Self.difference(whole, r).isEmpty, "\(path) \(scene.name)")
            #expect(whole.recording?.frames.count == r.recording?.frames.count, "\(path) \(scene.name)")
            #expect(whole.recording?.actions.count == r.recording?.actions.count, "\(path) \(scene.name)")
        }
    }

    /// Every class and struct the copy copies knows how many stored properties it has: one added
    /// without being copied fails here, naming it.
    @Test func theCopiesKnowEveryStoredProperty() throws {
        let scene = try SceneFile.load(
            path: "scenes/shade.yaml", bytes: try #require(repositoryFile("scenes/shade.yaml")))[0]
        let guards = CaseRunner.copyGuards(scene)
        #expect(guards.count == 11)
        for g in guards {
            #expect(
                g.stored == g.copied,
                "\(g.type) has \(g.stored) stored properties and its copy knows \(g.copied): copy the new one in \(g.copy) and count it"
            )
        }
    }

    /// A small scene whose `rest` rule sets a var from a number: resumed from a checkpoint before
    /// the rest with the number changed, the run is the changed scene's whole run, field for field.
    static let settling = """
        views: { box: { frame: [170, 100, 50, 50] } }
        vars: { settled: 0 }
        behaviors:
          fall: { gravity: { items: [box] } }
          floor: { collision: { items: [box], referenceBounds: {} } }
          fast: { item: { items: [box], elasticity: 0 } }
        on:
          rest: [ { set: { settled: NUMBER } } ]
        script:
          - add: [fall, floor, fast]
          - waitFor: rest
          - expect: { that: ["settled == 5"] }
        """

    static func load(_ yaml: String) throws -> Scene { try SceneFile.load(path: "r.yaml", text: yaml)[0] }

    /// The whole run of `changed` and its resumption from the snapshot of `original`'s run at
    /// `checkpoint`, both with state logs: the first is the one to match.
    static func resumed(
        _ original: Scene, _ changed: Scene, at checkpoint: (ComparisonLog) -> Int
    ) throws -> (whole: CaseResult, wholeLog: StateLog, resumed: CaseResult, resumedLog: StateLog, at: Int) {
        var first = RunLimits()
        first.comparisons = ComparisonLog()
        _ = CaseRunner.run(original, limits: first)
        let k = checkpoint(try #require(first.comparisons))
        var snapping = RunLimits()
        snapping.states = StateLog()
        snapping.snapshots = SnapshotStore(at: [k])
        _ = CaseRunner.run(original, limits: snapping)
        let s = try #require(snapping.snapshots?.snapshot(at: k))
        #expect(snapping.snapshots?.snapshot(at: k + 1) == nil)  // only the checkpoints wanted
        #expect(s.checkpoint == k)
        var whole = RunLimits()
        whole.states = StateLog()
        let w = CaseRunner.run(changed, limits: whole)
        var resume = RunLimits()
        resume.states = try #require(snapping.states).prefix(s.ticks)
        let r = CaseRunner.resume(s, scene: changed, limits: resume)
        return (w, try #require(whole.states), r, try #require(resume.states), k)
    }

    @Test func aRestRulesNumberChangedAfterTheSnapshotIsTheChangedScenesRun() throws {
        let original = try Self.load(Self.settling.replacingOccurrences(of: "NUMBER", with: "5"))
        let changed = try Self.load(Self.settling.replacingOccurrences(of: "NUMBER", with: "7"))
        let rule = try #require(original.rules.first { $0.eventName == "rest" }).location
        let x = try Self.resumed(original, changed) { log in (log.firstReached[rule] ?? 0) - 1 }
        #expect(x.at > 5, "the rest rule first ran at checkpoint \(x.at + 1)")
        #expect(x.whole.status == .failed)  // settled is 7, not 5
        #expect(x.whole.failures.count == 1)
        let d = Self.difference(x.whole, x.resumed)
        #expect(d.isEmpty, "\(d)")
        let s = Self.difference(x.wholeLog, x.resumedLog)
        #expect(s.isEmpty, "state log: \(s)")
        // And the original's own resumption passes: the snapshot was not changed by the first.
        let again = try Self.resumed(original, original) { log in (log.firstReached[rule] ?? 0) - 1 }
        #expect(again.resumed.status == .passed)
        #expect(Self.difference(again.whole, again.resumed).isEmpty)
    }

    /// A transition never started at the checkpoint is rebuilt from the new scene: its duration
    /// changed, the resumed run finishes it in the new time.
    static let presenting = """
        views: { a: { frame: [0, 0, 100, 100] }, b: { frame: [0, 800, 390, 400] } }
        transitions:
          t: { kind: present, from: a, to: b, interactive: percentDriven, duration: DURATION, animations: { from: { alpha: [1, 0.5] } } }
        on:
          t.ended: [ { log: a.alpha } ]
        script:
          - wait: 0.2
          - start: t
          - progress: 0.5
          - finish
          - wait: 0.5
          - expect: { that: ["t.state == 'completed'"] }
        """

    @Test func aTransitionsDurationChangedBeforeItStartsIsTheChangedScenesRun() throws {
        let original = try Self.load(Self.presenting.replacingOccurrences(of: "DURATION", with: "0.6"))
        let changed = try Self.load(Self.presenting.replacingOccurrences(of: "DURATION", with: "1.2"))
        let x = try Self.resumed(original, changed) { log in (log.firstUsed["transitions.t"] ?? 0) - 1 }
        #expect(x.at > 3, "the transition first started at checkpoint \(x.at + 1)")
        // Finishing from 0.5 takes 0.3 s of 0.6 (completed after the 0.5 s wait), 0.6 s of 1.2 (not).
        #expect(plainPasses(original))
        #expect(x.whole.status == .failed)
        let d = Self.difference(x.whole, x.resumed)
        #expect(d.isEmpty, "\(d)")
        #expect(Self.difference(x.wholeLog, x.resumedLog).isEmpty)
        // The two scenes' runs differ (the duration matters), so the resumption read the new one.
        let plain = CaseRunner.run(original)
        #expect(!Self.difference(plain, x.whole).isEmpty)
    }

    func plainPasses(_ scene: Scene) -> Bool { CaseRunner.run(scene).status == .passed }

    /// `StateLog.prefix`: the first rows, the columns, and the strings those rows name.
    @Test func aStateLogsPrefixHoldsItsFirstRows() throws {
        let scene = try Self.load(
            """
            views: { a: { frame: [0, 0, 10, 10] } }
            vars: { word: "'one'" }
            script:
              - wait: { frames: 2 }
              - set: { word: "'two'" }
              - wait: { frames: 2 }
            """)
        var limits = RunLimits()
        limits.states = StateLog()
        _ = CaseRunner.run(scene, limits: limits)
        let log = try #require(limits.states)
        #expect(log.rowCount == 4)
        #expect(log.strings == ["one", "two"])
        let p = log.prefix(2)
        #expect(p.rowCount == 2)
        #expect(p.columns == log.columns)
        #expect(p.times == Array(log.times[..<2]))
        #expect(p.values == Array(log.values[..<(2 * log.columns.count)]))
        #expect(p.strings == ["one"])
        #expect(log.prefix(4).strings == ["one", "two"])
        #expect(log.prefix(0).rowCount == 0)
    }

    /// The comparison log records the checkpoint of each first reach, addition and use; a merge
    /// keeps the earliest.
    @Test func theComparisonLogKeepsFirstCheckpoints() throws {
        let scene = try Self.load(
            """
            views: { a: { frame: [0, 0, 10, 10] } }
            vars: { n: 0 }
            behaviors: { g: { gravity: { items: [a] } } }
            on:
              step: [ { set: { n: n + 1 } } ]
            script:
              - wait: { frames: 2 }
              - add: g
              - wait: { frames: 3 }
            """)
        var limits = RunLimits()
        let log = ComparisonLog()
        limits.comparisons = log
        _ = CaseRunner.run(scene, limits: limits)
        #expect(log.firstUsed["views.a"] == 0)
        // Checkpoints: 1 before the wait, 2 3 4 its loop, 5 before the add, 6 before the second
        // wait, 7 its loop's first pass: the add at 5, the first step rule in the tick after 7.
        #expect(log.firstAdded["g"] == 5)
        let rule = try #require(scene.rules.first).location
        #expect(log.firstReached[rule] == 7)
        let other = ComparisonLog()
        other.checkpoint = 3
        other.add(behavior: "g")
        log.merge(other)
        #expect(log.firstAdded["g"] == 3)
        other.merge(log)
        #expect(other.firstAdded["g"] == 3)
        #expect(other.firstReached[rule] == 7)
    }
}
