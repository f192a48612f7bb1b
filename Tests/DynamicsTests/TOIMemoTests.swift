import Dynamics
import Geometry
import Testing

/// Within a step's time-of-impact events, a contact's time of impact and manifold computed from
/// unchanged inputs are reused, not computed again (`TOIMemo`), and so is a sub-step's position
/// phase (`TOIIslandMemo`): the same bits after every step,
/// the same skipped counts and the same listener calls as computing them (which Box2D does), on
/// scenes where both are reused.
@Suite struct TOIMemoTests {
    /// `kind` 0–2: the wedged shade of `TOIStillIterationTests` (alone, with a few loose bullets,
    /// with a heap of them); 3–5: the bullets of `TOIQueueTests` (a grid, a scatter, half bullets).
    static func scene(_ kind: Int, reuses: Bool) -> World {
        let w = kind < 3 ? TOIStillIterationTests.scene(kind, stop: true) : TOIQueueTests.scene(kind - 3, queue: true)
        w.reusesTOIResults = reuses
        return w
    }

    @Test(arguments: [0, 1, 2, 3, 4, 5])
    func reusingGivesTheSameBits(_ kind: Int) {
        let reused = Self.scene(kind, reuses: true)
        let computed = Self.scene(kind, reuses: false)
        // (About half of what was measured when this was written: 515, 6 764, 583 883, 97 089,
        // 38 149 and 1 330 times; 512, 2 712, 115 442, 8 621, 3 307 and 153 manifolds.)
        let times = [250, 3000, 250_000, 45_000, 19_000, 600][kind]
        let manifolds = [250, 1300, 55_000, 4000, 1600, 70][kind]
        TOIStillIterationTests.expectSameBits(reused, computed, kind, skipped: \.reusedTimesOfImpact, atLeast: times)
        #expect(reused.reusedManifolds > manifolds, "scene \(kind): \(reused.reusedManifolds) manifolds reused")
        #expect(computed.reusedManifolds == 0)
        // (231, 365, 3545, 203, 73 and 6 position phases when written.)
        let phases = [115, 180, 1700, 100, 35, 3][kind]
        let reusedPhases = reused.reusedTOIPositionPhases
        #expect(reusedPhases > phases, "scene \(kind): \(reusedPhases) position phases reused")
        #expect(computed.reusedTOIPositionPhases == 0)
        #expect(reused.skippedTOIEvents == computed.skippedTOIEvents)
        #expect(reused.skippedTOIIterations == computed.skippedTOIIterations)
        #expect(reused.skippedVelocityIterations == computed.skippedVelocityIterations)
        #expect(reused.contactCount == computed.contactCount)
    }

    /// A listener that logs every begin, end and post-solve call, with the contact, its touching
    /// manifold's points and the impulses.
    final class Log: ContactListener {
        var lines: [String] = []
        var wantsPreSolve: Bool { false }
        func beginContact(_ c: ContactInfo) { lines.append("begin \(Self.describe(c))") }
        func endContact(_ c: ContactInfo) { lines.append("end \(Self.describe(c))") }
        func postSolve(_ c: ContactInfo, impulse: ContactImpulse) {
            let n = impulse.normalImpulses
            let t = impulse.tangentImpulses
            lines.append(
                "post \(Self.describe(c)) \(impulse.count) \(n.0.bitPattern) \(n.1.bitPattern) "
                    + "\(t.0.bitPattern) \(t.1.bitPattern)")
        }
        static func describe(_ c: ContactInfo) -> String {
            let m = c.manifold
            let p = m.pointCount > 0 ? m.point0.localPoint : Vec2f.zero
            return "\(c.fixtureA) \(c.fixtureB) \(c.childIndexA) \(c.childIndexB) \(m.pointCount) "
                + "\(p.x.bitPattern) \(p.y.bitPattern) \(m.point0.id.key) \(m.point1.id.key)"
        }
    }

    @Test(arguments: [0, 1, 4])
    func aListenerHearsTheSame(_ kind: Int) {
        let reused = Self.scene(kind, reuses: true)
        let computed = Self.scene(kind, reuses: false)
        let logA = Log()
        let logB = Log()
        reused.contactListener = logA
        computed.contactListener = logB
        let firstDifference = TOIQueueTests.firstDifference(reused, computed)
        #expect(firstDifference == nil, "scene \(kind): differs from step \(firstDifference ?? -1)")
        #expect(reused.reusedManifolds > 0)
        #expect(reused.reusedTimesOfImpact > 100)
        #expect(logA.lines.count == logB.lines.count)
        #expect(logA.lines.count > 1000)
        #expect(logA.lines.contains { $0.hasPrefix("begin") } && logA.lines.contains { $0.hasPrefix("end") })
        let firstLine = logA.lines.indices.first { $0 < logB.lines.count && logA.lines[$0] != logB.lines[$0] }
        #expect(firstLine == nil, "scene \(kind): listener call \(firstLine ?? -1) differs")
    }

    /// A listener that wants pre-solve is called at every manifold update: none is reused (the
    /// times of impact still are), and the bits are the same.
    @Test func preSolveTurnsManifoldReuseOff() {
        final class Pre: ContactListener {
            var calls = 0
            func preSolve(_ c: ContactInfo, oldManifold: Manifold) { calls += 1 }
        }
        let reused = Self.scene(0, reuses: true)
        let computed = Self.scene(0, reuses: false)
        let a = Pre()
        let b = Pre()
        reused.contactListener = a
        computed.contactListener = b
        let firstDifference = TOIQueueTests.firstDifference(reused, computed)
        #expect(firstDifference == nil, "differs from step \(firstDifference ?? -1)")
        #expect(reused.reusedManifolds == 0)
        #expect(reused.reusedTimesOfImpact > 100)
        #expect(a.calls == b.calls)
        #expect(a.calls > 1000)
    }
}
