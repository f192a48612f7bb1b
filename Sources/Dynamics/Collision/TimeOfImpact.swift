// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// The motion of a body over a step: centre of mass from `c0` to `c` and angle from `a0` to `a`,
/// over the fraction of the step `[alpha0, 1]`. Metres and radians.
public struct Sweep: Sendable {
    public var localCenter = Vec2f.zero
    public var c0 = Vec2f.zero
    public var c = Vec2f.zero
    public var a0: Float = 0.0
    public var a: Float = 0.0
    public var alpha0: Float = 0.0
    public init() {}

    /// The body transform at fraction `beta` of the remaining interval.
    @inlinable public func transform(at beta: Float) -> Transformf {
        let p = (1 - beta) * c0 + beta * c
        let angle = (1 - beta) * a0 + beta * a
        let q = rotF(angle)
        return Transformf(p: p - mul(q, localCenter), q: q)
    }

    /// Moves the start of the sweep forward to `alpha`: the start becomes the blend
    /// (1 − β)·start + β·end, in that form (Box2D 2.3's; `start + β·(end − start)` rounds
    /// differently in the last bit).
    public mutating func advance(to alpha: Float) {
        let beta = (alpha - alpha0) / (1 - alpha0)
        c0 = (1 - beta) * c0 + beta * c
        a0 = (1 - beta) * a0 + beta * a
        alpha0 = alpha
    }

    /// Brings the angles into [0, 2π) together.
    public mutating func normalize() {
        let twoPi = 2 * Settings.pi
        let d = twoPi * (a0 / twoPi).rounded(.down)
        a0 -= d
        a -= d
    }
}

/// Input of `timeOfImpact`: two proxies, their sweeps, and the fraction of the step to search.
public struct TOIInput: Sendable {
    public var proxyA: DistanceProxy
    public var proxyB: DistanceProxy
    public var sweepA: Sweep
    public var sweepB: Sweep
    public var tMax: Float
    public init(proxyA: DistanceProxy, proxyB: DistanceProxy, sweepA: Sweep, sweepB: Sweep, tMax: Float) {
        self.proxyA = proxyA; self.proxyB = proxyB; self.sweepA = sweepA; self.sweepB = sweepB; self.tMax = tMax
    }
}

/// Outcome of a time-of-impact search.
public enum TOIState: Sendable { case unknown, failed, overlapped, touching, separated }

/// The state and the time of impact as a fraction of the sweep.
public struct TOIOutput: Sendable {
    public var state: TOIState
    public var t: Float
}

/// The proxies are passed to each call rather than stored: copying them is most of the cost.
private struct SeparationFunction {
    enum Kind { case points, faceA, faceB }
    var sweepA: Sweep
    var sweepB: Sweep
    var kind = Kind.points
    var localPoint = Vec2f.zero
    var axis = Vec2f.zero

    /// `xfA` and `xfB` are the sweeps' transforms at `t1` (the caller has them already).
    init(_ cache: SimplexCache, _ pA: ProxyRef, _ sA: Sweep, _ pB: ProxyRef, _ sB: Sweep, _ xfA: Transformf, _ xfB: Transformf) {
        sweepA = sA; sweepB = sB
        if cache.count == 1 {
            kind = .points
            let pointA = mul(xfA, pA[cache.indexA.0])
            let pointB = mul(xfB, pB[cache.indexB.0])
            axis = (pointB - pointA).safeNormalized
        } else if cache.indexA.0 == cache.indexA.1 {
            kind = .faceB
            let b1 = pB[cache.indexB.0], b2 = pB[cache.indexB.1]
            axis = cross(b2 - b1, 1.0).safeNormalized
            let normal = mul(xfB.q, axis)
            localPoint = 0.5 * (b1 + b2)
            let pointB = mul(xfB, localPoint)
            let pointA = mul(xfA, pA[cache.indexA.0])
            if dot(pointA - pointB, normal) < 0 { axis = -axis }
        } else {
            kind = .faceA
            let a1 = pA[cache.indexA.0], a2 = pA[cache.indexA.1]
            axis = cross(a2 - a1, 1.0).safeNormalized
            let normal = mul(xfA.q, axis)
            localPoint = 0.5 * (a1 + a2)
            let pointA = mul(xfA, localPoint)
            let pointB = mul(xfB, pB[cache.indexB.0])
            if dot(pointB - pointA, normal) < 0 { axis = -axis }
        }
    }

    func findMinSeparation(_ proxyA: ProxyRef, _ proxyB: ProxyRef, _ t: Float) -> (Int, Int, Float) {
        let xfA = sweepA.transform(at: t), xfB = sweepB.transform(at: t)
        switch kind {
        case .points:
            let iA = proxyA.support(mulT(xfA.q, axis))
            let iB = proxyB.support(mulT(xfB.q, -axis))
            let pointA = mul(xfA, proxyA[iA]), pointB = mul(xfB, proxyB[iB])
            return (iA, iB, dot(pointB - pointA, axis))
        case .faceA:
            let normal = mul(xfA.q, axis)
            let pointA = mul(xfA, localPoint)
            let iB = proxyB.support(mulT(xfB.q, -normal))
            let pointB = mul(xfB, proxyB[iB])
            return (-1, iB, dot(pointB - pointA, normal))
        case .faceB:
            let normal = mul(xfB.q, axis)
            let pointB = mul(xfB, localPoint)
            let iA = proxyA.support(mulT(xfA.q, -normal))
            let pointA = mul(xfA, proxyA[iA])
            return (iA, -1, dot(pointA - pointB, normal))
        }
    }

