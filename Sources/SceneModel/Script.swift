import Diagnostics
import Expressions
import SceneVocabulary

/// A step of the script. Its numbers are expressions (over `vars`, sweep names and the scene's
/// state), evaluated when the step starts; literals were checked when the scene was loaded.
public enum Step: Sendable {
    case pan(PanSpec)
    case flick(
        gesture: GestureID, from: Expr, velocity: Expr, distance: Expr, release: ReleaseMode, location: SourceLocation)
    /// `tap`, `press`, `pinch`, `rotate` and `touches`.
    case touch(TouchStep)
    /// `wait: seconds` or `wait: { frames: n }` (exactly one of the two).
    case wait(frames: Expr?, seconds: Expr?, location: SourceLocation)
    case waitForRest(timeout: Expr?, location: SourceLocation)
    case waitFor(Expr, timeout: Expr?, location: SourceLocation)
    case expect(Expectation)
    case action(Action)
}

/// A keyframe of a finger path: time (s) and point, each an expression.
public struct Keyframe: Sendable {
    public var t: Expr
    public var p: Expr
    public var location: SourceLocation
    public init(t: Expr, p: Expr, location: SourceLocation) { self.t = t; self.p = p; self.location = location }
}

/// A finger path for a gesture: keyframes `[t, x, y]` (seconds, points).
public struct PanSpec: Sendable {
    public var gesture: GestureID
    public var keyframes: [Keyframe]
    public var curve: CurveName
    public var release: ReleaseMode
    public var location: SourceLocation
    public init(
        gesture: GestureID, keyframes: [Keyframe], curve: CurveName, release: ReleaseMode, location: SourceLocation
    ) {
        self.gesture = gesture; self.keyframes = keyframes; self.curve = curve; self.release = release
        self.location = location
    }
}

/// What `expect.events` counts: an event of the whole scene (`haptic`, `contact`, `log`), or
/// every firing of one gesture's, scroll view's, view's or transition's event, named as a rule
/// names it (`drag.began`, `list.didScroll`, `card.contact`, `present.ended`).
public enum ExpectedEvent: Sendable, Hashable {
    case counted(CountedEvent)
    case fired(Event, name: String)

    /// The key the scene wrote.
    public var name: String {
        switch self {
        case .counted(let c): return c.rawValue
        case .fired(_, let name): return name
        }
    }
}

/// `expect`: the expected state.
public struct Expectation: Sendable {
    public var location: SourceLocation
    public var transitions: [(id: TransitionID, state: TransitionStateName, location: SourceLocation)] = []
    public var views: [ViewExpectation] = []
    public var rest: (Bool, SourceLocation)?
    public var restBy: (Double, SourceLocation)?
    public var events: [(event: ExpectedEvent, spec: CountSpec, location: SourceLocation)] = []
    public var that: [Expr] = []
    public init(location: SourceLocation) { self.location = location }
}

/// One property of a view expected to have a value, within a tolerance.
public struct ViewExpectation: Sendable {
    public var view: ViewID
    public var property: ViewMember
    public var value: Expr
    public var within: Double
    public var location: SourceLocation
    /// The on-screen value (`presentation: { … }`) instead of the model's.
    public var onScreen = false
    public init(
        view: ViewID, property: ViewMember, value: Expr, within: Double, location: SourceLocation,
        onScreen: Bool = false
    ) {
        self.view = view; self.property = property; self.value = value; self.within = within; self.location = location
        self.onScreen = onScreen
    }
}

/// An event count: `3`, `>= 1`, `< 5`, `== 2`, `1...4`.
public struct CountSpec: Sendable, Hashable, CustomStringConvertible {
    public var lower: Int
    public var upper: Int?
    public var text: String
    public init(lower: Int, upper: Int?, text: String) { self.lower = lower; self.upper = upper; self.text = text }
    public func matches(_ n: Int) -> Bool { n >= lower && (upper.map { n <= $0 } ?? true) }
    public var description: String { text }

    /// Parses a count spec, or nil.
    public static func parse(_ s: String) -> CountSpec? {
        let t = s.trimmingCharacters()
        let parts = t.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 4 && parts[1].isEmpty && parts[2].isEmpty {
            guard let a = Int(parts[0].trimmingCharacters()), let b = Int(parts[3].trimmingCharacters()), a <= b, a >= 0
            else { return nil }
            return CountSpec(lower: a, upper: b, text: t)
        }
        for (op, f) in [
            (">=", { (n: Int) in (n, Int?.none) }), ("<=", { (n: Int) in (0, Int?.some(n)) }),
            ("==", { (n: Int) in (n, Int?.some(n)) }), (">", { (n: Int) in (n + 1, Int?.none) }),
            ("<", { (n: Int) in (0, Int?.some(n - 1)) }),
        ] where t.hasPrefix(op) {
            guard let n = Int(t.dropFirst(op.count).trimmingCharacters()), n >= 0 else { return nil }
            let (lo, hi) = f(n)
            if let h = hi, h < lo { return nil }
            return CountSpec(lower: lo, upper: hi, text: t)
        }
        guard let n = Int(t), n >= 0 else { return nil }
        return CountSpec(lower: n, upper: n, text: t)
    }
}

extension StringProtocol {
    func trimmingCharacters() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " { s.removeFirst() }
        while let l = s.last, l == " " { s.removeLast() }
        return String(s)
    }
}
