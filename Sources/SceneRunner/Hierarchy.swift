import Expectations
import Geometry
import SceneModel

// The view hierarchy in the runner: every view's frame is in its superview's coordinates (a
// scroll view's bounds start at its content offset); the tree (Geometry's `ViewTree`) says where
// the screen shows each view, converts points between views and hit-tests touches. The engine
// never sees it: a behaviour's items are subviews of the reference view or of one scroll view,
// whose coordinates its anchors use.

extension Run {
    /// The tree of the model values (what `screen`, `convert` and hit-testing read, as UIKit's
    /// do): groups are not in it, nor removed views.
    func viewTree() -> ViewTree {
        ViewTree(
            views.indices.map { i in
                let v = views[i]
                return ViewTree.Node(
                    superview: v.spec.superview?.index, frame: v.frame, rotation: v.rotation, scale: v.scale,
                    boundsOrigin: input.scrolls[i]?.contentOffset ?? .zero, alpha: v.alpha, hidden: v.hidden,
                    detached: v.removed || v.spec.isGroup)
            })
    }

    /// The tree as the screen shows it now: the views' presentation values during their
    /// animations (the replay draws it).
    func shownTree() -> ViewTree {
        ViewTree(
            views.indices.map { i in
                let v = views[i]
                let s = animating.presentation(i, in: self)
                return ViewTree.Node(
                    superview: v.spec.superview?.index, frame: s.frame, rotation: s.rotation, scale: s.scale,
                    boundsOrigin: input.scrolls[i]?.contentOffset ?? .zero, alpha: s.alpha, hidden: v.hidden,
                    detached: v.removed || v.spec.isGroup)
            })
    }

    /// Whether some view is animating now (its on-screen values differ from the model's).
    var anyViewAnimating: Bool { animating.isAnimatingAny(at: clock.time) }
}
