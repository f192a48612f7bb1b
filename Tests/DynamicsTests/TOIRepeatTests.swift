import Dynamics
import Geometry
import Testing

/// Time-of-impact events that repeat one which changed nothing are counted, not run (`TOIRepeat`):
/// the same bits after every step, the same skipped-iteration counts and the same post-solve calls
/// as running them (which Box2D does), on scenes where the shortcut is taken.
@Suite struct TOIRepeatTests {
    /// The wedged shade of `TOIStillIterationTests` (`kind` 0 alone, 1 with a few loose bullets,
    /// 2 with a heap of them), with the shortcut on or off.
    static func scene(_ kind: Int, repeats: Bool) -> World {
        let w = TOIStillIterationTests.scene(kind, stop: true)
        w.stopsRepeatedTOIEvents = repeats
        return w
    }

    @Test(arguments: [0, 1, 2])
    func skippingGivesTheSameBits(_ kind: Int) {
        let skipped = Self.scene(kind, repeats: true)
        let run = Self.scene(kind, repeats: false)
        // (In the heap, 2, the shade's events are seldom repeats: another bullet's event comes between.)
        TOIStillIterationTests.expectSameBits(
            skipped, run, kind, skipped: \.skippedTOIEvents, atLeast: kind == 2 ? 0 : 500)
        // The skipped events are counted as having skipped what the event they repeat skipped.
        #expect(skipped.skippedTOIIterations == run.skippedTOIIterations)
        #expect(skipped.skippedVelocityIterations == run.skippedVelocityIterations)
    }

    /// A post-solve listener that logs every call, and wants one only for two of every three
    /// times it is asked (the world asks at each step's start and after each call it makes to the
    /// listener), so that the repeats must ask, and call, as the events would.
    final class Log: ContactListener {
        var lines: [String] = []
        var asked = 0
        var wantsPreSolve: Bool { false }
        var wantsPostSolve: Bool {
            asked += 1
            return asked % 3 != 0
        }
        func postSolve(_ c: ContactInfo, impulse: ContactImpulse) {
            let n = impulse.normalImpulses
            let t = impulse.tangentImpulses
            lines.append(
                "\(c.fixtureA) \(c.fixtureB) \(c.childIndexA) \(c.childIndexB) \(impulse.count) "
                    + "\(n.0.bitPattern) \(n.1.bitPattern) \(t.0.bitPattern) \(t.1.bitPattern)")
        }
    }

    @Test(arguments: [0, 1])
    func aListenerHearsTheSame(_ kind: Int) {
        let skipped = Self.scene(kind, repeats: true)
        let run = Self.scene(kind, repeats: false)
        let logA = Log()
        let logB = Log()
        skipped.contactListener = logA
        run.contactListener = logB
        let firstDifference = TOIQueueTests.firstDifference(skipped, run)
        #expect(firstDifference == nil, "scene \(kind): differs from step \(firstDifference ?? -1)")
        #expect(skipped.skippedTOIEvents > 500, "scene \(kind): \(skipped.skippedTOIEvents) events skipped")
        #expect(run.skippedTOIEvents == 0)
        #expect(logA.asked == logB.asked)
        #expect(logA.lines.count == logB.lines.count)
        #expect(logA.lines.count > 900)
        let firstLine = logA.lines.indices.first { $0 < logB.lines.count && logA.lines[$0] != logB.lines[$0] }
        #expect(firstLine == nil, "scene \(kind): post-solve call \(firstLine ?? -1) differs")
    }

    /// A listener that wants pre-solve sees every event run (its calls could change what follows).
    @Test func preSolveTurnsTheShortcutOff() {
        final class Pre: ContactListener {}
        let w = Self.scene(0, repeats: true)
        let pre = Pre()
        w.contactListener = pre
        for _ in 0..<240 { w.step(Double(Float(1.0 / 120.0))) }
        #expect(w.skippedTOIEvents == 0)
    }
}
