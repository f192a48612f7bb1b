import Geometry
import Testing
@_spi(Testing) import UIDynamics

/// The animator keeps what the installed behaviours say of each item as they are added, updated
/// and removed (issue 33: adding one no longer gathers the items of all the others). These pin
/// that the kept index says what scanning every installed behaviour said: the last item
/// behaviour wins property by property, whatever is removed in the middle; an item falls while
/// some gravity behaviour names it and keeps its body while any behaviour does; a contact
/// belongs to the first collision behaviour (in the order added) naming both items.
@Suite struct MembershipTests {
    func animator(items: Int) -> DynamicAnimator {
        let an = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 390, height: 844))
        for i in 1...items { an.registerItem(i, size: Vec2(40, 40), center: Vec2(50 * Double(i), 100)) }
        return an
    }

    func material(_ an: DynamicAnimator, _ i: ItemID) -> (elasticity: Double, friction: Double, charge: Double) {
        let f = an.fixtures(of: i)[0]
        return (an.world.restitution(of: f), an.world.friction(of: f), an.charges[i] ?? 0)
    }

    @Test func theLastItemBehaviourWinsWhateverIsRemovedOrUpdated() throws {
        let an = animator(items: 2)
        var a = ItemBehavior(items: [1, 2])
        a.elasticity = 0.25
        a.charge = 1
        var b = ItemBehavior(items: [1, 1])  // named twice: its material counts once
        b.elasticity = 0.75
        b.friction = 0.5
        var c = ItemBehavior(items: [1])
        c.friction = 0.125
        let ia = an.addBehavior(a)
        let ib = an.addBehavior(b)
        an.addBehavior(c)
        #expect(material(an, 1) == (0.75, 0.125, 1))
        #expect(material(an, 2) == (0.25, Double(Float(DefaultMaterial.friction)), 1))
        an.removeBehavior(ib)  // the middle one: the first's elasticity shows again
        #expect(material(an, 1) == (0.25, 0.125, 1))
        a.elasticity = 0.5
        a.charge = -2
        an.updateBehavior(ia, a)  // keeps its place, before `c`
        #expect(material(an, 1) == (0.5, 0.125, -2))
        #expect(material(an, 2) == (0.5, Double(Float(DefaultMaterial.friction)), -2))
        b.friction = 0.0625
        an.addBehavior(b)  // added again: now the last
        #expect(material(an, 1) == (0.75, 0.0625, -2))
    }

    @Test func gravityAndBodiesFollowEveryBehaviourNamingTheItem() throws {
        let an = animator(items: 2)
        let g1 = an.addBehavior(GravityBehavior(items: [1, 2]))
        let g2 = an.addBehavior(GravityBehavior(items: [1]))
        let p = an.addBehavior(PushBehavior(items: [2], mode: .continuous, pushDirection: Vec2(1, 0)))
        func scale(_ i: ItemID) throws -> Double { an.world.gravityScale(of: try #require(an.body(of: i))) }
        #expect(try scale(1) == 1)
        #expect(try scale(2) == 1)
        an.removeBehavior(g1)
        #expect(try scale(1) == 1)  // still in g2
        #expect(try scale(2) == 0)  // only in the push
        let body2 = try #require(an.body(of: 2))
        #expect(an.isDynamic(2) && an.world.isBullet(body2))
        an.removeBehavior(p)
        #expect(!an.isDynamic(2) && an.isDynamic(1))
        an.removeBehavior(g2)
        #expect(!an.isDynamic(1))
    }

    @Test func aContactBelongsToTheFirstCollisionBehaviourNamingBoth() throws {
        let an = animator(items: 3)
        let both = an.addBehavior(CollisionBehavior(items: [1, 2, 2], mode: .items))
        let later = an.addBehavior(CollisionBehavior(items: [3, 2, 1], mode: .everything))
        let (f1, f2, f3) = (an.fixtures(of: 1)[0], an.fixtures(of: 2)[0], an.fixtures(of: 3)[0])
        #expect(an.collisionBehavior(f1, f2) == both)
        #expect(an.collisionBehavior(f2, f3) == later)
        an.removeBehavior(both)
        #expect(an.collisionBehavior(f1, f2) == later)
        an.removeBehavior(later)
        an.addBehavior(CollisionBehavior(items: [1, 2], mode: .boundaries))
        #expect(an.isDynamic(1) && !an.fixturesCollide(an.fixtures(of: 1)[0], an.fixtures(of: 2)[0]))
    }

    /// Many behaviours over many items, added and then removed from the last: every item keeps
    /// its body until the last behaviour naming it goes.
    @Test func manyBehavioursComeAndGo() {
        let an = animator(items: 200)
        let ids = (0..<300).map { k in an.addBehavior(GravityBehavior(items: Array(1 + k % 2...200))) }
        #expect((1...200).allSatisfy { an.isDynamic($0) })
        for id in ids.dropFirst().reversed() { an.removeBehavior(id) }
        #expect((1...200).allSatisfy { an.isDynamic($0) })  // the first behaviour names them all
        an.removeBehavior(ids[0])
        #expect((1...200).allSatisfy { !an.isDynamic($0) } && (1...200).allSatisfy { an.timesNamed($0) == 0 })
    }
}
