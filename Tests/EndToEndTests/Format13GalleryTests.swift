import Foundation
import Testing

/// The gallery scenes of format 1.3 (what real apps need): what they pin, and record mode on them.
@Suite(.serialized) struct Format13GalleryTests {
    static let scenes = ["sheet-velocity", "pull-to-refresh", "photo-zoom", "pip-subview", "sheet-over-list"]

    /// Each kills every mutant.
    @Test func everyFormat13SceneKillsItsMutants() throws {
        try expectGalleryScores(
            Format13GalleryTests.scenes,
            [
                "sheet-velocity.yaml: 28 mutants: 28 killed, 0 survived; score 28/28 = 100.0 %",
                "pull-to-refresh.yaml: 26 mutants: 24 killed, 0 survived, 2 equivalent; score 24/24 = 100.0 %",
                "photo-zoom.yaml: 22 mutants: 22 killed, 0 survived; score 22/22 = 100.0 %",
                "pip-subview.yaml: 20 mutants: 19 killed, 0 survived, 1 invalid; score 19/19 = 100.0 %",
                "sheet-over-list.yaml: 13 mutants: 13 killed, 0 survived; score 13/13 = 100.0 %",
            ])
    }

    /// The checkpoints written mid-motion, after the release, are rewritten by `--update` like
    /// any other, and the file comes back byte for byte: a spring's presentation, a scroll
    /// view's inset (a dotted member), its zoom scale.
    @Test func recordModeRewritesTheSpringsCheckpoints() throws {
        try expectRecordModeRestores(
            [
                (
                    "sheet-velocity.yaml", "presentation: { y: 282.546 }, within: 0.001",
                    "presentation: { y: 250 }, within: 0.001"
                ),
                (
                    "pull-to-refresh.yaml", "contentOffset: [0, -83.14], contentInset.top: 60,",
                    "contentOffset: [0, -83.14], contentInset.top: 50,"
                ),
                (
                    "photo-zoom.yaml", "zoomScale: 2, contentOffset: [195, 389]",
                    "zoomScale: 2.5, contentOffset: [195, 389]"
                ),
                // The view tree's members: a subview's on-screen frame mid-flight, and `hidden`.
                ("pip-subview.yaml", "screen: [299.3, 709, 36, 36]", "screen: [300, 700, 36, 36]"),
                ("sheet-over-list.yaml", "contentOffset: [0, -56.3]", "contentOffset: [0, -50]"),
            ], summary: "5 values rewritten in 5 file(s)", tag: "format13")
    }

    /// `--update` rewrites a view's `hidden` like any other member.
    @Test func recordModeRewritesHidden() throws {
        try expectRecordModeRestores(
            [("pip-subview.yaml", "hidden: false, screen", "hidden: true, screen")],
            summary: "1 value rewritten in 1 file(s)", tag: "format13-hidden")
    }
}
