import Testing
import Geometry

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
    @Test func mat22Solve() {
        let a = Mat22(ex: Vec2(2, 1), ey: Vec2(1, 3))
        let x = a.solve(Vec2(5, 10))
        let b = mul(a, x)
        #expect(abs(b.x - 5) < 1e-12 && abs(b.y - 10) < 1e-12)
        #expect(Mat22.zero.solve(Vec2(1, 1)) == .zero)
    }
    @Test func mat33Solve() {
        let a = Mat33(ex: Vec3(4, 1, 0), ey: Vec3(1, 3, 1), ez: Vec3(0, 1, 2))
        let x = a.solve33(Vec3(1, 2, 3))
        let b = mul(a, x)
        #expect(abs(b.x - 1) < 1e-12 && abs(b.y - 2) < 1e-12 && abs(b.z - 3) < 1e-12)
        let inv = a.symmetricInverse33
        let y = mul(inv, Vec3(1, 2, 3))
        #expect(abs(y.x - x.x) < 1e-12 && abs(y.z - x.z) < 1e-12)
    }
    @Test func rectSemantics() {
        let r = Rect(x: 0, y: 0, width: 10, height: 20)
        #expect(r.contains(Vec2(0, 0)))
        #expect(!r.contains(Vec2(10, 5)))
        #expect(!r.intersects(Rect(x: 10, y: 0, width: 5, height: 5)))
        #expect(r.intersects(Rect(x: 9, y: 19, width: 5, height: 5)))
        #expect(r.inset(by: EdgeInsets(top: -20)) == Rect(x: 0, y: -20, width: 10, height: 40))
    }
    @Test func aabbOverlap() {
        let a = AABB(lowerBound: Vec2(0, 0), upperBound: Vec2(1, 1))
        #expect(a.overlaps(AABB(lowerBound: Vec2(1, 1), upperBound: Vec2(2, 2))))
        #expect(!a.overlaps(AABB(lowerBound: Vec2(1.01, 0), upperBound: Vec2(2, 2))))
        #expect(a.union(AABB(lowerBound: Vec2(-1, 0), upperBound: Vec2(0, 3))).perimeter == 2 * (2 + 3))
    }
}
