import Geometry

/// A scroll view's zoom (`zoom: { minimum, maximum, bounces }` with `zooming: VIEW`): the scale
/// of the zooming view, its limits, and what moves it (a pinch, its bounce back inside the
/// limits, a `zoomTo`). The content size is the zooming view's bounds times the scale, and the
/// zooming view sits at the content's origin (docs/scene-format.md, "Zooming").
public struct ScrollZoom: Sendable {
    public let minimum: Double
    public let maximum: Double
    public let bounces: Bool
    /// The zooming view's bounds size (at scale 1).
    public let viewSize: Vec2
    /// `zoomScale`.
    public private(set) var scale: Double
    /// Whether the content size follows the zoom yet (a `contentSize` the scene gave holds until
    /// the first zoom, as in UIKit).
    public private(set) var zoomed = false

    enum Motion: Sendable {
        case idle
        /// A pinch: the raw scale at its start (before the rubber band), the content point (at
        /// scale 1) that stays under the fingers' centroid, and that centroid (bounds coordinates).
        case pinching(startRaw: Double, anchor: Vec2, centroid: Vec2)
        /// Springing back inside the limits after a pinch: the scale on the bounce spring from
        /// `from` to `target` from `t0`; the offset moves with it from `fromOffset` to `toOffset`.
        case bouncing(from: Double, target: Double, t0: Double, fromOffset: Vec2, toOffset: Vec2)
        /// `zoomTo`: scale and offset along the chosen curve over `duration`.
        case animating(from: Double, to: Double, fromOffset: Vec2, toOffset: Vec2, t0: Double, duration: Double)
    }
    var motion = Motion.idle

    public init(minimum: Double, maximum: Double, bounces: Bool, viewSize: Vec2) {
        self.minimum = minimum
        self.maximum = maximum
        self.bounces = bounces
        self.viewSize = viewSize
        scale = Swift.min(Swift.max(1, minimum), maximum)
        zoomed = scale != 1
    }

    /// `isZooming`: a pinch zooms.
    public var isZooming: Bool {
        if case .pinching = motion { return true }
        return false
    }
    /// `isZoomBouncing`: springing back inside the limits.
    public var isZoomBouncing: Bool {
        if case .bouncing = motion { return true }
        return false
    }
    var isAnimating: Bool {
        if case .animating = motion { return true }
        return false
    }

    mutating func stopMotion() { motion = .idle }
    mutating func set(scale s: Double) {
        scale = s
        zoomed = true
    }

    func clamped(_ s: Double) -> Double { Swift.min(Swift.max(s, minimum), maximum) }

    /// The scale shown for a pinch to the raw scale `raw`: past a limit it rubber-bands
    /// (`ScrollPhysics.zoomRubberBand`), or stops there without `bounces`.
    func shown(_ raw: Double) -> Double {
        let limit = clamped(raw)
        guard bounces, raw != limit else { return limit }
        return limit * Elementary.exp(ScrollPhysics.zoomRubberBand(Elementary.log(raw / limit)))
    }

    /// The raw scale that shows `s` (the rubber band's inverse).
    func raw(_ s: Double) -> Double {
        let limit = clamped(s)
        guard s != limit else { return s }
        return limit * Elementary.exp(ScrollPhysics.zoomRubberBandInverse(Elementary.log(s / limit)))
    }
}

extension ScrollView {
    /// `zoomScale`, 1 when the scroll view does not zoom.
    public var zoomScale: Double { zoom?.scale ?? 1 }
    public var isZooming: Bool { zoom?.isZooming ?? false }
    public var isZoomBouncing: Bool { zoom?.isZoomBouncing ?? false }

    /// The scale and the offset change together; the content size follows the scale.
    mutating func apply(scale s: Double, offset: Vec2) {
        guard var z = zoom else { return }
        z.set(scale: s)
        zoom = z
        x.setContent(z.viewSize.x * s)
        y.setContent(z.viewSize.y * s)
        x.setOffset(offset.x)
        y.setOffset(offset.y)
    }

    /// The offset within the resting range a scale of `s` gives (content = zooming view × `s`).
    func restingOffset(_ p: Vec2, scale s: Double) -> Vec2 {
        guard let z = zoom else { return p }
        func clamp(_ v: Double, _ a: ScrollAxis, _ size: Double) -> Double {
            let lo = -a.insetBefore
            let hi = Swift.max(lo, size * s - a.length + a.insetAfter)
            return Swift.min(Swift.max(v, lo), hi)
        }
        return Vec2(clamp(p.x, x, z.viewSize.x), clamp(p.y, y, z.viewSize.y))
    }

