import Geometry

/// A recogniser of any kind: one `switch` over the kinds per question, each kind in its own file.
public enum Recognizer: Sendable {
    case pan(PanTouches)
    case tap(TapRecognizer)
    case longPress(LongPressRecognizer)
    case pinch(PinchRecognizer)
    case rotation(RotationRecognizer)
    case swipe(SwipeRecognizer)

    /// Whether it recognises at once (`possible` → `ended`), as a tap or a swipe.
    public var isDiscrete: Bool {
        switch self {
        case .tap, .swipe: return true
        case .pan, .longPress, .pinch, .rotation: return false
        }
    }

    public var state: GestureState {
        switch self {
        case .pan(let r): return r.state
        case .tap(let r): return r.state
        case .longPress(let r): return r.state
        case .pinch(let r): return r.state
        case .rotation(let r): return r.state
        case .swipe(let r): return r.state
        }
    }

    /// The centroid of the fingers (reference-view points).
    public var location: Vec2 {
        switch self {
        case .pan(let r): return r.location
        case .tap(let r): return r.location
        case .longPress(let r): return r.location
        case .pinch(let r): return r.location
        case .rotation(let r): return r.location
        case .swipe(let r): return r.location
        }
    }

    public var numberOfTouches: Int {
        switch self {
        case .pan(let r): return r.numberOfTouches
        case .tap(let r): return r.numberOfTouches
        case .longPress(let r): return r.numberOfTouches
        case .pinch(let r): return r.numberOfTouches
        case .rotation(let r): return r.numberOfTouches
        case .swipe(let r): return r.numberOfTouches
        }
    }

    public var isFinished: Bool { state == .ended || state == .cancelled || state == .failed }

    public mutating func handle(_ event: TouchEvent) -> [GestureState] { perform(.handle(event)) }
    public mutating func advance(to time: Double) -> [GestureState] { perform(.advance(time)) }
    public mutating func cancel() -> [GestureState] { perform(.cancel) }
    public mutating func fail() { _ = perform(.fail) }
    public mutating func reset() { _ = perform(.reset) }

    enum Operation { case handle(TouchEvent), advance(Double), cancel, fail, reset }

    mutating func perform(_ op: Operation) -> [GestureState] {
        switch self {
        case .pan(var r): defer { self = .pan(r) }; return Recognizer.apply(op, to: &r)
        case .tap(var r): defer { self = .tap(r) }; return Recognizer.apply(op, to: &r)
        case .longPress(var r): defer { self = .longPress(r) }; return Recognizer.apply(op, to: &r)
        case .pinch(var r): defer { self = .pinch(r) }; return Recognizer.apply(op, to: &r)
        case .rotation(var r): defer { self = .rotation(r) }; return Recognizer.apply(op, to: &r)
        case .swipe(var r): defer { self = .swipe(r) }; return Recognizer.apply(op, to: &r)
        }
    }

    static func apply<R: TouchRecognizer>(_ op: Operation, to r: inout R) -> [GestureState] {
        switch op {
        case .handle(let e): return r.handle(e)
        case .advance(let t): return r.advance(to: t)
        case .cancel: return r.cancel()
        case .fail: r.fail(); return []
        case .reset: r.reset(); return []
        }
    }
}
