import Diagnostics
import Expressions
import Geometry
import SceneModel

/// A view's observable state (points, radians, points/s).
public struct ViewState: Sendable {
    public var name: String
    public var frame: Rect
    public var rotation: Double
    public var alpha: Double
    public var velocity: Vec2
    public var angularVelocity: Double
    public var resting: Bool
    public var removed: Bool
    public init(name: String, frame: Rect, rotation: Double, alpha: Double, velocity: Vec2 = .zero, angularVelocity: Double = 0, resting: Bool = true, removed: Bool = false) {
        self.name = name; self.frame = frame; self.rotation = rotation; self.alpha = alpha; self.velocity = velocity
        self.angularVelocity = angularVelocity; self.resting = resting; self.removed = removed
    }
}

/// A gesture's observable state.
public struct GestureSnapshot: Sendable {
    public var name: String
    public var state: String
    public var location: Vec2
    public var locationInView: Vec2
    public var translation: Vec2
    public var velocity: Vec2
    public init(name: String, state: String, location: Vec2, locationInView: Vec2, translation: Vec2, velocity: Vec2) {
        self.name = name; self.state = state; self.location = location; self.locationInView = locationInView
        self.translation = translation; self.velocity = velocity
    }
}

/// The contact a `contact` rule is handling.
public struct ContactSnapshot: Sendable {
    public var point: Vec2
    public var boundary: String
    public var item: String
    public var otherItem: String
    public init(point: Vec2, boundary: String, item: String, otherItem: String) {
        self.point = point; self.boundary = boundary; self.item = item; self.otherItem = otherItem
    }
}

/// Everything an expression or an expectation can observe at one moment; the names of the
/// expression language resolve against it.
public struct Snapshot: Sendable, NameResolver {
    public var time: Double
    public var elapsed: Double
    public var paused: Bool
    /// Scene time of the last change from running to paused, if any.
    public var lastPause: Double?
    public var worldSize: Vec2
    public var views: [ViewState]
    public var transitions: [(name: String, state: String, progress: Double)]
    public var gestures: [GestureSnapshot]
    public var currentGesture: String?
    public var contact: ContactSnapshot?
    public var initialFrame: Rect
    public var finalFrame: Rect
    /// Event counts, in a fixed order.
    public var events: [(String, Int)]

    public init(time: Double, elapsed: Double, paused: Bool, lastPause: Double?, worldSize: Vec2, views: [ViewState],
                transitions: [(name: String, state: String, progress: Double)] = [], gestures: [GestureSnapshot] = [],
                currentGesture: String? = nil, contact: ContactSnapshot? = nil, initialFrame: Rect = .zero, finalFrame: Rect = .zero,
                events: [(String, Int)] = []) {
        self.time = time; self.elapsed = elapsed; self.paused = paused; self.lastPause = lastPause; self.worldSize = worldSize
        self.views = views; self.transitions = transitions; self.gestures = gestures; self.currentGesture = currentGesture
        self.contact = contact; self.initialFrame = initialFrame; self.finalFrame = finalFrame; self.events = events
    }

    public func count(_ event: String) -> Int { events.first { $0.0 == event }?.1 ?? 0 }

    func gestureValue(_ g: GestureSnapshot?, _ member: String) -> Value {
        guard let g else {
            return member == "state" ? .string("possible") : .point(.zero)
        }
        switch member {
        case "location": return .point(g.location)
        case "locationInView": return .point(g.locationInView)
        case "translation": return .point(g.translation)
        case "velocity": return .point(g.velocity)
        default: return .string(g.state)
        }
    }

    public func resolve(_ path: [String], at location: SourceLocation) throws(Diagnostic) -> Value {
        let head = path[0]
        let member = path.count > 1 ? path[1] : ""
        switch head {
        case "world":
            let r = Rect(origin: .zero, size: worldSize)
            switch member {
            case "bounds": return .rect(r)
            case "width": return .number(worldSize.x)
            case "height": return .number(worldSize.y)
            case "size": return .point(worldSize)
            default: return .point(r.center)
            }
        case "time": return .number(time)
        case "elapsed": return .number(elapsed)
        case "finalFrame": return .rect(finalFrame)
        case "initialFrame": return .rect(initialFrame)
        case "touch": return gestureValue(gestures.first { $0.name == currentGesture }, "location")
        // (`where` applied to "velocity" alone before; kept, without the warning.)
        case "translation": return gestureValue(gestures.first { $0.name == currentGesture }, head)
        case "velocity" where path.count == 1: return gestureValue(gestures.first { $0.name == currentGesture }, head)
        case "gesture": return gestureValue(gestures.first { $0.name == currentGesture }, member)
        case "contact":
            guard let c = contact else { throw Diagnostic("`contact` is only defined inside a contact rule", at: location) }
            switch member {
            case "point": return .point(c.point)
            case "boundary": return .string(c.boundary)
            case "item": return .string(c.item)
            default: return .string(c.otherItem)
            }
        default: break
        }
        if let v = views.first(where: { $0.name == head }) {
            switch member {
            case "frame": return .rect(v.frame)
            case "rotation": return .number(v.rotation)
            case "alpha": return .number(v.alpha)
            case "velocity": return .point(v.velocity)
            case "speed": return .number(v.velocity.length)
            case "angularVelocity": return .number(v.angularVelocity)
            case "resting": return .bool(v.resting)
            case "removed": return .bool(v.removed)
            default:
                // Frame-derived members (center, x, y, width, height, size, minX … maxY) are the rect's.
                if let x = memberValue(of: .rect(v.frame), named: member) { return x }
            }
        }
        if let g = gestures.first(where: { $0.name == head }) { return gestureValue(g, member) }
        if let t = transitions.first(where: { $0.name == head }) {
            return member == "progress" ? .number(t.progress) : .string(t.state)
        }
        throw Diagnostic("`\(path.joined(separator: "."))` has no value here", at: location)
    }
}
