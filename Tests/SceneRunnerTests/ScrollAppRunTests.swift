import Results
import SceneLoader
import SceneRunner
import Testing

/// A scroll view the app drives (format 1.3), run from scene text: the app's offset, `scrollTo`,
/// insets at run time, `alwaysBounceVertical`, `isScrollEnabled`, the zoom's events, and the
/// run-time errors located at their expressions.
@Suite struct ScrollAppRunTests {
    func passes(_ yaml: String) throws {
        for r in try run(yaml) {
            #expect(r.status == .passed, "\(r.failures.map(\.message)) \(r.diagnostics.map(\.description))")
        }
    }

    /// `set` of the offset stops a deceleration without `didEndDecelerating`; its `didScroll` runs
    /// once, at the end of the tick.
    @Test func theAppsOffsetStopsTheDecelerationAndScrollsOnce() throws {
        try passes(
            """
            views: { list: { frame: [0, 0, 390, 844], scroll: { contentSize: [390, 3000] } } }
            gestures: { drag: { scrollView: list } }
            vars: { scrolls: 0, seenAtSet: 0 }
            on:
              list.didScroll: [ { set: { scrolls: "scrolls + 1" } } ]
            script:
              - flick: { gesture: drag, from: [200, 600], velocity: [0, -1500], distance: 100 }
              - wait: 0.2
              - expect: { views: { list: { isDecelerating: true } }, events: { list.didEndDecelerating: 0 } }
              - set: { list.contentOffset: [0, 1200], seenAtSet: scrolls }
              - expect: { views: { list: { contentOffset: [0, 1200], isDecelerating: false } }, that: ["scrolls == seenAtSet"] }
              - wait: { frames: 1 }
              - expect: { that: ["scrolls == seenAtSet + 1"] }
              - wait: 2
            expect:
              views: { list: { contentOffset: [0, 1200] } }
              events: { list.didEndDecelerating: 0 }
              that: ["scrolls == seenAtSet + 1"]
            """)
    }

    /// `scrollTo`: 0.3 s along ease-in-ease-out, `didScroll` each frame, then
    /// `didEndScrollingAnimation` once.
    @Test func scrollToArrivesAndSaysSo() throws {
        try passes(
            """
            views: { list: { frame: [0, 0, 390, 844], scroll: { contentSize: [390, 3000] } } }
            script:
              - scrollTo: { view: list, offset: [0, 600] }
              - wait: 0.15
              - expect: { views: { list: { contentOffset: [0, 300], isDecelerating: false } }, events: { list.didEndScrollingAnimation: 0 } }
              - wait: 0.15
              - expect: { views: { list: { contentOffset: [0, 600] } }, events: { list.didEndScrollingAnimation: 1, list.didScroll: 18 } }
            """)
    }

    /// A list shorter than its bounds pulls only with `alwaysBounceVertical`; at rest it sits at
    /// −top.
    @Test func aShortListPullsOnlyWithAlwaysBounce() throws {
        let scene = """
            views: { list: { frame: [0, 0, 390, 844], scroll: { contentSize: [390, 400], contentInset: { top: 20 } } } }
            gestures: { pull: { scrollView: list } }
            script:
              - pan: { gesture: pull, from: [195, 200], to: [195, 400], duration: 0.3, release: hold }
              - expect: { views: { list: { contentOffset: [0, -20], isDragging: false } } }
            variants:
              always:
                views: { list: { scroll: { alwaysBounceVertical: true } } }
                script:
                  - pan: { gesture: pull, from: [195, 200], to: [195, 400], duration: 0.3, release: hold }
                  - expect: { views: { list: { contentOffset: [0, -112.99], isDragging: true } } }
                  - pan: { gesture: pull, path: [[0, 195, 400], [0.05, 195, 400]] }
                  - wait: 2
                expect: { views: { list: { contentOffset: [0, -20] } }, events: { list.didEndDecelerating: 1 } }
            """
        try passes(scene)
    }

