import Foundation
import Testing

/// The gesture scenes of the gallery (format 1.2): what they pin, and record mode on them.
@Suite(.serialized) struct GestureGalleryTests {
    static let scenes = [
        "cancelled-pan", "double-tap-snap", "long-press-drag", "pinch-throw", "rotation-spin", "swipe-away",
        "paging-scroll", "rubber-band", "springy-collection", "springy-list-rested", "flick-after-hold",
    ]

    /// Each scores at least 90 % (each is 100 % with its equivalent mutants explained).
    @Test func everyGestureSceneKillsItsMutants() throws {
        try expectGalleryScores(
            GestureGalleryTests.scenes,
            [
                "cancelled-pan.yaml: 20 mutants: 16 killed, 0 survived, 3 invalid, 1 equivalent; score 16/16 = 100.0 %",
                "double-tap-snap.yaml: 14 mutants: 13 killed, 0 survived, 1 equivalent; score 13/13 = 100.0 %",
                "long-press-drag.yaml: 29 mutants: 24 killed, 0 survived, 2 invalid, 3 equivalent; score 24/24 = 100.0 %",
                "pinch-throw.yaml: 12 mutants: 11 killed, 0 survived, 1 equivalent; score 11/11 = 100.0 %",
                "rotation-spin.yaml: 7 mutants: 6 killed, 0 survived, 1 equivalent; score 6/6 = 100.0 %",
                "swipe-away.yaml: 14 mutants: 11 killed, 0 survived, 3 equivalent; score 11/11 = 100.0 %",
                "paging-scroll.yaml: 8 mutants: 8 killed, 0 survived; score 8/8 = 100.0 %",
                "rubber-band.yaml: 4 mutants: 4 killed, 0 survived; score 4/4 = 100.0 %",
                "springy-collection.yaml: 25 mutants: 24 killed, 0 survived, 1 invalid; score 24/24 = 100.0 %",
                "springy-list-rested.yaml: 17 mutants: 16 killed, 0 survived, 1 invalid; score 16/16 = 100.0 %",
                "flick-after-hold.yaml: 27 mutants: 25 killed, 0 survived, 2 invalid; score 25/25 = 100.0 %",
            ])
    }

    /// Checkpoints written mid-gesture (after a `touches`, a `press`, a `tap`; a scroll view's
    /// `contentOffset` mid-deceleration) are rewritten by `--update` like any other, and the files
    /// come back byte for byte.
    @Test func recordModeRewritesGestureCheckpoints() throws {
        try expectRecordModeRestores(
            [
                ("pinch-throw.yaml", "center: [195, 535], scale: 1.528,", "center: [195, 500], scale: 1.2,"),
                ("long-press-drag.yaml", "center: [195, 587.5]", "center: [195, 622]"),
                ("double-tap-snap.yaml", "center: [211, 266]", "center: [195, 300]"),
                ("paging-scroll.yaml", "contentOffset: [462, 0]", "contentOffset: [500, 0]"),
            ], summary: "5 values rewritten in 4 file(s)", tag: "gesture")
    }
}
