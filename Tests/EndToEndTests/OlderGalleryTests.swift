import Foundation
import Testing

/// The older gallery scenes (behaviours without gestures): what they pin. `gravity-collision` has
/// no mutants (nothing in its behaviours is a number) and is not listed.
@Suite(.serialized) struct OlderGalleryTests {
    static let scenes = [
        "attachment-spring", "fields", "item-elasticity", "limit-pin-fixed", "push", "sliding", "snap",
    ]

    /// Each scores at least 90 % (each is 100 % with its equivalent mutants explained).
    @Test func everyOlderGallerySceneKillsItsMutants() throws {
        try expectGalleryScores(
            OlderGalleryTests.scenes,
            [
                "attachment-spring.yaml: 10 mutants: 9 killed, 0 survived, 1 equivalent; score 9/9 = 100.0 %",
                "fields.yaml: 26 mutants: 25 killed, 0 survived, 1 invalid; score 25/25 = 100.0 %",
                "item-elasticity.yaml: 2 mutants: 2 killed, 0 survived; score 2/2 = 100.0 %",
                "limit-pin-fixed.yaml: 20 mutants: 20 killed (2 by timeout), 0 survived; score 20/20 = 100.0 %",
                "push.yaml: 12 mutants: 9 killed, 0 survived, 1 invalid, 2 equivalent; score 9/9 = 100.0 %",
                "sliding.yaml: 20 mutants: 14 killed, 0 survived, 6 equivalent; score 14/14 = 100.0 %",
                "snap.yaml: 6 mutants: 6 killed, 0 survived; score 6/6 = 100.0 %",
            ])
    }
}
