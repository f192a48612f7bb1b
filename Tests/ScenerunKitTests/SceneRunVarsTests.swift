import Foundation
import ScenerunKit
import Testing

/// The app's constants, as an app's test target would keep them.
enum CardInteraction {
    static let threshold: Double = 120
    static let snapDamping: CGFloat = 0.6
}

/// `SceneRun(contentsOf:vars:)`: a Swift test passes the app's own constants to a scene, with
/// `--var`'s rules.
@Suite struct SceneRunVarsTests {
    let card = scenes.appendingPathComponent("gallery/app-constants.yaml")

    @Test func theAppsConstantsReachTheScene() throws {
        let run = try SceneRun(
            contentsOf: card,
            vars: ["threshold": CardInteraction.threshold, "snapDamping": CardInteraction.snapDamping])
        #expect(run.passed, "\(run.report)")
        #expect(run.cases.count == 2)
    }

    /// The same scene fails when the constant changes: the scene tests the app's value, not a
    /// copy of it.
    @Test func aChangedConstantFailsTheScene() throws {
        for threshold in [CardInteraction.threshold - 1, CardInteraction.threshold + 1] {
            let run = try SceneRun(contentsOf: card, vars: ["threshold": threshold])
            #expect(!run.passed, "threshold \(threshold)")
        }
        let damped = try SceneRun(contentsOf: card, vars: ["snapDamping": CardInteraction.snapDamping - 0.05])
        #expect(!damped.passed)
        #expect(damped.failures.first?.location.line == 29, "\(damped.report)")
    }

    @Test func anUnknownNameOrAWrongTypeIsThrown() throws {
        #expect(throws: SceneRunError.self) { try SceneRun(contentsOf: card, vars: ["thresold": 120]) }
        do {
            _ = try SceneRun(contentsOf: card, vars: ["threshold": "120"])
            Issue.record("a string for a number was taken")
        } catch let e as SceneRunError {
            #expect("\(e)".contains("`threshold` is a number"), "\(e)")
        }
        do {
            _ = try SceneRun(contentsOf: card, vars: ["threshold": [1.0, 2, 3]])
            Issue.record("three numbers were taken")
        } catch let e as SceneRunError {
            #expect("\(e)".contains("two (a point) or four (a rect) numbers"), "\(e)")
        }
    }
}
