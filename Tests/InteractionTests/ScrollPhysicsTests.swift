import Geometry
import Interaction
import Testing

/// The scroll view's closed forms (docs/physics.md, "Scroll views") against independent
/// computations: UIKit's per-millisecond deceleration summed step by step, the rubber band's
/// exact points, the bounce spring's differential equation, and the paging rule case by case.
@Suite struct ScrollPhysicsTests {
    /// UIKit's deceleration as a loop: each millisecond the velocity (pt/ms) is multiplied by the
    /// rate, then moves the offset.
    func stepped(velocity: Double, rate: Double, milliseconds n: Int) -> Double {
        var v = velocity / 1000
        var x = 0.0
        for _ in 0..<n {
            v *= rate
            x += v
        }
        return x
    }

    @Test(arguments: [(0.998, 1000.0), (0.99, 1000.0), (0.998, -2500.0), (0.95, 300.0)])
    func distanceIsTheSumOfMilliseconds(rate: Double, velocity: Double) {
        for ms in [1, 16, 250, 1000, 3000] {
            let closed = ScrollPhysics.distance(velocity: velocity, rate: rate, after: Double(ms) / 1000)
            #expect(Swift.abs(closed - stepped(velocity: velocity, rate: rate, milliseconds: ms)) < 1e-9)
        }
        let far = stepped(velocity: velocity, rate: rate, milliseconds: 100_000)
        #expect(Swift.abs(ScrollPhysics.projection(velocity: velocity, rate: rate) - far) < 1e-9)
    }

    @Test func projectionsOfNamedRates() {
        #expect(Swift.abs(ScrollPhysics.projection(velocity: 1000, rate: ScrollPhysics.normalRate) - 499) < 1e-9)
        #expect(Swift.abs(ScrollPhysics.projection(velocity: 1000, rate: ScrollPhysics.fastRate) - 99) < 1e-9)
        var v = 800.0
        for _ in 0..<500 { v *= 0.998 }
        #expect(Swift.abs(ScrollPhysics.velocity(800, rate: 0.998, after: 0.5) - v) < 1e-9)
    }

    @Test func decelerationTimeLeavesTheStopDistance() {
        for (d, rate) in [(499.0, 0.998), (99.0, 0.99), (-1200.0, 0.998)] {
            let t = ScrollPhysics.decelerationTime(distance: d, rate: rate)
            let left = Swift.abs(d) * ScrollPhysics.remaining(after: t, rate: rate)
            #expect(Swift.abs(left - ScrollTuning.stopDistance) < 1e-9)
        }
        // 499 pt at the normal rate: ln(0.5 / 499) / (1000 ln 0.998) = 3.449 s.
        #expect(Swift.abs(ScrollPhysics.decelerationTime(distance: 499, rate: 0.998) - 3.449_423) < 1e-5)
        #expect(ScrollPhysics.decelerationTime(distance: 0.4, rate: 0.998) == 0)
    }

    @Test func rubberBandPoints() {
        let d = 844.0
        #expect(ScrollPhysics.rubberBand(0, dimension: d) == 0)
        // x = d / c gives (1 − 1/2) d, and x = 3 d / c gives (1 − 1/4) d.
        #expect(Swift.abs(ScrollPhysics.rubberBand(d / 0.55, dimension: d) - d / 2) < 1e-9)
        #expect(Swift.abs(ScrollPhysics.rubberBand(-3 * d / 0.55, dimension: d) + 0.75 * d) < 1e-9)
        // It starts at slope c and never reaches d.
        #expect(Swift.abs(ScrollPhysics.rubberBand(1e-6, dimension: d) / 1e-6 - 0.55) < 1e-6)
        #expect(ScrollPhysics.rubberBand(1e9, dimension: d) < d)
        for x in [-300.0, -1, 0.5, 40, 1000] {
            let y = ScrollPhysics.rubberBand(x, dimension: d)
            #expect(Swift.abs(ScrollPhysics.rubberBandInverse(y, dimension: d) - x) < 1e-6)
        }
    }

