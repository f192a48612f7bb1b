import Geometry

/// One axis of a `UIScrollView`: its content offset along the axis, dragged (rubber-banding past
/// the edges when it bounces), decelerating after a release (`ScrollPhysics`' closed form),
/// springing back to an edge or a page, or moved by the app (`scrollTo`). The offset rests in
/// `minOffset ... maxOffset`: from −(top or left inset) to content − bounds + (bottom or right
/// inset), at least the former.
public struct ScrollAxis: Sendable {
    /// The scroll view's bounds along the axis (the rubber band's dimension).
    public let length: Double
    /// The content's size along the axis (a zoom changes it).
    public private(set) var content: Double
    /// The inset before the content (`top` or `left`) and after it (`bottom` or `right`).
    public private(set) var insetBefore = 0.0
    public private(set) var insetAfter = 0.0
    /// `alwaysBounceVertical` / `alwaysBounceHorizontal`: it rubber-bands even when the content fits.
    public let alwaysBounce: Bool
    public let bounces: Bool
    public let rate: Double
    public private(set) var offset = 0.0

    enum Motion: Sendable {
        case idle
        /// Dragged: the offset the drag would give without edges is `rawStart − translation`.
        case dragging(rawStart: Double, translation: Double)
        /// offset(t) = start + distance · (1 − rate^(1000 (t − t0))).
        case decelerating(start: Double, distance: Double, t0: Double)
        /// The bounce spring towards `target`, `x0` away at velocity `v0` at `t0`.
        case bouncing(target: Double, x0: Double, v0: Double, t0: Double)
        /// The app's animated offset (`scrollTo`): from `from` to `to` over `duration` from `t0`,
        /// on `ScrollTuning.scrollAnimationCurve`.
        case animating(from: Double, to: Double, t0: Double, duration: Double)
    }
    var motion = Motion.idle

    public init(
        length: Double, content: Double, bounces: Bool, rate: Double, alwaysBounce: Bool = false,
        insets: (before: Double, after: Double) = (0, 0)
    ) {
        self.length = length
        self.content = content
        self.bounces = bounces
        self.rate = rate
        self.alwaysBounce = alwaysBounce
        insetBefore = insets.before
        insetAfter = insets.after
        offset = clamped(0)
    }

    /// The smallest resting offset: −(top or left inset).
    public var minOffset: Double { -insetBefore }
    /// The largest resting offset: content − bounds + (bottom or right inset), at least `minOffset`.
    public var maxOffset: Double { Swift.max(minOffset, content - length + insetAfter) }
    /// Whether a drag moves the axis: the content and its insets are longer than the bounds, or
    /// `alwaysBounce` (else the axis does not scroll, as in UIKit).
    public var scrolls: Bool { maxOffset > minOffset || alwaysBounce }

    public var isDragging: Bool {
        if case .dragging = motion { return true }
        return false
    }
    /// Moving after a release (decelerating or springing back).
    public var isMoving: Bool {
        switch motion {
        case .decelerating, .bouncing: return true
        case .idle, .dragging, .animating: return false
        }
    }
    /// Moving to an offset the app gave (`scrollTo`).
    public var isAnimating: Bool {
        if case .animating = motion { return true }
        return false
    }

    func clamped(_ x: Double) -> Double { Swift.min(Swift.max(x, minOffset), maxOffset) }

    /// The offset shown for a drag to `raw`: rubber-banded past an edge, or stopped there.
    func shown(_ raw: Double) -> Double {
        let edge = clamped(raw)
        guard bounces else { return edge }
        return edge + ScrollPhysics.rubberBand(raw - edge, dimension: length)
    }

    /// The drag position that shows the current offset under the current edges.
    func raw() -> Double {
        let edge = clamped(offset)
        return edge + ScrollPhysics.rubberBandInverse(offset - edge, dimension: length)
    }

