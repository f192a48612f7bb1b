import Expressions
import Geometry
import Interaction
import SceneModel
import SceneVocabulary

/// Scroll views: each view with `scroll` holds a `ScrollView` (its content offset and motion);
/// the scroll view's pan (a `scrollView` gesture) drags it, the tick moves it after a release,
/// and the delegate events run their rules. Views inside a scroll view keep content coordinates:
/// only the screen (`screen`, the replay) shows them shifted by the content offset.
extension RunInput {
    /// The scroll views of a scene, by view index.
    static func scrollViews(_ scene: Scene) -> [Int: ScrollView] {
        var out: [Int: ScrollView] = [:]
        for (i, v) in scene.views.enumerated() {
            guard let s = v.scroll else { continue }
            out[i] = ScrollView(
                bounds: v.frame.size, content: s.contentSize, rate: s.decelerationRate, bounces: s.bounces,
                paging: s.paging)
        }
        return out
    }

    /// A change of a scroll view's pan drags its content, before the gesture's own rules run:
    /// `began` takes hold, `began` and `changed` move the content by the translation, `ended` and
    /// `cancelled` release it (`willEndDragging`, whose rule may change the target).
    func scrollGesture(_ change: GestureArena.Change, in run: Run) throws(RunError) {
        guard case .scrollView = run.scene.gestures[change.gesture].settings,
            let v = run.scene.gestures[change.gesture].view?.index, var s = scrolls[v]
        else { return }
        let pan = arena.recognizers[change.gesture].values
        let before = s.contentOffset
        switch change.state {
        case .began:
            s.beginDrag()
            s.drag(translation: pan.translation)
        case .changed:
            s.drag(translation: pan.translation)
        case .ended, .cancelled:
            let velocity = change.state == .ended ? -1 * pan.velocity : .zero
            let natural = s.target(velocity: velocity)
            setScrollRelease((0.001 * velocity, natural))
            setScroll(v, s)
            run.note(
                "\(run.scene.views[v].name).willEndDragging velocity \(pointText(velocity)) pt/s target "
                    + pointText(natural)
            )
            try run.fire(.scroll(ViewID(v), .willEndDragging))
            let target = scrollRelease?.target ?? natural
            setScrollRelease(nil)
            if target != natural {
                run.note("\(run.scene.views[v].name) targetContentOffset set to \(pointText(target))")
            }
            s.release(velocity: velocity, target: s.paging || target != natural ? target : nil, at: run.now)
        case .possible, .failed:
            return
        }
        setScroll(v, s)
        if s.contentOffset != before { try run.fire(.scroll(ViewID(v), .didScroll)) }
    }

    /// Moves every scroll view that is not held to this tick's time.
    func advanceScrolls(in run: Run) throws(RunError) {
        for v in scrolls.keys.sorted() {
            guard var s = scrolls[v] else { continue }
            let before = s.contentOffset
            let ended = s.advance(to: run.now)
            setScroll(v, s)
            if s.contentOffset != before { try run.fire(.scroll(ViewID(v), .didScroll)) }
            if ended {
                run.note("\(run.scene.views[v].name).didEndDecelerating at \(pointText(s.contentOffset))")
                try run.fire(.scroll(ViewID(v), .didEndDecelerating))
            }
        }
    }

    /// How far the screen shows view `i` from where its frame says: inside a scroll view, the
    /// scroll view's own shift plus its origin less its content offset; else zero.
    func screenShift(_ i: Int, in run: Run) -> Vec2 {
        guard let s = enclosingScrollView(i, in: run.scene), let sv = scrolls[s] else { return .zero }
        return screenShift(s, in: run) + run.world.views[s].frame.origin - sv.contentOffset
    }

    func pointText(_ p: Vec2) -> String { "[\(formatFixed(p.x, decimals: 2)), \(formatFixed(p.y, decimals: 2))]" }
}
