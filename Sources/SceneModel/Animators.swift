import Diagnostics
import Expressions
import SceneVocabulary

/// An index into a scene's property animators.
public struct AnimatorID: Hashable, Sendable {
    public let index: Int
    public init(_ index: Int) { self.index = index }
}

/// The timing of a property animator, as written. Every number may be an expression (format 1.3):
/// an animator's is evaluated when it becomes active, before its animations block runs, and
/// `continueAnimator`'s when it continues. A literal is checked by the loader; an expression's
/// value is checked when it is evaluated, and a value the timing cannot take is a run-time error
/// located at the expression.
public enum TimingSpec: Sendable, Hashable {
    /// A cubic Bézier's control points (x1, y1, x2, y2); the named curves are cubic.
    case cubic(Expr, Expr, Expr, Expr)
    /// A spring from a damping ratio: it runs for the animator's duration. The velocity is a point.
    case dampingRatio(Expr, initialVelocity: Expr)
    /// A spring from mass, stiffness and damping: it runs until it settles.
    case physical(mass: Expr, stiffness: Expr, damping: Expr, initialVelocity: Expr)

    /// A cubic curve of literal control points, located at `location`.
    public static func cubic(_ p: [Double], at location: SourceLocation) -> TimingSpec {
        let e = p.map { Expr(node: .number($0), location: location, text: formatNumber($0)) }
        return .cubic(e[0], e[1], e[2], e[3])
    }

    /// Every expression of the timing, in the order written above.
    public var expressions: [Expr] {
        switch self {
        case .cubic(let a, let b, let c, let d): return [a, b, c, d]
        case .dampingRatio(let z, let v): return [z, v]
        case .physical(let m, let k, let c, let v): return [m, k, c, v]
        }
    }
}

/// An entry of `animators`: a UIViewPropertyAnimator.
public struct AnimatorSpec: Sendable {
    public var name: String
    public var location: SourceLocation
    public var duration = 0.25
    public var timing: TimingSpec
    /// The animations block: view properties and their end values, evaluated when it starts.
    public var sets: [SetTarget] = []
    /// The completion, run with `position` in scope.
    public var then: [Action] = []
    public var pausesOnCompletion = false
    public var scrubsLinearly = true
    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
        timing = .cubic([0.42, 0, 0.58, 1], at: location)
    }
}

/// An action on a property animator.
public enum AnimatorAction: Sendable {
    /// `startAnimator`: startAnimation(afterDelay:).
    case start(delay: Expr?)
    /// `pauseAnimator`: pauseAnimation().
    case pause
    /// `continueAnimator`: continueAnimation(withTimingParameters:durationFactor:).
    case resume(timing: TimingSpec?, durationFactor: Expr?)
    /// `stopAnimator`: stopAnimation, then finishAnimation(at:) unless `withoutFinishing`.
    case stop(StopFinish)
}
