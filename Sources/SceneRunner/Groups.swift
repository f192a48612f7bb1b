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
}
