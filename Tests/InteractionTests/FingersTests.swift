import Geometry
import Interaction
import Testing

/// `Fingers` follows an event in time linear in its touches and the fingers down (issue 33
/// item 3: a million fingers in one step were quadratic per frame): each touch finds its finger
/// by identity, and the lifted ones leave in one pass. The order of the fingers (which the
/// centroid and the pair read) is the order they went down.
@Suite struct FingersTests {
    @Test func manyFingersDownMovedAndLiftedKeepTheirOrder() {
        var f = Fingers()
        let n = 3000
        let down = (0..<n).map { Touch(id: 10 * $0, location: Vec2(Double($0), 0), phase: .began) }
        let c1 = f.apply(TouchEvent(time: 0, touches: down))
        #expect(c1.wentDown == n && c1.lifted == 0 && f.count == n)
        #expect(f.ids == (0..<n).map { 10 * $0 })
        #expect(f.centroid == Vec2(Double(n - 1) / 2, 0))
        // Every even finger lifts, in the reverse order; the odd ones move up by 1.
        var next: [Touch] = []
        for j in (0..<n).reversed() {
            let p = Vec2(Double(j), j % 2 == 0 ? 0 : 1)
            next.append(Touch(id: 10 * j, location: p, phase: j % 2 == 0 ? .ended : .moved))
        }
        let c2 = f.apply(TouchEvent(time: 0.1, touches: next))
        #expect(c2.lifted == n / 2 && c2.moved && c2.wentDown == 0)
        #expect(f.ids == (0..<n).filter { $0 % 2 == 1 }.map { 10 * $0 })
        #expect(f.points.allSatisfy { $0.y == 1 })
        // A finger that lifted can go down again (a new touch with the same identity): last.
        _ = f.apply(TouchEvent(time: 0.2, touches: [Touch(id: 0, location: Vec2(-5, 0), phase: .began)]))
        #expect(f.ids.last == 0 && f.ids.count == n / 2 + 1 && f.points.last == Vec2(-5, 0))
        // A touch of an unknown finger that moves or lifts is ignored.
        let c3 = f.apply(TouchEvent(time: 0.3, touches: [Touch(id: 7, location: .zero, phase: .ended)]))
        #expect(c3.lifted == 0 && f.count == n / 2 + 1)
        f.removeAll()
        #expect(f.count == 0)
        let c4 = f.apply(TouchEvent(time: 0.4, touches: [Touch(id: 10, location: .zero, phase: .moved)]))
        #expect(!c4.moved && f.count == 0)  // gone with the others
    }
}
