import Expressions
import Geometry
import Interaction
import SceneModel

/// A property animator's timing evaluated (format 1.3: every number of it may be an expression):
/// an animator's when it becomes active, before its animations block runs, and
/// `continueAnimator`'s when it continues. A value the timing cannot take is a run-time error
/// located at the expression that gave it, as the loader refuses the same literal.
extension RunAnimations {
    func evaluatedTiming(_ spec: TimingSpec, scope: Scope? = nil, in run: Run) throws(RunError) -> AnimatorTiming {
        func positive(_ e: Expr, _ key: String) throws(RunError) -> Double {
            let v = try run.evalNumber(e, scope: scope)
            if !(v > 0) { throw run.runtimeError("`\(key)` must be positive, got \(formatNumber(v))", at: e.location) }
            return v
        }
        switch spec {
        case .cubic(let a, let b, let c, let d):
            var p: [Double] = []
            for e in [a, b, c, d] { p.append(try run.evalNumber(e, scope: scope)) }
            for (k, e) in [(0, a), (2, c)] where !(0...1).contains(p[k]) {
                throw run.runtimeError(
                    "`cubic` control points need x1 and x2 between 0 and 1 (the curve is a function of time), got "
                        + formatNumber(p[k]),
                    at: e.location)
            }
            return .cubic(TimingCurve(p[0], p[1], p[2], p[3]))
        case .dampingRatio(let z, let v):
            let ratio = try positive(z, "dampingRatio")
            return .dampingRatio(ratio, initialVelocity: try run.evalPoint(v, scope: scope))
        case .physical(let m, let k, let c, let v):
            return .physical(
                mass: try positive(m, "mass"), stiffness: try positive(k, "stiffness"),
                damping: try positive(c, "damping"), initialVelocity: try run.evalPoint(v, scope: scope))
        }
    }
}
