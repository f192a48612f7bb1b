import Testing

@Suite struct StopActionTests {
    @Test func stopZeroesBothVelocities() throws {
        let r = try run("""
        views: { card: { frame: [100, 100, 50, 50] } }
        behaviors:
          spin: { item: { items: [card], linearVelocity: [300, -200], angularVelocity: 4, resistance: 0, angularResistance: 0 }, active: true }
        script:
          - wait: 0.2
          - expect: { views: { card: { velocity: [300, -200], angularVelocity: 4, within: 1 } } }
          - stop: card
          - wait: 0.1
        expect: { views: { card: { velocity: [0, 0], angularVelocity: 0, within: 0.001 } } }
        """)
        #expect(r.map(\.status) == [.passed], "\(r.flatMap(\.failures).map(\.message))")
    }
}
