import Diagnostics
import Expectations
import Expressions
import SceneModel
import SceneVocabulary
import UIDynamics

/// The behaving concern of a run: the scene's behaviours as the animator has them (installed,
/// in the order they were added), the `set` overrides and the values their expressions had when
/// added, whether the rules last heard the animator running, and the contacts (the one whose
/// rules run, and how many each view has begun). It owns its state: only its methods change it.
/// The methods here read nothing of the run (a unit test drives them); those below and in
/// Behaviors/ are given the run, for the animator they install into, the expressions they
/// evaluate and the rules they run.
@_spi(Testing) public final class RunBehaviors {
    // Unchecked for exclusive access, as the run's state (Runner.swift).
    /// Installed animator behaviour ids per scene behaviour (nil when not added; -1 for a
    /// composite, which the animator does not hold).
    @exclusivity(unchecked) public private(set) var installed: [Int: Int] = [:]
    /// Behaviours in the order they were added (their `action` blocks run in this order).
    @exclusivity(unchecked) public private(set) var addOrder: [Int] = []
    /// Property overrides from `set`, by behaviour.
    @exclusivity(unchecked) public private(set) var overrides: [[BehaviorProperty: Value]]
    /// The values each behaviour's expressions had when it was last added, by behaviour.
    @exclusivity(unchecked) public private(set) var addedValues: [[Expr: Value]]
    /// Whether the animator was running when the `rest` / `resume` rules last heard of it: the
    /// animator also pauses and resumes outside a tick (behaviours removed or added by a script
    /// step or a gesture rule), and the rules hear of every change at the end of the next tick,
    /// as UIKit's delegate hears of it on the next turn of the run loop.
    @exclusivity(unchecked) public private(set) var reportedRunning = false
    /// The contact whose rules are running.
    @exclusivity(unchecked) public private(set) var currentContact: ContactSnapshot?
    /// The contacts each view (a group: its items) has begun (`view.contacts`), by view.
    @exclusivity(unchecked) public private(set) var contactCounts: [Int]
    /// The groups each view is an item of, in the scene's order, by view: a contact of an
    /// item is its groups' too (`contactViews`), found without a walk over every view.
    public let groupsOf: [[Int]]

    /// `behaviors` behaviours over views whose groups are `groupsOf` (one list per view).
    public init(behaviors: Int, groupsOf: [[Int]]) {
        overrides = Array(repeating: [:], count: behaviors)
        addedValues = Array(repeating: [:], count: behaviors)
        contactCounts = groupsOf.map { _ in 0 }
        self.groupsOf = groupsOf
    }

    /// The stored properties `init(copying:)` knows (a test compares it with `Mirror`'s).
    static let copiedFieldCount = 8

    /// A copy of `b` (values only).
    init(copying b: RunBehaviors) {
        installed = b.installed
        addOrder = b.addOrder
        overrides = b.overrides
        addedValues = b.addedValues
        reportedRunning = b.reportedRunning
        currentContact = b.currentContact
        contactCounts = b.contactCounts
        groupsOf = b.groupsOf
    }

    /// Behaviour `b` is in the animator as `id` (-1: a composite), added last.
    public func install(_ b: Int, as id: Int) {
        installed[b] = id
        addOrder.append(b)
    }

    /// Behaviour `b` leaves: its animator id, nil when it was not added.
    public func uninstall(_ b: Int) -> Int? {
        guard let id = installed[b] else { return nil }
        installed[b] = nil
        addOrder.removeAll { $0 == b }
        return id
    }

    /// `set` of property `p` of behaviour `b`.
    public func override(_ b: Int, _ p: BehaviorProperty, _ v: Value) { overrides[b][p] = v }

    public func setAddedValues(_ b: Int, _ values: [Expr: Value]) { addedValues[b] = values }

    /// The rules hear that the animator is `running`: true when that is news to them.
    public func hear(running: Bool) -> Bool {
        guard reportedRunning != running else { return false }
        reportedRunning = running
        return true
    }

    /// A new animator, which is not running; no rule hears of it.
    public func forgetRunning() { reportedRunning = false }

    public func setCurrentContact(_ c: ContactSnapshot?) { currentContact = c }

    /// The views a contact counts for: its items, and the groups that carry them.
    func contactViews(_ e: ContactEvent) -> [Int] { views(carrying: [e.itemA] + (e.itemB.map { [$0] } ?? [])) }

    /// `items`, each followed by the groups that carry it.
    public func views(carrying items: [Int]) -> [Int] {
        var out: [Int] = []
        for item in items {
            out.append(item)
            out += groupsOf[item]
        }
        return out
    }