    /// The scroll view's pinch began with the fingers' centroid at `centroid` (in the scroll
    /// view's bounds, its top-left corner at 0, 0): the content point under it stays under it.
    public mutating func beginZoom(centroid: Vec2) {
        guard var z = zoom else { return }
        x.stop()
        y.stop()
        let anchor = (1 / z.scale) * (contentOffset + centroid)
        z.motion = .pinching(startRaw: z.raw(z.scale), anchor: anchor, centroid: centroid)
        zoom = z
    }

    /// The pinch's `scale` (finger spacing over the spacing at `began`) and centroid now.
    public mutating func zoom(pinchScale: Double, centroid: Vec2) {
        guard var z = zoom, case .pinching(let startRaw, let anchor, _) = z.motion else { return }
        let s = z.shown(startRaw * pinchScale)
        z.motion = .pinching(startRaw: startRaw, anchor: anchor, centroid: centroid)
        zoom = z
        apply(scale: s, offset: s * anchor - centroid)
    }

    /// The pinch ended at `t`: past a limit the scale springs back to it (true: `didEndZooming`
    /// waits for the bounce), the offset with it into the content; else an offset outside the
    /// content springs back on the scroll's own bounce.
    public mutating func endZoom(at t: Double) -> Bool {
        guard var z = zoom, case .pinching(_, let anchor, let centroid) = z.motion else { return false }
        let target = z.clamped(z.scale)
        guard target != z.scale else {
            z.motion = .idle
            zoom = z
            x.settle(at: t)
            y.settle(at: t)
            return false
        }
        let to = restingOffset(target * anchor - centroid, scale: target)
        z.motion = .bouncing(from: z.scale, target: target, t0: t, fromOffset: contentOffset, toOffset: to)
        zoom = z
        return true
    }

    /// `set: { list.zoomScale: s }`: at once, within the limits, about the bounds' centre; the
    /// offset kept inside the content. False when nothing changed.
    public mutating func setZoomScale(_ s: Double) -> Bool {
        guard var z = zoom else { return false }
        z.stopMotion()
        zoom = z
        let goal = z.clamped(s)
        let centre = 0.5 * bounds
        let anchor = (1 / z.scale) * (contentOffset + centre)
        let offset = restingOffset(goal * anchor - centre, scale: goal)
        let changed = goal != z.scale || offset != contentOffset
        apply(scale: goal, offset: offset)
        return changed
    }

    /// The scale and offset `zoomTo` gives for `rect` (in the zooming view's coordinates): the
    /// whole rect visible (the smaller of the bounds' and the rect's width and height ratios,
    /// within the limits), centred in the bounds, the offset inside the content.
    public func zoomTarget(_ rect: Rect) -> (scale: Double, offset: Vec2)? {
        guard let z = zoom, rect.width > 0, rect.height > 0 else { return nil }
        let s = z.clamped(Swift.min(bounds.x / rect.width, bounds.y / rect.height))
        return (s, restingOffset(s * rect.center - 0.5 * bounds, scale: s))
    }

    /// `zoomTo` (`zoom(to:animated: true)`) from `t`, over the chosen duration and curve.
    public mutating func zoom(to rect: Rect, at t: Double) {
        guard var z = zoom, let goal = zoomTarget(rect) else { return }
        x.stop()
        y.stop()
        z.motion = .animating(
            from: z.scale, to: goal.scale, fromOffset: contentOffset, toOffset: goal.offset, t0: t,
            duration: ScrollTuning.zoomAnimationDuration)
        zoom = z
    }

    /// The zoom's motion at `t`, when one runs (nil: none; the axes move on their own).
    mutating func advanceZoom(to t: Double) -> ScrollEnds? {
        guard var z = zoom else { return nil }
        switch z.motion {
        case .idle, .pinching: return nil
        case .bouncing(let from, let target, let t0, let fromOffset, let toOffset):
            let (d, v) = ScrollPhysics.bounce(x0: from - target, v0: 0, after: t - t0)
            if Swift.abs(d) < ScrollTuning.zoomStopScale && Swift.abs(v) < ScrollTuning.zoomStopSpeed {
                z.motion = .idle
                zoom = z
                apply(scale: target, offset: toOffset)
                return ScrollEnds(zooming: true)
            }
            // The offset covers the same fraction of its way as the scale.
            let f = 1 - d / (from - target)
            apply(scale: target + d, offset: fromOffset + f * (toOffset - fromOffset))
            return ScrollEnds()
        case .animating(let from, let to, let fromOffset, let toOffset, let t0, let duration):
            let f = ScrollTuning.animationProgress(t - t0, duration: duration)
            if f >= 1 {
                z.motion = .idle
                zoom = z
                apply(scale: to, offset: toOffset)
                return ScrollEnds(zooming: true)
            }
            apply(scale: from + (to - from) * f, offset: fromOffset + f * (toOffset - fromOffset))
            return ScrollEnds()
        }
    }
}
