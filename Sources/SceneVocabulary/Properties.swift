// What rules can set, and what expressions can read.

/// A view property `set` can assign (and `animate` can animate).
public enum ViewProperty: String, VocabularyName {
    case x, y, width, height, size, center, frame, rotation, scale, alpha, hidden
    /// A scroll view's (`ofScrollViewOnly`).
    case contentOffset, contentInsetTop = "contentInset.top", contentInsetLeft = "contentInset.left"
    case contentInsetBottom = "contentInset.bottom", contentInsetRight = "contentInset.right", zoomScale
    case isScrollEnabled
    public var type: ValueType {
        switch self {
        case .center, .size, .contentOffset: return .point
        case .frame: return .rect
        case .hidden, .isScrollEnabled: return .bool
        case .x, .y, .width, .height, .rotation, .scale, .alpha, .contentInsetTop, .contentInsetLeft,
            .contentInsetBottom, .contentInsetRight, .zoomScale:
            return .number
        }
    }
    public var doc: String {
        switch self {
        case .x, .y: return "the frame's origin (an error on a rotated view)"
        case .width, .height, .size: return "the bounds size, about the centre"
        case .center: return "the centre"
        case .frame: return "the frame (an error on a rotated view)"
        case .rotation: return "radians, clockwise"
        case .scale: return "the transform's scale"
        case .alpha: return "0…1"
        case .hidden: return "hides the view and its subviews; it does not animate (in `animate`, it changes at once)"
        case .contentOffset:
            return "scroll view: setContentOffset(_:animated: false), at once (`animate`: the screen follows)"
        case .contentInsetTop, .contentInsetLeft, .contentInsetBottom, .contentInsetRight:
            return "scroll view: an inset; an offset left outside the new range moves in (not while a finger holds)"
        case .zoomScale: return "scroll view: the zoom, within its limits, about the bounds' centre"
        case .isScrollEnabled: return "scroll view: false: its pan does not begin"
        }
    }
}

/// A behaviour property `set` can assign: it replaces the value the property got when the
/// behaviour was added, and nothing else.
public enum BehaviorProperty: String, VocabularyName {
    case anchor, length, frequency, damping, to, active, magnitude, angle, direction, offset
    case linearVelocity, angularVelocity, elasticity, friction, density, resistance, angularResistance, allowsRotation,
        anchored, charge
    public var type: ValueType {
        switch self {
        case .anchor, .to, .direction, .offset, .linearVelocity: return .point
        case .active, .allowsRotation, .anchored: return .bool
        case .length, .frequency, .damping, .magnitude, .angle, .angularVelocity, .elasticity, .friction, .density,
            .resistance, .angularResistance, .charge:
            return .number
        }
    }
    public var doc: String { "the behaviour's `\(rawValue)`" }
}

