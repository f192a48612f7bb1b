import Geometry

/// A pan or screen-edge pan fed touch events: `PanRecognizer` driven by the centroid of the
/// fingers (one finger in every script step but `touches`).
///
/// The first finger down is the pan's touch-down; every later event is a move of the centroid
/// (stationary fingers included: touches arrive once per frame, and the pan's velocity samples
/// every one); the event that lifts the last finger moves to where it lifted, then lifts.
public struct PanTouches: TouchRecognizer {
    public private(set) var pan: PanRecognizer
    public private(set) var fingers = Fingers()
    /// The finger a `flick` moves and its velocity (`flick(finger:velocity:)`).
    var flicking: (finger: Int, velocity: Vec2)?

    public init(_ pan: PanRecognizer) { self.pan = pan }

    public var state: GestureState { pan.state }
    public var location: Vec2 { pan.location }
    public var numberOfTouches: Int { fingers.count }
    public var isDiscrete: Bool { false }
    public var numberOfTouchesRequired: Int { 1 }
    public var values: GestureValues { GestureValues(translation: pan.translation, velocity: pan.velocity) }

    public mutating func handle(_ event: TouchEvent) -> [GestureState] {
        let before = fingers.count
        let was = pan.state
        let change = fingers.apply(event)
        if before == 0 && change.wentDown > 0 {
            pan.touchDown(fingers.centroid, at: event.time)
            return pan.state == .failed && was != .failed ? [.failed] : []
        }
        if before == 0 { return [] }
        var out: [GestureState] = []
        if let f = flicking {
            pan.flickVelocity = event.touches.allSatisfy { $0.id == f.finger } ? f.velocity : nil
        }
        if let c = pan.touchMoved(fingers.centroid, at: event.time) { out.append(c) }
        if fingers.count == 0 {
            let possible = pan.state == .possible
            if let c = pan.touchUp(at: event.time) { out.append(c) }
            if possible && pan.state == .failed { out.append(.failed) }
        }
        return out
    }

    public mutating func advance(to time: Double) -> [GestureState] { [] }

    public mutating func cancel() -> [GestureState] {
        fingers.removeAll()
        if let c = pan.cancel() { return [c] }
        if pan.state == .possible {
            pan.fail()
            return [.failed]
        }
        return []
    }

    /// The estimate restarts at the centroid the fingers have with `finger` at `point`.
    public mutating func restartVelocity(finger: Int, at point: Vec2, time: Double) {
        guard let i = fingers.ids.firstIndex(of: finger) else { return }
        var points = fingers.points
        points[i] = point
        pan.restartVelocity(at: (1 / Double(points.count)) * points.reduce(Vec2.zero, +), time: time)
    }

    /// A flick moves finger `finger` at exactly `velocity` (nil: no flick); the pan takes it as
    /// its samples while that finger is the only one down (the centroid then moves at it).
    public mutating func flick(finger: Int, velocity: Vec2?) {
        flicking = velocity.map { (finger, $0) }
        if velocity == nil { pan.flickVelocity = nil }
    }

    public mutating func fail() { pan.fail() }

    public mutating func reset() {
        pan = PanRecognizer(minimumDistance: pan.minimumDistance, edges: pan.edges, bounds: pan.bounds)
        fingers.removeAll()
        flicking = nil
    }
}
