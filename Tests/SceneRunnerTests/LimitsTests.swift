import Diagnostics
import Expectations
import Foundation
import SceneLoader
import SceneRunner
import Testing

/// Work and memory limits of a run.
@Suite struct RunLimitsTests {
    /// Colliding views under gravity: contacts every tick.
    func pile(_ n: Int, seconds: Double) -> String {
        var text = "name: pile\nworld: { timeout: 1000 }\nviews:\n"
        let names = (0..<n).map { "v\($0)" }
        for (i, v) in names.enumerated() {
            text += "  \(v): { frame: [\(100 + (i * 7) % 150), \(100 + (i * 13) % 300), 40, 40] }\n"
        }
        let items = names.joined(separator: ", ")
        text +=
            "behaviors:\n  fall: { gravity: { items: [\(items)] }, active: true }\n  hit: { collision: { items: [\(items)], referenceBounds: true }, active: true }\n"
        return text + "script:\n  - wait: \(seconds)\n"
    }

    /// On main every tick's row and every contact's trace line were kept for every case (a
    /// 150-view pile for 300 s held 272 MB); now only when `--trace` / `--verbose` ask.
    @Test func nothingGrowsWithTicksUnlessAskedFor() throws {
        let scene = try SceneFile.load(path: "p.yaml", text: pile(12, seconds: 3))[0]
        var quiet = RunLimits()
        quiet.recordTicks = false
        quiet.recordTrace = false
        let q = CaseRunner.run(scene, limits: quiet)
        #expect(q.status == .passed)
        #expect(q.ticks == 180)
        #expect(q.ticksTrace.isEmpty && q.tickColumns.isEmpty)
        #expect(q.trace.isEmpty)
        let full = CaseRunner.run(scene)
        #expect(full.ticksTrace.count == 180)
        #expect(full.trace.contains { $0.contains("contact") })
        // The same physics either way.
        #expect(full.work == q.work && full.ticks == q.ticks)
    }

    /// Work is counted the same on every run (not a timer), and the limit stops the case at the
    /// step that was running, naming the flag.
    @Test func theWorkLimitIsDeterministicAndLocated() throws {
        let scene = try SceneFile.load(path: "p.yaml", text: pile(20, seconds: 600))[0]
        var limits = RunLimits()
        limits.work = 50_000
        let a = CaseRunner.run(scene, limits: limits)
        let b = CaseRunner.run(scene, limits: limits)
        #expect(a.status == .invalid)
        #expect(a.ticks == b.ticks && a.work == b.work)
        #expect(a.work > 50_000 && a.work < 51_000)  // stopped at the first tick past the limit
        let d = try #require(a.diagnostics.first)
        #expect(d.location.line == 28 && d.location.column == 11, "\(d)")
        #expect(d.message.hasPrefix("the case needed more than 50000 units of engine work"))
        #expect(d.message.hasSuffix("raise the limit with --max-work"))
    }

    /// The work of a case grows with its sub-steps: a frame rate of 1 runs 120 sub-steps a tick.
    @Test func workCountsSubSteps() throws {
        let sixty = try SceneFile.load(path: "p.yaml", text: pile(3, seconds: 2))[0]
        let one = try SceneFile.load(
            path: "p.yaml",
            text: "world: { frameRate: 1 }\n"
                + pile(3, seconds: 2).replacingOccurrences(of: "world: { timeout: 1000 }\n", with: ""))[0]
        let a = CaseRunner.run(sixty)
        let b = CaseRunner.run(one)
        #expect(a.ticks == 120 && b.ticks == 2)
        #expect(a.work > 0 && b.work > 0)
        // Both simulate 2 s in sub-steps of 1/120 s: within a factor of two of each other.
        #expect(Double(b.work) > 0.5 * Double(a.work) && Double(b.work) < 2 * Double(a.work), "\(a.work) \(b.work)")
    }

    /// On main two velocity actions of 1e308 in one rule overflowed to infinity silently (the case passed).
    @Test func aVelocityThatOverflowsIsALocatedError() throws {
        let text =
            "name: t\nviews:\n  b: { frame: [1, 1, 10, 10] }\nbehaviors:\n  g: { gravity: { items: [b] }, active: true }\non:\n  step:\n"
            + "    - velocity: { item: b, linear: \"[1e308, 0]\" }\n    - velocity: { item: b, linear: \"[1e308, 0]\", angular: 1 }\nscript:\n  - wait: 1\n"
        let r = CaseRunner.run(try SceneFile.load(path: "v.yaml", text: text)[0])
        #expect(r.status == .invalid)
        #expect(
            r.diagnostics.map(\.description) == [
                "v.yaml:9:17: error: adding `[1e308, 0]` to the velocity of `b` overflows (the result is not a finite number) (at tick 1, t = 0.017 s)"
            ])
        let angular =
            "name: t\nviews:\n  b: { frame: [1, 1, 10, 10] }\nbehaviors:\n  g: { gravity: { items: [b] }, active: true }\non:\n  step:\n"
            + "    - velocity: { item: b, angular: 1e308 }\n    - velocity: { item: b, angular: 1e308 }\nscript:\n  - wait: 1\n"
        let a = CaseRunner.run(try SceneFile.load(path: "v.yaml", text: angular)[0])
        #expect(
            a.diagnostics.first?.message
                == "adding `1e308` to the angular velocity of `b` overflows (the result is not a finite number) (at tick 1, t = 0.017 s)"
        )
    }

    /// Found by the adversarial pass: 3000 waits of 0.01 s were refused as "30 s in all, more
    /// than the limit of 30 s" (their sum carries rounding); here 200 waits of one tick at 100 fps.
    @Test func waitsAddingUpToTheLimitAreAccepted() throws {
        let text =
            "name: t\nworld: { frameRate: 100 }\nviews:\n  a: { frame: [0, 0, 1, 1] }\nscript:\n"
            + String(repeating: "  - wait: 0.01\n", count: 200)
        var limits = RunLimits()
        limits.sceneTime = 2
        let r = CaseRunner.run(try SceneFile.load(path: "w.yaml", text: text)[0], limits: limits)
        #expect(r.status == .passed, "\(r.diagnostics)")
        limits.sceneTime = 1.99
        let over = CaseRunner.run(try SceneFile.load(path: "w.yaml", text: text)[0], limits: limits)
        #expect(over.status == .invalid)
    }
}