/// Members of a view in expressions (`card.center`, `shade.maxY`).
public enum ViewMember: String, VocabularyName {
    case center, x, y, width, height, size, bounds, frame, minX, midX, maxX, minY, midY, maxY
    case rotation, scale, alpha, hidden, velocity, speed, angularVelocity, resting, removed, screen, contacts
    /// A scroll view's (`scroll`) only.
    case contentOffset, isDragging, isDecelerating
    case contentInsetTop = "contentInset.top", contentInsetLeft = "contentInset.left"
    case contentInsetBottom = "contentInset.bottom", contentInsetRight = "contentInset.right"
    case isScrollEnabled, zoomScale, isZooming, isZoomBouncing
    public var type: ValueType {
        switch self {
        case .center, .size, .velocity, .contentOffset: return .point
        case .bounds, .frame, .screen: return .rect
        case .hidden, .resting, .removed, .isDragging, .isDecelerating, .isScrollEnabled, .isZooming, .isZoomBouncing:
            return .bool
        case .x, .y, .width, .height, .minX, .midX, .maxX, .minY, .midY, .maxY, .rotation, .scale, .alpha, .speed,
            .angularVelocity, .contacts, .contentInsetTop, .contentInsetLeft, .contentInsetBottom, .contentInsetRight,
            .zoomScale:
            return .number
        }
    }
    public var doc: String {
        switch self {
        case .center: return "the centre"
        case .x, .y: return "the frame's origin"
        case .width, .height, .size: return "the bounds size (rotation does not change it)"
        case .bounds: return "[0, 0, width, height]"
        case .frame: return "the bounding box of the turned and scaled view"
        case .minX, .midX, .maxX, .minY, .midY, .maxY: return "of the frame"
        case .rotation: return "radians, clockwise"
        case .scale: return "the transform's scale"
        case .alpha: return "0…1 (its own; the screen multiplies it by its superviews')"
        case .hidden: return "hidden (its own; a hidden superview hides it too)"
        case .velocity: return "pt/s (about 0 while an attachment drags it)"
        case .speed: return "the length of `velocity`"
        case .angularVelocity: return "rad/s"
        case .resting: return "below the rest thresholds"
        case .removed: return "removed by `removeView`"
        case .screen:
            return "the frame on the screen: through its superviews' transforms and scroll views' offsets; "
                + "turned, the bounding box"
        case .contentOffset:
            return "scroll view: the content point at its bounds' top left (grows as the content moves up)"
        case .isDragging: return "scroll view: its pan holds the content"
        case .isDecelerating: return "scroll view: moving after a release (decelerating, bouncing back or paging)"
        case .contentInsetTop, .contentInsetLeft, .contentInsetBottom, .contentInsetRight:
            return "scroll view: the inset on that side (`contentInset.top` …)"
        case .isScrollEnabled: return "scroll view: its pan may begin"
        case .zoomScale: return "scroll view: the zooming view's scale (1 without `zoom`)"
        case .isZooming: return "scroll view: a pinch zooms it"
        case .isZoomBouncing: return "scroll view: the zoom springs back inside its limits"
        case .contacts: return "the contacts the view (a group: its items) has begun"
        }
    }

    /// The members only a scroll view has.
    public var ofScrollViewOnly: Bool {
        switch self {
        case .contentOffset, .isDragging, .isDecelerating, .contentInsetTop, .contentInsetLeft, .contentInsetBottom,
            .contentInsetRight, .isScrollEnabled, .zoomScale, .isZooming, .isZoomBouncing:
            return true
        case .center, .x, .y, .width, .height, .size, .bounds, .frame, .minX, .midX, .maxX, .minY, .midY, .maxY,
            .rotation, .scale, .alpha, .hidden, .velocity, .speed, .angularVelocity, .resting, .removed, .screen,
            .contacts:
            return false
        }
    }
}

extension ViewMember {
    /// The members an `expect.views` entry may name, in the order the schema and the reference
    /// list them: the one list the loader, the schema and the reference read.
    public static let expectable: [ViewMember] = [
        .frame, .center, .x, .y, .width, .height, .size, .bounds, .rotation, .alpha, .removed, .velocity,
        .angularVelocity, .scale, .screen, .contentOffset, .isDragging, .isDecelerating, .contacts, .hidden,
        .contentInsetTop, .contentInsetLeft, .contentInsetBottom, .contentInsetRight, .isScrollEnabled, .zoomScale,
        .isZooming, .isZoomBouncing,
    ]

    /// The expectable members `presentation: { … }` may name: what the screen shows differently
    /// from the model during an animation (a scroll view's offset, during an `animate` of its insets).
    public static var expectableOnScreen: [ViewMember] {
        expectable.filter {
            $0 != .removed && $0 != .contacts && $0 != .hidden && (!$0.ofScrollViewOnly || $0 == .contentOffset)
        }
    }

