import Foundation
import Testing

/// The gallery scenes of format 1.3 (what real apps need): what they pin, and record mode on them.
@Suite(.serialized) struct Format13GalleryTests {
    static let scenes = ["sheet-velocity", "pip-subview", "sheet-over-list"]

    /// Each kills every mutant.
    @Test func everyFormat13SceneKillsItsMutants() throws {
        try expectGalleryScores(
            Format13GalleryTests.scenes,
            [
                "sheet-velocity.yaml: 28 mutants: 28 killed, 0 survived; score 28/28 = 100.0 %",
                "pip-subview.yaml: 20 mutants: 19 killed, 0 survived, 1 invalid; score 19/19 = 100.0 %",
                "sheet-over-list.yaml: 13 mutants: 13 killed, 0 survived; score 13/13 = 100.0 %",
            ])
    }

    /// The checkpoints written mid-motion, after the release, are rewritten by `--update` like
    /// any other, and the file comes back byte for byte.
    @Test func recordModeRewritesTheSpringsCheckpoints() throws {
        try expectRecordModeRestores(
            [
                (
                    "sheet-velocity.yaml", "presentation: { y: 282.546 }, within: 0.001",
                    "presentation: { y: 250 }, within: 0.001"
                ),
                // The view tree's members: a subview's on-screen frame mid-flight, and `hidden`.
                ("pip-subview.yaml", "screen: [299.3, 709, 36, 36]", "screen: [300, 700, 36, 36]"),
                ("sheet-over-list.yaml", "contentOffset: [0, -56.3]", "contentOffset: [0, -50]"),
            ], summary: "3 values rewritten in 3 file(s)", tag: "format13")
    }

    /// `--update` rewrites a view's `hidden` like any other member.
    @Test func recordModeRewritesHidden() throws {
        try expectRecordModeRestores(
            [("pip-subview.yaml", "hidden: false, screen", "hidden: true, screen")],
            summary: "1 value rewritten in 1 file(s)", tag: "format13-hidden")
    }
}
