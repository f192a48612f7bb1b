import Dynamics
import Geometry
import Testing

/// The time-of-impact event queue gives what Box2D's rescan gives, bit for bit: the same bodies at
/// the same places with the same velocities after every step, on scenes where bullets hit each
/// other, a static boundary and sleeping bodies.
@Suite struct TOIQueueTests {
    static func scene(_ kind: Int, queue: Bool) -> World {
        let w = World(gravity: Vec2(0, 10))
        w.useTOIQueue = queue
        let g = w.createBody(BodyDef())
        _ = w.createFixture(
            g, FixtureDef(shape: .chain(.loop([Vec2(0, 0), Vec2(3.9, 0), Vec2(3.9, 8.44), Vec2(0, 8.44)]))))
        var rng = UInt64(1234 + kind)
        func next() -> Double {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407; return Double(rng >> 11) / Double(1 << 53)
        }
        let n = [60, 120, 40][kind]
        for i in 0..<n {
            var bd = BodyDef()
            bd.type = .dynamicBody
            bd.bullet = kind != 2 || i % 2 == 0
            bd.position =
                kind == 0
                ? Vec2(0.15 + 0.15 * Double(i % 10), 0.15 + 0.15 * Double(i / 10))
                : Vec2(0.2 + 3.5 * next(), 0.2 + 3 * next())
            bd.angle = next()
            bd.linearVelocity = Vec2(8 * next() - 4, 20 * next() - 10)
            bd.linearDamping = 0.1
            bd.angularDamping = 0.1
            let b = w.createBody(bd)
            let shape: Shape =
                i % 3 == 2 ? .circle(CircleShape(radius: 0.08)) : .polygon(.box(halfWidth: 0.1, halfHeight: 0.1))
            var fd = FixtureDef(shape: shape)
            fd.density = 1
            fd.restitution = 0.2
            _ = w.createFixture(b, fd)
        }
        return w
    }

    static func state(_ w: World) -> [UInt64] {
        var out: [UInt64] = []
        for b in w.bodyIDs {
            let p = w.position(of: b)
            let v = w.linearVelocity(of: b)
            out += [
                p.x.bitPattern, p.y.bitPattern, w.angle(of: b).bitPattern, v.x.bitPattern, v.y.bitPattern,
                w.angularVelocity(of: b).bitPattern, w.isAwake(b) ? 1 : 0,
            ]
        }
        return out
    }

    /// Steps both worlds 240 times (UIKit's sub-step) and returns the first step after which
    /// their bodies differ in any bit, or nil.
    static func firstDifference(_ a: World, _ b: World) -> Int? {
        let h = Double(Float(1.0 / 120.0))
        var first: Int?
        for step in 0..<240 {
            a.step(h); b.step(h)
            if first == nil && state(a) != state(b) { first = step }
        }
        return first
    }

    @Test(arguments: [0, 1, 2])
    func queueMatchesRescan(_ kind: Int) {
        let a = Self.scene(kind, queue: true)
        let b = Self.scene(kind, queue: false)
        let firstDifference = Self.firstDifference(a, b)
        #expect(
            firstDifference == nil, "scene \(kind): the queue and the rescan differ from step \(firstDifference ?? -1)")
        #expect(a.contactCount == b.contactCount)
    }
}

/// A time-of-impact sub-step's position iterations stop at the first that moves nothing: the
/// same bits as running all twenty (which Box2D does), on scenes where that stop is taken.
@Suite struct TOIStillIterationTests {
    /// A box exactly as wide as its bounds (within the shapes' skins of both side walls, as the
    /// shade sweep's shade), a bullet that does not turn, thrown down, bouncing between floor and
    /// ceiling; `kind` 1 adds a few loose bullets, 2 a heap of overlapping ones.
    static func scene(_ kind: Int, stop: Bool) -> World {
        let w = World(gravity: Vec2(0, 10))
        w.stopsStillTOIIterations = stop
        let g = w.createBody(BodyDef())
        // 375 × 667 pt bounds 1 pt outside, as the sweep's reference bounds.
        let bounds = [Vec2(-0.01, -0.01), Vec2(3.76, -0.01), Vec2(3.76, 6.68), Vec2(-0.01, 6.68)]
        _ = w.createFixture(g, FixtureDef(shape: .chain(.loop(bounds))))
        var bd = BodyDef()
        bd.type = .dynamicBody
        bd.bullet = true
        bd.fixedRotation = true  // (as the sweep's shade: `allowsRotation: false`)
        bd.position = Vec2(1.875, 2)
        bd.linearVelocity = Vec2(0, 40)
        let shade = w.createBody(bd)
        var fd = FixtureDef(shape: .polygon(.box(halfWidth: 1.875, halfHeight: 1.5)))
        fd.density = 1
        fd.restitution = 0.6
        _ = w.createFixture(shade, fd)
        for i in 0..<(kind == 0 ? 0 : kind == 1 ? 6 : 60) {
            var b = BodyDef()
            b.type = .dynamicBody
            b.bullet = true
            let spread = kind == 1 ? 0.3 * Double(i) : 0
            b.position = Vec2(0.3 + 0.1 * Double(i % 30), 4.5 + 0.1 * Double(i / 30) + spread)
            let body = w.createBody(b)
            var f = FixtureDef(shape: .polygon(.box(halfWidth: 0.1, halfHeight: 0.1)))
            f.density = 1
            _ = w.createFixture(body, f)
        }
        return w
    }

    @Test(arguments: [0, 1, 2])
    func stoppingGivesTheSameBits(_ kind: Int) {
        Self.expectSameBits(
            Self.scene(kind, stop: true), Self.scene(kind, stop: false), kind, skipped: \.skippedTOIIterations,
            atLeast: 1000)
    }

    /// `stopped` (an early stop on) and `full` (off) step alike, bit for bit; the stop was taken
    /// at least `atLeast` times in `stopped` (else this would compare a path with itself) and
    /// never in `full`.
    static func expectSameBits(_ stopped: World, _ full: World, _ kind: Int, skipped: KeyPath<World, Int>, atLeast: Int)
    {
        let firstDifference = TOIQueueTests.firstDifference(stopped, full)
        #expect(firstDifference == nil, "scene \(kind): stopping early differs from step \(firstDifference ?? -1)")
        #expect(stopped[keyPath: skipped] > atLeast, "scene \(kind): \(stopped[keyPath: skipped]) iterations skipped")
        #expect(full[keyPath: skipped] == 0)
    }
}
