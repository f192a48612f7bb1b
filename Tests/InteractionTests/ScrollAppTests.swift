import Geometry
import Interaction
import Testing

/// A scroll view the app drives (format 1.3): its offset set or animated, its insets at rest and
/// while a finger holds, `alwaysBounce`, and its zoom, against the closed forms they are built on.
@Suite struct ScrollAppTests {
    func list(content: Vec2 = Vec2(390, 3000), insets: EdgeInsets = .zero, alwaysBounce: Bool = false) -> ScrollView {
        ScrollView(
            bounds: Vec2(390, 844), content: content, rate: ScrollPhysics.normalRate, bounces: true, paging: false,
            alwaysBounce: (false, alwaysBounce), insets: insets)
    }

    /// Runs frames of 1/60 s from `t` until the motion ends or `limit` passes; the ends seen.
    func settle(_ s: inout ScrollView, from t: Double, limit: Double = 5) -> (ends: ScrollEnds, at: Double) {
        var time = t
        var seen = ScrollEnds()
        while time < t + limit {
            time += 1.0 / 60
            let e = s.advance(to: time)
            seen = ScrollEnds(
                decelerating: seen.decelerating || e.decelerating,
                scrollingAnimation: seen.scrollingAnimation || e.scrollingAnimation,
                zooming: seen.zooming || e.zooming)
            if !s.isDecelerating && !s.isScrollAnimating && !s.isZoomBouncing && e != ScrollEnds() { break }
        }
        return (seen, time)
    }

    @Test func insetsWidenTheRestingRange() {
        let s = list(insets: EdgeInsets(top: 60, bottom: 30))
        #expect(s.y.minOffset == -60 && s.y.maxOffset == 3000 - 844 + 30 && s.contentOffset.y == 0)
        // A short list rests at −top.
        let short = list(content: Vec2(390, 400), insets: EdgeInsets(top: 60))
        #expect(short.y.minOffset == -60 && short.y.maxOffset == -60 && !short.y.scrolls)
        #expect(list(content: Vec2(390, 400), alwaysBounce: true).y.scrolls)
    }

    /// Pull to refresh: dragged to −90, the rule sets `top: 60` while the finger holds (nothing
    /// jumps), the release springs back to −60 on the bounce spring.
    @Test func releasedAtMinus90WithTop60ItSettlesAtMinus60() {
        var s = list()
        s.beginDrag()
        s.drag(translation: Vec2(0, ScrollPhysics.rubberBandInverse(90, dimension: 844)))
        #expect(Swift.abs(s.contentOffset.y + 90) < 1e-9)
        s.setContentInset(EdgeInsets(top: 60), at: 1)
        #expect(Swift.abs(s.contentOffset.y + 90) < 1e-9)  // nothing jumps
        // Measured from the new edge: 1 pt more of finger shows rubberBand(raw past −60).
        let raw = ScrollPhysics.rubberBandInverse(30, dimension: 844)
        s.drag(translation: Vec2(0, ScrollPhysics.rubberBandInverse(90, dimension: 844) + 1))
        #expect(Swift.abs(s.contentOffset.y - (-60 - ScrollPhysics.rubberBand(raw + 1, dimension: 844))) < 1e-9)
        s.drag(translation: Vec2(0, ScrollPhysics.rubberBandInverse(90, dimension: 844)))
        s.release(velocity: .zero, target: nil, at: 1)
        _ = s.advance(to: 1.1)
        #expect(Swift.abs(s.contentOffset.y - (-60 + ScrollPhysics.bounce(x0: -30, v0: 0, after: 0.1).offset)) < 1e-9)
        let end = settle(&s, from: 1.1)
        #expect(end.ends.decelerating && s.contentOffset.y == -60)
        // At rest, `top: 0` moves it in at once.
        s.setContentInset(.zero, at: end.at)
        #expect(s.contentOffset.y == 0)
    }

    /// Insets set while the content springs back change where it ends, without a jump.
    @Test func anInsetSetDuringTheBounceRetargetsIt() {
        var s = list()
        s.beginDrag()
        s.drag(translation: Vec2(0, ScrollPhysics.rubberBandInverse(90, dimension: 844)))
        s.release(velocity: .zero, target: nil, at: 0)
        _ = s.advance(to: 0.05)
        let before = s.contentOffset.y
        s.setContentInset(EdgeInsets(top: 60), at: 0.05)
        #expect(s.contentOffset.y == before && s.isDecelerating)
        _ = settle(&s, from: 0.05)
        #expect(s.contentOffset.y == -60)
    }

    /// An animated inset change: the model offset at once, the screen along the curve.
    @Test func anAnimatedInsetMovesTheScreenOverTheAnimation() {
        var s = list(insets: EdgeInsets(top: 60))
        s.setContentOffset(Vec2(0, -60))
        let a = ScrollView.ShownShift(shift: .zero, start: 2, duration: 0.3, curve: .easeInOut, spring: nil)
        s.setContentInset(.zero, at: 2, animation: a)
        #expect(s.contentOffset.y == 0 && s.shownOffset(at: 2).y == -60)
        #expect(Swift.abs(s.shownOffset(at: 2.15).y + 60 * (1 - TimingCurve.easeInOut.value(at: 0.5))) < 1e-9)
        _ = s.advance(to: 2.31)
        #expect(s.shownOffset(at: 2.31).y == 0 && s.shownShift == nil)
    }

