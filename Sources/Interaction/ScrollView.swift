import Geometry

/// One axis of a `UIScrollView`: its content offset along the axis, dragged (rubber-banding past
/// the edges when it bounces), decelerating after a release (`ScrollPhysics`' closed form) or
/// springing back to an edge or a page.
public struct ScrollAxis: Sendable {
    /// The scroll view's bounds along the axis (the rubber band's dimension).
    public let length: Double
    /// The largest offset: content size − bounds, at least 0.
    public let maxOffset: Double
    /// Whether the content is longer than the bounds (else the axis does not scroll, as in UIKit
    /// without `alwaysBounce…`).
    public let scrolls: Bool
    public let bounces: Bool
    public let rate: Double
    public private(set) var offset = 0.0

    enum Motion: Sendable {
        case idle
        /// Dragged: the offset the drag would give without edges is `rawStart − translation`.
        case dragging(rawStart: Double)
        /// offset(t) = start + distance · (1 − rate^(1000 (t − t0))).
        case decelerating(start: Double, distance: Double, t0: Double)
        /// The bounce spring towards `target`, `x0` away at velocity `v0` at `t0`.
        case bouncing(target: Double, x0: Double, v0: Double, t0: Double)
    }
    var motion = Motion.idle

    public init(length: Double, content: Double, bounces: Bool, rate: Double) {
        self.length = length
        maxOffset = Swift.max(0, content - length)
        scrolls = content > length
        self.bounces = bounces
        self.rate = rate
    }

    public var isDragging: Bool {
        if case .dragging = motion { return true }
        return false
    }
    /// Moving after a release (decelerating or springing back).
    public var isMoving: Bool {
        switch motion {
        case .decelerating, .bouncing: return true
        case .idle, .dragging: return false
        }
    }

    func clamped(_ x: Double) -> Double { Swift.min(Swift.max(x, 0), maxOffset) }

    /// The offset shown for a drag to `raw`: rubber-banded past an edge, or stopped there.
    func shown(_ raw: Double) -> Double {
        let edge = clamped(raw)
        guard bounces else { return edge }
        return edge + ScrollPhysics.rubberBand(raw - edge, dimension: length)
    }

    /// A finger takes hold: any motion stops where it is.
    public mutating func beginDrag() {
        guard scrolls else { return }
        let edge = clamped(offset)
        motion = .dragging(rawStart: edge + ScrollPhysics.rubberBandInverse(offset - edge, dimension: length))
    }

    /// The finger has moved `translation` points along the axis since the drag began.
    public mutating func drag(translation: Double) {
        guard case .dragging(let rawStart) = motion else { return }
        offset = shown(rawStart - translation)
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

    /// Moves to time `t`. Returns true when a motion after a release ended on this call.
    public mutating func advance(to t: Double) -> Bool {
        switch motion {
        case .idle, .dragging: return false
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
                    return true
                }
                let v = distance * -1000 * Elementary.log(rate) * ScrollPhysics.remaining(after: tc, rate: rate)
                motion = .bouncing(target: edge, x0: 0, v0: v, t0: t0 + tc)
                return advance(to: t)
            }
            if Swift.abs(distance) * left < ScrollTuning.stopDistance {
                offset = start + distance
                motion = .idle
                return true
            }
            offset = p
            return false
        case .bouncing(let target, let x0, let v0, let t0):
            let (x, v) = ScrollPhysics.bounce(x0: x0, v0: v0, after: t - t0)
            if Swift.abs(x) < ScrollTuning.bounceStopDistance && Swift.abs(v) < ScrollTuning.bounceStopSpeed {
                offset = target
                motion = .idle
                return true
            }
            offset = target + x
            return false
        }
    }
}

/// `UIScrollView`: a content offset on two axes, its pan, deceleration, bounce and paging.
public struct ScrollView: Sendable {
    public private(set) var x: ScrollAxis
    public private(set) var y: ScrollAxis
    public let paging: Bool
    /// The page each axis's drag began on (paging).
    var startPage = (x: 0, y: 0)

    /// A scroll view of `bounds` size over `content` size.
    public init(bounds: Vec2, content: Vec2, rate: Double, bounces: Bool, paging: Bool) {
        x = ScrollAxis(length: bounds.x, content: content.x, bounces: bounces, rate: rate)
        y = ScrollAxis(length: bounds.y, content: content.y, bounces: bounces, rate: rate)
        self.paging = paging
    }

    public var contentOffset: Vec2 { Vec2(x.offset, y.offset) }
    public var isDragging: Bool { x.isDragging || y.isDragging }
    public var isDecelerating: Bool { x.isMoving || y.isMoving }

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

    /// Moves to time `t`; true when the motion after a release ended (`didEndDecelerating`).
    public mutating func advance(to t: Double) -> Bool {
        let moving = isDecelerating
        let ex = x.advance(to: t)
        let ey = y.advance(to: t)
        return moving && (ex || ey) && !isDecelerating
    }
}
