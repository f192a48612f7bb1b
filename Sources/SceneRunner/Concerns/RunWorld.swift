import Expectations
import Expressions
import Geometry
import SceneModel
import UIDynamics

/// The world concern of a run: the views' model values (frame, rotation, alpha, scale, whether
/// removed), the dynamic animator that moves them, and the groups (UIDynamicItemGroup) over
/// them. A group is a view of the scene and an item of the animator: while a behaviour names it,
/// the animator moves its items as one body and reports its centre and rotation; its `frame` is
/// always the union of its items'. It owns its state: only its methods change it (the animator
/// is the engine's object, whose behaviours the behaving concern adds and removes). The methods
/// here read nothing of the run (a unit test drives them); those in World.swift are given the
/// run, for the expressions they evaluate and the errors they raise.
@_spi(Testing) public final class RunWorld {
    /// A view as the run has it now.
    @_spi(Testing) public struct View {
        public var spec: ViewSpec
        public var frame: Rect
        public var rotation: Double
        public var alpha: Double
        /// Its own `hidden` (a hidden superview hides it on the screen too).
        public var hidden = false
        public var removed = false
        /// How it moved when it was removed: a removed view's members keep their last values.
        public var lastMotion: Motion?
        /// The scale of the view's transform (a transition's `scale` animation); the bounds keep
        /// their size, as in UIKit.
        public var scale = 1.0
        /// UIKit's `frame`: the bounding box of the view's bounds scaled and turned by its
        /// transform (`frame` here holds the untransformed bounds around the centre).
        public var uikitFrame: Rect {
            ViewState.uikitFrame(center: frame.center, size: frame.size, rotation: rotation, scale: scale)
        }
        /// The view's model values.
        public var model: Shown { Shown(frame: frame, alpha: alpha, rotation: rotation, scale: scale) }
    }

    /// How a view moves: what the animator says of its item.
    @_spi(Testing) public struct Motion: Equatable {
        public var velocity: Vec2
        public var angularVelocity: Double
        public var resting: Bool
        public init(velocity: Vec2, angularVelocity: Double, resting: Bool) {
            self.velocity = velocity; self.angularVelocity = angularVelocity; self.resting = resting
        }
    }

    // Unchecked for exclusive access, as the run's state (Runner.swift).
    /// The scene's views, in its order.
    @exclusivity(unchecked) public private(set) var views: [View]
    /// The dynamic animator; `newAnimator` replaces it with a new one.
    @exclusivity(unchecked) public private(set) var animator: DynamicAnimator
    /// The groups each view is an item of, in the scene's order, by view.
    public let groupsOf: [[Int]]
    let settings: WorldSpec

    /// The views of a scene whose `world` is `world`, where it declares them.
    public init(views specs: [ViewSpec], world: WorldSpec) {
        settings = world
        let views = specs.map {
            View(spec: $0, frame: $0.frame, rotation: $0.rotation, alpha: $0.alpha, hidden: $0.hidden, scale: $0.scale)
        }
        self.views = views
        var groupsOf: [[Int]] = specs.map { _ in [] }
        for (g, v) in specs.enumerated() {
            for item in v.group where groupsOf[item.index].last != g { groupsOf[item.index].append(g) }
        }
        self.groupsOf = groupsOf
        animator = Self.makeAnimator(world, views)
    }

    /// The stored properties `init(copying:scene:)` knows (a test compares it with `Mirror`'s).
    static let copiedFieldCount = 4

    /// A copy of `w` with an animator of its own (`DynamicAnimator(copying:)`), each view's
    /// spec and the world's settings taken from `scene` (the same views, perhaps one edited).
    init(copying w: RunWorld, scene: Scene) {
        views = w.views
        for i in views.indices where i < scene.views.count { views[i].spec = scene.views[i] }
        animator = DynamicAnimator(copying: w.animator)
        groupsOf = w.groupsOf
        settings = scene.world
    }

    /// A dynamic animator with every view registered where it is now (as a behaviour first
    /// names it, it becomes a body there): every view, then every group over its items (an item
    /// must exist before its group).
    static func makeAnimator(_ world: WorldSpec, _ views: [View]) -> DynamicAnimator {
        let animator = DynamicAnimator(
            referenceBounds: Rect(origin: .zero, size: world.size), restSpeed: world.restSpeed,
            restAngularSpeed: world.restAngularSpeed, restFor: world.restFor)
        for (i, v) in views.enumerated() where !v.spec.isGroup {
            let bounds: CollisionBounds
            switch v.spec.collisionBounds {
            case .rectangle: bounds = .rectangle
            case .ellipse: bounds = .ellipse
            case .path(let p): bounds = .path(p)
            }
            animator.registerItem(
                i, size: v.frame.size, center: v.frame.center, rotation: v.rotation, collisionBounds: bounds)
        }
        for (i, v) in views.enumerated() where v.spec.isGroup {
            animator.registerGroup(i, items: v.spec.group.map(\.index), center: v.frame.center, size: v.frame.size)
            if v.rotation != 0 { animator.setRotation(v.rotation, of: i) }
        }
        return animator
    }

    /// `resetAnimator`: a new dynamic animator with every view where it is (its behaviours were
    /// removed first; `elapsed` starts again at 0).
    public func newAnimator() { animator = Self.makeAnimator(settings, views) }

    /// UIKit's frame of view `i`: for a group, the union of its items' frames.
    public func uikitFrame(_ i: Int) -> Rect {
        guard !views[i].spec.group.isEmpty else { return views[i].uikitFrame }  // read in place: no copy
        let group = views[i].spec.group
        return group.dropFirst().reduce(views[group[0].index].uikitFrame) { $0.union(views[$1.index].uikitFrame) }
    }

