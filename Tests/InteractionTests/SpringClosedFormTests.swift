import Geometry
import Interaction
import Testing

/// The damped oscillator's closed forms against an independent integration, and the settling rule.
@Suite struct SpringClosedFormTests {
    /// x'' = −2ζω x' − ω² x from x(0) = −1, x'(0) = v0, integrated with classic RK4 in 1e-5 s steps.
    func integrated(_ s: Spring, to t: Double) -> (x: Double, v: Double) {
        let h = 1e-5
        var x = -1.0
        var v = s.initialVelocity
        func acc(_ x: Double, _ v: Double) -> Double { -2 * s.zeta * s.omega * v - s.omega * s.omega * x }
        let n = Int((t / h).rounded())
        for _ in 0..<n {
            let k1x = v
            let k1v = acc(x, v)
            let k2x = v + 0.5 * h * k1v
            let k2v = acc(x + 0.5 * h * k1x, v + 0.5 * h * k1v)
            let k3x = v + 0.5 * h * k2v
            let k3v = acc(x + 0.5 * h * k2x, v + 0.5 * h * k2v)
            let k4x = v + h * k3v
            let k4v = acc(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return (x, v)
    }

    /// Under-, critically and over-damped, at rest or thrown either way: value and velocity match
    /// the integration to 1e-9 of the distance.
    @Test(arguments: [(0.2, 0.0), (0.5, 3.0), (1.0, 0.0), (1.0, -4.0), (1.0, 25.0), (2.5, 0.0), (2.5, 6.0)])
    func matchesTheIntegration(_ zeta: Double, _ v0: Double) {
        let s = Spring(omega: 11, zeta: zeta, initialVelocity: v0)
        for t in [0.05, 0.2, 0.45, 0.9] {
            let (x, v) = integrated(s, to: t)
            #expect(abs(s.value(at: t) - (1 + x)) < 1e-9, "value at \(t)")
            #expect(abs(s.velocity(at: t) - v) < 1e-8, "velocity at \(t)")
        }
        #expect(s.value(at: 0) == 0)
        #expect(abs(s.velocity(at: 0) - v0) < 1e-12)
    }

    /// An under-damped spring from rest first overshoots at t = π/ω_d by e^(−ζπ/√(1−ζ²)).
    @Test func firstOvershoot() {
        let s = Spring(mass: 1, stiffness: 400, damping: 12)  // ω = 20, ζ = 0.3
        let wd = 20 * (1 - 0.09).squareRoot()
        let peak = Double.pi / wd
        #expect(abs(s.value(at: peak) - (1 + Elementary.exp(-0.3 * Double.pi / (1 - 0.09).squareRoot()))) < 1e-12)
        #expect(abs(s.velocity(at: peak)) < 1e-9)
        #expect(s.value(at: peak) > s.value(at: peak - 0.01) && s.value(at: peak) > s.value(at: peak + 0.01))
    }

    /// The envelope bounds the motion, and the settling time is where it meets 0.1 %.
    @Test(arguments: [(0.15, 0.0), (0.6, -5.0), (1.0, 0.0), (1.0, 40.0), (3.0, 2.0)])
    func envelopeAndSettling(_ zeta: Double, _ v0: Double) {
        let s = Spring(omega: 15, zeta: zeta, initialVelocity: v0)
        for k in 0...400 {
            let t = Double(k) / 200
            #expect(abs(s.value(at: t) - 1) <= s.envelope(at: t) + 1e-12)
        }
        let ts = s.envelopeSettlingTime
        #expect(abs(s.envelope(at: ts) - Spring.settleFraction) < 1e-9)
        #expect(s.envelope(at: ts * 1.01) < Spring.settleFraction)
        #expect(s.envelope(at: ts * 0.99) > Spring.settleFraction)
    }

    @Test func anUndampedSpringNeverSettles() {
        #expect(Spring(omega: 10, zeta: 0).envelopeSettlingTime == .infinity)
    }

    /// A spring from a damping ratio is scaled so that it settles exactly at the duration.
    @Test(arguments: [(0.3, 0.0), (0.3, 8.0), (1.0, 0.0), (1.0, -2.0), (1.8, 0.0)])
    func settlesInItsDuration(_ ratio: Double, _ v0: Double) {
        for d in [0.2, 0.5, 1.3] {
            let s = Spring(settlingIn: d, dampingRatio: ratio, initialVelocity: v0)
            #expect(s.zeta == ratio && s.initialVelocity == v0)
            #expect(abs(s.envelopeSettlingTime - d) < 1e-9, "ζ \(ratio), v0 \(v0), duration \(d)")
        }
    }
}
