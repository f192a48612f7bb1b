// Property animators (UIViewPropertyAnimator): the keys of `animators`, of their timings and of
// the actions that drive them, and what expressions read of them.

/// The keys of an entry of `animators`.
public enum AnimatorKey: String, VocabularyKey {
    case duration, timing, set, then, pausesOnCompletion, scrubsLinearly
    public var kind: KeyKind {
        switch self {
        case .duration: return .literalNumber
        case .timing: return .choice(CurveName.names + ["{ cubic }", "{ spring }"])
        case .set: return .choice(["{ view.property: value }"])
        case .then: return .choice(["actions"])
        case .pausesOnCompletion, .scrubsLinearly: return .bool
        }
    }
    public var defaultValue: String {
        switch self {
        case .duration: return "0.25"
        case .timing: return "easeInOut"
        case .set, .then: return "none"
        case .pausesOnCompletion: return "false"
        case .scrubsLinearly: return "true"
        }
    }
    public var minimum: (value: Double, exclusive: Bool)? {
        switch self {
        case .duration: return (0, true)
        case .timing, .set, .then, .pausesOnCompletion, .scrubsLinearly: return nil
        }
    }
    public var doc: String {
        switch self {
        case .duration: return "seconds (ignored by a spring of mass, stiffness and damping)"
        case .timing:
            return "a curve name, `{ cubic: [x1, y1, x2, y2] }` or `{ spring: { … } }` (UITimingCurveProvider); its "
                + "numbers may be expressions, evaluated when the animator becomes active"
        case .set: return "the animations block: view properties and their end values, set when it starts"
        case .then: return "the completion, with `position`: 'end', 'start' or 'current'"
        case .pausesOnCompletion: return "stay active and paused at the end, with no completion"
        case .scrubsLinearly: return "`fractionComplete` set while paused shows a value linear in it"
        }
    }
}

/// The forms of a timing given as a mapping: `{ cubic: … }` or `{ spring: … }`.
public enum TimingKind: String, VocabularyName {
    case cubic, spring
    public var doc: String {
        switch self {
        case .cubic: return "UICubicTimingParameters: control points [x1, y1, x2, y2], x in 0…1"
        case .spring:
            return "UISpringTimingParameters: `dampingRatio` (runs for the duration) or `mass`, `stiffness` and "
                + "`damping` (runs until it settles)"
        }
    }
}

/// The keys of `timing: { spring: { … } }`.
public enum SpringTimingKey: String, VocabularyKey {
    case dampingRatio, mass, stiffness, damping, initialVelocity
    public var kind: KeyKind {
        switch self {
        case .initialVelocity: return .point
        case .dampingRatio, .mass, .stiffness, .damping: return .number
        }
    }
    public var defaultValue: String {
        switch self {
        case .dampingRatio, .stiffness, .damping: return "none"
        case .mass: return "1"
        case .initialVelocity: return "[0, 0]"
        }
    }
    public var minimum: (value: Double, exclusive: Bool)? {
        switch self {
        case .initialVelocity: return nil
        case .dampingRatio, .mass, .stiffness, .damping: return (0, true)
        }
    }
    public var doc: String {
        switch self {
        case .dampingRatio: return "ζ: under 1 it overshoots; the spring is scaled to settle at the duration"
        case .mass: return "m of m·x'' + c·x' + k·x = 0"
        case .stiffness: return "k, with mass and damping"
        case .damping: return "c, with mass and stiffness (ζ = c / (2√(km)))"
        case .initialVelocity:
            return "[dx, dy], relative: 1 = the whole distance per second (a finger's speed: "
                + "`\"[0, pan.velocity.y / (detent - sheet.y)]\"`)"
        }
    }
}

/// The keys of `startAnimator: { … }`.
public enum StartAnimatorKey: String, VocabularyName {
    case animator, afterDelay
    public var doc: String {
        switch self {
        case .animator: return "the animator"
        case .afterDelay: return "seconds before it starts moving (it is running meanwhile)"
        }
    }
}

/// The keys of `continueAnimator: { … }`.
public enum ContinueAnimatorKey: String, VocabularyName {
    case animator, timing, durationFactor
    public var doc: String {
        switch self {
        case .animator: return "the animator"
        case .timing:
            return "the timing of the rest (default: the one in effect), as in `animators`, evaluated when it continues"
        case .durationFactor: return "the rest takes durationFactor × duration × the fraction left (default 1)"
        }
    }
}

/// The keys of `stopAnimator: { … }`.
public enum StopAnimatorKey: String, VocabularyName {
    case animator, finish
    public var doc: String {
        switch self {
        case .animator: return "the animator"
        case .finish: return "none (default), end, start or current"
        }
    }
}

/// `stopAnimator`'s `finish`: UIKit's `stopAnimation(true)`, or `stopAnimation(false)` then
/// `finishAnimation(at:)`.
public enum StopFinish: String, VocabularyName {
    case withoutFinishing = "none"
    case end, start, current
    public var doc: String {
        switch self {
        case .withoutFinishing: return "stopAnimation(true): inactive where the screen is, no completion"
        case .end: return "the completion runs with position 'end'; the end values stay"
        case .start: return "the completion runs with position 'start'; the views take their start values"
        case .current: return "the completion runs with position 'current'; the views keep what the screen shows"
        }
    }
}

/// The states of a property animator (`UIViewAnimatingState`).
public enum AnimatorStateName: String, VocabularyName {
    case inactive, active, stopped
    public var doc: String {
        switch self {
        case .inactive: return "not started, or ended"
        case .active: return "running or paused"
        case .stopped: return "stopped, waiting to be finished (not seen by rules: `stopAnimator` finishes at once)"
        }
    }
}

/// Members of an animator in expressions (`open.fractionComplete`).
public enum AnimatorMember: String, VocabularyName {
    case state, isRunning, fractionComplete, isReversed
    public var type: ValueType {
        switch self {
        case .state: return .string
        case .isRunning, .isReversed: return .bool
        case .fractionComplete: return .number
        }
    }
    public var doc: String {
        switch self {
        case .state: return "inactive, active or stopped"
        case .isRunning: return "running (also during a start delay), not paused"
        case .fractionComplete: return "0…1, the fraction of the duration (0 = start values, either way it runs)"
        case .isReversed: return "running back to the start values"
        }
    }
}

/// Animator properties `set` can assign.
public enum AnimatorProperty: String, VocabularyName {
    case fractionComplete, isReversed
    public var type: ValueType {
        switch self {
        case .fractionComplete: return .number
        case .isReversed: return .bool
        }
    }
    public var doc: String {
        switch self {
        case .fractionComplete: return "scrubs a paused (or inactive) animator, clamped to 0…1"
        case .isReversed: return "turns an active animator back (or forward again)"
        }
    }
}