    /// A finger takes hold: any motion stops where it is.
    public mutating func beginDrag() {
        guard scrolls else {
            motion = .idle
            return
        }
        motion = .dragging(rawStart: raw(), translation: 0)
    }

    /// The finger has moved `translation` points along the axis since the drag began.
    public mutating func drag(translation: Double) {
        guard case .dragging(let rawStart, _) = motion else { return }
        offset = shown(rawStart - translation)
        motion = .dragging(rawStart: rawStart, translation: translation)
    }

    /// While a finger holds the content, the edges or the offset changed: the drag goes on from
    /// where the content is now (nothing jumps), measured from the new edges.
    mutating func reanchor() {
        guard case .dragging(_, let translation) = motion else { return }
        motion = .dragging(rawStart: raw() + translation, translation: translation)
    }

    /// The offset a release at `velocity` (pt/s, positive where the offset grows) comes to rest at,
    /// within the content (UIKit's `targetContentOffset`).
    public func target(velocity: Double) -> Double {
        clamped(offset + ScrollPhysics.projection(velocity: velocity, rate: rate))
    }

    /// The finger lifts at time `t` with `velocity`. `target` is where the rule left
    /// `targetContentOffset` (nil: unchanged, the natural projection, which may run into an edge
    /// and bounce there); `spring` moves to `target` on the bounce spring (paging).
    public mutating func release(velocity: Double, target: Double?, spring: Bool, at t: Double) {
        guard scrolls, isDragging else { return }
        let edge = clamped(offset)
        if offset != edge {
            motion = .bouncing(target: edge, x0: offset - edge, v0: velocity, t0: t)
        } else if spring, let target {
            let goal = clamped(target)
            motion = .bouncing(target: goal, x0: offset - goal, v0: velocity, t0: t)
        } else {
            let distance =
                target.map { clamped($0) - offset } ?? ScrollPhysics.projection(velocity: velocity, rate: rate)
            motion =
                Swift.abs(distance) > ScrollTuning.stopDistance
                ? .decelerating(start: offset, distance: distance, t0: t) : .idle
        }
    }

    /// Stops every motion where it is.
    public mutating func stop() { motion = .idle }

    /// `setContentOffset(_:animated: false)` along this axis: the offset is `p` at once; a motion
    /// after a release or an animation stops; a drag goes on from there.
    public mutating func setOffset(_ p: Double) {
        offset = p
        if isDragging { reanchor() } else { motion = .idle }
    }

    /// `setContentOffset(_:animated: true)`: to `p` over `duration` from `t` (at once while a
    /// finger holds the content: the drag goes on from there).
    public mutating func animate(to p: Double, at t: Double, duration: Double) {
        guard !isDragging, duration > 0, p != offset else {
            setOffset(p)
            return
        }
        motion = .animating(from: offset, to: p, t0: t, duration: duration)
    }

    /// After a pinch or a zoom, an offset outside the content springs back to the nearest edge.
    public mutating func settle(at t: Double) {
        guard !isDragging, !isMoving else { return }
        let edge = clamped(offset)
        guard offset != edge else { return }
        motion = bounces ? .bouncing(target: edge, x0: offset - edge, v0: 0, t0: t) : .idle
        if !bounces { offset = edge }
    }

    /// The velocity (pt/s) of a motion after a release at `t`.
    func velocity(at t: Double) -> Double {
        switch motion {
        case .decelerating(_, let distance, let t0):
            return distance * -1000 * Elementary.log(rate) * ScrollPhysics.remaining(after: t - t0, rate: rate)
        case .bouncing(_, let x0, let v0, let t0): return ScrollPhysics.bounce(x0: x0, v0: v0, after: t - t0).velocity
        case .idle, .dragging, .animating: return 0
        }
    }

    /// The content's size along the axis changes (a zoom): a drag goes on from where it is.
    public mutating func setContent(_ c: Double) {
        content = c
        reanchor()
    }