    /// Counts a begun contact for each view it concerns (before any rule of it runs).
    func countContact(_ e: ContactEvent) { if e.began { count(contactOf: contactViews(e)) } }

    /// One more contact begun for each of `views` (a view named twice counts twice).
    public func count(contactOf views: [Int]) { for v in views { contactCounts[v] += 1 } }
}

extension RunBehaviors {
    /// Adds scene behaviour `i` (a composite: its children) to the animator.
    func add(_ i: Int, scope: Scope? = nil, at location: SourceLocation? = nil, in run: Run) throws(RunError) {
        if installed[i] != nil { return }
        let spec = run.scene.behaviors[i]
        run.limits.comparisons?.add(behavior: spec.name)  // mutate's coverage
        if case .composite(let children) = spec.kind {
            install(i, as: -1)
            for c in children { try add(c.index, scope: scope, at: location, in: run) }
            return
        }
        for v in spec.kind.items where run.world.views[v.index].removed {
            throw run.runtimeError(
                "behaviour `\(spec.name)` names `\(run.scene[v].name)`, which was removed from the scene",
                at: location ?? spec.location)
        }
        run.world.placeRestingGroups()  // a group it names is built where its items are now, whatever moved them
        let described: Behavior?
        do { described = try describe(i, scope: scope, in: run) } catch { throw naming(copy: i, error, in: run) }
        guard let desc = described else { return }
        install(i, as: run.world.animator.addBehavior(desc))
        run.note("added \(spec.name)")
    }

    /// Removes scene behaviour `i` (a composite: its children) from the animator.
    func remove(_ i: Int, in run: Run) {
        guard let id = uninstall(i) else { return }
        if id >= 0 { run.world.animator.removeBehavior(id) }
        if case .composite(let children) = run.scene.behaviors[i].kind {
            for c in children { remove(c.index, in: run) }
        }
        run.note("removed \(run.scene.behaviors[i].name)")
    }

    /// `remove: [names]` (nil: every behaviour, and the animator's own).
    func remove(_ names: [BehaviorID]?, in run: Run) {
        if let names {
            for b in names { remove(b.index, in: run) }
        } else {
            for i in run.scene.behaviors.indices { remove(i, in: run) }
            run.world.animator.removeAllBehaviors()
        }
    }

    /// `set` of a behaviour's property: kept, and an installed behaviour re-described with it.
    func assign(_ b: Int, _ p: BehaviorProperty, _ v: Value, in run: Run) throws(RunError) {
        override(b, p, v)
        guard let id = installed[b] else { return }
        let described: Behavior?
        do { described = try describe(b, scope: nil, reuse: true, in: run) } catch {
            throw naming(copy: b, error, in: run)
        }
        if let desc = described { run.world.animator.updateBehavior(id, desc) }
    }

    /// `removeView`: the view goes, with the behaviours that name it or a group it is in (a
    /// group's body holds the view's shape).
    func removeView(_ view: ViewID, in run: Run) {
        run.world.remove(view.index)
        removeNaming(view, in: run)
        run.note("\(run.scene[view].name) removed")
    }

    /// `resetAnimator`: every behaviour removed and a new dynamic animator, with every view where
    /// it is (`elapsed` starts again at 0); no `rest` or `resume` rule runs for it.
    func resetAnimator(in run: Run) {
        for i in run.scene.behaviors.indices { remove(i, in: run) }
        run.world.newAnimator()
        forgetRunning()
        run.note("new dynamic animator")
    }

    /// The behaviours that name view `view` or a group it is in go.
    func removeNaming(_ view: ViewID, in run: Run) {
        let named = [view] + run.scene.viewIDs.filter { run.scene[$0].group.contains(view) }
        for i in run.scene.behaviors.indices where run.scene.behaviors[i].kind.items.contains(where: named.contains) {
            remove(i, in: run)
        }
    }

    /// Each added behaviour's `action`, in the order the behaviours were added.
    func runActions(in run: Run) throws(RunError) {
        for b in addOrder where !run.scene.behaviors[b].action.isEmpty {
            guard installed[b] != nil else { continue }  // removed by an earlier action this tick
            do throws(RunError) {
                for a in run.scene.behaviors[b].action { try run.runAction(a, scope: run.scene.scope) }
            } catch { throw naming(copy: b, error, in: run) }
        }
    }

    /// A run-time error raised by behaviour `b`'s expressions, which a repeated behaviour's
    /// copies share: the message names the copy (`springs[3]`), located in the template.
    func naming(copy b: Int, _ error: RunError, in run: Run) -> RunError {
        let name = run.scene.behaviors[b].name
        guard name.hasSuffix("]") else { return error }
        var named = error
        named.copies.append(name)
        return named
    }
}
