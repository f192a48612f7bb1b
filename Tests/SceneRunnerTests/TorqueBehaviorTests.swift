import Testing

@Suite struct TorqueBehaviorTests {
    /// A 100 × 100 view of density 1 is 1 kg with I = 1/6 kg·m²: 1 N·m turns it at 6 rad/s², for
    /// 59 sub-steps of Float(1/120) s in 30 ticks (the sub-step is a hair above 1/120): 2.95 rad/s.
    @Test func aTorqueTurnsAnItemAtTorqueOverInertia() throws {
        let r = try run(
            """
            views: { card: { frame: [100, 100, 100, 100] } }
            behaviors:
              turn: { torque: { items: [card], magnitude: 1 }, active: true }
              free: { item: { items: [card], angularResistance: 0 }, active: true }
            script:
              - wait: 0.5
            expect: { views: { card: { angularVelocity: 2.95, within: 0.001 } } }
            """)
        #expect(r.map(\.status) == [.passed], "\(r.flatMap(\.failures).map(\.message))")
    }
}
