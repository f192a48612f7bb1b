import Diagnostics
import Expressions
import Geometry
import Results
import SceneModel

extension CaseRecording {
    /// The ghosts of an expectation: each expected view drawn where the expectation puts it (its
    /// centre, frame, position, size or rotation), its other properties as the snapshot has them.
    public static func ghosts(_ e: Expectation, _ s: Snapshot, scope: Scope) -> [Ghost] {
        var out: [Ghost] = []
        for (i, view) in s.views.enumerated() {
            let wanted = e.views.filter { $0.view.index == i }
            guard !wanted.isEmpty else { continue }
            var g = Ghost(view: i, center: view.center, size: view.size, rotation: view.rotation, scale: view.scale)
            var moved = false
            for w in wanted {
                guard let v = try? evaluate(w.value, s, scope: scope) else { continue }
                switch w.property {
                case .frame:
                    // UIKit's frame is the bounding box: the ghost is that box, unturned.
                    guard let r = v.rect else { continue }
                    g.center = r.center; g.size = r.size; g.rotation = 0; g.scale = 1
                case .center: if let p = v.point { g.center = p } else { continue }
                case .x: if let n = v.number { g.center.x = n + view.frame.size.x / 2 } else { continue }
                case .y: if let n = v.number { g.center.y = n + view.frame.size.y / 2 } else { continue }
                case .width: if let n = v.number { g.size.x = n } else { continue }
                case .height: if let n = v.number { g.size.y = n } else { continue }
                case .rotation: if let n = v.number { g.rotation = n } else { continue }
                case .scale: if let n = v.number { g.scale = n } else { continue }
                case .size, .bounds, .minX, .midX, .maxX, .minY, .midY, .maxY, .alpha, .hidden, .velocity, .speed,
                    .angularVelocity, .resting, .removed, .screen, .contentOffset, .isDragging, .isDecelerating,
                    .contacts, .contentInsetTop, .contentInsetLeft, .contentInsetBottom, .contentInsetRight,
                    .isScrollEnabled, .zoomScale, .isZooming, .isZoomBouncing:
                    continue  // not where the view is (in its frame's coordinates)
                }
                moved = true
            }
            // The page draws on the screen: a subview's ghost goes through its superviews.
            if moved, let tree = s.tree, i < tree.nodes.count, let sup = tree.nodes[i].superview {
                let pose = tree.pose(sup)
                g.center = pose.apply(g.center)
                g.rotation += pose.rotation
                g.scale *= pose.scale
            }
            if moved { out.append(g) }
        }
        return out
    }

    /// The view a failure concerns: the view of the expectation written at its location.
    public static func view(of failure: Failure, in e: Expectation?, views: [String]) -> Int? {
        guard let e, let w = e.views.first(where: { $0.location == failure.location }) else { return nil }
        return w.view.index < views.count ? w.view.index : nil
    }
}
