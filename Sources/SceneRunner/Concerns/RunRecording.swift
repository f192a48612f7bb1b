import Diagnostics
import Expectations
import Expressions
import Results
import SceneModel
import SceneVocabulary

/// The recording concern of a run: what the case reports — its event counts, failures,
/// observations, trace notes, tick rows and, when the replay is asked for, the replay recording.
/// It owns its state: only its methods change it, and it reads nothing of the run.
@_spi(Testing) public struct RunRecording {
    /// Whether notes are kept (`RunLimits.recordTrace`).
    let keepsTrace: Bool
    public private(set) var eventCounts = EventCounts()
    public private(set) var failures: [Failure] = []
    public private(set) var observations: [Observation] = []
    /// The notes, each `t = 0.500 s: text`.
    public private(set) var trace: [String] = []
    public private(set) var tickRows: [[Double]] = []
    /// The replay recording in progress (nil: no replay).
    public private(set) var replay: CaseRecording?
    /// How far the replay has read the notes and the event counts.
    private var notesSeen = 0
    private var countsSeen = EventCounts()

    public init(keepsTrace: Bool) { self.keepsTrace = keepsTrace }

    /// The stored properties `init(copying:limits:)` knows (a test compares it with `Mirror`'s).
    static let copiedFieldCount = 9

    /// `r` for a run resumed under `limits` (`CaseRunner.resume`): what those limits do not keep
    /// (the trace, the tick rows, the replay) is dropped; what they keep must have been kept.
    init(copying r: RunRecording, limits: RunLimits) {
        precondition(r.keepsTrace || !limits.recordTrace, "resume: the snapshot's run kept no trace")
        precondition(r.replay != nil || !limits.recordReplay, "resume: the snapshot's run kept no replay")
        keepsTrace = limits.recordTrace
        eventCounts = r.eventCounts
        failures = r.failures
        observations = r.observations
        trace = keepsTrace ? r.trace : []
        tickRows = limits.recordTicks ? r.tickRows : []
        replay = limits.recordReplay ? r.replay : nil
        notesSeen = r.notesSeen
        countsSeen = r.countsSeen
    }

    /// A trace note at `time`.
    public mutating func note(_ text: @autoclosure () -> String, at time: Double) {
        if keepsTrace { trace.append("\(timeText(time)): \(text())") }  // built only when kept
    }

    public mutating func count(_ event: CountedEvent) { eventCounts[event] += 1 }

    /// An event fired: every count it adds to (`EventCounts.fire`).
    public mutating func fired(_ event: Event) { eventCounts.fire(event) }

    public mutating func fail(_ failure: Failure) { failures.append(failure) }

    public mutating func fail(_ more: [Failure]) { failures += more }

    /// Runs `judge` with the observations to add to.
    mutating func observing<T>(_ judge: (inout [Observation]) -> T) -> T { judge(&observations) }

    public mutating func addTickRow(_ row: [Double]) { tickRows.append(row) }

    /// `haptic: style` at `time`: counted and noted.
    public mutating func haptic(_ style: HapticStyle, at time: Double) {
        count(.haptic)
        count(style.counted)
        note("haptic \(style.rawValue)", at: time)
    }

    /// `log: e` at `time`, `text` the expression and `value` its value: counted and noted.
    public mutating func log(_ text: String, _ value: Value, at time: Double) {
        count(.log)
        note("log \(text) = \(value)", at: time)
    }

    // MARK: replay

    /// The number of frames the replay holds (nil: no replay).
    public var replayFrames: Int? { replay?.frames.count }

    /// Whether the replay's last frame has a finger down.
    public var lastFrameTouchDown: Bool { replay?.frames.last?.touch?.down == true }

    /// Starts the replay recording with `recording`'s views and names, no frame yet.
    public mutating func startReplay(_ recording: CaseRecording) {
        replay = recording
        countsSeen = eventCounts
    }

    /// A frame of the replay and the contacts of its tick, then the haptics, notes and failures
    /// since the last frame, placed at it.
    public mutating func addFrame(_ frame: CaseRecording.Frame, contacts: [CaseRecording.Contact]) {
        guard var r = replay else { return }
        replay = nil  // the arrays grow in place, not copied
        let f = r.frames.count
        r.frames.append(frame)
        r.contacts += contacts
        catchUp(&r, frame: f)
        replay = r
    }

    /// An `expect` at `location` just judged, at the last frame.
    public mutating func addCheckpoint(at location: SourceLocation, passed: Bool, ghosts: [CaseRecording.Ghost]) {
        guard var r = replay else { return }
        replay = nil
        let f = r.frames.count - 1
        r.checkpoints.append(.init(frame: f, location: location, passed: passed, ghosts: ghosts))
        catchUp(&r, frame: f)
        replay = r
    }

    /// A step begun, a rule run or a timer fired: at the frame being made (the tick it starts
    /// or runs in), or at the last frame for a step that judges it (`expect`).
    public mutating func addAction(
        _ kind: CaseRecording.Action.Kind, at location: SourceLocation, text: String,
        judgesLastFrame: Bool = false
    ) {
        guard replay != nil else { return }
        let n = replay?.frames.count ?? 0
        replay?.actions.append(
            .init(
                frame: judgesLastFrame ? n - 1 : n, kind: kind, location: location, text: text,
                notesBefore: trace.count))
    }

    /// The finished replay recording: the haptics, notes and failures not yet placed, at the last
    /// frame, and the view of each failure (`failureViews`, nil where none).
    public mutating func finishReplay(failureView: (Failure) -> Int?) -> CaseRecording? {
        guard var r = replay else { return nil }
        replay = nil
        catchUp(&r, frame: Swift.max(0, r.frames.count - 1))
        // A step the case ended before (the script's last action step): at the last frame.
        for i in r.actions.indices {
            r.actions[i].frame = Swift.max(0, Swift.min(r.actions[i].frame, r.frames.count - 1))
        }
        r.failureViews = failures.map(failureView)
        replay = r
        return r
    }

    /// Haptics, trace notes and failures since the last call, at frame `f`.
    private mutating func catchUp(_ r: inout CaseRecording, frame f: Int) {
        for style in HapticStyle.allCases {
            let new = eventCounts[style.counted] - countsSeen[style.counted]
            for _ in 0..<Swift.max(0, new) { r.haptics.append((f, style.rawValue)) }
        }
        countsSeen = eventCounts
        while notesSeen < trace.count {
            let line = trace[notesSeen]
            // Notes read "t = 0.500 s: text"; the page shows the time from the frame.
            let text = line.firstRange(of: ": ").map { String(line[$0.upperBound...]) } ?? line
            r.notes.append((f, text))
            notesSeen += 1
        }
        while r.failureFrames.count < failures.count { r.failureFrames.append(f) }
    }
}