    /// The insets change at time `t`. While a finger holds the content, or while it moves after
    /// a release, nothing jumps: the drag, the deceleration or the bounce goes on and ends at
    /// the new edges. Otherwise an offset outside the new range moves in at once (an animation
    /// of the app's keeps going).
    public mutating func setInsets(before: Double, after: Double, at t: Double) {
        let (oldMin, oldMax) = (minOffset, maxOffset)
        insetBefore = before
        insetAfter = after
        switch motion {
        case .dragging: reanchor()
        case .decelerating:
            let edge = clamped(offset)
            if offset != edge {
                let v = velocity(at: t)
                if bounces {
                    motion = .bouncing(target: edge, x0: offset - edge, v0: v, t0: t)
                } else {
                    offset = edge
                    motion = .idle
                }
            }
        case .bouncing(let target, _, _, _):
            let moved = target == oldMin ? minOffset : target == oldMax ? maxOffset : target
            let goal = clamped(moved)
            if goal != target {
                motion = .bouncing(target: goal, x0: offset - goal, v0: velocity(at: t), t0: t)
            }
        case .animating: break
        case .idle: offset = clamped(offset)
        }
    }

    /// Moves to time `t`. Returns which motion ended on this call, if one did.
    mutating func advance(to t: Double) -> ScrollEnds {
        switch motion {
        case .idle, .dragging: return ScrollEnds()
        case .animating(let from, let to, let t0, let duration):
            let f = ScrollTuning.animationProgress(t - t0, duration: duration)
            offset = f >= 1 ? to : from + (to - from) * f
            guard f >= 1 else { return ScrollEnds() }
            motion = .idle
            return ScrollEnds(scrollingAnimation: true)
        case .decelerating(let start, let distance, let t0):
            let left = ScrollPhysics.remaining(after: t - t0, rate: rate)
            let p = start + distance * (1 - left)
            let edge = clamped(p)
            if p != edge {
                // It reaches the edge at tc, where rate^(1000 tc) = 1 − (edge − start) / distance.
                let tc = Elementary.log(1 - (edge - start) / distance) / (1000 * Elementary.log(rate))
                guard bounces else {
                    offset = edge
                    motion = .idle
                    return ScrollEnds(decelerating: true)
                }
                let v = distance * -1000 * Elementary.log(rate) * ScrollPhysics.remaining(after: tc, rate: rate)
                motion = .bouncing(target: edge, x0: 0, v0: v, t0: t0 + tc)
                return advance(to: t)
            }
            if Swift.abs(distance) * left < ScrollTuning.stopDistance {
                offset = start + distance
                motion = .idle
                return ScrollEnds(decelerating: true)
            }
            offset = p
            return ScrollEnds()
        case .bouncing(let target, let x0, let v0, let t0):
            let (x, v) = ScrollPhysics.bounce(x0: x0, v0: v0, after: t - t0)
            if Swift.abs(x) < ScrollTuning.bounceStopDistance && Swift.abs(v) < ScrollTuning.bounceStopSpeed {
                offset = target
                motion = .idle
                return ScrollEnds(decelerating: true)
            }
            offset = target + x
            return ScrollEnds()
        }
    }
}

/// Which of a scroll view's motions ended on a frame (each runs its delegate event).
public struct ScrollEnds: Sendable, Equatable {
    /// A motion after a release (`didEndDecelerating`).
    public var decelerating = false
    /// A `scrollTo` (`didEndScrollingAnimation`).
    public var scrollingAnimation = false
    /// A zoom's bounce or a `zoomTo` (`didEndZooming`).
    public var zooming = false
    public init(decelerating: Bool = false, scrollingAnimation: Bool = false, zooming: Bool = false) {
        self.decelerating = decelerating; self.scrollingAnimation = scrollingAnimation; self.zooming = zooming
    }
    static func | (a: ScrollEnds, b: ScrollEnds) -> ScrollEnds {
        ScrollEnds(
            decelerating: a.decelerating || b.decelerating,
            scrollingAnimation: a.scrollingAnimation || b.scrollingAnimation, zooming: a.zooming || b.zooming)
    }
}

