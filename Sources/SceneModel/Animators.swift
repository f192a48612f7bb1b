import Diagnostics
import Expressions
import Geometry
import SceneVocabulary

/// An index into a scene's property animators.
public struct AnimatorID: Hashable, Sendable {
    public let index: Int
    public init(_ index: Int) { self.index = index }
}

/// The timing of a property animator, as written (every number a literal, checked by the loader).
public enum TimingSpec: Sendable, Hashable {
    /// A cubic Bézier's control points (x1, y1, x2, y2); the named curves are cubic.
    case cubic(Double, Double, Double, Double)
    /// A spring from a damping ratio: it runs for the animator's duration.
    case dampingRatio(Double, initialVelocity: Vec2)
    /// A spring from mass, stiffness and damping: it runs until it settles.
    case physical(mass: Double, stiffness: Double, damping: Double, initialVelocity: Vec2)
}

/// An entry of `animators`: a UIViewPropertyAnimator.
public struct AnimatorSpec: Sendable {
    public var name: String
    public var location: SourceLocation
    public var duration = 0.25
    public var timing = TimingSpec.cubic(0.42, 0, 0.58, 1)
    /// The animations block: view properties and their end values, evaluated when it starts.
    public var sets: [SetTarget] = []
    /// The completion, run with `position` in scope.
    public var then: [Action] = []
    public var pausesOnCompletion = false
    public var scrubsLinearly = true
    public init(name: String, location: SourceLocation) { self.name = name; self.location = location }
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
