import Dynamics
import Geometry

/// Points per metre: UIKit Dynamics runs Box2D at this scale.
public let pointsPerMeter = 100.0

/// The fixed sub-step of UIKit's animator: `Float(1/120)` seconds, a hair above 1/120.
public let subStep = Double(Float(1.0 / 120.0))

/// Host-measured default materials (Apple's documentation says 0; the host measures these).
public enum DefaultMaterial {
    public static let elasticity = 0.2
    public static let friction = 0.2
    public static let density = 1.0
    public static let resistance = 0.1
    public static let angularResistance = 0.1
}

/// `UIDynamicAnimator`, headless: items (views) in points, behaviours, and the tick of physics.md.
///
/// A tick is split in two so that the caller can run behaviour actions in the middle, as UIKit
/// does: `beginTick(_:)` applies pending item changes and pushes, runs the fixed sub-steps and
/// writes positions back; the caller then runs actions (behaviour additions and removals are
/// queued); `endTick()` applies the queued changes and decides whether the animator pauses.
public final class DynamicAnimator {
    /// The reference view's bounds (points).
    public let referenceBounds: Rect
    /// The engine, in metres.
    public let world: World
    // The state read every tick (and every sub-step) is unchecked for exclusive access: a class's
    // stored property is otherwise checked at run time at every read and write (Swift's dynamic
    // exclusivity enforcement, a pair of runtime calls of about 80 instructions: a fifth of the
    // runner's instructions outside the engine in shade-sweep). The animator never holds an
    // access to one of these across a call that could reach the same property: each behaviour
    // hook works on a copy of its slot, and the engine's callbacks (the listener, `shouldCollide`)
    // run while the animator holds none.

    /// Sum of the tick durations while running (seconds), never reset.
    @exclusivity(unchecked) public internal(set) var elapsedTime = 0.0
    /// `false` once every item rests or the last behaviour is removed.
    @exclusivity(unchecked) public internal(set) var isRunning = false

    struct Item {
        var size: Vec2
        var center: Vec2
        var rotation: Double
        var bounds: CollisionBounds
        /// Its body and its frame there, while a behaviour names it (`ItemBody.swift`).
        var placement: ItemBody?
        var body: BodyID? { placement?.body }
        var fixture: FixtureID? { placement?.fixture }
        var pendingVelocity = Vec2.zero
        var pendingAngularVelocity = 0.0
        var dirty = false
        /// A group's items (`UIDynamicItemGroup`, `registerGroup`); empty for a view.
        var members: [ItemID] = []
        /// The group whose body this item moves with, while it does (Groups.swift).
        var carrier: ItemID?
    }

    enum FixtureOwner { case item(ItemID), boundary(behavior: Int, identifier: String?) }

    @exclusivity(unchecked) var items = ItemTable()

    /// A registered item. Every entry point takes ids the caller registered with `registerItem`;
    /// an unknown id is a programmer error.
    subscript(item id: ItemID) -> Item {
        get {
            guard let i = items[id] else { unregistered(id) }
            return i
        }
        set { items.replace(id, with: newValue) }
    }
    func unregistered(_ id: ItemID) -> Never {
        preconditionFailure("item \(id) was never registered with registerItem")
    }
    @exclusivity(unchecked) var itemOrder: [ItemID] = []
    @exclusivity(unchecked) var installed: [InstalledBehavior] = []
    /// What the installed behaviours say of each item (read by item, never iterated).
    var memberships: [ItemID: Membership] = [:]
    /// The installed collision behaviours, in the order they were added.
    var collisions: [CollisionEntry] = []
    @exclusivity(unchecked) var pending: [PendingChange] = []
    @exclusivity(unchecked) var inTick = false
    var nextBehaviorID = 1
    @exclusivity(unchecked) var accumulator = 0.0
    @exclusivity(unchecked) var owners: [FixtureID: FixtureOwner] = [:]
    /// Electric charge per item, from the item behaviours (last writer wins).
    @_spi(Testing) public internal(set) var charges: [ItemID: Double] = [:]
    /// The forces applied for the sub-step being run only (fields), taken off again after it.
    @exclusivity(unchecked) var subStepForces: [(BodyID, Vec2)] = []
    let ground: BodyID
    let listener: Listener

