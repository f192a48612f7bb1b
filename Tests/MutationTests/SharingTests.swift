import Foundation
import Mutation
import Testing

/// Runs a mutant shares with the original (docs/mutate.md, "Runs a mutant shares with the
/// original"): a mutant's run of a case resumes from a copy of the original's run at the checkpoint
/// where its site is first reached. Every such run is also run whole here (`checksSharing`): the
/// two must give the same result and the same state at every tick.
@Suite struct SharingTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    var repo: URL { Self.repo }

    /// `body` given the path of `text` written as `name` in a new temporary folder of its own
    /// (the tests run in parallel), removed after.
    func withScene(_ name: String, _ text: String, _ body: (String) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-sharing-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let f = dir.appendingPathComponent(name).path
        try text.write(toFile: f, atomically: true, encoding: .utf8)
        try body(f)
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

    func run(_ paths: [String], check: SharingCheck?, optimise: Bool = true) -> (code: Int32, out: String) {
        var r = MutateRequest(paths: paths)
        r.color = .never
        r.jobs = 2
        r.checksSharing = check
        r.optimise = optimise
        let c = Captured()
        let code = mutate(r, console: c.console, environment: [:], isTerminal: false)
        return (code, c.out)
    }

    /// The `rest` rule's mutants start from the original's run on the tick the box comes to rest:
    /// they run that one tick, and their runs are the whole runs'.
    @Test func restRuleMutantsRunOnlyTheRestTick() throws {
        try withScene("fade.yaml", Self.fade) { f in try restRule(f) }
    }

    func restRule(_ f: String) throws {
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

    /// The shipped shade sweep cut to two cases: released upwards (cancelled: the transition's
    /// frames are never read) and downwards (completed: the `rest` rule sets the shade to
    /// `finalFrame` on its last tick).
    static let twoReleases: String = {
        let text =
            (try? String(contentsOf: repo.appendingPathComponent("scenes/shade-sweep.yaml"), encoding: .utf8)) ?? ""
        return text.replacingOccurrences(
            of: "  v: [-1500, -1000, -500, -100, 0, 100, 500, 1000, 1500]    # release velocity, pt/s\n"
                + "  y: { from: 150, to: 450, steps: 7 }                         # finger position at release, pt\n",
            with: "  v: [-1000, 1000]\n  y: [300]\n")
    }()

    /// A `finalFrame` written as numbers is evaluated when the transition starts but first read
    /// when the `rest` rule sets the frame: its mutants resume from the original's run on that
    /// tick, and a case that never reads it (cancelled) is not run: run whole here, it passes with
    /// the original's states. The outcomes are those of `--no-optimise`.
    @Test func finalFrameMutantsStartWhereTheFrameIsRead() throws {
        #expect(Self.twoReleases.contains("v: [-1000, 1000]"))
        try withScene("releases.yaml", Self.twoReleases) { f in try finalFrames(f) }
    }

    func finalFrames(_ f: String) throws {
        let check = SharingCheck()
        let r = run([f], check: check)
        #expect(check.differences == [])
        // [0, 0, 375, 667]: 0 → ±1 twice, ×0.5 and ×2 twice.
        let frames = check.runs.filter { $0.mutant.contains("releases.yaml:15:") }
        #expect(frames.count == 8, "\(check.runs)")
        for s in frames {
            #expect(s.caseName.hasSuffix("[v=1000, y=300]") && s.from == s.ticks - 1 && s.ticks > 60, "\(s)")
        }
        let unread = check.unread.filter { $0.contains("releases.yaml:15:") }
        #expect(unread.count == 8 && unread.allSatisfy { $0.hasSuffix("[v=-1000, y=300]") }, "\(check.unread)")
        #expect(r.out.contains("releases.yaml:15:81: unasserted: number ×2"), "\(r.out)")
        #expect(r.out == run([f], check: nil, optimise: false).out)
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
