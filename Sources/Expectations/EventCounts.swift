import SceneVocabulary

/// How many times each counted event has happened in a case (`expect.events`), by event.
public struct EventCounts: Sendable, Equatable {
    private var counts = [Int](repeating: 0, count: CountedEvent.allCases.count)
    private static let slot = Dictionary(uniqueKeysWithValues: CountedEvent.allCases.enumerated().map { ($1, $0) })

    public init() {}
    /// The counts given, every other event at 0.
    public init(_ counts: [CountedEvent: Int]) { for (e, n) in counts { self[e] = n } }

    public subscript(_ event: CountedEvent) -> Int {
        get { counts[EventCounts.slot[event] ?? 0] }  // every case has a slot
        set { counts[EventCounts.slot[event] ?? 0] = newValue }
    }
}