    enum PendingChange { case add(Int, Behavior), remove(Int), removeAll }

    /// An animator over a reference view of the given bounds (points). An item rests when slower
    /// than `restSpeed` (points/s) and `restAngularSpeed` (rad/s) for `restFor` seconds; the
    /// defaults are UIKit's (Box2D's sleep rule at 100 points per metre).
    public init(
        referenceBounds: Rect, restSpeed: Double = 1, restAngularSpeed: Double = Double(Settings.angularSleepTolerance),
        restFor: Double = Double(Settings.timeToSleep)
    ) {
        self.referenceBounds = referenceBounds
        world = World(gravity: .zero)
        listener = Listener()
        world.linearSleepTolerance = Float(restSpeed / pointsPerMeter)
        world.angularSleepTolerance = Float(restAngularSpeed)
        world.timeToSleep = Float(restFor)
        world.autoClearForces = false
        var gd = BodyDef()
        gd.type = .staticBody
        ground = world.createBody(gd)
        world.contactListener = listener
        world.shouldCollide = { [unowned self] a, b in self.fixturesCollide(a, b) }
    }

    /// The stored properties `init(copying:)` knows: a test compares it with the class's
    /// (`Mirror`), so that a stored property added here fails until the copy copies it.
    public static let copiedFieldCount = 18
    /// The listener, for the test that its copy knows its stored properties.
    @_spi(Testing) public var listenerForTesting: AnyObject { listener }
    @_spi(Testing) public static var listenerCopiedFieldCount: Int { Listener.copiedFieldCount }
    /// The engine world and the count its copy knows, for the same test.
    @_spi(Testing) public var worldForTesting: AnyObject { world }
    @_spi(Testing) public static var worldCopiedFieldCount: Int { World.copiedFieldCount }

    /// An animator of its own in `a`'s state, with a copy of its world (`World.copy`) and of its
    /// listener; the copy's world calls the copy's listener and asks the copy's `shouldCollide`.
    /// Everything else is a value. Not during a tick (`beginTick` … `endTick`).
    public init(copying a: DynamicAnimator) {
        precondition(!a.inTick, "init(copying:) in the middle of a tick")
        referenceBounds = a.referenceBounds
        world = a.world.copy()
        elapsedTime = a.elapsedTime
        isRunning = a.isRunning
        items = a.items
        itemOrder = a.itemOrder
        installed = a.installed
        memberships = a.memberships
        collisions = a.collisions
        pending = a.pending
        inTick = a.inTick
        nextBehaviorID = a.nextBehaviorID
        accumulator = a.accumulator
        owners = a.owners
        charges = a.charges
        subStepForces = a.subStepForces
        ground = a.ground
        listener = a.listener.copy()
        world.contactListener = listener
        world.shouldCollide = { [unowned self] a, b in self.fixturesCollide(a, b) }
    }

    // MARK: items

    /// Registers a view: its bounds size (points), centre (points), rotation (rad) and collision
    /// bounds. It becomes a body when a behaviour naming it is added.
    public func registerItem(
        _ id: ItemID, size: Vec2, center: Vec2, rotation: Double = 0, collisionBounds: CollisionBounds = .rectangle
    ) {
        precondition(items.index(id) == nil, "item \(id) is already registered")
        items.add(id, Item(size: size, center: center, rotation: rotation, bounds: collisionBounds))
        itemOrder.append(id)
    }