/// `UIScrollView`: a content offset on two axes, its pan, deceleration, bounce and paging, the
/// app's offsets and insets, and its zoom (ScrollZoom.swift).
public struct ScrollView: Sendable {
    public internal(set) var x: ScrollAxis
    public internal(set) var y: ScrollAxis
    public let paging: Bool
    /// `isScrollEnabled`: when false the scroll view's pan does not begin.
    public private(set) var isScrollEnabled = true
    /// The zoom, when the scroll view zooms (`zoom` with `zooming`).
    public internal(set) var zoom: ScrollZoom?
    /// What the screen shows of the offset while an `animate` of the insets runs: the model
    /// offset plus `shift` fading out along the animation.
    public private(set) var shownShift: ShownShift?
    /// The page each axis's drag began on (paging).
    var startPage = (x: 0, y: 0)

    /// An offset the screen still shows away from the model one: `shift` at `start`, gone after
    /// `duration` along `curve` (or `spring`, a UIView spring).
    public struct ShownShift: Sendable, Equatable {
        public var shift: Vec2
        public var start: Double
        public var duration: Double
        public var curve: TimingCurve
        public var spring: Spring?
        public init(shift: Vec2, start: Double, duration: Double, curve: TimingCurve, spring: Spring?) {
            self.shift = shift; self.start = start; self.duration = duration; self.curve = curve; self.spring = spring
        }
        /// The part of the shift still shown at `t` (1 at the start, 0 at the end).
        public func left(at t: Double) -> Double {
            let e = t - start
            if e <= 0 { return 1 }
            if e >= duration || duration <= 0 { return 0 }
            return 1 - (spring.map { $0.value(at: e) } ?? curve.value(at: e / duration))
        }
    }

    /// A scroll view of `bounds` size over `content` size.
    public init(
        bounds: Vec2, content: Vec2, rate: Double, bounces: Bool, paging: Bool,
        alwaysBounce: (horizontal: Bool, vertical: Bool) = (false, false), insets: EdgeInsets = .zero,
        zoom: ScrollZoom? = nil
    ) {
        x = ScrollAxis(
            length: bounds.x, content: content.x, bounces: bounces, rate: rate, alwaysBounce: alwaysBounce.horizontal,
            insets: (insets.left, insets.right))
        y = ScrollAxis(
            length: bounds.y, content: content.y, bounces: bounces, rate: rate, alwaysBounce: alwaysBounce.vertical,
            insets: (insets.top, insets.bottom))
        self.paging = paging
        self.zoom = zoom
    }

    public var bounds: Vec2 { Vec2(x.length, y.length) }
    public var contentOffset: Vec2 { Vec2(x.offset, y.offset) }
    public var contentSize: Vec2 { Vec2(x.content, y.content) }
    public var contentInset: EdgeInsets {
        EdgeInsets(top: y.insetBefore, left: x.insetBefore, bottom: y.insetAfter, right: x.insetAfter)
    }
    public var isDragging: Bool { x.isDragging || y.isDragging }
    public var isDecelerating: Bool { x.isMoving || y.isMoving }
    /// A `scrollTo` in progress.
    public var isScrollAnimating: Bool { x.isAnimating || y.isAnimating }
    /// The offset the screen shows at `t` (the model offset unless an `animate` of the insets runs).
    public func shownOffset(at t: Double) -> Vec2 {
        guard let s = shownShift else { return contentOffset }
        return contentOffset + s.left(at: t) * s.shift
    }

    func page(_ a: ScrollAxis) -> Int { Int((a.offset / a.length).rounded()) }

    /// The scroll view's pan began.
    public mutating func beginDrag() {
        startPage = (page(x), page(y))
        x.beginDrag()
        y.beginDrag()
    }

    /// The pan's translation (finger movement since it began, less the hysteresis).
    public mutating func drag(translation: Vec2) {
        x.drag(translation: translation.x)
        y.drag(translation: translation.y)
    }