    /// x'' + 2ωx' + ω²x = 0 (critically damped), from x0 at v0, checked by finite differences.
    @Test(arguments: [(100.0, 0.0), (0.0, 1000.0), (-40.0, 300.0)])
    func bounceIsCriticallyDamped(x0: Double, v0: Double) {
        let w = ScrollTuning.bounceOmega
        let start = ScrollPhysics.bounce(x0: x0, v0: v0, after: 0)
        #expect(start.offset == x0 && Swift.abs(start.velocity - v0) < 1e-12)
        let h = 1e-4
        for t in [0.05, 0.2, 0.6] {
            let a = ScrollPhysics.bounce(x0: x0, v0: v0, after: t - h).offset
            let b = ScrollPhysics.bounce(x0: x0, v0: v0, after: t)
            let c = ScrollPhysics.bounce(x0: x0, v0: v0, after: t + h).offset
            let acc = (a - 2 * b.offset + c) / (h * h)
            #expect(Swift.abs((c - a) / (2 * h) - b.velocity) < 1e-3)
            #expect(Swift.abs(acc + 2 * w * b.velocity + w * w * b.offset) < 1e-2 * Swift.max(1, Swift.abs(x0), v0))
        }
        // Thrown from the edge, the overshoot peaks at v0 / (ω e), at t = 1/ω.
        if x0 == 0 {
            let peak = ScrollPhysics.bounce(x0: 0, v0: v0, after: 1 / w).offset
            #expect(Swift.abs(peak - v0 / (w * Elementary.exp(1))) < 1e-9)
        }
    }

    /// The spring-back's constants (docs/physics.md, held against ListViewKit, Yandex and Flutter):
    /// ω = 2π / 0.575 s; a release at rest 100 pt past an edge is within 0.1 pt and under 10 pt/s
    /// after 0.845 s, not before 0.844 s.
    @Test func springBackEndsWhereListViewKitsDoes() {
        #expect(Swift.abs(ScrollTuning.bounceOmega - 10.927_278_795) < 1e-9)
        func ended(at t: Double) -> Bool {
            let b = ScrollPhysics.bounce(x0: 100, v0: 0, after: t)
            return Swift.abs(b.offset) < ScrollTuning.bounceStopDistance
                && Swift.abs(b.velocity) < ScrollTuning.bounceStopSpeed
        }
        #expect(!ended(at: 0.844) && ended(at: 0.845))
        var s = ScrollViewModelTests().list()
        s.beginDrag()
        s.drag(translation: Vec2(0, ScrollPhysics.rubberBandInverse(100, dimension: 844)))
        #expect(Swift.abs(s.contentOffset.y + 100) < 1e-9)
        s.release(velocity: .zero, target: nil, at: 0)
        let early = s.advance(to: 0.844).decelerating
        let ended = s.advance(to: 0.845).decelerating
        #expect(!early && ended && s.contentOffset.y == 0)
    }

    @Test func pagingTargets() {
        func page(_ offset: Double, _ v: Double, from start: Int = 1, last: Int = 4) -> Int {
            ScrollPhysics.pagingTarget(
                offset: offset, velocity: v, rate: 0.998, page: 390, startPage: start, lastPage: last)
        }
        #expect(page(390 + 100, 0) == 1)  // less than half a page, slow: back
        #expect(page(390 + 196, 0) == 2)  // past half a page: next
        #expect(page(390 - 196, 0) == 0)
        #expect(page(390 + 10, 501) == 2)  // faster than the paging speed: next
        #expect(page(390 + 10, -501) == 0)
        #expect(page(390 + 10, 499 / 2) == 1)  // 249.5 pt/s projects 124.5 pt: 134.5 < 195, back
        #expect(page(390 + 100, 200) == 2)  // projects 99.8 pt: 199.8 > 195, next
        #expect(page(390 * 4 + 50, 3000, from: 4) == 4)  // the last page
        #expect(page(20, -3000, from: 0) == 0)
        #expect(page(390 + 300, 3000 * 10) == 2)  // at most one page
    }
}

/// The scroll view's state machine on a 390 × 844 view over 390 × 3000 of content.
@Suite struct ScrollViewModelTests {
    func list(paging: Bool = false, bounces: Bool = true) -> ScrollView {
        ScrollView(
            bounds: Vec2(390, 844), content: Vec2(390, 3000), rate: ScrollPhysics.normalRate, bounces: bounces,
            paging: paging)
    }

