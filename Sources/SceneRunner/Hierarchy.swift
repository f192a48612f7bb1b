import Geometry
import SceneModel

// The view hierarchy in the runner: every view's frame is in its superview's coordinates (a
// scroll view's bounds start at its content offset); the tree (Geometry's `ViewTree`, built by
// the world concern) says where the screen shows each view, converts points between views and
// hit-tests touches. The engine never sees it: a behaviour's items are subviews of the reference
// view or of one scroll view, whose coordinates its anchors use.

extension Run {
    /// The scroll views' content offsets, by view: their bounds' origins in the tree.
    var contentOffsets: [Int: Vec2] { input.scrolls.mapValues(\.contentOffset) }

    /// The tree of the model values (what `screen`, `convert` and hit-testing read, as UIKit's do).
    func viewTree() -> ViewTree { world.tree(offsets: contentOffsets) }

    /// The tree as the screen shows it now: the views' presentation values during their
    /// animations, and the offset each scroll view shows during an `animate` of its insets or
    /// offset (the replay draws it).
    func shownTree() -> ViewTree {
        world.tree(
            offsets: input.scrolls.mapValues { $0.shownOffset(at: now) },
            shown: { self.animating.presentation($0, in: self) })
    }

    /// Whether some view is animating now (its on-screen values differ from the model's).
    var anyViewAnimating: Bool { animating.isAnimatingAny(at: clock.time) }
}
