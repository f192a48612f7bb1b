import Diagnostics
import Expectations
import Expressions
import Geometry
import Results
import SceneLoader
import SceneModel
import Testing

/// A scene whose `expect` is under test; the snapshot is made by hand (no physics).
func expectation(_ yaml: String) throws -> (SceneModel.Expectation, Scope) {
    let s = try SceneFile.load(
        path: "e.yaml",
        text: """
            views:
              shade: { frame: [0, 0, 100, 200] }
            transitions:
              show: { kind: present, to: shade }
            script: [ { wait: 1 } ]
            expect:
            \(yaml)
            """)[0]
    return (s.expect!, s.scope)
}

func snap(
    frame: Rect = Rect(x: 0, y: 12.4, width: 100, height: 200), paused: Bool = true, lastPause: Double? = 2,
    state: String = "completed", haptics: Int = 2
) -> Snapshot {
    Snapshot(
        time: 4, elapsed: 3.5, paused: paused, lastPause: lastPause, worldSize: Vec2(390, 844),
        views: [ViewState(name: "shade", frame: frame, rotation: 0.02, alpha: 1)],
        transitions: [(name: "show", state: state, progress: 1)],
        events: EventCounts([.haptic: haptics, .contact: 3]))
}

@Suite struct JudgeTests {
    @Test func viewFrameFailureMessage() throws {
        let (e, scope) = try expectation("  views: { shade: { frame: [0, 0, 100, 200], within: 0.5 } }")
        let f = judge(e, snap(), scope: scope)
        #expect(f.map(\.message) == ["shade.frame.y expected 0 ± 0.5, got 12.4 at t = 4.000 s"])
        #expect(f.first?.location == Diagnostics.SourceLocation(file: "e.yaml", line: 7, column: 28))
        #expect(judge(e, snap(frame: Rect(x: 0, y: 0.3, width: 100, height: 200)), scope: scope).isEmpty)
    }

    @Test func defaultTolerancesAndOtherProperties() throws {
        let (e, scope) = try expectation(
            "  views: { shade: { center: [50, 100], rotation: 0, alpha: 1, removed: false } }")
        let f = judge(e, snap(frame: Rect(x: 0.4, y: 0, width: 100, height: 200)), scope: scope)
        #expect(f.map(\.message) == ["shade.rotation expected 0 ± 0.01, got 0.02 at t = 4.000 s"])
    }

    @Test func transitionsRestAndEvents() throws {
        let (e, scope) = try expectation(
            """
              transition: { show: cancelled }
              rest: true
              restBy: 1.5
              events: { haptic: "1...4", contact: "< 3" }
            """)
        let f = judge(e, snap(), scope: scope).map(\.message)
        #expect(
            f == [
                "transition show expected cancelled, got completed at t = 4.000 s",
                "expected the animator at rest by t = 1.500 s, it came to rest at t = 2.000 s",
                "events.contact expected < 3, got 3 at t = 4.000 s",
            ])
        let running = judge(e, snap(paused: false, lastPause: nil, state: "cancelled", haptics: 0), scope: scope).map(
            \.message)
        #expect(running.contains("expected the animator to be at rest, but it is still running at t = 4.000 s"))
        #expect(running.contains("events.haptic expected 1...4, got 0 at t = 4.000 s"))
    }

    @Test func thatExpressions() throws {
        let (e, scope) = try expectation("  that: [\"shade.maxY == 212.4\", \"show.progress < 1\", \"elapsed > 3\"]")
        let f = judge(e, snap(), scope: scope)
        #expect(
            f.map(\.message) == [
                "expected `show.progress < 1` to hold, but it is false at t = 4.000 s: show.progress = 1"
            ])
        #expect(f.first?.location.line == 7)
    }

    /// A failed `that:` prints the operands of the failing comparison; in `&&` only the failing
    /// side, in `||` both; literals are not repeated.
    @Test func failedThatShowsItsOperands() throws {
        let (e, scope) = try expectation(
            "  that: [\"elapsed > 3 && shade.maxY > 300\", \"shade.maxY < 0 || distance([0, 0], [3, 4]) < 1\"]")
        let f = judge(e, snap(), scope: scope).map(\.message)
        #expect(
            f == [
                "expected `elapsed > 3 && shade.maxY > 300` to hold, but it is false at t = 4.000 s: shade.maxY = 212.4",
                "expected `shade.maxY < 0 || distance([0, 0], [3, 4]) < 1` to hold, but it is false at t = 4.000 s: shade.maxY = 212.4, distance([0, 0], [3, 4]) = 5",
            ])
    }

    @Test func countSpecs() {
        #expect(CountSpec.parse(">= 1")!.matches(1) && !CountSpec.parse(">= 1")!.matches(0))
        #expect(CountSpec.parse("1...4")!.matches(4) && !CountSpec.parse("1...4")!.matches(5))
        #expect(CountSpec.parse("== 2")!.matches(2) && !CountSpec.parse("2")!.matches(3))
        #expect(CountSpec.parse("< 5")!.matches(4) && !CountSpec.parse("< 5")!.matches(5))
        #expect(CountSpec.parse("> 0")!.matches(1) && !CountSpec.parse("> 0")!.matches(0))
        #expect(CountSpec.parse("4...1") == nil && CountSpec.parse("many") == nil && CountSpec.parse("-1") == nil)
    }
}
