import Geometry
import Testing
import UIDynamics

let screen = Rect(x: 0, y: 0, width: 1000, height: 1000)

/// A 100×100 item of density 1 (1 kg) with no resistance, in one field.
func fieldAnimator(_ field: FieldBehavior, at center: Vec2 = Vec2(600, 500)) -> DynamicAnimator {
    let an = DynamicAnimator(referenceBounds: screen)
    an.registerItem(1, size: Vec2(100, 100), center: center)
    var ib = ItemBehavior(items: [1])
    ib.resistance = 0
    ib.angularResistance = 0
    ib.charge = 2
    an.addBehavior(ib)
    an.addBehavior(field)
    return an
}

@Suite struct FieldTests {
    /// A linear gravity field of strength 1 along (0, 1) gives every item 1 m/s², exactly what a
    /// gravity behaviour of magnitude 0.1 gives.
    @Test func linearGravityFieldEqualsGravity() {
        let a = fieldAnimator(FieldBehavior(kind: .linearGravity, items: [1], direction: Vec2(0, 1)))
        let b = DynamicAnimator(referenceBounds: screen)
        b.registerItem(1, size: Vec2(100, 100), center: Vec2(600, 500))
        var ib = ItemBehavior(items: [1]); ib.resistance = 0; ib.angularResistance = 0
        b.addBehavior(ib)
        b.addBehavior(GravityBehavior(items: [1], direction: Vec2(0, 0.1)))
        for _ in 0..<60 { a.tick(1.0 / 60); b.tick(1.0 / 60) }
        #expect(abs(a.center(of: 1).y - b.center(of: 1).y) < 1e-9)
        // 119 sub-steps in 60 ticks, summed in float32
        #expect(abs(a.linearVelocity(of: 1).y - 119 * subStep * 100) < 1e-4)
    }

    /// A spring field F = −S·p on a 1 kg item is a harmonic oscillator of ω = √S: with S = 4π²
    /// it returns to its start after 1 s.
    @Test func springFieldOscillates() {
        let an = fieldAnimator(
            FieldBehavior(kind: .spring, items: [1], position: Vec2(500, 500), strength: 4 * Double.pi * Double.pi))
        var minX = Double.infinity
        for _ in 0..<60 { an.tick(1.0 / 60); minX = min(minX, an.center(of: 1).x) }
        #expect(abs(minX - 400) < 2)  // swung to −100 pt
        #expect(abs(an.center(of: 1).x - 600) < 3)  // back after one period (119 sub-steps ≈ 0.9917 s)
    }

    @Test func radialGravityFirstStep() {
        let an = fieldAnimator(FieldBehavior(kind: .radialGravity, items: [1], position: Vec2(500, 500), strength: 3))
        an.tick(1.0 / 60)  // one sub-step: a = S/r² toward the centre, r = 1 m
        #expect(abs(an.linearVelocity(of: 1).x - (-3 * subStep * 100)) < 1e-6)
    }

    @Test func electricFieldUsesTheCharge() {
        let an = fieldAnimator(FieldBehavior(kind: .electric, items: [1], position: Vec2(500, 500), strength: 1.5))
        an.tick(1.0 / 60)  // F = S·q·p̂ = 3 N away from the centre
        #expect(abs(an.linearVelocity(of: 1).x - 3 * subStep * 100) < 1e-6)
    }

    @Test func velocityFieldSetsTheVelocity() {
        let an = fieldAnimator(FieldBehavior(kind: .velocity, items: [1], direction: Vec2(0.5, -1)))
        for _ in 0..<5 { an.tick(1.0 / 60) }
        #expect(distance(an.linearVelocity(of: 1), Vec2(50, -100)) < 1e-9)
    }

    @Test func regions() {
        #expect(Region.circle(radius: 50).contains(Vec2(30, 40)))  // on the circle: inside
        #expect(!Region.rectangle(size: Vec2(100, 100)).contains(Vec2(50, 0)))  // on the edge: outside
        #expect(Region.inverse(.circle(radius: 10)).contains(Vec2(20, 0)))
        #expect(Region.difference(.circle(radius: 100), .circle(radius: 50)).contains(Vec2(70, 0)))
        #expect(!Region.intersection([.circle(radius: 100), .rectangle(size: Vec2(20, 20))]).contains(Vec2(50, 0)))
        #expect(Region.union([.circle(radius: 1), .rectangle(size: Vec2(200, 2))]).contains(Vec2(90, 0)))
        // An item outside the field's region feels nothing.
        let an = fieldAnimator(
            FieldBehavior(
                kind: .linearGravity, items: [1], position: Vec2(0, 0), region: .circle(radius: 50),
                direction: Vec2(0, 1)))
        for _ in 0..<10 { an.tick(1.0 / 60) }
        #expect(an.linearVelocity(of: 1) == .zero)
    }

    @Test func noiseIsDeterministicAndMoves() {
        func run() -> Vec2 {
            let an = fieldAnimator(
                FieldBehavior(kind: .noise, items: [1], strength: 5, smoothness: 0.5, animationSpeed: 2))
            for _ in 0..<30 { an.tick(1.0 / 60) }
            return an.center(of: 1)
        }
        let a = run()
        let b = run()
        #expect(a == b)
        #expect(distance(a, Vec2(600, 500)) > 0.1)
    }
}