    /// The default `within` of an expected member, in its unit.
    public var defaultWithin: Double {
        switch self {
        case .rotation, .alpha, .angularVelocity, .scale, .zoomScale: return 0.01
        case .velocity: return 1
        case .contacts: return 0  // a count
        case .center, .x, .y, .width, .height, .size, .bounds, .frame, .minX, .midX, .maxX, .minY, .midY, .maxY,
            .speed, .resting, .removed, .hidden, .screen, .contentOffset, .isDragging, .isDecelerating,
            .contentInsetTop, .contentInsetLeft, .contentInsetBottom, .contentInsetRight, .isScrollEnabled, .isZooming,
            .isZoomBouncing:
            return 0.5
        }
    }

    /// `view.presentation`: a view's members as the screen shows them during a UIView or property
    /// animation
    /// (the model values when none runs).
    public static let presentation = "presentation"
}

/// Members of a gesture (`pull.translation`, or `gesture.…` for the current one). Which a
/// gesture has, and `velocity`'s type, depend on its kind (`GestureKind.members`).
public enum GestureMember: String, VocabularyName {
    case location, locationInView, translation, velocity, state, numberOfTouches, scale, rotation
    /// The type as a pan has it (`gesture.…`, the current gesture, reads the members a pan has).
    public var type: ValueType {
        switch self {
        case .location, .locationInView, .translation, .velocity: return .point
        case .state: return .string
        case .numberOfTouches, .scale, .rotation: return .number
        }
    }
    public var doc: String {
        switch self {
        case .location: return "the fingers' centroid, in the world"
        case .locationInView: return "the fingers' centroid, in the bounds of the gesture's view"
        case .translation: return "pan: the movement since it began, less the hysteresis"
        case .velocity: return "pan: pt/s (a point); pinch: scale/s, rotation: rad/s (numbers)"
        case .state: return "possible, began, changed, ended, cancelled or failed"
        case .numberOfTouches: return "fingers down"
        case .scale: return "pinch: finger spacing / spacing at began"
        case .rotation: return "rotation: radians turned since began, clockwise"
        }
    }

    /// The members of `gesture`, the current gesture of any kind: a pan's.
    public static let ofCurrentGesture: [GestureMember] = [
        .location, .locationInView, .translation, .velocity, .state, .numberOfTouches,
    ]
}

/// Members of `world`.
public enum WorldMember: String, VocabularyName {
    case bounds, width, height, center, size
    public var type: ValueType {
        switch self {
        case .bounds: return .rect
        case .width, .height: return .number
        case .center, .size: return .point
        }
    }
    public var doc: String { "of the reference view" }
}

/// Members of a transition.
public enum TransitionMember: String, VocabularyName {
    case progress, state
    public var type: ValueType {
        switch self {
        case .progress: return .number
        case .state: return .string
        }
    }
    public var doc: String {
        switch self {
        case .progress: return "0…1"
        case .state: return TransitionStateName.alternatives
        }
    }
}

/// Members of `contact`, inside contact rules.
public enum ContactMember: String, VocabularyName {
    case point, boundary, item, otherItem
    public var type: ValueType {
        switch self {
        case .point: return .point
        case .boundary, .item, .otherItem: return .string
        }
    }
    public var doc: String {
        switch self {
        case .point: return "where the contact is"
        case .boundary: return "the boundary's identifier ('' for the reference bounds or an item)"
        case .item: return "the first view"
        case .otherItem: return "the other view ('' for a boundary)"
        }
    }
}

/// Names every expression may use besides the scene's own.
public enum BuiltinName: String, VocabularyName {
    case world, gesture, touch, translation, velocity, time, elapsed, contact, finalFrame, initialFrame, pi
    case position
    public var doc: String {
        switch self {
        case .world: return "the reference view"
        case .gesture: return "the gesture of the current touch events"
        case .touch: return "`gesture.location`"
        case .translation: return "`gesture.translation`"
        case .velocity: return "`gesture.velocity`"
        case .time: return "the scene clock, s"
        case .elapsed: return "the animator's elapsedTime, s"
        case .contact: return "the contact, in contact rules"
        case .finalFrame: return "of the current transition"
        case .initialFrame: return "of the current transition"
        case .pi: return "π"
        case .position: return "where the animator ended ('end', 'start' or 'current'), in its completion"
        }
    }
}
