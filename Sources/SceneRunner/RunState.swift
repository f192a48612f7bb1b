import Expectations
import Expressions
import Geometry
import Interaction
import Results
import SceneModel
import SceneVocabulary

// One of the six concerns of one execution of a case, as data that `Run`'s methods change in
// the files of its concern (the behaviours: Behaviors/, Groups.swift). The clock, the recording,
// the transitions, the animations and the input are types that own their state (Concerns/). The
// tick (Runner.swift) and the action dispatcher (Actions.swift) reach across concerns, as a frame
// and a rule do.

extension Run {
    /// The scene's behaviours as the animator has them, and their contacts.
    struct Behaviors {
        /// Installed animator behaviour ids per scene behaviour (nil when not added).
        var installed: [Int: Int] = [:]
        /// Behaviours in the order they were added (their `action` blocks run in this order).
        var addOrder: [Int] = []
        /// Property overrides from `set`, by behaviour.
        var overrides: [[BehaviorProperty: Value]]
        /// The values each behaviour's expressions had when it was last added, by behaviour.
        var addedValues: [[Expr: Value]]
        /// Whether the animator was running when the `rest` / `resume` rules last heard of it: the
        /// animator also pauses and resumes outside a tick (behaviours removed or added by a script
        /// step or a gesture rule), and the rules hear of every change at the end of the next tick,
        /// as UIKit's delegate hears of it on the next turn of the run loop.
        var reportedRunning = false
        /// The contact whose rules are running.
        var currentContact: ContactSnapshot?
        /// The contacts each view (a group: its items) has begun (`view.contacts`), by view.
        var contactCounts: [Int]
        /// The groups each view is an item of, in the scene's order, by view: a contact of an
        /// item is its groups' too (`contactViews`), found without a walk over every view.
        let groupsOf: [[Int]]
    }

}
