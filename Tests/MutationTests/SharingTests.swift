import Foundation
import Mutation
import Testing

/// Runs a mutant shares with the original (docs/mutate.md, "Runs a mutant shares with the
/// original"): a mutant's run of a case resumes from a copy of the original's run at the checkpoint
/// where its site is first reached. Every such run is also run whole here (`checksSharing`): the
/// two must give the same result and the same state at every tick.
@Suite struct SharingTests {
    var repo: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// A box falls onto the floor and rests; the `rest` rule fades it, which nothing asserts.
    static let fade = """
        name: Box falls and fades
        world: { size: [400, 600] }
        views:
          box: { frame: [150, 100, 100, 100] }
        behaviors:
          fall: { gravity: { items: [box], magnitude: 1 }, active: true }
          floor: { collision: { items: [box], referenceBounds: true }, active: true }
        on:
          rest:
            - set: { box.alpha: 0.5 }
        script:
          - waitFor: rest
        expect:
          views: { box: { center: [200, 550], within: 1 } }

        """

    func run(_ paths: [String], check: SharingCheck) -> (code: Int32, out: String) {
        var r = MutateRequest(paths: paths)
        r.color = .never
        r.jobs = 2
        r.checksSharing = check
        let c = Captured()
        let code = mutate(r, console: c.console, environment: [:], isTerminal: false)
        return (code, c.out)
    }

    /// The `rest` rule's mutants start from the original's run on the tick the box comes to rest:
    /// they run that one tick, and their runs are the whole runs'.
    @Test func restRuleMutantsRunOnlyTheRestTick() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-sharing-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let f = dir.appendingPathComponent("fade.yaml").path
        try Self.fade.write(toFile: f, atomically: true, encoding: .utf8)
        let check = SharingCheck()
        let r = run([f], check: check)
        #expect(check.differences == [])
        let rest = check.runs.filter { $0.mutant.contains("fade.yaml:10:") }
        // The number ×0.5 and ×2 of `0.5`, and the action's drop.
        #expect(rest.count == 3, "\(check.runs)")
        for s in rest {
            #expect(s.from == s.ticks - 1 && s.ticks > 60, "\(s)")
        }
        #expect(r.out.contains("fade.yaml:10:25: unasserted: number ×0.5"), "\(r.out)")
    }

    /// Every shared run of these shipped scenes (transitions, property animators, timers, sweeps,
    /// gestures that continue across steps) is its whole run.
    @Test func sharedRunsAreWholeRuns() throws {
        let scenes = [
            "scenes/shade.yaml", "scenes/sheet.yaml", "scenes/edge-modal.yaml", "scenes/drag-off.yaml",
            "scenes/contract/pip-drag.yaml", "scenes/contract/modal-custom.yaml", "scenes/gallery/card-stack.yaml",
            "scenes/gallery/swipe-rows.yaml",
        ]
        let check = SharingCheck()
        let r = run(scenes.map { repo.appendingPathComponent($0).path }, check: check)
        #expect(r.code == 0, "\(r.out)")
        #expect(check.differences == [])
        #expect(check.runs.count > 100, "\(check.runs.count) shared runs")
        #expect(check.runs.contains { $0.from > 0 && $0.from < $0.ticks })
    }
}
