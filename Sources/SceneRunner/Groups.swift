import Expectations
import Geometry
import SceneModel
import UIDynamics

// Groups (UIDynamicItemGroup) and per-view contacts in the runner. A group is a view of the
// scene and an item of the animator: while a behaviour names it, the animator moves its items as
// one body and reports its centre and rotation; its `frame` is always the union of its items'.

extension Run {
    /// Registers every view, then every group over its items (an item must exist before its group).
    static func registerViews(_ scene: Scene, _ views: [ViewRT], in animator: DynamicAnimator) {
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
    }

    /// UIKit's frame of view `i`: for a group, the union of its items' frames.
    func uikitFrame(_ i: Int) -> Rect {
        let v = views[i]
        guard v.spec.isGroup else { return v.uikitFrame }
        return v.spec.group.dropFirst().reduce(views[v.spec.group[0].index].uikitFrame) {
            $0.union(views[$1.index].uikitFrame)
        }
    }

    /// A group the dynamics do not move sits where its items are: centred on their union, its
    /// rotation kept (the animator builds its body from there when a behaviour names it). Run
    /// after the animator writes its positions back, when a `set` moves an item (for the groups
    /// of that item) and before a behaviour is added or the animator installs the ones queued
    /// during its tick, so that a group's body is built where its items are at that moment.
    func placeRestingGroups(_ groups: [Int]? = nil) {
        for i in groups ?? Array(views.indices) where views[i].spec.isGroup && !animator.isDynamic(i) {
            let c = uikitFrame(i).center
            if c != views[i].frame.center {
                views[i].frame = Rect(center: c, size: views[i].frame.size)
                animator.setCenter(c, of: i)
            }
        }
    }

    /// The views a contact counts for: its items, and the groups that carry them.
    func contactViews(_ e: ContactEvent) -> [Int] {
        var out: [Int] = []
        for item in [e.itemA] + (e.itemB.map { [$0] } ?? []) {
            out.append(item)
            out += behaving.groupsOf[item]
        }
        return out
    }

    /// The groups each view is an item of, in the scene's order, by view.
    static func groupsOf(_ scene: Scene) -> [[Int]] {
        var out: [[Int]] = scene.views.map { _ in [] }
        for (g, v) in scene.views.enumerated() {
            for item in v.group where out[item.index].last != g { out[item.index].append(g) }
        }
        return out
    }

    /// Counts a begun contact for each view it concerns (before any rule of it runs).
    func countContact(_ e: ContactEvent) {
        if e.began { for v in contactViews(e) { behaving.contactCounts[v] += 1 } }
    }

    /// Runs the `contact` / `contactEnded` rules of the views a contact concerns (after the
    /// scene-wide ones).
    func fireViewContact(_ e: ContactEvent) throws(RunError) {
        for v in contactViews(e) { try fire(.view(ViewID(v), e.began ? .contact : .contactEnded)) }
    }
}
