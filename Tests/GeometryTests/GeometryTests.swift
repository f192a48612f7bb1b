import Geometry
import Testing

@Suite struct GeometryTests {
    @Test func rotationRoundTrip() {
        let q = Rot(0.7)
        let v = Vec2(3, -2)
        let back = mulT(q, mul(q, v))
        #expect(abs(back.x - v.x) < 1e-12 && abs(back.y - v.y) < 1e-12)
        #expect(abs(q.angle - 0.7) < 1e-15)
    }
    @Test func transformInverse() {
        let t = Transform(position: Vec2(1, 2), angle: -1.2)
        let p = Vec2(-4, 5)
        let q = mulT(t, mul(t, p))
        #expect(abs(q.x - p.x) < 1e-12 && abs(q.y - p.y) < 1e-12)
        let tt = mulT(t, mul(t, Transform(position: Vec2(0.5, 0.25), angle: 0.3)))
        #expect(abs(tt.p.x - 0.5) < 1e-12 && abs(tt.q.angle - 0.3) < 1e-12)
    }
    @Test func rectSemantics() {
        let r = Rect(x: 0, y: 0, width: 10, height: 20)
        #expect(r.contains(Vec2(0, 0)))
        #expect(!r.contains(Vec2(10, 5)))
        #expect(!r.intersects(Rect(x: 10, y: 0, width: 5, height: 5)))
        #expect(r.intersects(Rect(x: 9, y: 19, width: 5, height: 5)))
        #expect(r.inset(by: EdgeInsets(top: -20)) == Rect(x: 0, y: -20, width: 10, height: 40))
    }
}
