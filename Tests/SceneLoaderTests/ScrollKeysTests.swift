import SceneLoader
import Testing

/// A scroll view's keys, its gesture, events and members: refused with their location where
/// they do not fit (issue 26).
@Suite struct ScrollKeysTests {
    static let list =
        "views:\n  list: { frame: [0, 0, 390, 844], scroll: { contentSize: [390, 3000] } }\n"
        + "  card: { frame: [0, 0, 100, 100] }\nscript: [ { wait: 1 } ]\n"

    @Test(arguments: [
        (
            "views:\n  list: { frame: [0, 0, 390, 844], scroll: { contentSize: [390, -1] } }\nscript: [ { wait: 1 } ]",
            "t.yaml:2:59: error: `contentSize` of `list` must not be negative, found [390, -1]"
        ),
        (
            "views:\n  list: { frame: [0, 0, 390, 844], scroll: { bounces: true } }\nscript: [ { wait: 1 } ]",
            "t.yaml:2:44: error: `scroll` of `list` needs `contentSize` (or `zoom` with `zooming`)"
        ),
        (
            "views:\n  list: { frame: [0, 0, 390, 844], scroll: { contentSize: [1, 1], decelerationRate: 1 } }\n"
                + "script: [ { wait: 1 } ]",
            "t.yaml:2:85: error: `decelerationRate` of `list` must be below 1 (a rate per millisecond), found 1"
        ),
        (
            "views:\n  list: { frame: [0, 0, 390, 844], scroll: { contentSize: [1, 1], decelerationRate: slow } }\n"
                + "script: [ { wait: 1 } ]",
            "t.yaml:2:85: error: `decelerationRate` of `list` must be normal, fast or a number between 0 and 1, "
                + "found `slow`"
        ),
        (
            list + "gestures:\n  drag: { scrollView: card }",
            "t.yaml:6:23: error: `card` is not a scroll view: give it `scroll: { contentSize: [w, h] }`"
        ),
        (
            list + "on:\n  card.didScroll: [ { haptic: light } ]",
            "t.yaml:6:3: error: `card` is not a scroll view: `card.didScroll` needs `scroll` on it"
        ),
        (
            list + "on:\n  list.didScroll: [ { set: { targetContentOffset: [0, 0] } } ]",
            "t.yaml:6:51: error: `targetContentOffset` can be set only in a scroll view's `willEndDragging` rule"
        ),
        (
            list + "expect: { views: { card: { contentOffset: [0, 0] } } }",
            "t.yaml:5:43: error: `contentOffset` is a scroll view's; `card` has no `scroll`"
        ),
        (
            list + "expect: { that: [\"card.isDragging\"] }",
            "t.yaml:5:19: error: `card` has no member `isDragging`"
        ),
        (
            list + "on:\n  list.didScroll: [ { log: releaseVelocity } ]",
            "t.yaml:6:28: error: unknown name `releaseVelocity`"
        ),
    ])
    func refusedWithTheirLocation(_ text: String, _ message: String) {
        #expect(loadError(text).hasPrefix(message), "\(loadError(text))")
    }

    /// The short form of the gesture, its mapping form, a rate as a number, and the delegate's
    /// arguments inside `willEndDragging` load.
    @Test func theFormsLoad() throws {
        _ = try load(ScrollKeysTests.list + "gestures:\n  drag: { scrollView: list }")
        _ = try load(ScrollKeysTests.list + "gestures:\n  drag: { scrollView: { in: list, minimumDistance: 4 } }")
        _ = try load(
            "views:\n  list: { frame: [0, 0, 390, 844], scroll: { contentSize: [1, 1], decelerationRate: 0.95 } }\n"
                + "script: [ { wait: 1 } ]")
        _ = try load(
            ScrollKeysTests.list
                + "vars: { v: \"[0, 0]\" }\non:\n  list.willEndDragging:\n"
                + "    - set: { v: releaseVelocity, targetContentOffset: \"targetContentOffset + [0, 10]\" }")
    }
}
