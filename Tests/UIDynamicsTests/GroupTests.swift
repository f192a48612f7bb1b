import Geometry
import Testing
import UIDynamics

/// `UIDynamicItemGroup`: the items of a group move as one rigid body wherever a behaviour names
/// the group (its motion is compared with Box2D's in the oracle fixtures `group-*`).
@Suite struct GroupTests {
    /// A 60 × 40 box and a 40 × 80 box side by side, grouped as item 3 about their union's centre.
    func pair() -> DynamicAnimator {
        let an = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 390, height: 844))
        an.registerItem(1, size: Vec2(60, 40), center: Vec2(130, 120))
        an.registerItem(2, size: Vec2(40, 80), center: Vec2(180, 160))
        an.registerGroup(3, items: [1, 2], center: Vec2(155, 150), size: Vec2(100, 100))
        return an
    }

    @Test func itsItemsMoveAndTurnAsOneBody() {
        let an = pair()
        an.addBehavior(GravityBehavior(items: [3]))
        var spin = ItemBehavior(items: [3])
        spin.angularVelocity = 2
        an.addBehavior(spin)
        #expect(an.world.bodyCount == 2)  // the ground and the group's one body
        let offset = an.center(of: 2) - an.center(of: 1)
        for _ in 0..<30 { an.tick(1.0 / 60) }
        // Both items fell and turned together: their distance and relative angle are unchanged.
        #expect(an.rotation(of: 3) > 0.5)
        #expect(abs(an.rotation(of: 1) - an.rotation(of: 3)) < 1e-12)
        #expect(abs(distance(an.center(of: 1), an.center(of: 2)) - offset.length) < 1e-4)
        let turned = mul(Rot(an.rotation(of: 3)), offset)
        let now = an.center(of: 2) - an.center(of: 1)
        #expect(abs(now.x - turned.x) < 1e-4 && abs(now.y - turned.y) < 1e-4)
        #expect(an.center(of: 3).y > 150 + 50)  // it fell
        // The centre's velocity is the body's at that point: the items' differ by ω × offset.
        let w = an.angularVelocity(of: 3)
        let dv = an.linearVelocity(of: 2) - an.linearVelocity(of: 1)
        #expect(abs(dv.x - -w * now.y) < 1e-3 && abs(dv.y - w * now.x) < 1e-3)
    }

    @Test func aContactNamesTheItemThatTouchedAndRemovingFreesTheItems() {
        let an = pair()
        an.addBehavior(GravityBehavior(items: [3]))
        an.addBehavior(CollisionBehavior(items: [3], mode: .everything, referenceBoundsInsets: EdgeInsets()))
        var touched: Set<Int> = []
        for _ in 0..<120 { for e in an.tick(1.0 / 60).events where e.began { touched.insert(e.itemA) } }
        // The 80-point-tall box hangs lower: it lands first; the group itself has no shape.
        #expect(touched.contains(2) && !touched.contains(3))
        #expect(an.isDynamic(1) && an.isDynamic(2) && an.isDynamic(3))
        an.removeAllBehaviors()
        #expect(!an.isDynamic(1) && !an.isDynamic(2) && !an.isDynamic(3))
        #expect(an.world.bodyCount == 1)
    }
}