    /// A group the dynamics do not move sits where its items are: centred on their union, its
    /// rotation kept (the animator builds its body from there when a behaviour names it). Run
    /// after the animator writes its positions back, when a `set` moves an item (for the groups
    /// of that item) and before a behaviour is added or the animator installs the ones queued
    /// during its tick, so that a group's body is built where its items are at that moment.
    public func placeRestingGroups(_ groups: [Int]? = nil) {
        if let groups {
            for i in groups { placeResting(i) }
        } else {
            for i in views.indices { placeResting(i) }  // every tick: no array of the indices made
        }
    }

    /// View `i`, when it is a group the dynamics do not move, where its items are.
    func placeResting(_ i: Int) {
        // `group` read in place (`isGroup` would copy the view's spec).
        guard !views[i].spec.group.isEmpty && !animator.isDynamic(i) else { return }
        let c = uikitFrame(i).center
        if c != views[i].frame.center {
            views[i].frame = Rect(center: c, size: views[i].frame.size)
            animator.setCenter(c, of: i)
        }
    }

    /// The views the dynamics move take the animator's centres and rotations.
    public func syncFromAnimator() {
        let animator = animator  // read once (twice a tick), not at each call
        for i in views.indices where animator.isDynamic(i) {
            views[i].frame = Rect(center: animator.center(of: i), size: views[i].frame.size)
            views[i].rotation = animator.rotation(of: i)
        }
        placeRestingGroups()
    }

    /// The first view the dynamics moved to a non-finite position or rotation, if any.
    public var firstNonFinite: View? {
        let animator = animator
        for i in views.indices
        where animator.isDynamic(i) && (!views[i].frame.origin.isFinite || !views[i].rotation.isFinite) {
            return views[i]
        }
        return nil
    }

    /// View `i` takes frame `f` (its size and centre in the animator too; its size given to
    /// the animator only when it changes, unless `resizing`).
    public func place(_ i: Int, frame f: Rect, resizing: Bool = false) {
        if resizing || f.size != views[i].frame.size { animator.setSize(f.size, of: i) }
        views[i].frame = f
        animator.setCenter(f.center, of: i)
    }

    /// View `i`'s origin moves to `p` (a transition's `translate`; `recenter` tells the animator).
    public func setOrigin(_ i: Int, _ p: Vec2) { views[i].frame.origin = p }

    /// The animator hears view `i`'s centre (it wakes the item's body, if it has one).
    public func recenter(_ i: Int) { animator.setCenter(views[i].frame.center, of: i) }

    /// View `i`'s rotation, in the animator too.
    public func turn(_ i: Int, to rotation: Double) {
        views[i].rotation = rotation
        animator.setRotation(rotation, of: i)
    }

    public func setAlpha(_ i: Int, _ alpha: Double) { views[i].alpha = alpha }

    public func setScale(_ i: Int, _ scale: Double) { views[i].scale = scale }

    /// `hidden` changes at once (it does not animate).
    public func setHidden(_ i: Int, _ hidden: Bool) { views[i].hidden = hidden }

    /// Sets one channel of view `i`'s model values from `s`.
    public func setModel(_ i: Int, _ channel: AnimatedChannel, _ s: Shown) {
        switch channel {
        case .frame: place(i, frame: s.frame)
        case .alpha: views[i].alpha = s.alpha
        case .rotation: turn(i, to: s.rotation)
        case .scale: views[i].scale = s.scale
        }
    }

    /// `removeView`: view `i` is removed (its behaviours go too: `RunBehaviors.removeView`),
    /// keeping how it moved then: its members keep their last values (format 1.3).
    public func remove(_ i: Int) {
        guard !views[i].removed else { return }
        views[i].removed = true
        views[i].lastMotion = motion(of: i)
    }

    /// How view `i` moves now: the animator's item, or, once removed, how it moved then.
    public func motion(of i: Int) -> Motion {
        views[i].lastMotion
            ?? Motion(
                velocity: animator.linearVelocity(of: i), angularVelocity: animator.angularVelocity(of: i),
                resting: animator.isResting(i))
    }

    /// The view tree (Geometry's `ViewTree`) of the model values, or of what the screen shows
    /// (`shown`): each view's frame in its superview's coordinates, a scroll view's bounds at its
    /// content offset (`offsets`, by view), groups and removed views out of it. `screen`,
    /// `convert`, `locationInView` and hit-testing read the model's; the replay draws the shown one.
    public func tree(offsets: [Int: Vec2], shown: ((Int) -> Shown)? = nil) -> ViewTree {
        ViewTree(
            views.indices.map { i in
                let v = views[i]
                let s = shown?(i) ?? v.model
                return ViewTree.Node(
                    superview: v.spec.superview?.index, frame: s.frame, rotation: s.rotation, scale: s.scale,
                    boundsOrigin: offsets[i] ?? .zero, alpha: s.alpha, hidden: v.hidden,
                    detached: v.removed || v.spec.isGroup)
            })
    }

    /// The items still moving, each with both its speeds (an item rests only when both are
    /// below the rest thresholds): `box at 12.0 pt/s and 0.010 rad/s`.
    public var movingItems: [String] {
        animator.movingItems.map { id -> String in
            "\(views[id].spec.name) at \(formatFixed(animator.linearVelocity(of: id).length, decimals: 1)) pt/s "
                + "and \(formatFixed(Swift.abs(animator.angularVelocity(of: id)), decimals: 3)) rad/s"
        }
    }
}
