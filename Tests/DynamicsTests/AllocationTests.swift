import Dynamics
import Geometry
import MallocCounter
import Testing

/// A step allocates nothing once the world's buffers have grown to the scene (the benchmark's
/// scenes in miniature: a spring, a bullet falling onto a chain, a rain of boxes, overlapping
/// bullets, a pendulum on a revolute joint and a slider). Counted with a malloc hook
/// (Tests/MallocCounter): every allocation the test's thread makes during the measured steps.
@Suite(.serialized, .enabled(if: malloc_counter_active() != 0, "a sanitizer owns malloc: nothing is counted"))
struct AllocationTests {
    static let s = 0.01

    static func box(
        _ w: World, _ x: Double, _ y: Double, _ size: Double, angle: Double = 0, bullet: Bool = false
    ) -> BodyID {
        var bd = BodyDef()
        bd.type = .dynamicBody
        bd.position = Vec2(x * s, y * s)
        bd.angle = angle
        bd.linearDamping = 0.1
        bd.angularDamping = 0.1
        bd.bullet = bullet
        let b = w.createBody(bd)
        var fd = FixtureDef(shape: .polygon(.box(halfWidth: 0.5 * size * s, halfHeight: 0.5 * size * s)))
        fd.density = 1
        fd.restitution = 0.2
        _ = w.createFixture(b, fd)
        return b
    }

    static func bounds(_ w: World) {
        let b = w.createBody(BodyDef())
        let pts = [Vec2(-0.01, -0.01), Vec2(3.91, -0.01), Vec2(3.91, 8.45), Vec2(-0.01, 8.45)]
        _ = w.createFixture(b, FixtureDef(shape: .chain(.loop(pts))))
    }

    static func scene(_ name: String) -> World {
        let w = World(gravity: Vec2(0, 10))
        switch name {
        case "spring":
            w.gravity = .zero
            let ground = w.createBody(BodyDef())
            let b = box(w, 250, 100, 50)
            var jd = DistanceJointDef(bodyA: ground, bodyB: b)
            jd.localAnchorA = Vec2(1, 1)
            jd.length = 0.5
            jd.frequencyHz = 2
            jd.dampingRatio = 0.3
            _ = w.createJoint(.distance(jd))
        case "shade":
            _ = box(w, 195, 150, 300, bullet: true)
            bounds(w)
        case "rain":
            for i in 0..<60 {
                _ = box(w, 30 + 35 * Double(i % 10), 20 + 30 * Double(i / 10), 20, angle: 0.1 * Double(i % 5))
            }
            bounds(w)
        case "overlap-bullets":
            for i in 0..<49 { _ = box(w, 100 + 15 * Double(i % 7), 15 + 15 * Double(i / 7), 20, bullet: true) }
            bounds(w)
        case "joints":
            let ground = w.createBody(BodyDef())
            let p = box(w, 200, 300, 20)
            var rd = RevoluteJointDef(bodyA: ground, bodyB: p)
            rd.localAnchorA = Vec2(2, 2)
            rd.localAnchorB = Vec2(0, -1)
            rd.enableLimit = true
            rd.lowerAngle = -1
            rd.upperAngle = 1
            _ = w.createJoint(.revolute(rd))
            let q = box(w, 100, 100, 20)
            var pd = PrismaticJointDef(bodyA: ground, bodyB: q)
            pd.localAnchorA = Vec2(1, 1)
            pd.localAxisA = Vec2(1, 1).normalized
            pd.enableLimit = true
            pd.lowerTranslation = -1
            pd.upperTranslation = 2
            _ = w.createJoint(.prismatic(pd))
            bounds(w)
        default:
            fatalError(name)
        }
        return w
    }

    @Test func theCounterSeesAnAllocation() {
        let before = malloc_counter_thread_count()
        let a = [Int](repeating: 7, count: 1000)
        #expect(malloc_counter_thread_count() > before)
        #expect(a.count == 1000)
    }

    @Test(arguments: ["spring", "shade", "rain", "overlap-bullets", "joints"])
    func noAllocationPerStepAfterWarmUp(_ name: String) {
        let w = Self.scene(name)
        let h = Double(Float(1.0 / 120.0))
        for _ in 0..<360 { w.step(h) }
        let before = malloc_counter_thread_count()
        for _ in 0..<120 { w.step(h) }
        let allocations = malloc_counter_thread_count() - before
        #expect(allocations == 0, "\(name): \(allocations) allocations in 120 steps")
        // The scene is still alive, so the steps measured did real work.
        #expect(w.bodyCount > 0)
    }
}