    /// Where a release at `velocity` (pt/s of the offset: the finger's, negated) comes to rest: the
    /// projection within the content, or, paging, the page `ScrollPhysics.pagingTarget` picks.
    public func target(velocity: Vec2) -> Vec2 {
        guard paging else { return Vec2(x.target(velocity: velocity.x), y.target(velocity: velocity.y)) }
        func paged(_ a: ScrollAxis, _ v: Double, _ start: Int) -> Double {
            guard a.scrolls else { return a.offset }
            let last = Int((a.maxOffset / a.length).rounded(.up))
            let p = ScrollPhysics.pagingTarget(
                offset: a.offset, velocity: v, rate: a.rate, page: a.length, startPage: start, lastPage: last)
            return Swift.min(Double(p) * a.length, a.maxOffset)
        }
        return Vec2(paged(x, velocity.x, startPage.x), paged(y, velocity.y, startPage.y))
    }

    /// The finger lifts at `t`; `target` is `targetContentOffset` when a rule changed it.
    public mutating func release(velocity: Vec2, target: Vec2?, at t: Double) {
        let goal = paging ? (target ?? self.target(velocity: velocity)) : target
        x.release(velocity: velocity.x, target: goal?.x, spring: paging, at: t)
        y.release(velocity: velocity.y, target: goal?.y, spring: paging, at: t)
    }

    /// `set: { list.contentOffset: p }` (`setContentOffset(_:animated: false)`): at once; a
    /// deceleration, bounce, `scrollTo` or zoom's motion stops without its end event.
    /// Inside an `animate` (`animation`), the screen follows from where it showed the offset at `t`.
    public mutating func setContentOffset(_ p: Vec2, at t: Double = 0, animation: ShownShift? = nil) {
        let shown = shownOffset(at: t)
        zoom?.stopMotion()
        shownShift = nil
        x.setOffset(p.x)
        y.setOffset(p.y)
        if var a = animation, contentOffset != shown {
            a.shift = shown - contentOffset
            shownShift = a
        }
    }

    /// `scrollTo` (`setContentOffset(_:animated: true)`): to `p` over the chosen duration from `t`;
    /// it replaces a deceleration.
    public mutating func scroll(to p: Vec2, at t: Double) {
        zoom?.stopMotion()
        shownShift = nil
        x.animate(to: p.x, at: t, duration: ScrollTuning.scrollAnimationDuration)
        y.animate(to: p.y, at: t, duration: ScrollTuning.scrollAnimationDuration)
    }

    /// `set: { list.contentInset… }` at `t`; `animation`, for an `animate`, is how the screen
    /// follows an offset the new insets move (the model offset moves at once either way).
    public mutating func setContentInset(_ i: EdgeInsets, at t: Double, animation: ShownShift? = nil) {
        let before = contentOffset
        let shown = shownOffset(at: t)
        x.setInsets(before: i.left, after: i.right, at: t)
        y.setInsets(before: i.top, after: i.bottom, at: t)
        if var a = animation, contentOffset != before {
            a.shift = shown - contentOffset
            shownShift = a
        }
    }

    /// `set: { list.isScrollEnabled }`.
    public mutating func setScrollEnabled(_ on: Bool) { isScrollEnabled = on }

    /// Moves to time `t`; which motions ended (`didEndDecelerating`, `didEndScrollingAnimation`,
    /// `didEndZooming`).
    public mutating func advance(to t: Double) -> ScrollEnds {
        if let s = shownShift, s.left(at: t) == 0 { shownShift = nil }
        if let ends = advanceZoom(to: t) { return ends }
        let moving = isDecelerating
        let ex = x.advance(to: t)
        let ey = y.advance(to: t)
        var ends = ex | ey
        ends.decelerating = moving && ends.decelerating && !isDecelerating
        ends.scrollingAnimation = ends.scrollingAnimation && !isScrollAnimating
        return ends
    }
}
