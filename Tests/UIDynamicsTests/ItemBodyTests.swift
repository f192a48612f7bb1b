import Geometry
import Testing
@_spi(Testing) import UIDynamics

/// The item model's frame math: an item at an offset and angle in its body's frame (a group's
/// item) reads and writes its pose through `LocalFrame`; the identity frame is the body's pose
/// exactly.
@Suite struct ItemBodyTests {
    @Test func theIdentityIsTheBodysPoseExactly() {
        let p = Vec2(-0.0, 12.345678901234)
        let pose = LocalFrame.identity.item(bodyPosition: p, bodyAngle: -0.0)
        #expect(pose.center.x.bitPattern == p.x.bitPattern && pose.center.y == p.y)
        #expect(pose.rotation.bitPattern == (-0.0).bitPattern)
        #expect(LocalFrame.identity.bodyPoint(Vec2(3, 4)) == Vec2(3, 4))
    }

    @Test func anItemAtAnOffsetTurnsWithItsBody() {
        let f = LocalFrame(offset: Vec2(10, 0), angle: 0.25)
        let item = f.item(bodyPosition: Vec2(100, 200), bodyAngle: .pi / 2)
        // The offset turns with the body: +x becomes +y (clockwise on screen).
        #expect(abs(item.center.x - 100) < 1e-12 && abs(item.center.y - 210) < 1e-12)
        #expect(abs(item.rotation - (.pi / 2 + 0.25)) < 1e-12)
        let body = f.body(itemCenter: item.center, itemRotation: item.rotation)
        #expect(abs(body.position.x - 100) < 1e-12 && abs(body.position.y - 200) < 1e-12)
        #expect(abs(body.angle - .pi / 2) < 1e-12)
        let q = f.bodyPoint(Vec2(0, 0))
        #expect(q == Vec2(10, 0))
    }
}
