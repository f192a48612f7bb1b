import SceneLoader
import Testing

/// Values the engine or UIKit could not take are refused at load with their location, never
/// accepted and silently changed (issue 23).
@Suite struct RefusedTests {
    static let card = "views:\n  card: { frame: [0, 0, 100, 100] }\nscript: [ { wait: 1 } ]\n"

    @Test(arguments: [
        // 1e-320 is positive in Double and 0 in float32, where Box2D would give the body 1 kg.
        (
            card + "behaviors:\n  b: { item: { items: [card], density: 1e-320 } }",
            "t.yaml:5:40: error: `density` must be positive, found 1e-320, which is 0 in float32, the engine's precision"
        ),
        (
            "world: { substeps: 1e20 }\n" + card,
            "t.yaml:1:20: error: `world.substeps` must be a whole number from 1 to 1000, found 1e20"
        ),
        (
            "world: { substeps: 2.5 }\n" + card,
            "t.yaml:1:20: error: `world.substeps` must be a whole number from 1 to 1000, found 2.5"
        ),
        (
            card.replacingOccurrences(
                of: "{ wait: 1 }", with: "{ animate: { curve: easeIn, spring: { damping: 0.5 }, set: { card.x: 1 } } }"),
            "t.yaml:3:31: error: `animate` takes a `curve` or a `spring`, not both (the spring is its own timing)"
        ),
        (
            card + "transitions:\n  t: { kind: present, to: card, finalFrame: [0, 0, 0, 100] }",
            "t.yaml:5:45: error: `finalFrame` must have a positive width and height, found 0 × 100"
        ),
        (
            card + "transitions:\n  t: { kind: present, to: card, finalFrame: [0, 0, 100, -1] }",
            "t.yaml:5:45: error: `finalFrame` must have a positive width and height, found 100 × -1"
        ),
        (
            "views:\n  v: { frame: [0, 0, 100, 100], scale: 0 }\nscript: [ { wait: 1 } ]",
            "t.yaml:2:40: error: `scale` of `v` must be positive, found 0"
        ),
        // A view is removed from the model: the screen has no other answer.
        (
            card + "expect: { views: { card: { presentation: { removed: true } } } }",
            "t.yaml:4:44: error: unknown key `removed` in the on-screen expectations of `card`; expected one of: frame, center, x, y, width, height, size, bounds, rotation, alpha, velocity, angularVelocity, scale, "
                + "screen"
        ),
    ])
    func refusedWithTheirLocation(_ text: String, _ message: String) {
        #expect(loadError(text) == message)
    }

    /// The values next to those bounds load.
    @Test func valuesInsideTheBoundsLoad() throws {
        _ = try load(RefusedTests.card + "behaviors:\n  b: { item: { items: [card], density: 1e-40 } }")
        _ = try load("world: { substeps: 1000 }\n" + RefusedTests.card)
        _ = try load(RefusedTests.card + "transitions:\n  t: { kind: present, to: card, finalFrame: [0, 0, 1, 1] }")
    }
}
