import Geometry

/// One scripted finger of a step: where it is over time, and when it goes down and lifts.
public struct FingerTrack: Sendable {
    /// How a finger moves.
    public enum Motion: Sendable {
        /// Along keyframes (or a from/to segment along a curve); the path's time counts from
        /// the finger's touch-down.
        case path(TouchPath)
        /// On a circle about `center`: at the angle `start + turn × curve(t / duration)`.
        case arc(center: Vec2, radius: Double, start: Double, turn: Double, duration: Double, curve: TimingCurve)
    }
    public var motion: Motion
    /// Seconds after the step's start; nil: the finger continues one already down.
    public var down: Double?
    /// Seconds after the step's start; nil: it stays down when the step ends.
    public var up: Double?

    public init(_ motion: Motion, down: Double?, up: Double?) { self.motion = motion; self.down = down; self.up = up }

    /// Where the finger is `t` seconds after the step's start.
    public func position(at t: Double) -> Vec2 {
        switch motion {
        case .path(let p):
            return p.position(at: t - (down ?? 0))
        case .arc(let c, let r, let start, let turn, let d, let curve):
            let f = d > 0 ? curve.value(at: Swift.min(1, Swift.max(0, t / d))) : 1
            let a = start + turn * f
            return c + r * Vec2(Elementary.cos(a), Elementary.sin(a))
        }
    }
}

/// The fingers of one script step, and the touch events they make frame by frame.
///
/// Frame 0 is the step's start (only fingers going down at 0 appear in it); frame k is k frames
/// later. A finger goes down at the first frame at or after its `down` time and lifts at the
/// first frame at or after its `up` time, at least one frame after it went down.
public struct TouchScript: Sendable {
    public var fingers: [FingerTrack]
    /// Seconds from the step's start to its last touch event.
    public var duration: Double

    public init(fingers: [FingerTrack], duration: Double) { self.fingers = fingers; self.duration = duration }

    /// One finger along `path` (a `pan` or `flick`): down at once (or continuing a finger held
    /// down), lifting at the path's end unless `hold`.
    public static func single(_ path: TouchPath, continuing: Bool, hold: Bool) -> TouchScript {
        TouchScript(
            fingers: [FingerTrack(.path(path), down: continuing ? nil : 0, up: hold ? nil : path.duration)],
            duration: path.duration)
    }

    /// `touches` fingers side by side `GestureTuning.fingerSpacing` apart, centred on `point`.
    public static func spread(_ point: Vec2, touches: Int) -> [Vec2] {
        (0..<touches).map { j in
            point + Vec2((Double(j) - Double(touches - 1) / 2) * GestureTuning.fingerSpacing, 0)
        }
    }

    /// `taps` taps of `touches` fingers at `point`: each touches `GestureTuning.tapTouchDuration`,
    /// with `tapGap` between a lift and the next touch-down; the step ends at the last lift, or,
    /// with `hold` (`release: hold` or `cancel`), where it would be, the last tap's fingers still
    /// down.
    public static func tap(at point: Vec2, taps: Int, touches: Int, hold: Bool = false) -> TouchScript {
        let touch = GestureTuning.tapTouchDuration
        let period = touch + GestureTuning.tapGap
        var fingers: [FingerTrack] = []
        for i in 0..<taps {
            for p in spread(point, touches: touches) {
                let down = Double(i) * period
                let last = hold && i == taps - 1
                fingers.append(FingerTrack(.path(still(p)), down: down, up: last ? nil : down + touch))
            }
        }
        return TouchScript(fingers: fingers, duration: Double(taps - 1) * period + touch)
    }

    /// `touches` fingers held still at `point` for `duration` seconds, then lifted unless `hold`.
    public static func press(at point: Vec2, touches: Int, duration: Double, hold: Bool) -> TouchScript {
        TouchScript(
            fingers: spread(point, touches: touches).map {
                FingerTrack(.path(still($0)), down: 0, up: hold ? nil : duration)
            },
            duration: duration)
    }

    /// Two fingers on the horizontal line through `center`, their spacing going from `from` to
    /// `to` points along `curve` in `duration` seconds.
    public static func pinch(
        center: Vec2, from: Double, to: Double, duration: Double, curve: TimingCurve, hold: Bool
    ) -> TouchScript {
        let fingers = [-1.0, 1.0].map { side in
            FingerTrack(
                .path(
                    TouchPath(
                        keyframes: [
                            (0, center + Vec2(side * from / 2, 0)), (duration, center + Vec2(side * to / 2, 0)),
                        ],
                        curve: curve)),
                down: 0, up: hold ? nil : duration)
        }
        return TouchScript(fingers: fingers, duration: duration)
    }

    /// Two fingers starting `radius` points either side of `center` on the horizontal line and
    /// turning about it by `angle` radians (clockwise on screen when positive) along `curve`.
    public static func rotate(
        center: Vec2, angle: Double, radius: Double, duration: Double, curve: TimingCurve, hold: Bool
    ) -> TouchScript {
        let fingers = [Double.pi, 0].map { start in
            FingerTrack(
                .arc(center: center, radius: radius, start: start, turn: angle, duration: duration, curve: curve),
                down: 0, up: hold ? nil : duration)
        }
        return TouchScript(fingers: fingers, duration: duration)
    }

    /// Fingers along keyframe paths whose times count from the step's start: each goes down at
    /// its first keyframe and, unless `hold`, lifts at its last.
    public static func paths(_ paths: [TouchPath], hold: Bool) -> TouchScript {
        let fingers = paths.map { p in
            FingerTrack(.path(p), down: p.keyframes[0].t, up: hold ? nil : p.keyframes[p.keyframes.count - 1].t)
        }
        return TouchScript(fingers: fingers, duration: paths.map { $0.keyframes[$0.keyframes.count - 1].t }.max() ?? 0)
    }

    static func still(_ p: Vec2) -> TouchPath { TouchPath(keyframes: [(0, p)]) }

    /// The first frame at or after `t` seconds, frames being `dt` seconds apart.
    static func frame(_ t: Double, _ dt: Double) -> Int { Swift.max(0, Int(((t - 1e-9) / dt).rounded(.up))) }

    func downFrame(_ f: FingerTrack, _ dt: Double) -> Int? { f.down.map { TouchScript.frame($0, dt) } }

    func upFrame(_ f: FingerTrack, _ dt: Double) -> Int? {
        f.up.map { Swift.max(TouchScript.frame($0, dt), (downFrame(f, dt) ?? 0) + 1) }
    }

    /// The step's last frame (at least 1): the later of its duration and its last lift.
    public func lastFrame(dt: Double) -> Int {
        fingers.reduce(Swift.max(1, TouchScript.frame(duration, dt))) { Swift.max($0, upFrame($1, dt) ?? 0) }
    }

    /// The touches of frame `k`, `t` seconds after the step's start; `ids[i]` identifies finger `i`.
    public func touches(frame k: Int, at t: Double, dt: Double, ids: [Int]) -> [Touch] {
        var out: [Touch] = []
        for (i, f) in fingers.enumerated() {
            let kd = downFrame(f, dt)
            if k < (kd ?? 1) { continue }
            let ku = upFrame(f, dt)
            if let ku, k > ku { continue }
            let phase: TouchPhase = k == kd ? .began : (k == ku ? .ended : .moved)
            out.append(Touch(id: ids[i], location: f.position(at: t), phase: phase))
        }
        return out
    }
}
