import Geometry

/// The states of a UIKit gesture recogniser.
public enum GestureState: String, Sendable { case possible, began, changed, ended, cancelled, failed }

/// An edge of the screen (`UIRectEdge`), where a screen-edge pan may start.
public enum RectEdge: Sendable, Hashable { case left, right, top, bottom }

/// `UIPanGestureRecognizer` / `UIScreenEdgePanGestureRecognizer`, fed one touch event per frame.
///
/// It begins once the finger has moved `minimumDistance` points from where it went down; that
/// hysteresis is then subtracted from the translation (along the movement). Velocity (pt/s) is
/// 0.2 × the newest sample + 0.8 × the previous sample, each sample being the movement divided by
/// the time since the previous touch event. A screen-edge pan must start within 13 pt of one of
/// its edges, else it fails.
public struct PanRecognizer: Sendable {
    public var minimumDistance: Double
    /// Screen edges for a screen-edge pan (empty for a plain pan), within `bounds`.
    public var edges: [RectEdge]
    public var bounds: Rect
    public private(set) var state = GestureState.possible
    public private(set) var location = Vec2.zero
    public private(set) var translation = Vec2.zero
    public private(set) var velocity = Vec2.zero
    var start = Vec2.zero
    var beganAt = Vec2.zero
    var offset = Vec2.zero
    var lastTime = 0.0
    var lastLocation = Vec2.zero
    var previousSample = Vec2.zero
    var haveSample = false
    /// While a `flick` moves the finger: its velocity, which every sample is (the movement over
    /// the frame's time, computed from the clock's times, is that velocity only up to rounding:
    /// −1000.0000000000016 for −1000 at t ≈ 1.1 s).
    public var flickVelocity: Vec2?

    public init(minimumDistance: Double, edges: [RectEdge] = [], bounds: Rect) {
        self.minimumDistance = minimumDistance; self.edges = edges; self.bounds = bounds
    }

    /// A finger went down at `p` at time `t`.
    public mutating func touchDown(_ p: Vec2, at t: Double) {
        state = .possible
        start = p; location = p; lastLocation = p; lastTime = t
        translation = .zero; velocity = .zero; previousSample = .zero; haveSample = false
        if !edges.isEmpty {
            let strip = 13.0
            let near = edges.contains { e in
                switch e {
                case .left: return p.x - bounds.minX <= strip
                case .right: return bounds.maxX - p.x <= strip
                case .top: return p.y - bounds.minY <= strip
                case .bottom: return bounds.maxY - p.y <= strip
                }
            }
            if !near { state = .failed }
        }
    }

    /// The finger moved to `p` at time `t`. Returns the state change, if any (began or changed).
    public mutating func touchMoved(_ p: Vec2, at t: Double) -> GestureState? {
        if state == .failed || state == .ended || state == .cancelled { return nil }
        let dt = t - lastTime
        if dt > 0 {
            let sample = flickVelocity ?? (1 / dt) * (p - lastLocation)
            // (two equal samples are that velocity: 0.2 × s + 0.8 × s can round away from s)
            velocity = haveSample && sample != previousSample ? 0.2 * sample + 0.8 * previousSample : sample
            previousSample = sample
            haveSample = true
        }
        lastLocation = p; lastTime = t; location = p
        let moved = p - start
        switch state {
        case .possible:
            if moved.length >= minimumDistance && moved.length > 0 {
                offset = (minimumDistance / moved.length) * moved
                beganAt = start
                translation = moved - offset
                state = .began
                return .began
            }
            return nil
        case .began, .changed:
            translation = moved - offset
            state = .changed
            return .changed
        default:
            return nil
        }
    }

    /// The velocity estimate starts afresh from `p` at time `t`, as at a touch-down (the next
    /// move's sample is taken as it is); the state, the translation and the velocity read until
    /// that move are kept.
    public mutating func restartVelocity(at p: Vec2, time t: Double) {
        lastLocation = p; lastTime = t
        previousSample = .zero; haveSample = false
    }

    /// The finger lifted at time `t`. Returns `.ended` if the gesture had begun, else it fails.
    public mutating func touchUp(at t: Double) -> GestureState? {
        if state == .began || state == .changed { state = .ended; return .ended }
        if state == .possible { state = .failed }
        return nil
    }

    /// The recogniser fails (its view is gone): it ignores every touch until the next touch-down.
    public mutating func fail() { state = .failed }

    /// Cancels a running gesture.
    public mutating func cancel() -> GestureState? {
        if state == .began || state == .changed { state = .cancelled; return .cancelled }
        return nil
    }
}

/// A scripted finger: per-frame positions from keyframes (linear between them) or from a timing
/// curve over a from/to segment.
public struct TouchPath: Sendable {
    public var keyframes: [(t: Double, p: Vec2)]
    public var curve: TimingCurve
    public init(keyframes: [(t: Double, p: Vec2)], curve: TimingCurve = .linear) {
        self.keyframes = keyframes; self.curve = curve
    }

    /// Duration from the first to the last keyframe (s).
    public var duration: Double { (keyframes.last?.t ?? 0) - (keyframes.first?.t ?? 0) }

    /// Finger position `t` seconds after the first keyframe.
    public func position(at t: Double) -> Vec2 {
        let t0 = keyframes[0].t
        let tt = t + t0
        if tt <= t0 { return keyframes[0].p }
        if let last = keyframes.last, tt >= last.t { return last.p }
        if keyframes.count == 2 {
            let f = curve.value(at: (tt - t0) / (keyframes[1].t - t0))
            return keyframes[0].p + f * (keyframes[1].p - keyframes[0].p)
        }
        var i = 0
        while i + 1 < keyframes.count && keyframes[i + 1].t < tt { i += 1 }
        let a = keyframes[i]
        let b = keyframes[i + 1]
        let f = (tt - a.t) / (b.t - a.t)
        return a.p + f * (b.p - a.p)
    }

    /// A flick: from `from` at constant `velocity` (pt/s) over `distance` points, rounded to a
    /// whole number of frames of `frame` seconds (at least one), so that every touch event of
    /// the flick, the last one included, moves at `velocity` and the pan releases at it (a
    /// last event a fraction of a frame long would slow the release velocity down).
    public static func flick(from: Vec2, velocity: Vec2, distance: Double, frame: Double) -> TouchPath {
        let frames = Swift.max(1, (distance / velocity.length / frame).rounded(.toNearestOrAwayFromZero))
        let d = frames * frame
        return TouchPath(keyframes: [(0, from), (d, from + d * velocity)])
    }
}
