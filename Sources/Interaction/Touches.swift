import Geometry

/// A finger's phase in one touch event, as `UITouch.Phase`.
public enum TouchPhase: Sendable, Hashable { case began, moved, stationary, ended }

/// One finger in a touch event: its identity, where it is (reference-view points) and its phase.
public struct Touch: Sendable, Hashable {
    public var id: Int
    public var location: Vec2
    public var phase: TouchPhase
    public init(id: Int, location: Vec2, phase: TouchPhase) {
        self.id = id; self.location = location; self.phase = phase
    }
}

/// The touches of one frame: every finger of the sequence that is down, went down or lifted.
public struct TouchEvent: Sendable {
    /// Seconds, on the scene clock.
    public var time: Double
    public var touches: [Touch]
    public init(time: Double, touches: [Touch]) { self.time = time; self.touches = touches }
}

/// The fingers a recogniser follows: those down, in the order they went down.
public struct Fingers: Sendable {
    public private(set) var ids: [Int] = []
    public private(set) var points: [Vec2] = []
    /// The centroid of the fingers down, or where the last ones lifted (UIKit's `location(in:)`).
    public private(set) var centroid = Vec2.zero
    /// The first two fingers as the last event left them, those it lifted included (nil with
    /// fewer than two): a pinch or rotation counts a finger's last move before its lift.
    public private(set) var pair: (a: Vec2, b: Vec2)?
    public init() {}

    public var count: Int { ids.count }

    /// What one event did to the fingers.
    public struct Change: Sendable {
        public var wentDown = 0
        public var lifted = 0
        /// Whether a finger moved (by more than 1e-9 pt).
        public var moved = false
    }

    /// Where each finger's identity is in `ids` (and `points`): an event's touches are found in
    /// constant time, so that an event costs time linear in its touches and the fingers down.
    var index: [Int: Int] = [:]

    /// Follows `event`: fingers that went down are appended, lifted ones removed (their last
    /// location still counts in the centroid and the pair of this event).
    public mutating func apply(_ event: TouchEvent) -> Change {
        var change = Change()
        var lifting: Set<Int> = []
        for t in event.touches {
            let i = index[t.id]
            switch t.phase {
            case .began:
                if let i {
                    points[i] = t.location
                } else {
                    index[t.id] = ids.count
                    ids.append(t.id)
                    points.append(t.location)
                }
                change.wentDown += 1
            case .moved, .stationary, .ended:
                guard let i else { continue }
                // (a continued path may start a rounding error away from where its finger stopped)
                if (points[i] - t.location).length > 1e-9 { change.moved = true }
                points[i] = t.location
                if t.phase == .ended { lifting.insert(t.id) }
            }
        }
        if !points.isEmpty { centroid = (1 / Double(points.count)) * points.reduce(Vec2.zero, +) }
        pair = points.count >= 2 ? (points[0], points[1]) : nil
        if !lifting.isEmpty {
            let kept = ids.indices.filter { !lifting.contains(ids[$0]) }
            change.lifted = ids.count - kept.count
            ids = kept.map { ids[$0] }
            points = kept.map { points[$0] }
            index = [:]
            for (k, id) in ids.enumerated() { index[id] = k }
        }
        return change
    }

    public mutating func removeAll() { ids = []; points = []; pair = nil; index = [:] }
}

/// A velocity estimate from samples, as the pan's: `w` × the newest sample + (1 − `w`) × the
/// previous one (the first sample is taken as it is).
public struct SmoothedRate: Sendable {
    public private(set) var value = 0.0
    var previous = 0.0
    var haveSample = false
    public init() {}

    public mutating func add(_ sample: Double) {
        let w = GestureTuning.velocityNewestWeight
        value = haveSample ? w * sample + (1 - w) * previous : sample
        previous = sample
        haveSample = true
    }
}

extension Fingers {
    /// The distance between the first two fingers (points).
    public var spacing: Double? { pair.map { ($0.b - $0.a).length } }
    /// The angle of the line from the first finger to the second (radians, clockwise on screen).
    public var angle: Double? { pair.map { Elementary.atan2($0.b.y - $0.a.y, $0.b.x - $0.a.x) } }
}
