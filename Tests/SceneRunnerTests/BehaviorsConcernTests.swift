import Expressions
@_spi(Testing) import SceneRunner
import SceneVocabulary
import Testing

/// The behaving concern driven on its own, without a scene file (issue 34).
@Suite struct RunBehaviorsTests {
    /// Behaviours run their `action` blocks in the order they were added: a removed one leaves
    /// the order, and added again it goes last; removing one that is not added is nothing.
    @Test func theAddOrderFollowsAddsAndRemoves() {
        let b = RunBehaviors(behaviors: 4, groupsOf: [])
        b.install(2, as: 7)
        b.install(0, as: -1)  // a composite
        b.install(3, as: 8)
        #expect(b.uninstall(2) == 7)
        #expect(b.uninstall(1) == nil)
        b.install(2, as: 9)
        #expect(b.addOrder == [0, 3, 2])
        #expect(b.installed == [0: -1, 3: 8, 2: 9])
    }

    /// A `set` override is kept by behaviour and property, whether or not it is added.
    @Test func overridesAreKeptPerBehaviour() {
        let b = RunBehaviors(behaviors: 2, groupsOf: [])
        b.override(1, .magnitude, .number(2))
        b.override(1, .magnitude, .number(3))
        b.override(1, .active, .bool(false))
        #expect(b.overrides[0].isEmpty)
        #expect(b.overrides[1] == [.magnitude: .number(3), .active: .bool(false)])
    }

    /// The `rest` / `resume` rules hear of a change only once; a new animator is forgotten
    /// silently, so that the next tick that finds it running is news.
    @Test func theRulesHearEachChangeOfRunningOnce() {
        let b = RunBehaviors(behaviors: 0, groupsOf: [])
        let heard = [b.hear(running: true), b.hear(running: true), b.hear(running: false), b.hear(running: false)]
        #expect(heard == [true, false, true, false])
        _ = b.hear(running: true)
        b.forgetRunning()
        #expect(b.reportedRunning == false && b.hear(running: true))
    }

    /// A contact counts for its items and for the groups that carry them.
    @Test func aContactCountsForTheGroupsOfItsItems() {
        // Views 0 and 1 are items of group 3; view 1 also of group 4; view 2 of none.
        let b = RunBehaviors(behaviors: 0, groupsOf: [[3], [3, 4], [], [], []])
        #expect(b.views(carrying: [1, 2]) == [1, 3, 4, 2])
        b.count(contactOf: b.views(carrying: [1, 2]))
        b.count(contactOf: b.views(carrying: [0]))
        #expect(b.contactCounts == [1, 1, 1, 2, 1])
    }
}