    /// `true` when `id` is registered.
    public func hasItem(_ id: ItemID) -> Bool { items.index(id) != nil }
    /// Whether the item currently has a body (some behaviour names it).
    public func isDynamic(_ id: ItemID) -> Bool { items.index(id).map { items.store[$0].body != nil } ?? false }
    /// The item's centre (points).
    public func center(of id: ItemID) -> Vec2 {
        guard let k = items.index(id) else { unregistered(id) }
        return items.store[k].center  // read in place, not a copy of the item
    }
    /// The item's rotation (rad, clockwise on screen).
    public func rotation(of id: ItemID) -> Double {
        guard let k = items.index(id) else { unregistered(id) }
        return items.store[k].rotation
    }
    /// The item's bounds size (points).
    public func size(of id: ItemID) -> Vec2 {
        guard let k = items.index(id) else { unregistered(id) }
        return items.store[k].size
    }

    /// Moves an item (UIKit's `updateItemUsingCurrentState`): applied at the next tick. The
    /// animator takes the new state and runs again: a resting body is woken and a paused animator
    /// resumes (during a tick, at its end).
    public func setCenter(_ c: Vec2, of id: ItemID) {
        self[item: id].center = c
        updated(id)
    }
    /// Rotates an item: applied at the next tick, waking it as `setCenter` does.
    public func setRotation(_ r: Double, of id: ItemID) {
        self[item: id].rotation = r
        updated(id)
    }
    /// An item with a body whose state the caller changed: its body is moved at the next tick,
    /// woken now, and the animator resumes.
    func updated(_ id: ItemID) {
        guard self[item: id].body != nil else { return }
        self[item: id].dirty = true
        wakeItems([id])
        resumeIfNeeded()
    }
    /// Resizes an item (its shape is rebuilt).
    public func setSize(_ s: Vec2, of id: ItemID) {
        self[item: id].size = s
        if let p = self[item: id].placement, let f = p.fixture {
            owners[f] = nil
            world.destroyFixture(f)
            // an item with a fixture has a shape
            let nf = world.createFixture(p.body, FixtureDef(shape: fixtureShape(self[item: id], at: p.frame)!))
            owners[nf] = .item(id)
            self[item: id].placement?.fixture = nf
            applyMaterials()
        }
    }

    /// Velocity of the item's centre (points/s).
    public func linearVelocity(of id: ItemID) -> Vec2 {
        guard let it = items[id], let b = it.body else { return .zero }
        if it.members.isEmpty && it.carrier == nil { return pointsPerMeter * world.linearVelocity(of: b) }
        // A group or a grouped item: the velocity of its centre, a point of the shared body.
        let r = (1 / pointsPerMeter) * it.center - world.worldCenter(of: b)
        let w = world.angularVelocity(of: b)
        return pointsPerMeter * (world.linearVelocity(of: b) + Vec2(-w * r.y, w * r.x))
    }
    /// Angular velocity (rad/s).
    public func angularVelocity(of id: ItemID) -> Double {
        guard let b = items[id]?.body else { return 0 }
        return world.angularVelocity(of: b)
    }
    /// `addLinearVelocity(_:for:)` (points/s): applied now if the item has a body, else when it gets one.
    public func addLinearVelocity(_ v: Vec2, to id: ItemID) {
        if let b = items[id]?.body {
            world.setLinearVelocity(b, world.linearVelocity(of: b) + (1 / pointsPerMeter) * v)
        } else {
            if let k = items.index(id) { items.store[k].pendingVelocity += v }
        }
    }
    /// `addAngularVelocity(_:for:)` (rad/s).
    public func addAngularVelocity(_ w: Double, to id: ItemID) {
        if let b = items[id]?.body {
            world.setAngularVelocity(b, world.angularVelocity(of: b) + w)
        } else {
            if let k = items.index(id) { items.store[k].pendingAngularVelocity += w }
        }
    }
    /// `true` when the item has no body or its body sleeps.
    public func isResting(_ id: ItemID) -> Bool {
        guard let k = items.index(id), let b = items.store[k].body else { return true }
        return !world.isAwake(b) || world.type(of: b) != .dynamicBody
    }
    /// The items with an awake dynamic body, in registration order.
    public var movingItems: [ItemID] { itemOrder.filter { !isResting($0) } }

