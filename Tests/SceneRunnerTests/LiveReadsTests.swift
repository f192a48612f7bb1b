import Foundation
import Results
import SceneLoader
import SceneRunner
import TestSupport
import Testing

/// Expressions read the run's state part by part when they read it (SceneRunner/Observed.swift),
/// not from a whole snapshot taken per evaluation: every read gives what the snapshot gives,
/// and a read after a write sees the write.
@Suite struct LiveReadsTests {
    /// Every scene the project ships (its scenes, gallery, contract and invalid scenes, the docs'
    /// examples) that loads.
    static func scenes() -> [String] {
        var out: [String] = []
        for dir in ["scenes", "scenes/gallery", "scenes/contract", "scenes/invalid", "docs/examples"] {
            let items =
                (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent(dir).path))
                ?? []
            out += items.filter { $0.hasSuffix(".yaml") }.sorted().map { "\(dir)/\($0)" }
        }
        return out
    }

    /// With `checksReads`, every name read is read both ways and a difference makes the case
    /// invalid: no case says so, and each case ends as the plain run does, step for step.
    @Test(arguments: scenes())
    func liveReadsAreTheSnapshotsReads(_ path: String) throws {
        guard let bytes = repositoryFile(path),
            let scenes = try? SceneFile.load(path: path, bytes: bytes, includes: SceneFile.reader(repositoryFile))
        else { return }  // scenes/invalid: refused when loaded, nothing runs
        var checked = RunLimits()
        checked.checksReads = true
        for scene in scenes {
            let plain = CaseRunner.run(scene)
            let both = CaseRunner.run(scene, limits: checked)
            let said = both.diagnostics.map(\.description).filter { $0.contains("checked read") }
            #expect(said.isEmpty, "\(scene.name): \(said)")
            #expect(both.status == plain.status, "\(scene.name)")
            #expect(both.failures.map(\.message) == plain.failures.map(\.message), "\(scene.name)")
            #expect(both.diagnostics.map(\.description) == plain.diagnostics.map(\.description), "\(scene.name)")
            #expect(both.trace == plain.trace, "\(scene.name)")
            #expect(both.ticksTrace == plain.ticksTrace, "\(scene.name)")
        }
    }

    /// A one-case scene run with `checksReads`.
    static func checked(_ yaml: String) throws -> CaseResult {
        var limits = RunLimits()
        limits.checksReads = true
        return CaseRunner.run(try SceneFile.load(path: "r.yaml", text: yaml)[0], limits: limits)
    }

    /// Within one action list, each action reads what the ones before it wrote: a var, a view's
    /// centre (model and screen), a behaviour added, a velocity added, an animation (the model at
    /// its end, the screen on its way); a `set` reads the state before it (its values are all
    /// evaluated before any assignment). Every read is checked against a snapshot as well.
    @Test func readsAfterWritesSeeTheWrites() throws {
        let r = try Self.checked(
            """
            views:
              box: { frame: [0, 0, 100, 100] }
            vars:
              a: 1
              b: 0
              vy: 0
            behaviors:
              fall: { gravity: { items: [box] } }
            script:
              - set: { a: 2 }
              - set: { b: "a + 1", a: 10 }
              - log: "[a, b]"
              - set: { box.center: [200, 300] }
              - log: box.center
              - log: box.presentation.center
              - log: box.screen
              - add: [fall]
              - wait: { frames: 1 }
              - log: box.center.y > 300
              - set: { vy: box.velocity.y }
              - velocity: { item: box, linear: [0, 50] }
              - log: "abs(box.velocity.y - vy - 50) < 0.001"
              - remove: [fall]
              - animate: { duration: 0.5, set: { box.center: [400, 300] } }
              - wait: 0.25
              - log: "box.center.x == 400 && box.presentation.center.x < 399"
            """)
        #expect(r.status == .passed, "\(r.diagnostics)")
        let logs = r.trace.filter { $0.contains(": log ") }.map { String($0.split(separator: ": log ")[1]) }
        #expect(
            logs == [
                "[a, b] = [10, 3]", "box.center = [200, 300]", "box.presentation.center = [200, 300]",
                "box.screen = [150, 250, 100, 100]", "box.center.y > 300 = true",
                "abs(box.velocity.y - vy - 50) < 0.001 = true",
                "box.center.x == 400 && box.presentation.center.x < 399 = true",
            ])
    }
}
