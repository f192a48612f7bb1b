import Diagnostics
import Expressions
import Results
import SceneModel
@_spi(Testing) import SceneRunner
import SceneVocabulary
import Testing

/// The run's concerns driven on their own, without a scene file (issue 34).
@Suite struct RunClockTests {
    /// Each tick's time is its count times the tick's duration, not a running sum.
    @Test func advancingCountsTicksAndComputesTheTime() {
        var clock = RunClock(frameRate: 60)
        for _ in 0..<33 { clock.advance() }
        #expect(clock.tickCount == 33)
        #expect(clock.time == 33.0 * (1.0 / 60))
        #expect(clock.reached(ticks: 33, seconds: 600))
        #expect(!clock.reached(ticks: 34, seconds: 600))
        #expect(clock.reached(ticks: 34, seconds: 0.55))
    }

    /// An `after` of d s is due on the first tick at or after d (at least the next one), and
    /// timers due together come out in the order they were set.
    @Test func timersFallDueOnTheirTickInOrder() {
        var clock = RunClock(frameRate: 60)
        clock.advance()
        clock.schedule(after: 0.1, maxTicks: 1000, [], scope: Scope())  // 6 ticks: tick 7
        clock.schedule(after: 0, maxTicks: 1000, [], scope: Scope())  // the next tick: 2
        clock.schedule(after: 0.09, maxTicks: 1000, [], scope: Scope())  // 5.4 → 6 ticks: 7
        clock.schedule(after: 1e300, maxTicks: 1000, [], scope: Scope())  // bounded: 1 + 1001
        #expect(clock.timers.map(\.due) == [7, 2, 7, 1002])
        let early = clock.takeDueTimer()
        clock.advance()
        let onTick2 = [clock.takeDueTimer()?.due, clock.takeDueTimer()?.due]
        #expect(early == nil && onTick2 == [2, nil])
        for _ in 0..<5 { clock.advance() }
        #expect(clock.tickCount == 7)
        let onTick7 = clock.takeDueTimer()?.due
        #expect(onTick7 == 7)
        #expect(clock.timers.map(\.due) == [7, 1002])
    }

    /// The action budget is a tick's (or a script step's); the work budget is the case's.
    @Test func budgetsRefuseTheUnitPastTheirLimit() {
        var clock = RunClock(frameRate: 60)
        let inTick = (0..<3).map { _ in clock.spendAction(limit: 2) }
        #expect(inTick == [true, true, false])
        clock.advance()
        #expect(clock.actionBudget == 0)
        let nextTick = clock.spendAction(limit: 1)
        clock.resetActionBudget()
        let scriptStep = clock.spendAction(limit: 1)
        #expect(nextTick && scriptStep)
        let work = [clock.spendWork(60, limit: 100), clock.spendWork(40, limit: 100), clock.spendWork(1, limit: 100)]
        #expect(work == [true, true, false])
        #expect(clock.work == 101)
    }

    @Test func restIsNotedAtTheCurrentTime() {
        var clock = RunClock(frameRate: 30)
        #expect(clock.lastPause == nil)
        for _ in 0..<3 { clock.advance() }
        clock.noteRest()
        #expect(clock.lastPause == 3 * (1.0 / 30))
    }
}

@Suite struct RunRecordingTests {
    static let at = SourceLocation(file: "r.yaml", line: 3, column: 5)

    static func frame(_ time: Double) -> CaseRecording.Frame {
        CaseRecording.Frame(time: time, running: true, views: [], touch: nil, behaviors: [], transitions: [])
    }

    /// Notes carry their time, and none is kept when the trace is off; counts add up.
    @Test func notesAndCounts() {
        var r = RunRecording(keepsTrace: true)
        r.note("added spring", at: 0.5)
        r.count(.haptic)
        r.count(.haptic)
        r.fired(.plain(.rest))
        #expect(r.trace == ["t = 0.500 s: added spring"])
        #expect(r.eventCounts[.haptic] == 2)
        var quiet = RunRecording(keepsTrace: false)
        quiet.note("added spring", at: 0.5)
        #expect(quiet.trace.isEmpty)
    }

    /// Without a replay, frames and checkpoints are dropped and there is nothing to finish.
    @Test func withoutAReplayNothingIsKept() {
        var r = RunRecording(keepsTrace: true)
        r.addFrame(Self.frame(0), contacts: [])
        r.addCheckpoint(at: Self.at, passed: true, ghosts: [])
        #expect(r.replay == nil)
        let finished = r.finishReplay { _ in nil }
        #expect(finished == nil)
    }

    /// The replay places each haptic, note and failure at the frame recorded after it, a
    /// checkpoint at the last frame, and each failure's view when finished.
    @Test func theReplayPlacesWhatHappenedAtItsFrame() throws {
        var r = RunRecording(keepsTrace: true)
        r.note("before the first frame", at: 0)
        r.startReplay(
            CaseRecording(
                worldSize: .init(100, 100), frameRate: 60, views: [], behaviorNames: [], transitionNames: [],
                gestureNames: []))
        r.addFrame(Self.frame(0), contacts: [])
        r.count(.haptic)
        r.count(.light)
        r.note("haptic light", at: 1.0 / 60)
        r.addFrame(
            Self.frame(1.0 / 60),
            contacts: [.init(frame: 1, point: .init(1, 2), began: true, item: "a", other: "", boundary: "floor")])
        r.fail(Failure(location: Self.at, message: "too low"))
        r.addCheckpoint(at: Self.at, passed: false, ghosts: [])
        let finished = r.finishReplay { $0.message == "too low" ? 4 : nil }
        let replay = try #require(finished)
        #expect(replay.frames.map(\.time) == [0, 1.0 / 60])
        #expect(replay.contacts.map(\.frame) == [1])
        #expect(replay.haptics.map(\.frame) == [1] && replay.haptics.map(\.style) == ["light"])
        #expect(replay.notes.map(\.frame) == [0, 1])
        #expect(replay.notes.map(\.text) == ["before the first frame", "haptic light"])
        #expect(replay.checkpoints.map(\.frame) == [1] && replay.checkpoints.map(\.passed) == [false])
        #expect(replay.failureFrames == [1])
        #expect(replay.failureViews == [4])
    }
}
