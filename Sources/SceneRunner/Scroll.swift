import Expressions
import Geometry
import Interaction
import SceneModel
import SceneVocabulary

/// Scroll views: each view with `scroll` holds a `ScrollView` (its content offset and motion);
/// the scroll view's pan (a `scrollView` gesture) drags it, the tick moves it after a release,
/// and the delegate events run their rules. Views inside a scroll view keep content coordinates:
/// only the screen (`screen`, the replay) shows them shifted by the content offset.
extension Run {
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
    func scrollGesture(_ change: GestureArena.Change) throws(RunError) {
        guard case .scrollView = scene.gestures[change.gesture].settings,
            let v = scene.gestures[change.gesture].view?.index, var s = input.scrolls[v]
        else { return }
        let pan = input.arena.recognizers[change.gesture].values
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
            input.scrollRelease = (0.001 * velocity, natural)
            input.scrolls[v] = s
            note(
                "\(scene.views[v].name).willEndDragging velocity \(pointText(velocity)) pt/s target "
                    + pointText(natural)
            )
            try fire(.scroll(ViewID(v), .willEndDragging))
            let target = input.scrollRelease?.target ?? natural
            input.scrollRelease = nil
            if target != natural { note("\(scene.views[v].name) targetContentOffset set to \(pointText(target))") }
            s.release(velocity: velocity, target: s.paging || target != natural ? target : nil, at: clock.time)
        case .possible, .failed:
            return
        }
        input.scrolls[v] = s
        if s.contentOffset != before { try fire(.scroll(ViewID(v), .didScroll)) }
    }

    /// Moves every scroll view that is not held to this tick's time.
    func advanceScrolls() throws(RunError) {
        for v in input.scrolls.keys.sorted() {
            guard var s = input.scrolls[v] else { continue }
            let before = s.contentOffset
            let ended = s.advance(to: clock.time)
            input.scrolls[v] = s
            if s.contentOffset != before { try fire(.scroll(ViewID(v), .didScroll)) }
            if ended {
                note("\(scene.views[v].name).didEndDecelerating at \(pointText(s.contentOffset))")
                try fire(.scroll(ViewID(v), .didEndDecelerating))
            }
        }
    }

    /// The nearest scroll view view `i` is inside (directly or through other views), if any.
    func enclosingScrollView(_ i: Int) -> Int? {
        var next = scene.views[i].superview?.index
        var seen: [Int] = []
        while let s = next, !seen.contains(s) {
            if input.scrolls[s] != nil { return s }
            seen.append(s)
            next = scene.views[s].superview?.index
        }
        return nil
    }

    /// How far the screen shows view `i` from where its frame says: inside a scroll view, the
    /// scroll view's own shift plus its origin less its content offset; else zero.
    func screenShift(_ i: Int) -> Vec2 {
        guard let s = enclosingScrollView(i), let sv = input.scrolls[s] else { return .zero }
        return screenShift(s) + views[s].frame.origin - sv.contentOffset
    }

    func pointText(_ p: Vec2) -> String { "[\(formatFixed(p.x, decimals: 2)), \(formatFixed(p.y, decimals: 2))]" }
}
