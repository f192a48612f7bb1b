import Dynamics
import Geometry
import Testing

/// An island's velocity iterations stop at the first that changes no velocity and no impulse:
/// the same bits as running all eight (which Box2D does), on scenes where that stop is taken.
@Suite struct VelocityStillIterationTests {
    /// Kind 0 and 1: the wedged shade of `TOIStillIterationTests` (alone, and with a few loose
    /// bullets); 2: a hundred overlapping boxes pushed apart under gravity (the overlap benchmark);
    /// 3: the bullet scene of `TOIQueueTests`.
    static func scene(_ kind: Int, stop: Bool) -> World {
        let w: World
        switch kind {
        case 0, 1: w = TOIStillIterationTests.scene(kind, stop: true)
        case 2:
            w = World(gravity: Vec2(0, 10))
            let g = w.createBody(BodyDef())
            _ = w.createFixture(
                g, FixtureDef(shape: .chain(.loop([Vec2(0, 0), Vec2(3.9, 0), Vec2(3.9, 8.44), Vec2(0, 8.44)]))))
            for i in 0..<100 {
                var bd = BodyDef()
                bd.type = .dynamicBody
                bd.position = Vec2(0.15 + 0.15 * Double(i % 25), 0.15 + 0.15 * Double(i / 25))
                let b = w.createBody(bd)
                var fd = FixtureDef(shape: .polygon(.box(halfWidth: 0.1, halfHeight: 0.1)))
                fd.density = 1
                _ = w.createFixture(b, fd)
            }
        default: w = TOIQueueTests.scene(0, queue: true)
        }
        w.stopsStillVelocityIterations = stop
        return w
    }

    @Test(arguments: [0, 1, 2, 3])
    func stoppingGivesTheSameBits(_ kind: Int) {
        TOIStillIterationTests.expectSameBits(
            Self.scene(kind, stop: true), Self.scene(kind, stop: false), kind,
            skipped: \.skippedVelocityIterations, atLeast: 40)
    }
}