    func evaluate(_ proxyA: ProxyRef, _ proxyB: ProxyRef, _ iA: Int, _ iB: Int, _ t: Float) -> Float {
        evaluate(proxyA, proxyB, iA, iB, sweepA.transform(at: t), sweepB.transform(at: t))
    }

    /// `evaluate` at the time whose transforms are `xfA` and `xfB`.
    func evaluate(_ proxyA: ProxyRef, _ proxyB: ProxyRef, _ iA: Int, _ iB: Int, _ xfA: Transformf, _ xfB: Transformf) -> Float {
        switch kind {
        case .points:
            return dot(mul(xfB, proxyB[iB]) - mul(xfA, proxyA[iA]), axis)
        case .faceA:
            let normal = mul(xfA.q, axis)
            return dot(mul(xfB, proxyB[iB]) - mul(xfA, localPoint), normal)
        case .faceB:
            let normal = mul(xfB.q, axis)
            return dot(mul(xfA, proxyA[iA]) - mul(xfB, localPoint), normal)
        }
    }
}

/// The first time in `[0, tMax]` at which the swept proxies come within the target distance
/// (conservative advancement with a separating-axis root finder, as Box2D 2.3).
public func timeOfImpact(_ input: TOIInput) -> TOIOutput {
    timeOfImpact(input.proxyA, input.proxyB, input.sweepA, input.sweepB, tMax: input.tMax)
}

/// `timeOfImpact` on proxies passed by reference.
func timeOfImpact(_ pA: DistanceProxy, _ pB: DistanceProxy, _ sweepA: Sweep, _ sweepB: Sweep, tMax: Float) -> TOIOutput {
    withUnsafePointer(to: pA) { a in
        withUnsafePointer(to: pB) { b in timeOfImpact(ProxyRef(a), ProxyRef(b), sweepA, sweepB, tMax: tMax) }
    }
}

/// `timeOfImpact` on proxies read in place.
func timeOfImpact(_ pA: ProxyRef, _ pB: ProxyRef, _ sweepA: Sweep, _ sweepB: Sweep, tMax: Float) -> TOIOutput {
    var output = TOIOutput(state: .unknown, t: tMax)
    var sA = sweepA, sB = sweepB
    sA.normalize(); sB.normalize()
    let totalRadius = pA.radius + pB.radius
    let target = Swift.max(Settings.linearSlop, totalRadius - 3 * Settings.linearSlop)
    let tolerance = 0.25 * Settings.linearSlop
    var t1: Float = 0.0
    let maxIterations = 20
    var iter = 0
    var cache = SimplexCache()
    while true {
        let xfA = sA.transform(at: t1), xfB = sB.transform(at: t1)
        let d = shapeDistance(pA, xfA, pB, xfB, useRadii: false, cache: &cache)
        if d.distance <= 0 { output = TOIOutput(state: .overlapped, t: 0); break }
        if d.distance < target + tolerance { output = TOIOutput(state: .touching, t: t1); break }
        let fcn = SeparationFunction(cache, pA, sA, pB, sB, xfA, xfB)
        var done = false
        var t2 = tMax
        var pushBackIter = 0
        while true {
            let (iA, iB, s2Found) = fcn.findMinSeparation(pA, pB, t2)
            var s2 = s2Found
            if s2 > target + tolerance { output = TOIOutput(state: .separated, t: tMax); done = true; break }
            if s2 > target - tolerance { t1 = t2; break }
            // (t1 has not moved since xfA and xfB were computed at it.)
            var s1 = fcn.evaluate(pA, pB, iA, iB, xfA, xfB)
            if s1 < target - tolerance { output = TOIOutput(state: .failed, t: t1); done = true; break }
            if s1 <= target + tolerance { output = TOIOutput(state: .touching, t: t1); done = true; break }
            var rootIterCount = 0
            var a1 = t1, a2 = t2
            while true {
                let t: Float
                if rootIterCount & 1 != 0 {
                    t = a1 + (target - s1) * (a2 - a1) / (s2 - s1)
                } else {
                    t = 0.5 * (a1 + a2)
                }
                rootIterCount += 1
                let s = fcn.evaluate(pA, pB, iA, iB, t)
                if Swift.abs(s - target) < tolerance { t2 = t; break }
                if s > target { a1 = t; s1 = s } else { a2 = t; s2 = s }
                if rootIterCount == 50 { break }
            }
            pushBackIter += 1
            if pushBackIter == Settings.maxPolygonVertices { break }
        }
        iter += 1
        if done { break }
        if iter == maxIterations { output = TOIOutput(state: .failed, t: t1); break }
    }
    return output
}
