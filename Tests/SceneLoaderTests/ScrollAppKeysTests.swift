import SceneLoader
import Testing

/// Format 1.3's scroll view keys (insets, `alwaysBounce…`, `isScrollEnabled`, `zoom` and
/// `zooming`), its actions (`scrollTo`, `zoomTo`) and settable members: refused with their
/// location where they cannot work.
@Suite struct ScrollAppKeysTests {
    static let list =
        "views:\n  list: { frame: [0, 0, 390, 844], scroll: { contentSize: [390, 3000] } }\n"
        + "  card: { frame: [0, 0, 100, 100] }\nscript: [ { wait: 1 } ]\n"
    static let album =
        "views:\n  album: { frame: [0, 0, 390, 844], scroll: { zoom: { minimum: 1, maximum: 3 }, zooming: photo } }\n"
        + "  photo: { frame: [0, 0, 390, 844], superview: album }\nscript: [ { wait: 1 } ]\n"

    /// Each text with the error it gets (typed, so that the type checker need not infer the
    /// concatenations).
    static let refused: [(String, String)] = [
        (
            "views:\n  album: { frame: [0, 0, 390, 844], scroll: { zoom: { minimum: 1, maximum: 3 }, zooming: card } }\n"
                + "  card: { frame: [0, 0, 100, 100] }\nscript: [ { wait: 1 } ]",
            "t.yaml:2:90: error: `zooming` of `album` names `card`, which is not a subview of `album` (it is in the "
                + "reference view): the scroll view zooms a view inside it; give `card` `superview: album`"
        ),
        (
            "views:\n  album: { frame: [0, 0, 390, 844], scroll: { zoom: { minimum: 1, maximum: 3 }, zooming: phot } }\n"
                + "  photo: { frame: [0, 0, 390, 844], superview: album }\nscript: [ { wait: 1 } ]",
            "t.yaml:2:90: error: `zooming` of `album` names no view `phot`; did you mean `photo`?"
        ),
        (
            "views:\n  album: { frame: [0, 0, 390, 844], scroll: { zoom: { minimum: 1, maximum: 3 } } }\n"
                + "script: [ { wait: 1 } ]",
            "t.yaml:2:45: error: `scroll` of `album` has `zoom` but no `zooming`: name the subview it zooms "
                + "(viewForZooming)"
        ),
        (
            "views:\n  album: { frame: [0, 0, 390, 844], scroll: { zoom: { minimum: 2, maximum: 1 }, zooming: photo } }\n"
                + "  photo: { frame: [0, 0, 390, 844], superview: album }\nscript: [ { wait: 1 } ]",
            "t.yaml:2:53: error: `zoom` of `album`: `maximum` (1) is below `minimum` (2)"
        ),
        (
            "views:\n  list: { frame: [0, 0, 390, 844], scroll: { bounces: true } }\nscript: [ { wait: 1 } ]",
            "t.yaml:2:44: error: `scroll` of `list` needs `contentSize` (or `zoom` with `zooming`)"
        ),
        (
            "views:\n  list: { frame: [0, 0, 390, 844], scroll: { contentSize: [390, 3000], contentInset: { tpo: 60 } } }\n"
                + "script: [ { wait: 1 } ]",
            "t.yaml:2:88: error: unknown key `tpo` in `contentInset` of `list`; did you mean `top`?"
        ),
        (
            list + "gestures:\n  z: { scrollViewZoom: list }",
            "t.yaml:6:24: error: `list` does not zoom: give its `scroll` a `zoom: { minimum, maximum }` and "
                + "`zooming: VIEW`"
        ),
        (
            list + "on:\n  step: [ { set: { list.zoomScale: 2 } } ]",
            "t.yaml:6:36: error: `list` does not zoom"
        ),
        (
            list + "on:\n  step: [ { set: { card.contentOffset: [0, 0] } } ]",
            "t.yaml:6:40: error: `card` is not a scroll view: it has no settable property `contentOffset`"
        ),
        (
            album + "on:\n  step: [ { animate: { duration: 0.3, set: { album.zoomScale: 2 } } } ]",
            "t.yaml:6:63: error: `animate` cannot animate `zoomScale`: `zoomTo` zooms with an animation"
        ),
        (
            list + "on:\n  step: [ { scrollTo: { view: card, offset: [0, 0] } } ]",
            "t.yaml:6:31: error: `card` is not a scroll view: `scrollTo` needs `scroll` on it"
        ),
        (
            list + "on:\n  step: [ { zoomTo: { view: list, rect: [0, 0, 10, 10] } } ]",
            "t.yaml:6:29: error: `list` does not zoom"
        ),
        (
            list + "expect: { views: { card: { zoomScale: 1 } } }",
            "t.yaml:5:39: error: `zoomScale` is a scroll view's; `card` has no `scroll`"
        ),
    ]

    @Test(arguments: ScrollAppKeysTests.refused)
    func refusedWithTheirLocation(_ text: String, _ message: String) {
        #expect(loadError(text).hasPrefix(message), "\(loadError(text))")
    }

    /// Every new key, member, action and event loads where it fits.
    @Test func theFormsLoad() throws {
        _ = try load(
            "views:\n  list: { frame: [0, 0, 390, 844], scroll: { contentSize: [390, 300], contentInset: { top: 10, "
                + "bottom: 5 }, alwaysBounceVertical: true, alwaysBounceHorizontal: false, isScrollEnabled: false } }\n"
                + "script: [ { wait: 1 } ]\n"
                + "on:\n  list.didEndScrollingAnimation: [ { set: { list.contentInset.top: 0, list.isScrollEnabled: true } } ]\n"
                + "  list.willEndDragging: [ { scrollTo: { view: list, offset: \"[0, list.contentInset.bottom]\" } } ]\n"
                + "expect: { views: { list: { contentInset.top: 0, isScrollEnabled: true, presentation: "
                + "{ contentOffset: [0, 0] } } } }")
        _ = try load(
            ScrollAppKeysTests.album
                + "gestures:\n  z: { scrollViewZoom: { in: album, simultaneous: [t] } }\n  t: { tap: { in: album } }\n"
                + "on:\n  album.didZoom: [ { log: \"album.isZooming || album.isZoomBouncing\" } ]\n"
                + "  album.didEndZooming: [ { set: { album.zoomScale: 2 } } ]\n"
                + "  t.ended: [ { zoomTo: { view: album, rect: \"photo.bounds\" } } ]")
    }
}
