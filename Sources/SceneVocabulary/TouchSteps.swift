// The keys of the touch steps of format 1.2 (`tap`, `press`, `pinch`, `rotate`, `touches`) and
// how every touch step ends (`release`).

/// How a touch step ends (`release`).
public enum ReleaseMode: String, VocabularyName {
    case lift, hold, cancel
    public var doc: String {
        switch self {
        case .lift: return "the fingers lift: the recognisers end (or fail)"
        case .hold: return "the fingers stay down; a later touch step continues them"
        case .cancel: return "the touches are cancelled: recognisers that had begun are cancelled, the others fail"
        }
    }
}

/// The keys of a `tap` step.
public enum TapStepKey: String, VocabularyKey {
    case gesture, at, count, touches, release
    public var kind: KeyKind {
        switch self {
        case .gesture: return .gestureName
        case .at: return .point
        case .count, .touches: return .number
        case .release: return .choice(ReleaseMode.names)
        }
    }
    public var defaultValue: String {
        switch self {
        case .gesture, .at: return "required"
        case .count: return "1"
        case .touches: return "the gesture's `touches`, else 1"
        case .release: return "lift"
        }
    }
    public var minimum: (value: Double, exclusive: Bool)? {
        switch self {
        case .count, .touches: return (1, false)
        case .gesture, .at, .release: return nil
        }
    }
    public var doc: String {
        switch self {
        case .gesture: return "the gesture the fingers touch"
        case .at: return "where (fingers side by side 40 pt apart, centred on it)"
        case .count: return "taps, each 0.05 s down with 0.1 s between"
        case .touches: return "fingers per tap"
        case .release: return "how the last tap ends: hold keeps its fingers down, cancel cancels them"
        }
    }
}

/// The keys of a `press` step.
public enum PressKey: String, VocabularyKey {
    case gesture, at, duration, touches, release
    public var kind: KeyKind {
        switch self {
        case .gesture: return .gestureName
        case .at: return .point
        case .duration, .touches: return .number
        case .release: return .choice(ReleaseMode.names)
        }
    }
    public var defaultValue: String {
        switch self {
        case .gesture, .at, .duration: return "required"
        case .touches: return "the gesture's `touches`, else 1"
        case .release: return "hold"
        }
    }
    public var minimum: (value: Double, exclusive: Bool)? {
        switch self {
        case .duration: return (0, true)
        case .touches: return (1, false)
        case .gesture, .at, .release: return nil
        }
    }
    public var doc: String {
        switch self {
        case .gesture: return "the gesture the fingers touch"
        case .at: return "where the fingers stay"
        case .duration: return "seconds the step lasts"
        case .touches: return "fingers"
        case .release: return "what happens at the end; a later `pan` continues a held finger"
        }
    }
}

/// The keys of a `pinch` step.
public enum PinchStepKey: String, VocabularyKey {
    case gesture, center, from, to, duration, curve, release
    public var kind: KeyKind {
        switch self {
        case .gesture: return .gestureName
        case .center: return .point
        case .from, .to, .duration: return .number
        case .curve: return .choice(CurveName.names)
        case .release: return .choice(ReleaseMode.names)
        }
    }
    public var defaultValue: String {
        switch self {
        case .gesture, .center, .from, .to: return "required"
        case .duration: return "0.25"
        case .curve: return "linear"
        case .release: return "lift"
        }
    }
    public var minimum: (value: Double, exclusive: Bool)? {
        switch self {
        case .duration, .from, .to: return (0, true)
        case .gesture, .center, .curve, .release: return nil
        }
    }
    public var doc: String {
        switch self {
        case .gesture: return "the gesture the fingers touch"
        case .center: return "the fingers sit on the horizontal line through it, either side"
        case .from, .to: return "finger spacing, points"
        case .duration: return "seconds"
        case .curve: return "how the spacing changes over time"
        case .release: return "what happens at the end"
        }
    }
}

/// The keys of a `rotate` step.
public enum RotateKey: String, VocabularyKey {
    case gesture, center, by, radius, duration, curve, release
    public var kind: KeyKind {
        switch self {
        case .gesture: return .gestureName
        case .center: return .point
        case .by, .radius, .duration: return .number
        case .curve: return .choice(CurveName.names)
        case .release: return .choice(ReleaseMode.names)
        }
    }
    public var defaultValue: String {
        switch self {
        case .gesture, .center, .by: return "required"
        case .radius: return "50"
        case .duration: return "0.25"
        case .curve: return "linear"
        case .release: return "lift"
        }
    }
    public var minimum: (value: Double, exclusive: Bool)? {
        switch self {
        case .radius, .duration: return (0, true)
        case .gesture, .center, .by, .curve, .release: return nil
        }
    }
    public var doc: String {
        switch self {
        case .gesture: return "the gesture the fingers touch"
        case .center: return "what the fingers turn about"
        case .by: return "the turn, radians or \"90deg\", clockwise when positive"
        case .radius: return "points: the fingers start this far either side of `center` on the horizontal line"
        case .duration: return "seconds"
        case .curve: return "how the angle changes over time"
        case .release: return "what happens at the end"
        }
    }
}

/// The keys of a `touches` step.
public enum TouchesKey: String, VocabularyKey {
    case gesture, paths, release
    public var kind: KeyKind {
        switch self {
        case .gesture: return .gestureName
        case .paths: return .fingerPaths
        case .release: return .choice(ReleaseMode.names)
        }
    }
    public var defaultValue: String {
        switch self {
        case .gesture, .paths: return "required"
        case .release: return "lift"
        }
    }
    public var doc: String {
        switch self {
        case .gesture: return "the gesture the fingers touch"
        case .paths: return "one list of keyframes [t, x, y] per finger, times from the step's start"
        case .release: return "lift: each finger at its last keyframe; hold or cancel: all at the step's end"
        }
    }
}
