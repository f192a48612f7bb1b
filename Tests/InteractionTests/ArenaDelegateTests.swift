import Geometry
import Interaction
import Testing

/// The arena's delegate (`gestureRecognizerShouldBegin`) and the fingers kept from a recogniser
/// (`shouldReceiveTouch`), without a scene.
@Suite struct ArenaDelegateTests {
    /// Answers from a list, and records who asked and what the arena showed of them then.
    final class Answers: ArenaDelegate {
        var answers: [Int: Bool]
        var asked: [(gesture: Int, state: GestureState, velocity: Vec2)] = []
        init(_ answers: [Int: Bool]) { self.answers = answers }
        func shouldBegin(_ g: Int, in arena: GestureArena) -> Bool {
            asked.append((g, arena.visible[g], arena.recognizers[g].values.velocity))
            return answers[g] ?? true
        }
    }

    /// One finger, 60 pt down in 0.2 s: 5 pt a frame, so a pan begins at frame 2 (10 pt).
    static let down = TouchScript.single(
        TouchPath(keyframes: [(0, Vec2(100, 100)), (0.2, Vec2(100, 160))]), continuing: false, hold: false)

    func run(
        _ arena: inout GestureArena, _ delegate: Answers, exclude: (finger: Int, gesture: Int)? = nil
    )
        -> [String]
    {
        var seen: [String] = []
        arena.begin(participants: [0, 1])
        if let x = exclude { arena.exclude(finger: x.finger, from: x.gesture) }
        for k in 0...Self.down.lastFrame(dt: frame) {
            let t = Double(k) * frame
            let touches = Self.down.touches(frame: k, at: t, dt: frame, ids: [0])
            var changes = arena.handle(TouchEvent(time: t, touches: touches), delegate: delegate)
            if k > 0 { changes += arena.advance(to: t, delegate: delegate) }
            seen += changes.map { "\(k):\($0.gesture).\($0.state)" }
        }
        return seen
    }

    /// Two pans that would begin on the same frame: the first declared asks, while still
    /// `possible` and with its values of that moment; refused, it fails and the second begins.
    @Test func refusedTheFirstFailsAndTheSecondBegins() {
        var arena = GestureArena([pan(), pan()], asking: [0])
        let d = Answers([0: false])
        let seen = run(&arena, d)
        #expect(seen.prefix(2) == ["2:0.failed", "2:1.began"], "\(seen)")
        #expect(seen.last == "12:1.ended")
        #expect(d.asked.count == 1 && d.asked[0].gesture == 0 && d.asked[0].state == .possible)
        #expect(d.asked[0].velocity.y > 0)  // what `gesture.velocity` reads then
    }

    /// Allowed, the first begins and the second fails; a recogniser that does not ask is never asked.
    @Test func allowedTheFirstBegins() {
        var arena = GestureArena([pan(), pan()], asking: [0])
        let d = Answers([0: true, 1: false])
        let seen = run(&arena, d)
        #expect(seen.prefix(2) == ["2:0.began", "2:1.failed"], "\(seen)")
        #expect(d.asked.map(\.gesture) == [0])
    }

    /// Without a delegate, the first declared wins.
    @Test func withoutADelegateTheFirstDeclaredWins() {
        var arena = GestureArena([pan(), pan()])
        var seen: [String] = []
        arena.begin(participants: [0, 1])
        for k in 0...6 {
            let t = Double(k) * frame
            seen += arena.handle(TouchEvent(time: t, touches: Self.down.touches(frame: k, at: t, dt: frame, ids: [0])))
                .map { "\(k):\($0.gesture).\($0.state)" }
        }
        #expect(
            seen == ["2:0.began", "2:1.failed", "3:0.changed", "4:0.changed", "5:0.changed", "6:0.changed"], "\(seen)")
    }

    /// A finger kept from a recogniser never reaches it: the other one begins alone, and the
    /// one kept out, still in the sequence, fails then.
    @Test func anExcludedFingerNeverReachesTheRecogniser() {
        var arena = GestureArena([pan(), pan()])
        let seen = run(&arena, Answers([:]), exclude: (finger: 0, gesture: 0))
        #expect(seen.first == "2:1.began", "\(seen)")
        #expect(seen.prefix(2) == ["2:1.began", "2:0.failed"], "\(seen)")
        #expect(!seen.contains { $0.contains(":0.began") })
    }
}
