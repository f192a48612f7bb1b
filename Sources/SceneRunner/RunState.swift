import Expectations
import Expressions
import Geometry
import Interaction
import Results
import SceneModel
import SceneVocabulary

// Two of the six concerns of one execution of a case, as data that `Run`'s methods change in
// the files of their concern (the input: Touches.swift, Gestures/, Scroll.swift; the behaviours:
// Behaviors/, Groups.swift). The clock, the recording, the transitions and the animations are
// types that own their state (Concerns/). The tick (Runner.swift) and the action dispatcher
// (Actions.swift) reach across concerns, as a frame and a rule do.

extension Run {
    /// The touches and what they drive: recognisers, fingers, scroll views.
    struct Input {
        /// Every recogniser of the scene, and who gets a touch.
        var arena: GestureArena
        var currentGesture: Int?
        /// The touch step in progress.
        var touching: ActiveTouches?
        /// Fingers down between touch steps (`release: hold`), in the order they went down.
        var heldFingers: [HeldFinger] = []
        /// Where the fingers on the screen are after this frame's touches (the replay draws them).
        var fingersOnScreen: [Vec2] = []
        /// The identity of the next finger to go down.
        var nextFinger = 0
        /// The scroll views' content offsets and motions, by view index (Scroll.swift).
        var scrolls: [Int: ScrollView]
        /// The delegate's arguments while a `willEndDragging` rule runs.
        var scrollRelease: (velocity: Vec2, target: Vec2)?
    }

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
