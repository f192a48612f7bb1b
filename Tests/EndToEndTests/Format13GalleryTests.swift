import Foundation
import Testing

/// The gallery scenes of format 1.3 (what real apps need): what they pin, and record mode on them.
@Suite(.serialized) struct Format13GalleryTests {
    static let scenes = ["sheet-velocity"]

    /// Each kills every mutant.
    @Test func everyFormat13SceneKillsItsMutants() throws {
        try expectGalleryScores(
            Format13GalleryTests.scenes,
            [
                "sheet-velocity.yaml: 28 mutants: 28 killed, 0 survived; score 28/28 = 100.0 %"
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
                )
            ], summary: "1 value rewritten in 1 file(s)", tag: "format13")
    }
}