    @Test func dragFollowsTheFingerAndRubberBandsPastTheTop() {
        var s = list()
        s.beginDrag()
        s.drag(translation: Vec2(0, -300))
        #expect(s.contentOffset == Vec2(0, 300) && s.isDragging)
        s.drag(translation: Vec2(0, 844 / 0.55))  // a drag of d / c past the top shows d / 2
        #expect(Swift.abs(s.contentOffset.y + 422) < 1e-9)
        #expect(s.contentOffset.x == 0)  // the content is as wide as the bounds: x does not scroll
        var stiff = list(bounces: false)
        stiff.beginDrag()
        stiff.drag(translation: Vec2(0, 200))
        #expect(stiff.contentOffset.y == 0)
    }

    @Test func releasedPastTheEdgeSpringsBack() {
        var s = list()
        s.beginDrag()
        s.drag(translation: Vec2(0, 200))
        let shown = s.contentOffset.y
        s.release(velocity: .zero, target: nil, at: 1)
        #expect(s.isDecelerating && !s.isDragging)
        let endedEarly = s.advance(to: 1.1).decelerating
        #expect(!endedEarly)
        let expected = ScrollPhysics.bounce(x0: shown, v0: 0, after: 0.1).offset
        #expect(Swift.abs(s.contentOffset.y - expected) < 1e-9)
        var t = 1.1
        var ended = false
        while !ended && t < 5 {
            t += 1.0 / 60
            ended = s.advance(to: t).decelerating
        }
        #expect(ended && s.contentOffset.y == 0 && !s.isDecelerating)
    }

    @Test func decelerationFollowsTheClosedFormAndLandsOnItsTarget() {
        var s = list()
        s.beginDrag()
        s.drag(translation: Vec2(0, -100))
        #expect(Swift.abs(s.target(velocity: Vec2(0, 1000)).y - 599) < 1e-9)
        s.release(velocity: Vec2(0, 1000), target: nil, at: 0)
        _ = s.advance(to: 0.5).decelerating
        #expect(
            Swift.abs(s.contentOffset.y - (100 + ScrollPhysics.distance(velocity: 1000, rate: 0.998, after: 0.5)))
                < 1e-9)
        let ended = s.advance(to: 3.46).decelerating
        #expect(ended && Swift.abs(s.contentOffset.y - 599) < 1e-9)
    }

    @Test func aDecelerationIntoTheEdgeOvershootsAndComesBack() {
        var s = list()
        s.beginDrag()
        s.drag(translation: Vec2(0, -100))
        s.release(velocity: Vec2(0, -2000), target: nil, at: 0)  // projects 998 pt up: past the top
        var lowest = 0.0
        var t = 0.0
        while t < 3 {
            t += 1.0 / 600
            _ = s.advance(to: t).decelerating
            lowest = Swift.min(lowest, s.contentOffset.y)
        }
        #expect(lowest < -10 && s.contentOffset.y == 0 && !s.isDecelerating)
    }

    @Test func aSetTargetIsWhereItLands() {
        var s = list()
        s.beginDrag()
        s.drag(translation: Vec2(0, -100))
        s.release(velocity: Vec2(0, 1000), target: Vec2(0, 400), at: 0)
        let ended = s.advance(to: 10).decelerating
        #expect(ended && s.contentOffset.y == 400)
    }

    @Test func pagingSettlesOnTheNextPage() {
        var s = ScrollView(
            bounds: Vec2(390, 844), content: Vec2(390 * 5, 844), rate: ScrollPhysics.normalRate, bounces: true,
            paging: true)
        s.beginDrag()
        s.drag(translation: Vec2(-120, 0))
        let target = s.target(velocity: Vec2(600, 0))
        #expect(target == Vec2(390, 0))
        s.release(velocity: Vec2(600, 0), target: nil, at: 0)
        let ended = s.advance(to: 2).decelerating
        #expect(ended && s.contentOffset == Vec2(390, 0))
    }
}
