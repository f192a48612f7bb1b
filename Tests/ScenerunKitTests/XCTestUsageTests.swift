import Foundation
import ScenerunKit
import TestSupport
import XCTest

/// docs/library.md says "XCTest works the same way: `XCTAssertTrue(run.passed, run.report)`";
/// these run that line from XCTest, on a scene that passes and on one that fails.
final class XCTestUsageTests: XCTestCase {
    func testAShippedScenePassesUnderXCTest() throws {
        let run = try SceneRun(contentsOf: scenes.appendingPathComponent("sheet.yaml"))
        XCTAssertTrue(run.passed, run.report)
        XCTAssertFalse(run.cases.isEmpty)
    }

    func testAFailureIsTheReportUnderXCTest() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenerunkit-xctest-\(getpid()).yaml")
        defer { try? FileManager.default.removeItem(at: file) }
        try fallingBoxScene.write(to: file, atomically: true, encoding: .utf8)
        let run = try SceneRun(contentsOf: file)
        XCTAssertFalse(run.passed)
        // The message XCTAssertTrue(run.passed, run.report) would print: the failure, located.
        XCTAssertTrue(run.report.contains(":8:22: error: box.y expected 0 ± 0.5, got "), run.report)
    }
}
