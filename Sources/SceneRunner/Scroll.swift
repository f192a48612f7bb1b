import Diagnostics
import Expressions
import Geometry
import Interaction
import Results
import SceneModel
import SceneVocabulary

/// Scroll views: each view with `scroll` holds a `ScrollView` (its content offset, insets, zoom
/// and motion); the scroll view's pan (a `scrollView` gesture) drags it, its pinch
/// (`scrollViewZoom`) zooms it, the app sets its offset, insets and zoom, the tick moves it, and
/// the delegate events run their rules. Views inside a scroll view keep content coordinates: only
/// the screen (`screen`, the replay) shows them shifted by the content offset.
extension RunInput {
    /// The scroll views of a scene, by view index.
    static func scrollViews(_ scene: Scene) -> [Int: ScrollView] {
        var out: [Int: ScrollView] = [:]
        for (i, v) in scene.views.enumerated() {
            guard let s = v.scroll else { continue }
            var zoom: ScrollZoom?
            if let z = s.zoom, let zv = s.zooming {
                zoom = ScrollZoom(
                    minimum: z.minimum, maximum: z.maximum, bounces: z.bounces,
                    viewSize: scene.views[zv.index].frame.size)
            }
            // Without `contentSize`, the content is the zooming view at its scale.
            let content = s.contentSize ?? zoom.map { $0.scale * $0.viewSize } ?? .zero
            var sv = ScrollView(
                bounds: v.frame.size, content: content, rate: s.decelerationRate, bounces: s.bounces, paging: s.paging,
                alwaysBounce: (s.alwaysBounceHorizontal, s.alwaysBounceVertical), insets: s.contentInset, zoom: zoom)
            sv.setScrollEnabled(s.isScrollEnabled)
            out[i] = sv
        }
        return out
    }

