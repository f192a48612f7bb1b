import Expectations
import SceneVocabulary
import Testing

/// `EventCounts` keeps one count per counted event: setting each to its own number reads every
/// one back, and adding to one leaves the others.
@Suite struct EventCountsTests {
    @Test func everyCountedEventHasACountOfItsOwn() {
        var counts = EventCounts()
        for (k, e) in CountedEvent.allCases.enumerated() { counts[e] = k + 1 }
        #expect(CountedEvent.allCases.map { counts[$0] } == Array(1...CountedEvent.allCases.count))
        counts[.contact] += 10
        for (k, e) in CountedEvent.allCases.enumerated() { #expect(counts[e] == k + 1 + (e == .contact ? 10 : 0)) }
        #expect(EventCounts([.log: 2, .rigid: 1]) == EventCounts([.rigid: 1, .log: 2]))
        #expect(EventCounts([.log: 2])[.log] == 2 && EventCounts([.log: 2])[.haptic] == 0)
    }
}
