import Geometry

/// `UITapGestureRecognizer`: `taps` taps (`numberOfTapsRequired`) of `touches` fingers each
/// (`numberOfTouchesRequired`). Discrete: it goes from `possible` to `ended` at the lift that
/// completes the last tap.
///
/// It fails when a finger moves more than `GestureTuning.tapAllowableMovement` from where it went
/// down, when a tap lasts longer than `tapMaximumDuration`, when more fingers than `touches` come
/// down or a tap ends with fewer, and, between taps, when the next tap does not touch down within
/// `tapMaximumInterval` of the previous lift or lands farther than `tapAllowableSeparation` from
/// the first.
public struct TapRecognizer: FailingRecognizer {
    public var taps: Int
    public var touches: Int
    public internal(set) var state = GestureState.possible
    public private(set) var fingers = Fingers()
    /// Taps completed in this sequence.
    public private(set) var tapsDone = 0
    var inTap = false
    var tapStart = 0.0
    var mostFingers = 0
    /// Where each finger went down (its first touch-down), by identity: found in constant time.
    var origins: [Int: Vec2] = [:]
    var lastLift = 0.0
    var firstTap = Vec2.zero

    public init(taps: Int = 1, touches: Int = 1) { self.taps = taps; self.touches = touches }

    public var location: Vec2 { fingers.centroid }
    public var numberOfTouches: Int { fingers.count }
    public var isDiscrete: Bool { true }
    public var numberOfTouchesRequired: Int { touches }
    /// A tap measures nothing but its fingers.
    public var values: GestureValues { GestureValues() }

    public mutating func handle(_ event: TouchEvent) -> [GestureState] {
        let change = fingers.apply(event)
        if isFinished { return [] }
        let t = event.time
        if change.wentDown > 0 && !inTap {
            if tapsDone > 0
                && (t - lastLift > GestureTuning.tapMaximumInterval + 1e-9
                    || (fingers.centroid - firstTap).length > GestureTuning.tapAllowableSeparation)
            {
                return failing()
            }
            inTap = true
            tapStart = t
            mostFingers = 0
            origins = [:]
        }
        for tch in event.touches where tch.phase == .began && origins[tch.id] == nil { origins[tch.id] = tch.location }
        mostFingers = Swift.max(mostFingers, fingers.count + change.lifted)
        if mostFingers > touches { return failing() }
        for tch in event.touches {
            guard let o = origins[tch.id] else { continue }
            if (tch.location - o).length > GestureTuning.tapAllowableMovement { return failing() }
        }
        guard inTap && fingers.count == 0 else { return advance(to: t) }
        inTap = false
        if mostFingers < touches || t - tapStart > GestureTuning.tapMaximumDuration + 1e-9 { return failing() }
        if tapsDone == 0 { firstTap = fingers.centroid }
        tapsDone += 1
        lastLift = t
        if tapsDone == taps {
            state = .ended
            return [.ended]
        }
        return []
    }

    public mutating func advance(to time: Double) -> [GestureState] {
        if isFinished { return [] }
        if inTap && time - tapStart > GestureTuning.tapMaximumDuration + 1e-9 { return failing() }
        if !inTap && tapsDone > 0 && time - lastLift > GestureTuning.tapMaximumInterval + 1e-9 { return failing() }
        return []
    }

    /// A tap is discrete: cancelled touches make it fail; no finger stays.
    public mutating func cancel() -> [GestureState] {
        fingers.removeAll()
        if isFinished { return [] }
        return failing()
    }

    public mutating func reset() {
        state = .possible; tapsDone = 0; inTap = false; origins = [:]
        if fingers.count > 0 { fingers.removeAll() }
    }
}

/// The tap's thresholds (chosen: UIKit does not document them, docs/physics.md).
extension GestureTuning {
    /// A tap fails once a finger moves this far (points) from where it went down.
    public static let tapAllowableMovement = 10.0
    /// A tap fails when its fingers stay down longer than this (seconds).
    public static let tapMaximumDuration = 0.5
    /// A multi-tap fails when the next tap does not touch down within this many seconds of the
    /// previous lift (so a double tap fails this long after a single one).
    public static let tapMaximumInterval = 0.35
    /// A multi-tap fails when a later tap lands farther than this (points) from the first.
    public static let tapAllowableSeparation = 45.0
}