    /// A change of a scroll view's pan drags its content, before the gesture's own rules run:
    /// `began` takes hold, `began` and `changed` move the content by the translation, `ended` and
    /// `cancelled` release it (`willEndDragging`, whose rule may change the target). A change of
    /// its pinch zooms it (`zoomGesture`).
    func scrollGesture(_ change: GestureArena.Change, in run: Run) throws(RunError) {
        if case .scrollViewZoom = run.scene.gestures[change.gesture].settings {
            try zoomGesture(change, in: run)
            return
        }
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
            // The rule may have changed the scroll view (its insets): release what it left.
            s = scrolls[v] ?? s
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

    /// The scroll view's own pinch: `began` anchors the content point under the fingers'
    /// centroid, `began` and `changed` zoom by the pinch's scale about it, `ended` and `cancelled`
    /// let go (a bounce back inside the limits, or `didEndZooming` at once).
    func zoomGesture(_ change: GestureArena.Change, in run: Run) throws(RunError) {
        guard let v = run.scene.gestures[change.gesture].view?.index, var s = scrolls[v] else { return }
        let r = arena.recognizers[change.gesture]
        // The fingers' centroid in the scroll view's frame (its bounds less the content offset).
        let centroid = (run.viewTree().convert(r.location, from: nil, to: v) ?? r.location) - s.contentOffset
        let (offset, scale) = (s.contentOffset, s.zoomScale)
        var ended = false
        switch change.state {
        case .began:
            s.beginZoom(centroid: centroid)
            s.zoom(pinchScale: r.values.scale, centroid: centroid)
        case .changed:
            s.zoom(pinchScale: r.values.scale, centroid: centroid)
        case .ended, .cancelled:
            ended = !s.endZoom(at: run.now)
        case .possible, .failed:
            return
        }
        setScroll(v, s)
        try scrollNews(v, offset: offset, scale: scale, in: run)
        if ended { try endZooming(v, in: run) }
    }

    /// After a change of scroll view `v` from `offset` at `scale`: the zooming view follows the
    /// scale, and `didZoom` and `didScroll` run for what changed.
    func scrollNews(_ v: Int, offset: Vec2, scale: Double, in run: Run) throws(RunError) {
        guard let s = scrolls[v] else { return }
        if s.zoomScale != scale {
            placeZoomingView(v, in: run)
            try run.fire(.scroll(ViewID(v), .didZoom))
        }
        if s.contentOffset != offset { try run.fire(.scroll(ViewID(v), .didScroll)) }
    }

    func endZooming(_ v: Int, in run: Run) throws(RunError) {
        guard let s = scrolls[v] else { return }
        run.note("\(run.scene.views[v].name).didEndZooming at scale \(formatFixed(s.zoomScale, decimals: 4))")
        try run.fire(.scroll(ViewID(v), .didEndZooming))
    }

    /// The zooming view of scroll view `v` at its scale: its transform scaled by `zoomScale`, its
    /// frame's origin at the content's origin.
    func placeZoomingView(_ v: Int, in run: Run) {
        guard let s = scrolls[v], let z = s.zoom, let i = run.scene.views[v].scroll?.zooming?.index else { return }
        run.world.setScale(i, s.zoomScale)
        run.world.place(i, frame: Rect(center: 0.5 * s.zoomScale * z.viewSize, size: z.viewSize))
    }

    /// Moves every scroll view that is not held to this tick's time, and runs the events of what
    /// moved and what ended.
    func advanceScrolls(in run: Run) throws(RunError) {
        for v in scrolls.keys.sorted() {
            guard var s = scrolls[v] else { continue }
            let (offset, scale) = (s.contentOffset, s.zoomScale)
            let ends = s.advance(to: run.now)
            setScroll(v, s)
            try scrollNews(v, offset: offset, scale: scale, in: run)
            let name = run.scene.views[v].name
            if ends.decelerating {
                run.note("\(name).didEndDecelerating at \(pointText(s.contentOffset))")
                try run.fire(.scroll(ViewID(v), .didEndDecelerating))
            }
            if ends.scrollingAnimation {
                run.note("\(name).didEndScrollingAnimation at \(pointText(s.contentOffset))")
                try run.fire(.scroll(ViewID(v), .didEndScrollingAnimation))
            }
            if ends.zooming { try endZooming(v, in: run) }
        }
    }

    /// `set` of a scroll view's property (`contentOffset`, `contentInset.top` …, `zoomScale`,
    /// `isScrollEnabled`); `animation` is the `animate` it is in, if any (the screen follows the
    /// offset it moves). Its `didScroll` and `didZoom` run at the end of the tick.
    func setScrollProperty(
        _ v: Int, _ p: ViewProperty, _ value: Value, animation: ScrollView.ShownShift?, at loc: SourceLocation,
        in run: Run
    ) throws(RunError) {
        guard var s = scrolls[v] else { return }
        let name = run.scene.views[v].name
        let (offset, scale) = (s.contentOffset, s.zoomScale)
        let number = value.number ?? 0
        func finite(_ ok: Bool) throws(RunError) {
            if !ok { throw run.runtimeError("`\(name).\(p.rawValue)` must be finite, got \(value)", at: loc) }
        }
        switch p {
        case .contentOffset:
            let q = value.point ?? .zero
            try finite(q.isFinite)
            s.setContentOffset(q, at: run.now, animation: animation)
        case .contentInsetTop, .contentInsetLeft, .contentInsetBottom, .contentInsetRight:
            try finite(number.isFinite)
            var i = s.contentInset
            switch p {
            case .contentInsetTop: i.top = number
            case .contentInsetLeft: i.left = number
            case .contentInsetBottom: i.bottom = number
            default: i.right = number
            }
            s.setContentInset(i, at: run.now, animation: animation)
        case .zoomScale:
            if !(number > 0) || !number.isFinite {
                throw run.runtimeError("`\(name).zoomScale` must be a positive number, got \(value)", at: loc)
            }
            _ = s.setZoomScale(number)
        case .isScrollEnabled:
            s.setScrollEnabled(value.bool ?? true)
        case .x, .y, .width, .height, .size, .center, .frame, .rotation, .scale, .alpha, .hidden:
            return
        }
        setScroll(v, s)
        if s.zoomScale != scale { placeZoomingView(v, in: run) }
        run.note(
            "\(name).\(p.rawValue) = \(value): offset \(pointText(s.contentOffset))"
                + (s.shownOffset(at: run.now) != s.contentOffset
                    ? " (the screen from \(pointText(s.shownOffset(at: run.now))))" : "")
                + (s.zoom != nil ? ", scale \(formatFixed(s.zoomScale, decimals: 4))" : ""))
        noteAppChange(v, scrolled: s.contentOffset != offset, zoomed: s.zoomScale != scale)
    }

    /// `scrollTo: { view, offset }`: the offset moves over the chosen duration and curve.
    func scrollTo(_ v: Int, _ e: Expr, scope: Scope, in run: Run) throws(RunError) {
        guard var s = scrolls[v] else { return }
        let p = try run.evalPoint(e, scope: scope)
        if !p.isFinite {
            throw run.runtimeError("`scrollTo` needs a finite offset, got \(pointText(p))", at: e.location)
        }
        let offset = s.contentOffset
        s.scroll(to: p, at: run.now)
        setScroll(v, s)
        run.note("\(run.scene.views[v].name) scrollTo \(pointText(p))")
        noteAppChange(v, scrolled: s.contentOffset != offset, zoomed: false)
    }

    /// `zoomTo: { view, rect }`: the rect (zooming view coordinates) comes to fill the bounds.
    func zoomTo(_ v: Int, _ e: Expr, scope: Scope, in run: Run) throws(RunError) {
        guard var s = scrolls[v] else { return }
        let r = try run.eval(e, scope: scope).rect ?? Rect(x: 0, y: 0, width: 0, height: 0)
        guard r.width > 0, r.height > 0, r.origin.isFinite, r.size.isFinite else {
            throw run.runtimeError(
                "`zoomTo` needs a rect with a positive width and height, got [\(formatNumber(r.minX)), "
                    + "\(formatNumber(r.minY)), \(formatNumber(r.width)), \(formatNumber(r.height))]",
                at: e.location)
        }
        s.zoom(to: r, at: run.now)
        setScroll(v, s)
        let goal = s.zoomTarget(r)
        run.note(
            "\(run.scene.views[v].name) zoomTo [\(formatNumber(r.minX)), \(formatNumber(r.minY)), "
                + "\(formatNumber(r.width)), \(formatNumber(r.height))]: scale "
                + "\(formatFixed(goal?.scale ?? 1, decimals: 4)) at \(pointText(goal?.offset ?? .zero))")
    }

    /// The end of a tick: `didZoom` and `didScroll`, once, for what the app changed in it.
    func flushAppChanges(in run: Run) throws(RunError) {
        for (v, news) in takeAppChanges() {
            if news.zoomed { try run.fire(.scroll(ViewID(v), .didZoom)) }
            if news.scrolled { try run.fire(.scroll(ViewID(v), .didScroll)) }
        }
    }

    /// A touch sequence starts: the pan of a scroll view whose `isScrollEnabled` is false fails at
    /// once (its touches go to the other recognisers).
    func failDisabledScrollPans(in run: Run) throws(RunError) {
        for g in arena.participants {
            guard case .scrollView = run.scene.gestures[g].settings, let v = run.scene.gestures[g].view?.index,
                scrolls[v]?.isScrollEnabled == false
            else { continue }
            run.note("\(run.scene.gestures[g].name) failed: `\(run.scene.views[v].name).isScrollEnabled` is false")
            try fireGesture(fail(g), noted: false, in: run)
        }
    }

    /// Each scroll view as the replay draws it at `t`: its window over its content.
    func replayScrollWindows(at t: Double) -> [CaseRecording.ScrollWindow] {
        scrolls.keys.sorted().compactMap { v -> CaseRecording.ScrollWindow? in
            guard let s = scrolls[v] else { return nil }
            return .init(
                view: v, offset: s.shownOffset(at: t), contentSize: s.contentSize, inset: s.contentInset,
                zoomScale: s.zoomScale, isDragging: s.isDragging, isDecelerating: s.isDecelerating)
        }
    }

    func pointText(_ p: Vec2) -> String { "[\(formatFixed(p.x, decimals: 2)), \(formatFixed(p.y, decimals: 2))]" }
}
