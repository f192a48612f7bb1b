import Dynamics
import Geometry
import Testing

/// Engine ids are generational: a destroyed body's slot is reused with the next generation, so
/// the old id is no longer valid and never addresses the new body.
@Suite struct GenerationTests {
    func dynamicBody(_ w: World, at p: Vec2) -> BodyID {
        var d = BodyDef()
        d.type = .dynamicBody
        d.position = p
        return w.createBody(d)
    }

    @Test func aStaleBodyIdIsNotTheNewBody() {
        let w = World(gravity: .zero)
        let old = dynamicBody(w, at: Vec2(1, 1))
        w.destroyBody(old)
        let new = dynamicBody(w, at: Vec2(5, 5))
        #expect(new.index == old.index)  // the slot is reused …
        #expect(new != old && new.generation == old.generation + 1)  // … under a new generation
        #expect(!w.isValid(old) && w.isValid(new))
        #expect(w.position(of: new) == Vec2(5, 5))
    }

    @Test func staleFixtureAndJointIdsAreInvalid() {
        let w = World(gravity: .zero)
        let a = dynamicBody(w, at: .zero)
        let b = dynamicBody(w, at: Vec2(1, 0))
        let f = w.createFixture(a, FixtureDef(shape: .circle(CircleShape(radius: 0.5))))
        let j = w.createJoint(.distance(DistanceJointDef(bodyA: a, bodyB: b)))
        w.destroyFixture(f)
        w.destroyJoint(j)
        let f2 = w.createFixture(a, FixtureDef(shape: .circle(CircleShape(radius: 0.5))))
        let j2 = w.createJoint(.distance(DistanceJointDef(bodyA: a, bodyB: b)))
        #expect(f2.index == f.index && !w.isValid(f) && w.isValid(f2))
        #expect(j2.index == j.index && !w.isValid(j) && w.isValid(j2))
    }

    @Test func aStaleIdStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let w = World(gravity: .zero)
            var d = BodyDef()
            d.type = .dynamicBody
            let old = w.createBody(d)
            w.destroyBody(old)
            _ = w.createBody(d)
            _ = w.position(of: old)
        }
    }
}
