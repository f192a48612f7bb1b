import Geometry
import Interaction
import Testing

let screen = Rect(x: 0, y: 0, width: 390, height: 844)

@Suite struct PanRecognizerTests {
    @Test func beginsAfterHysteresisAndSubtractsIt() {
        var r = PanRecognizer(minimumDistance: 10, bounds: screen)
        r.touchDown(Vec2(100, 100), at: 0)
        do { let got = r.touchMoved(Vec2(100, 106), at: 1.0 / 60); #expect(got == nil) }
        #expect(r.state == .possible)
        do { let got = r.touchMoved(Vec2(100, 112), at: 2.0 / 60); #expect(got == .began) }
        #expect(r.translation == Vec2(0, 2))  // 12 pt moved, 10 pt of hysteresis removed
        do { let got = r.touchMoved(Vec2(100, 130), at: 3.0 / 60); #expect(got == .changed) }
        #expect(r.translation == Vec2(0, 20))
        do { let got = r.touchUp(at: 3.0 / 60); #expect(got == .ended) }
        #expect(r.state == .ended)
    }

    @Test func shortDragNeverBegins() {
        var r = PanRecognizer(minimumDistance: 10, bounds: screen)
        r.touchDown(Vec2(100, 100), at: 0)
        for k in 1...5 {
            do { let got = r.touchMoved(Vec2(100, 100 + Double(k) * 1.5), at: Double(k) / 60); #expect(got == nil) }
        }
        do { let got = r.touchUp(at: 0.1); #expect(got == nil) }
        #expect(r.state == .failed)
    }

    /// Velocity = 0.2 × newest sample + 0.8 × previous sample (physics.md).
    @Test func velocityEstimator() {
        var r = PanRecognizer(minimumDistance: 10, bounds: screen)
        r.touchDown(Vec2(0, 0), at: 0)
        _ = r.touchMoved(Vec2(0, 10), at: 1.0 / 60)  // sample 600 pt/s (first sample is taken as is)
        #expect(abs(r.velocity.y - 600) < 1e-9)
        _ = r.touchMoved(Vec2(0, 30), at: 2.0 / 60)  // sample 1200: 0.2·1200 + 0.8·600 = 720
        #expect(abs(r.velocity.y - 720) < 1e-9)
        _ = r.touchMoved(Vec2(0, 30), at: 3.0 / 60)  // sample 0: 0.2·0 + 0.8·1200 = 960
        #expect(abs(r.velocity.y - 960) < 1e-9)
        for k in 4...20 { _ = r.touchMoved(Vec2(0, 30 + Double(k - 3) * 5), at: Double(k) / 60) }  // steady 300 pt/s
        #expect(abs(r.velocity.y - 300) < 1e-9)
    }

    @Test func screenEdgePan() {
        var inStrip = PanRecognizer(minimumDistance: 15, edges: [.left], bounds: screen)
        inStrip.touchDown(Vec2(5, 400), at: 0)
        do { let got = inStrip.touchMoved(Vec2(19, 400), at: 1.0 / 60); #expect(got == nil) }
        do { let got = inStrip.touchMoved(Vec2(21, 400), at: 2.0 / 60); #expect(got == .began) }
        #expect(inStrip.translation == Vec2(1, 0))
        var outside = PanRecognizer(minimumDistance: 15, edges: [.left], bounds: screen)
        outside.touchDown(Vec2(30, 400), at: 0)
        #expect(outside.state == .failed)
        do { let got = outside.touchMoved(Vec2(80, 400), at: 1.0 / 60); #expect(got == nil) }
        var right = PanRecognizer(minimumDistance: 15, edges: [.right], bounds: screen)
        right.touchDown(Vec2(380, 400), at: 0)
        #expect(right.state == .possible)
    }

    @Test func touchPaths() {
        let p = TouchPath(keyframes: [(0, Vec2(0, 0)), (0.1, Vec2(0, 100)), (0.3, Vec2(0, 140))])
        #expect(p.duration == 0.3)
        #expect(p.position(at: 0.05) == Vec2(0, 50))
        #expect(abs(p.position(at: 0.2).y - 120) < 1e-9)
        #expect(p.position(at: 1) == Vec2(0, 140))
        let f = TouchPath.flick(from: Vec2(10, 10), velocity: Vec2(0, 2000), distance: 200, frame: 1.0 / 60)
        #expect(abs(f.duration - 0.1) < 1e-12)
        #expect(f.position(at: 0.05) == Vec2(10, 110))
        // 210 pt at 1500 pt/s is 8.4 frames: 8 whole frames, 200 pt, every one at 1500 pt/s.
        let g = TouchPath.flick(from: Vec2(0, 0), velocity: Vec2(0, 1500), distance: 210, frame: 1.0 / 60)
        #expect(abs(g.duration - 8.0 / 60) < 1e-12)
        #expect(abs(g.position(at: g.duration).y - 200) < 1e-9)
        // Never shorter than one frame.
        let h = TouchPath.flick(from: Vec2(0, 0), velocity: Vec2(0, 1500), distance: 1, frame: 1.0 / 60)
        #expect(abs(h.duration - 1.0 / 60) < 1e-12)
        let eased = TouchPath(keyframes: [(0, Vec2(0, 0)), (1, Vec2(100, 0))], curve: .easeIn)
        #expect(eased.position(at: 0.5).x < 50)
    }
}

@Suite struct CurveTests {
    /// The Bézier's x and y at parameter t, to check the solver independently.
    func bezier(_ c: TimingCurve, _ t: Double) -> (Double, Double) {
        let u = 1 - t
        return (
            3 * u * u * t * c.c1.x + 3 * u * t * t * c.c2.x + t * t * t,
            3 * u * u * t * c.c1.y + 3 * u * t * t * c.c2.y + t * t * t
        )
    }

    @Test(arguments: ["linear", "easeIn", "easeOut", "easeInOut"])
    func endpointsAndMonotone(_ name: String) throws {
        let c = try #require(TimingCurve.named(name))
        #expect(c.value(at: 0) == 0 && c.value(at: 1) == 1)
        var last = 0.0
        for k in 1...100 {
            let v = c.value(at: Double(k) / 100)
            #expect(v >= last - 1e-12)
            last = v
        }
        for t in stride(from: 0.05, to: 1, by: 0.1) {
            let (x, y) = bezier(c, t)
            #expect(abs(c.value(at: x) - y) < 1e-7)
        }
    }

    @Test func knownValues() {
        #expect(abs(TimingCurve.easeInOut.value(at: 0.5) - 0.5) < 1e-9)
        #expect(abs(TimingCurve.easeInOut.value(at: 0.25) + TimingCurve.easeInOut.value(at: 0.75) - 1) < 1e-9)
        #expect(abs(TimingCurve.easeIn.value(at: 0.5) - 0.3153) < 1e-3)
        #expect(TimingCurve.named("bounce") == nil)
    }
}

@Suite struct SpringTests {
    /// The closed form satisfies x'' + 2ζω x' + ω² x = 0 (checked by finite differences).
    @Test(arguments: [0.3, 1.0, 1.7])
    func satisfiesTheOscillatorEquation(_ zeta: Double) {
        let s = Spring(omega: 12, zeta: zeta, initialVelocity: 2)
        let h = 1e-4
        for t in stride(from: 0.05, to: 1.5, by: 0.1) {
            let x = s.value(at: t) - 1
            let xp = s.value(at: t + h) - 1
            let xm = s.value(at: t - h) - 1
            let v = (xp - xm) / (2 * h)
            let a = (xp - 2 * x + xm) / (h * h)
            #expect(abs(a + 2 * zeta * 12 * v + 144 * x) < 1e-3)
        }
        #expect(abs(s.value(at: 0)) < 1e-12)
        #expect(abs((s.value(at: h) - s.value(at: 0)) / h - 2) < 1e-2)
    }

    @Test func parametrisations() {
        let a = Spring(mass: 2, stiffness: 200, damping: 8)
        #expect(abs(a.omega - 10) < 1e-12 && abs(a.zeta - 0.2) < 1e-12)
        let b = Spring(duration: 0.5, bounce: 0.3)
        #expect(abs(b.omega - 4 * Double.pi) < 1e-12 && abs(b.zeta - 0.7) < 1e-12)
        let c = Spring(duration: 0.5, dampingRatio: 1)
        #expect(abs(c.value(at: c.settlingTime) - 1) <= 0.001 + 1e-9)
        #expect(c.settlingTime > 0.2 && c.settlingTime < 1)
    }
}

@Suite struct TransitionTests {
    @Test func finishAndCancelDurations() {
        var t = TransitionController(duration: 0.4, completionSpeed: 2, completionCurve: .linear)
        t.start()
        t.update(0.25)
        t.finish(at: 1)
        #expect(t.state == .finishing)
        do { let got = t.advance(to: 1.1); #expect(!got) }  // (1 − 0.25)·0.4/2 = 0.15 s
        #expect(abs(t.progress - (0.25 + 0.75 * (0.1 / 0.15))) < 1e-12)
        do { let got = t.advance(to: 1.15); #expect(got) }
        #expect(t.state == .completed && t.progress == 1)

        var c = TransitionController(duration: 0.4)
        c.start()
        c.update(1.7)
        #expect(c.progress == 1)  // clamped
        c.update(0.5)
        c.cancel(at: 0)
        do { let got = c.advance(to: 0.09); #expect(!got) }  // 0.5·0.4 = 0.2 s
        do { let got = c.advance(to: 0.2); #expect(got) }
        #expect(c.state == .cancelled && c.progress == 0)
    }

    @Test func completeAtOnceAndStates() {
        var t = TransitionController(duration: 0.3)
        #expect(t.state == .idle)
        t.update(0.5)
        #expect(t.progress == 0)  // not interactive yet
        t.start()
        #expect(t.state == .interactive)
        t.complete(false)
        #expect(t.state == .cancelled)
    }
}