    /// The engine's work in one sub-step now: its bodies, contacts and joints (a deterministic
    /// measure of cost, for the runner's work budget).
    public var workPerSubStep: Int { world.bodyCount + world.contactCount + world.jointCount }

    // MARK: behaviours

    /// Adds a behaviour; during a tick the addition takes effect at the end of the tick.
    /// Returns the behaviour's id.
    @discardableResult
    public func addBehavior(_ b: Behavior) -> Int {
        let id = nextBehaviorID
        nextBehaviorID += 1
        if inTick { pending.append(.add(id, b)) } else { install(id, b) }
        return id
    }

    /// Removes a behaviour (at the end of the tick when called during one).
    public func removeBehavior(_ id: Int) {
        if inTick { pending.append(.remove(id)) } else { uninstall(id) }
    }

    /// Removes every behaviour.
    public func removeAllBehaviors() {
        if inTick { pending.append(.removeAll) } else { for b in installed.map(\.id).reversed() { uninstall(b) } }
    }

    /// Ids of the installed behaviours, in the order they were added.
    public var behaviorIDs: [Int] { installed.map(\.id) }

    /// The installed behaviour with this id.
    public func behavior(_ id: Int) -> Behavior? { installed.first { $0.id == id }?.behavior }

    /// Replaces a behaviour's description and applies what changed (anchor, length, frequency,
    /// damping, snap point, push direction and activity, gravity, materials).
    public func updateBehavior(_ id: Int, _ b: Behavior) {
        guard let k = installed.firstIndex(where: { $0.id == id }) else { return }
        let old = installed[k].behavior
        installed[k].behavior = b
        noteMembership(of: old, id: id, -1)
        noteMembership(of: b, id: id, 1)
        var slot = installed[k]
        b.update(from: old, &slot, in: self)
        installed[k] = slot
        resumeIfNeeded()
    }

    func wakeItems(_ ids: [ItemID]) {
        for i in ids { if let b = items[i]?.body, world.type(of: b) == .dynamicBody { world.setAwake(b, true) } }
    }

    func install(_ id: Int, _ b: Behavior) {
        for i in b.items { ensureBody(i) }
        var inst = InstalledBehavior(id: id, behavior: b)
        b.install(&inst, in: self)
        installed.append(inst)
        noteMembership(of: inst.behavior, id: id, 1)
        applyGravityAndFlags()
        applyMaterials()
        for i in b.items { refilterItem(i) }
        wakeItems(b.items)
        resumeIfNeeded()
    }

    func uninstall(_ id: Int) {
        guard let k = installed.firstIndex(where: { $0.id == id }) else { return }
        let inst = installed.remove(at: k)
        noteMembership(of: inst.behavior, id: id, -1)
        for j in inst.joints { world.destroyJoint(j) }
        if let body = inst.boundaryBody {
            for (f, _) in inst.boundaryFixtures { owners[f] = nil }
            world.destroyBody(body)
        }
        inst.behavior.uninstall(inst, from: self)
        for i in inst.behavior.items where !isNamed(i) { removeBody(i) }
        applyGravityAndFlags()
        applyMaterials()
        for i in inst.behavior.items { refilterItem(i) }
        wakeItems(inst.behavior.items)
        if installed.isEmpty { isRunning = false }
    }

    func refilterItem(_ i: ItemID) {
        for f in fixtures(of: i) { world.refilter(f) }
    }

    func resumeIfNeeded() {
        if !inTick && !installed.isEmpty && !isRunning && itemOrder.contains(where: { !isResting($0) }) {
            isRunning = true
        }
    }
}
