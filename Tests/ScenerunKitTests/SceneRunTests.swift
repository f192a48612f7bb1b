import Foundation
import ScenerunKit
import TestSupport
import Testing

let scenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("scenes")

/// The example of docs/library.md: scenes next to a swift-testing suite.
@Suite struct SceneRunTests {
    @Test func aShippedSceneAndItsVariantsPass() throws {
        let run = try SceneRun(contentsOf: scenes.appendingPathComponent("shade.yaml"))
        #expect(run.passed, "\(run.report)")
        #expect(run.cases.count == 21)
        #expect(run.failures.isEmpty)
        #expect("\(run)" == "21 cases, every one passed")
    }

    @Test func failuresComeBackAsValues() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenerunkit-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("falls.yaml")
        try fallingBoxScene.write(to: file, atomically: true, encoding: .utf8)
        let run = try SceneRun(contentsOf: file)
        #expect(!run.passed)
        let f = try #require(run.failures.first)
        #expect(f.location.line == 8 && f.location.column == 22)
        #expect(f.expected == .number(0))
        #expect(f.tolerance == 0.5)
        #expect(f.time == 0.5)
        guard case .number(let y) = f.actual else { Issue.record("no observed y"); return }
        #expect(y > 100, "the box fell")
        // What a failed `#expect(run.passed)` shows of `run`: the failing case's report, short.
        let shown = String(describing: run)
        #expect(shown.hasPrefix("✗ "), "\(shown)")
        #expect(shown.contains("falls.yaml:8:22: error: box.y expected 0 ± 0.5, got "), "\(shown)")
        #expect(shown.count < 600, "\(shown.count) characters")
        #expect(run.report.contains("falls.yaml:8:22: error: box.y expected 0 ± 0.5"))
    }

    @Test func aMissingPathThrows() {
        #expect(throws: SceneRunError.notFound("/no/such/scene.yaml")) {
            try SceneRun(contentsOf: URL(fileURLWithPath: "/no/such/scene.yaml"))
        }
    }
}

// docs/library.md's two examples, as written there (DocsBlocksTests checks that they are). Like an
// app's tests, they name the scenes from the working folder: `swift test` runs in the package's.
@Test func shadeScenes() throws {
    let run = try SceneRun(contentsOf: URL(fileURLWithPath: "scenes/shade.yaml"))
    #expect(run.passed)
}

@Test func dragOffFailuresHeldToNumbers() throws {
    let run = try SceneRun(contentsOf: URL(fileURLWithPath: "scenes/drag-off.yaml"))
    for f in run.failures {
        if case .number(let y) = f.actual { #expect(y < 400, "\(f.location): \(f.message)") }
    }
    #expect(run.passed, "the shipped scene passes, so no failure is held to the bound above")
}
