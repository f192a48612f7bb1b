import Dynamics
import Geometry
import Testing

/// The narrow phase keeps each polygon fixture's world vertices for its body's transform and
/// reuses them while the body does not move. A fixture replaced on a body that has not moved
/// takes the old fixture's slot: its contacts must be computed from the new polygon, not from
/// the old one's kept vertices.
@Suite struct PolygonPoseTests {
    /// A box resting on the ground inside the shapes' skins but not deeper than the linear slop,
    /// with no gravity: the solver applies no impulse and no correction, so the box's transform
    /// stays the same bit for bit.
    @Test func aReplacedFixtureOnABodyAtRestGetsItsOwnManifold() throws {
        let w = World(gravity: .zero)
        let ground = w.createBody(BodyDef())
        let groundBox = PolygonShape.box(halfWidth: 2, halfHeight: 0.5)
        _ = w.createFixture(ground, FixtureDef(shape: .polygon(groundBox)))
        var bd = BodyDef()
        bd.type = .dynamicBody
        bd.position = Vec2(0.3125, -1.015625)  // exact in float32
        let body = w.createBody(bd)
        let small = PolygonShape.box(halfWidth: 0.5, halfHeight: 0.5)
        var fd = FixtureDef(shape: .polygon(small))
        fd.density = 1
        let first = w.createFixture(body, fd)
        let h = Double(Float(1.0 / 120.0))
        w.step(h)
        w.step(h)
        let before = Transformf(w.transform(of: body))
        #expect(w.touchingContacts().count == 1)

        // The same slot, a polygon whose corners are elsewhere (wider; centred, so that the body's
        // mass centre and transform stay where they were).
        let wide = PolygonShape.box(halfWidth: 0.9, halfHeight: 0.5)
        w.destroyFixture(first)
        fd.shape = .polygon(wide)
        let second = w.createFixture(body, fd)
        #expect(second.index == first.index && !w.isValid(first), "the test needs the replaced fixture's slot reused")
        w.step(h)
        let xfBody = Transformf(w.transform(of: body))
        // The step's contacts were computed at `before`; had the body moved in the step before,
        // its kept vertices would have been recomputed anyway and the test would prove nothing.
        #expect(xfBody == before, "the body moved")

        let contacts = w.touchingContacts()
        try #require(contacts.count == 1)
        let got = contacts[0].manifold
        let groundFirst = contacts[0].bodyA == ground
        let xfGround = Transformf(w.transform(of: ground))
        let expected =
            groundFirst
            ? collidePolygons(groundBox, xfGround, wide, xfBody) : collidePolygons(wide, xfBody, groundBox, xfGround)
        let stale =
            groundFirst
            ? collidePolygons(groundBox, xfGround, small, xfBody) : collidePolygons(small, xfBody, groundBox, xfGround)
        func points(_ m: Manifold) -> [Vec2f] { (0..<m.pointCount).map { m[$0].localPoint } }
        #expect(points(expected) != points(stale), "the two polygons must touch the ground at different points")
        #expect(got.pointCount == expected.pointCount)
        #expect(points(got) == points(expected))
        #expect(got.localNormal == expected.localNormal && got.localPoint == expected.localPoint)
    }
}