    @Test func theAppsOffsetStopsADeceleration() {
        var s = list()
        s.beginDrag()
        s.drag(translation: Vec2(0, -100))
        s.release(velocity: Vec2(0, 1000), target: nil, at: 0)
        _ = s.advance(to: 0.2)
        #expect(s.isDecelerating)
        s.setContentOffset(Vec2(0, 1200))
        #expect(!s.isDecelerating && s.contentOffset.y == 1200)
        let later = s.advance(to: 1)
        #expect(later == ScrollEnds())  // no didEndDecelerating
    }

    /// `scrollTo`: 0.3 s along ease-in-ease-out, then `didEndScrollingAnimation`.
    @Test func scrollToRunsTheChosenCurve() {
        var s = list()
        s.scroll(to: Vec2(0, 600), at: 1)
        #expect(s.isScrollAnimating && !s.isDecelerating)
        _ = s.advance(to: 1.15)
        #expect(Swift.abs(s.contentOffset.y - 600 * TimingCurve.easeInOut.value(at: 0.5)) < 1e-9)
        let before = s.advance(to: 1.29)
        let end = s.advance(to: 1.3)
        #expect(before == ScrollEnds())
        #expect(end == ScrollEnds(scrollingAnimation: true) && s.contentOffset.y == 600)
    }

    @Test func aShortListBouncesOnlyWithAlwaysBounce() {
        for always in [false, true] {
            var s = list(content: Vec2(390, 400), alwaysBounce: always)
            s.beginDrag()
            s.drag(translation: Vec2(0, 100))
            #expect(s.contentOffset.y == (always ? -ScrollPhysics.rubberBand(100, dimension: 844) : 0))
        }
    }

    func photo() -> ScrollView {
        ScrollView(
            bounds: Vec2(390, 844), content: Vec2(390, 844), rate: ScrollPhysics.normalRate, bounces: true,
            paging: false, zoom: ScrollZoom(minimum: 1, maximum: 3, bounces: true, viewSize: Vec2(390, 844)))
    }

    /// The pinch zooms about its centroid; past `maximum` it rubber-bands on the logarithm of the
    /// scale, and springs back on release with the offset.
    @Test func aPinchPastTheMaximumRubberBandsAndSpringsBack() {
        var s = photo()
        let c = Vec2(100, 300)
        s.beginZoom(centroid: c)
        s.zoom(pinchScale: 2, centroid: c)
        #expect(s.zoomScale == 2 && s.isZooming && s.contentSize == Vec2(780, 1688))
        #expect(s.contentOffset == Vec2(100, 300))  // (c / 1) · 2 − c: the point under the fingers stays
        s.zoom(pinchScale: 6, centroid: c)
        let shown = 3 * Elementary.exp(ScrollPhysics.rubberBand(Elementary.log(2.0), dimension: Elementary.log(2.0)))
        #expect(Swift.abs(s.zoomScale - shown) < 1e-9 && s.zoomScale < 6)
        let bounces = s.endZoom(at: 1)
        #expect(bounces && s.isZoomBouncing)
        _ = s.advance(to: 1.1)
        #expect(Swift.abs(s.zoomScale - (3 + ScrollPhysics.bounce(x0: shown - 3, v0: 0, after: 0.1).offset)) < 1e-9)
        let end = settle(&s, from: 1.1)
        #expect(end.ends.zooming && s.zoomScale == 3 && !s.isZoomBouncing)
        #expect(s.contentOffset == Vec2(200, 600))  // 3 · c − c, inside the content
    }

    @Test func withoutBouncesThePinchStopsAtTheLimit() {
        var s = ScrollView(
            bounds: Vec2(390, 844), content: Vec2(390, 844), rate: ScrollPhysics.normalRate, bounces: true,
            paging: false, zoom: ScrollZoom(minimum: 1, maximum: 3, bounces: false, viewSize: Vec2(390, 844)))
        s.beginZoom(centroid: Vec2(195, 422))
        s.zoom(pinchScale: 5, centroid: Vec2(195, 422))
        let bounces = s.endZoom(at: 0)
        #expect(s.zoomScale == 3 && !bounces)
    }

    /// `zoomTo` fits the whole rect, centred, within the limits and the content.
    @Test func zoomToFitsTheRect() {
        var s = photo()
        let goal = s.zoomTarget(Rect(x: 130, y: 282, width: 130, height: 280))
        #expect(goal?.scale == 3)  // min(390 / 130, 844 / 280) = 3
        #expect(goal?.offset == Vec2(195 * 3 - 195, 422 * 3 - 422))
        // A rect in a corner: the offset stays inside the content.
        #expect(s.zoomTarget(Rect(x: 0, y: 0, width: 195, height: 422))?.offset == Vec2(0, 0))
        // Past the maximum: the limit.
        #expect(s.zoomTarget(Rect(x: 100, y: 100, width: 10, height: 10))?.scale == 3)
        s.zoom(to: Rect(x: 130, y: 282, width: 130, height: 280), at: 0)
        _ = s.advance(to: 0.15)
        #expect(Swift.abs(s.zoomScale - (1 + 2 * TimingCurve.easeInOut.value(at: 0.5))) < 1e-9)
        let end = s.advance(to: 0.3)
        #expect(end == ScrollEnds(zooming: true) && s.zoomScale == 3)
        #expect(s.contentOffset == Vec2(390, 844))
    }

    @Test func settingTheZoomScaleZoomsAboutTheCentreWithinTheLimits() {
        var s = photo()
        let to2 = s.setZoomScale(2)
        #expect(to2 && s.zoomScale == 2 && s.contentOffset == Vec2(195, 422))
        let to10 = s.setZoomScale(10)
        #expect(to10 && s.zoomScale == 3)
        let again = s.setZoomScale(3)
        #expect(!again)
    }
}
