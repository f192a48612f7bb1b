import Dynamics
import Geometry

/// Identifies an item (a view) of a `DynamicAnimator`, chosen by the caller.
public typealias ItemID = Int

/// The collision shape of an item: its bounds rectangle, the inscribed ellipse, or a convex path
/// relative to the centre (points).
public enum CollisionBounds: Sendable, Hashable {
    case rectangle
    case ellipse
    case path([Vec2])
}

/// A behaviour the animator runs (UIKit's `UIDynamicBehavior`): a value that describes what it
/// does to its items. Each kind is a struct in its own file (`GravityBehavior.swift` …), with
/// what the animator does for it in the hooks below; every hook does nothing unless the kind
/// says otherwise. The animator calls a hook for every installed behaviour, in the order the
/// behaviours were added, so a new kind needs no edit outside its own file.
///
/// Only the animator can call the hooks: they take the behaviour's `InstalledBehavior`, which
/// only the animator makes.
public protocol DynamicBehavior: Sendable {
    /// The items the behaviour names; each has a body while some installed behaviour names it.
    var items: [ItemID] { get }

    /// What the replay draws for the behaviour in a reference view of `bounds` (points).
    func guides(in bounds: Rect) -> [BehaviorGuide]

    /// Being added: its bodies exist; it makes what it owns in the engine (joints, a boundary
    /// body) and may complete its description in `slot`. Gravity, materials and collision
    /// filters are applied after.
    func install(_ slot: inout InstalledBehavior, in animator: DynamicAnimator)

    /// It replaced `old`, the installed description of the same behaviour (`slot.behavior` is
    /// this one): it applies what changed.
    func update(from old: any DynamicBehavior, _ slot: inout InstalledBehavior, in animator: DynamicAnimator)

    /// Being removed: its joints and boundary body are gone; its items' bodies still exist.
    func uninstall(_ slot: InstalledBehavior, from animator: DynamicAnimator)

    /// Once a tick, before the sub-steps: forces that stay for every sub-step of the tick, and
    /// impulses. Called while `forceHooks` holds `.tick`.
    func applyTickForces(_ slot: inout InstalledBehavior, in animator: DynamicAnimator)

    /// Before each sub-step: forces for that sub-step only (`DynamicAnimator.applySubStepForce`),
    /// and velocities. Called while `forceHooks` holds `.subStep`.
    func applySubStepForces(_ slot: InstalledBehavior, in animator: DynamicAnimator)

    /// Which of the two force hooks can do anything now, asked before each call. The default,
    /// both, is always right; a kind that applies no force of one kind leaves it out, which saves
    /// a copy of its slot per tick or sub-step (the hook works on a copy: `AnimatorTick.swift`).
    var forceHooks: ForceHooks { get }
}

/// The force hooks of a behaviour that can act (`DynamicBehavior.forceHooks`).
public struct ForceHooks: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// `applyTickForces`, once a tick.
    public static let tick = ForceHooks(rawValue: 1)
    /// `applySubStepForces`, before each sub-step.
    public static let subStep = ForceHooks(rawValue: 2)
}

extension DynamicBehavior {
    public func guides(in bounds: Rect) -> [BehaviorGuide] { [] }
    public func install(_ slot: inout InstalledBehavior, in animator: DynamicAnimator) {}
    public func update(from old: any DynamicBehavior, _ slot: inout InstalledBehavior, in animator: DynamicAnimator) {}
    public func uninstall(_ slot: InstalledBehavior, from animator: DynamicAnimator) {}
    public func applyTickForces(_ slot: inout InstalledBehavior, in animator: DynamicAnimator) {}
    public func applySubStepForces(_ slot: InstalledBehavior, in animator: DynamicAnimator) {}
    public var forceHooks: ForceHooks { [.tick, .subStep] }
}

/// Any behaviour the animator runs.
public typealias Behavior = any DynamicBehavior

/// An installed behaviour: its id, its description and what it owns in the engine, which the
/// animator destroys when it is removed. Made only by the animator.
public struct InstalledBehavior {
    /// The id `addBehavior` returned.
    public let id: Int
    /// Its description; the kind's hooks may complete it (an attachment's measured length).
    public internal(set) var behavior: any DynamicBehavior
    var joints: [JointID] = []
    var boundaryBody: BodyID?
    var boundaryFixtures: [(FixtureID, String?)] = []

    init(id: Int, behavior: any DynamicBehavior) { self.id = id; self.behavior = behavior }
}

/// A shape the replay draws for a behaviour: a line, a polyline or two corners, with a label.
public struct BehaviorGuide: Sendable, Equatable {
    /// A point of a guide.
    public enum Point: Sendable, Equatable {
        /// A point of an item: `offset` from its centre, turning with it (points).
        case item(ItemID, offset: Vec2)
        /// A reference-view point that belongs to an item's content: it moves with the item's
        /// scroll view, if any (an attachment's anchor, a snap point).
        case anchor(Vec2, of: ItemID)
        /// A reference-view point (points).
        case fixed(Vec2)
    }
    /// "attachment", "snap", "bounds", "boundary", "field" …
    public var kind: String
    /// Its points (bounds: the top-left then the bottom-right corner).
    public var points: [Point]
    public var closed: Bool
    /// The attachment's kind, the boundary's identifier, the field's kind.
    public var label: String
    public init(kind: String, points: [Point], closed: Bool = false, label: String = "") {
        self.kind = kind; self.points = points; self.closed = closed; self.label = label
    }
}

/// A collision reported after a tick: the point (points), the items, the boundary identifier
/// (nil for the reference bounds or for item–item contacts).
public struct ContactEvent: Sendable, Equatable {
    public var began: Bool
    public var point: Vec2
    public var itemA: ItemID
    public var itemB: ItemID?
    public var boundary: String?
    /// The behaviour whose collision produced the event.
    public var behavior: Int
}
