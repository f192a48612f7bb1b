import SceneModel
import SceneVocabulary

/// How many times each counted event has happened in a case (`expect.events`), by event.
public struct EventCounts: Sendable, Equatable {
    private var counts = [Int](repeating: 0, count: CountedEvent.allCases.count)
    /// Each event's place in `counts` (a switch: a dictionary keyed by the event hashed its raw
    /// string at every count and every read, on the per-tick path of `scenerun mutate`).
    private static func slot(_ event: CountedEvent) -> Int {
        switch event {
        case .haptic: return 0
        case .light: return 1
        case .medium: return 2
        case .heavy: return 3
        case .soft: return 4
        case .rigid: return 5
        case .contact: return 6
        case .contactEnded: return 7
        case .log: return 8
        }
    }

    public init() {}
    /// The counts given, every other event at 0.
    public init(_ counts: [CountedEvent: Int]) { for (e, n) in counts { self[e] = n } }

    public subscript(_ event: CountedEvent) -> Int {
        get { counts[EventCounts.slot(event)] }
        set { counts[EventCounts.slot(event)] = newValue }
    }

    /// How many times each event of one gesture, scroll view, view or transition has fired.
    private var fired: [Event: Int] = [:]

    /// Counts a firing of `event` (a rule's event; the scene-wide ones are counted as
    /// `CountedEvent`s where they happen).
    public mutating func fire(_ event: Event) {
        switch event {
        case .gesture, .scroll, .view, .transitionEnded: fired[event, default: 0] += 1
        case .plain: break
        }
    }

    /// How many times `event` counted so far.
    public subscript(_ event: ExpectedEvent) -> Int {
        switch event {
        case .counted(let c): return self[c]
        case .fired(let e, _): return fired[e] ?? 0
        }
    }
}
