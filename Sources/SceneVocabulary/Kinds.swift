/// Behaviour kinds: the one kind key of each entry of `behaviors`.
public enum BehaviorKindName: String, VocabularyName {
    case gravity, collision, attachment, snap, push, item, field, children
    public var doc: String {
        switch self {
        case .gravity: return "UIGravityBehavior"
        case .collision: return "UICollisionBehavior"
        case .attachment: return "UIAttachmentBehavior"
        case .snap: return "UISnapBehavior"
        case .push: return "UIPushBehavior"
        case .item: return "UIDynamicItemBehavior"
        case .field: return "UIFieldBehavior"
        case .children: return "a composite behaviour: the names of its child behaviours"
        }
    }
    /// The keys of this kind's mapping (none for `children`, which takes a list of names).
    public var keys: [String] {
        switch self {
        case .gravity: return GravityKey.names
        case .collision: return CollisionKey.names
        case .attachment: return AttachmentKey.names
        case .snap: return SnapKey.names
        case .push: return PushKey.names
        case .item: return ItemKey.names
        case .field: return FieldKey.names
        case .children: return []
        }
    }
    /// The properties `set` can change on a behaviour of this kind.
    public var settable: [BehaviorProperty] {
        switch self {
        case .gravity: return [.magnitude, .angle, .direction]
        case .collision, .children, .field: return []
        case .attachment: return [.anchor, .length, .frequency, .damping, .offset]
        case .snap: return [.to, .damping]
        case .push: return [.active, .magnitude, .angle, .direction, .offset]
        case .item:
            return [
                .linearVelocity, .angularVelocity, .elasticity, .friction, .density, .resistance, .angularResistance,
                .allowsRotation, .anchored, .charge,
            ]
        }
    }

    /// The keys this kind cannot do without.
    public var requiredKeys: [String] {
        switch self {
        case .attachment, .snap: return ["item"]
        case .field: return ["kind"]
        case .children: return []
        default: return ["items"]
        }
    }
}

/// `attachment.kind`.
public enum AttachmentKind: String, VocabularyName {
    case spring, sliding, limit, fixed, pin
    public var doc: String {
        switch self {
        case .spring: return "a distance joint: rigid at frequency 0, a spring otherwise"
        case .sliding: return "translation along `axis` only, within `range`"
        case .limit: return "a rope: at most `length` apart"
        case .fixed: return "welded: no relative motion"
        case .pin: return "a pivot, rotation within `range`, `frictionTorque` against turning"
        }
    }
}

/// `field.kind`.
public enum FieldKind: String, VocabularyName {
    case linearGravity, radialGravity, spring, drag, velocity, vortex, noise, turbulence, electric, magnetic
    public var doc: String {
        switch self {
        case .linearGravity: return "a uniform force along `direction`, proportional to mass"
        case .radialGravity: return "a force toward `position`"
        case .spring: return "a spring toward `position`"
        case .drag: return "a force against the velocity relative to `direction`"
        case .velocity: return "sets the velocity to `direction`"
        case .vortex: return "a force around `position`"
        case .noise: return "smooth random forces"
        case .turbulence: return "smooth random forces scaled by the speed"
        case .electric: return "a force on charged items, away from `position`"
        case .magnetic: return "a force across the velocity of moving items"
        }
    }
}

/// `collision.mode`.
public enum CollisionMode: String, VocabularyName {
    case items, boundaries, everything
    public var doc: String {
        switch self {
        case .items: return "the items collide with each other only"
        case .boundaries: return "the items collide with the boundaries only"
        case .everything: return "both"
        }
    }
}

/// `push.mode`.
public enum PushMode: String, VocabularyName {
    case continuous, instantaneous
    public var doc: String {
        self == .continuous ? "a force in every sub-step" : "one impulse, then the push sets itself inactive"
    }
}

/// UIView animation curves (`curve`, `completionCurve`).
public enum CurveName: String, VocabularyName {
    case linear, easeIn, easeOut, easeInOut
    public var doc: String {
        switch self {
        case .linear: return "constant speed"
        case .easeIn: return "cubic Bézier (0.42, 0, 1, 1)"
        case .easeOut: return "cubic Bézier (0, 0, 0.58, 1)"
        case .easeInOut: return "cubic Bézier (0.42, 0, 0.58, 1)"
        }
    }
}

/// `screenEdgePan.edges`.
public enum ScreenEdge: String, VocabularyName {
    case left, right, top, bottom
    public var doc: String { "a touch down within 13 pt of the \(rawValue) edge" }
}

/// `haptic:` styles (`UIImpactFeedbackGenerator.FeedbackStyle`).
public enum HapticStyle: String, VocabularyName {
    case light, medium, heavy, soft, rigid
    public var doc: String { "an impact feedback of style .\(rawValue)" }
}

/// Transition kinds.
public enum TransitionKind: String, VocabularyName {
    case present, dismiss
    public var doc: String {
        self == .present ? "the `to` view is presented over `from`" : "the `from` view is dismissed"
    }
}

/// How a transition is driven.
public enum InteractionKind: String, VocabularyName {
    case custom, percentDriven
    public var doc: String {
        self == .custom
            ? "the rules drive it; `finish`/`cancel` end the interactive phase, `complete` ends it"
            : "UIPercentDrivenInteractiveTransition: `finish`/`cancel` animate the rest and complete"
    }
}

/// The states of a transition.
public enum TransitionStateName: String, VocabularyName {
    case idle, interactive, finishing, cancelling, completed, cancelled
    public var doc: String {
        switch self {
        case .idle: return "not started"
        case .interactive: return "started, driven by `progress`"
        case .finishing: return "`finish` was called"
        case .cancelling: return "`cancel` was called"
        case .completed: return "ended, presented or dismissed"
        case .cancelled: return "ended, undone"
        }
    }
}

/// Gesture kinds.
public enum GestureKind: String, VocabularyName {
    case pan, screenEdgePan
    public var doc: String { self == .pan ? "UIPanGestureRecognizer" : "UIScreenEdgePanGestureRecognizer" }
}

/// The events of a gesture recogniser a rule can handle (`<gesture>.<event>`).
public enum GestureEvent: String, VocabularyName {
    case began, changed, ended, cancelled, failed
    public var doc: String {
        switch self {
        case .began, .changed: return "the recogniser's state became .\(rawValue)"
        case .ended: return "the recogniser's state became .ended (a tap or swipe: it was recognised)"
        case .cancelled: return "the recogniser's state became .cancelled (`release: cancel`)"
        case .failed: return "the recogniser's state became .failed (it did not recognise, or another one won)"
        }
    }
}

/// Events that are not a gesture's or a transition's.
public enum PlainEvent: String, VocabularyName {
    case step, contact, contactEnded, rest, resume
    public var doc: String {
        switch self {
        case .step: return "every animator tick while it runs"
        case .contact: return "a collision began (`contact` holds it)"
        case .contactEnded: return "a collision ended"
        case .rest: return "the animator paused"
        case .resume: return "the animator resumed"
        }
    }
}

/// Events counted for `expect.events`.
public enum CountedEvent: String, VocabularyName {
    case haptic, light, medium, heavy, soft, rigid, contact, contactEnded, log
    public var doc: String {
        switch self {
        case .haptic: return "haptics of every style"
        case .contact: return "collisions that began"
        case .contactEnded: return "collisions that ended"
        case .log: return "`log` actions run"
        default: return "haptics of style \(rawValue)"
        }
    }
}