    /// `isScrollEnabled: false`: the scroll view's pan fails at the touch-down and an outer pan on
    /// the same touches begins; set back to true at run time, the list scrolls.
    @Test func aDisabledScrollViewHandsItsTouchesOn() throws {
        try passes(
            """
            views:
              sheet: { frame: [0, 0, 390, 844] }
              list: { frame: [0, 0, 390, 844], superview: sheet, scroll: { contentSize: [390, 3000], isScrollEnabled: false } }
            gestures:
              scroll: { scrollView: list }
              sheetPan: { pan: { in: sheet } }
            script:
              - pan: { gesture: scroll, from: [195, 600], to: [195, 300], duration: 0.3 }
              - expect: { views: { list: { contentOffset: [0, 0] } }, events: { sheetPan.began: 1, scroll.began: 0, scroll.failed: 1 } }
              - set: { list.isScrollEnabled: true }
              - pan: { gesture: scroll, from: [195, 600], to: [195, 300], duration: 0.3 }
              - expect: { views: { list: { isScrollEnabled: true } }, events: { scroll.began: 1 }, that: ["list.contentOffset.y > 200"] }
            """)
    }

    /// An inset set at rest moves an offset it leaves outside the range at once; inside
    /// `animate` the screen follows along the curve while the model is there at once.
    @Test func insetsAtRestMoveTheOffsetIn() throws {
        try passes(
            """
            views: { list: { frame: [0, 0, 390, 844], scroll: { contentSize: [390, 3000], contentInset: { top: 60 } } } }
            script:
              - set: { list.contentOffset: [0, -60] }
              - animate: { duration: 0.2, curve: linear, set: { list.contentInset.top: 0 } }
              - expect: { views: { list: { contentOffset: [0, 0], contentInset.top: 0, presentation: { contentOffset: [0, -60] } } } }
              - wait: 0.1
              - expect: { views: { list: { presentation: { contentOffset: [0, -30] } } } }
              - set: { list.contentInset.bottom: -3000 }
              - expect: { views: { list: { contentOffset: [0, 0] } } }
              - set: { list.contentOffset: [0, 900], list.contentInset.bottom: 0 }
              - set: { list.contentInset.bottom: -1300 }
              - expect: { views: { list: { contentOffset: [0, 856] } } }
            """)
    }

    /// `didZoom` runs on each frame the scale changes and `didEndZooming` once per zoom: at the
    /// end of a `zoomTo`; `set` of the scale zooms about the centre and runs `didZoom` once.
    @Test func zoomEventsAreCounted() throws {
        try passes(
            """
            views:
              album: { frame: [0, 0, 390, 844], scroll: { zoom: { minimum: 1, maximum: 4 }, zooming: photo } }
              photo: { frame: [0, 0, 390, 844], superview: album }
            script:
              - zoomTo: { view: album, rect: [97.5, 211, 195, 422] }
              - wait: 0.3
              - expect: { views: { album: { zoomScale: 2, contentOffset: [195, 422] }, photo: { frame: [0, 0, 780, 1688], scale: 2 } }, events: { album.didZoom: 18, album.didEndZooming: 1 } }
              - set: { album.zoomScale: 3 }
              - wait: { frames: 1 }
              - expect: { views: { album: { zoomScale: 3, contentOffset: [390, 844] } }, events: { album.didZoom: 19, album.didEndZooming: 1 } }
            """)
    }

    @Test(arguments: [
        (
            "  - zoomTo: { view: album, rect: \"[0, 0, 0, album.zoomScale]\" }",
            "r.yaml:5:35: error: `zoomTo` needs a rect with a positive width and height, got [0, 0, 0, 1]"
        ),
        (
            "  - set: { album.zoomScale: \"album.zoomScale - 2\" }",
            "r.yaml:5:29: error: `album.zoomScale` must be a positive number, got -1"
        ),
        (
            "  - scrollTo: { view: album, offset: \"[0, 1e308 * 10]\" }",
            "r.yaml:5:43: error: `1e308 * 10` is not a finite number"
        ),
    ])
    func runTimeErrorsAreLocatedAtTheExpression(_ step: String, _ message: String) throws {
        let r = try run(
            """
            views:
              album: { frame: [0, 0, 390, 844], scroll: { zoom: { minimum: 1, maximum: 4 }, zooming: photo } }
              photo: { frame: [0, 0, 390, 844], superview: album }
            script:
            \(step)
            """)[0]
        #expect(r.status == .invalid)
        #expect(r.diagnostics.first?.description.hasPrefix(message) == true, "\(r.diagnostics.map(\.description))")
    }
}
