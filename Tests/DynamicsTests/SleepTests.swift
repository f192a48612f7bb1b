import Dynamics
import Geometry
import Testing

/// The sleep rule is Box2D's, timer included: the time below the tolerances is a float32 sum of
/// float32 sub-steps, so with h = Float(1/120) a body falls asleep on its 61st still sub-step
/// (60 × Float(1/120) = 0.49999985 in float32, below 0.5; the same sum in Double is 0.500000026).
@Suite struct SleepTests {
    @Test func theFloatSumNeedsSixtyOneSubSteps() {
        var f: Float = 0
        var d = 0.0
        for _ in 0..<60 { f += Float(1.0 / 120.0); d += h }
        #expect(f < 0.5)
        #expect(d >= 0.5)
        f += Float(1.0 / 120.0)
        #expect(f >= 0.5)
    }

    /// The second repro at engine level: 0.9 pt/s (below 1 pt/s) with no damping drifts for
    /// 61 sub-steps, then sleeps; Box2D's box ends at 100.457394 pt, 61 sub-steps of drift.
    @Test func aSlowBodySleepsOnItsSixtyFirstSubStep() {
        let w = World(gravity: .zero)
        let b = dynamicBox(w, at: Vec2(1, 1), half: 0.25)
        w.setLinearVelocity(b, Vec2(0.009, 0))
        var steps = 0
        while w.isAwake(b) && steps < 200 { w.step(h); steps += 1 }
        #expect(steps == 61)
        // 61 sub-steps of x += h·v in float32, exactly; Box2D's box ends at 100.457394 pt.
        var x: Float = 1
        for _ in 0..<61 { x = x + Float(h) * 0.009 }
        #expect(w.position(of: b).x == Double(x))
        #expect(abs(100 * w.position(of: b).x - 100.457394) < 1e-6)
    }

    /// A body that only becomes slow later (damped from 1.05 pt/s) sleeps 61 sub-steps after its
    /// speed first drops below the tolerance, not 60.
    @Test func theTimerStartsWhenTheBodyIsSlow() {
        let w = World(gravity: .zero)
        let b = dynamicBox(w, at: Vec2(1, 1), half: 0.25)
        w.setLinearDamping(b, 5)
        w.setLinearVelocity(b, Vec2(0.0105, 0))
        var steps = 0
        var firstSlow = -1
        while w.isAwake(b) && steps < 400 {
            w.step(h)
            steps += 1
            if firstSlow < 0 && w.linearVelocity(of: b).lengthSquared <= 0.01 * 0.01 { firstSlow = steps }
        }
        #expect(firstSlow > 0)
        #expect(steps - firstSlow == 60)
    }
}
