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

/// `haptic:` styles (`UIImpactFeedbackGenerator.FeedbackStyle`).
public enum HapticStyle: String, VocabularyName {
    case light, medium, heavy, soft, rigid
    public var doc: String { "an impact feedback of style .\(rawValue)" }
    /// The event `expect.events` counts for a haptic of this style.
    public var counted: CountedEvent {
        switch self {
        case .light: return .light
        case .medium: return .medium
        case .heavy: return .heavy
        case .soft: return .soft
        case .rigid: return .rigid
        }
    }
}

/// Transition kinds.
public enum TransitionKind: String, VocabularyName {
    case present, dismiss
    public var doc: String {
        switch self {
        case .present: return "the `to` view is presented over `from`"
        case .dismiss: return "the `from` view is dismissed"
        }
    }
}

/// How a transition is driven.
public enum InteractionKind: String, VocabularyName {
    case custom, percentDriven
    public var doc: String {
        switch self {
        case .custom: return "the rules drive it; `finish`/`cancel` end the interactive phase, `complete` ends it"
        case .percentDriven:
            return "UIPercentDrivenInteractiveTransition: `finish`/`cancel` animate the rest and complete"
        }
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

/// The events of one view a rule can handle (`<view>.<event>`): its own contacts only, run
/// after the scene-wide `contact` / `contactEnded` rules of the same contact.
public enum ViewEvent: String, VocabularyName {
    case contact, contactEnded
    public var doc: String {
        switch self {
        case .contact: return "a collision of this view (a group: of one of its items) began (`contact` holds it)"
        case .contactEnded: return "a collision of this view ended"
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
        case .light, .medium, .heavy, .soft, .rigid: return "haptics of style \(rawValue)"
        }
    }
}
