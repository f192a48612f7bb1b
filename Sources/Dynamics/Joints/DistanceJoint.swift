// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// Box2D 2.3's distance joint: a rigid rod, or a soft spring from frequency and damping ratio.
struct DistanceJoint {
    var localAnchorA: Vec2f
    var localAnchorB: Vec2f
    var length: Float
    var frequencyHz: Float
    var dampingRatio: Float
    var impulse: Float = 0.0
    var gamma: Float = 0.0
    var bias: Float = 0.0
    var u = Vec2f.zero
    var rA = Vec2f.zero
    var rB = Vec2f.zero
    var mass: Float = 0.0

    init(_ d: DistanceJointDef) {
        localAnchorA = Vec2f(d.localAnchorA); localAnchorB = Vec2f(d.localAnchorB)
        length = Float(d.length); frequencyHz = Float(d.frequencyHz); dampingRatio = Float(d.dampingRatio)
    }

    mutating func initVelocityConstraints(_ data: inout SolverData, _ A: SolverBody, _ B: SolverBody) {
        let cA = data.positions[A.index].c, aA = data.positions[A.index].a
        let cB = data.positions[B.index].c, aB = data.positions[B.index].a
        let qA = rotF(aA), qB = rotF(aB)
        rA = mul(qA, localAnchorA - A.localCenter)
        rB = mul(qB, localAnchorB - B.localCenter)
        u = cB + rB - cA - rA
        let currentLength = u.length
        if currentLength > Settings.linearSlop { u = (1 / currentLength) * u } else { u = .zero }
        let crAu = cross(rA, u), crBu = cross(rB, u)
        var invMass = A.invMass + A.invI * crAu * crAu + B.invMass + B.invI * crBu * crBu
        mass = invMass != 0 ? 1 / invMass : 0
        if frequencyHz > 0 {
            (gamma, bias) = makeSoft(frequencyHz, dampingRatio, mass: mass, error: currentLength - length, h: data.step.dt)
            invMass += gamma
            mass = invMass != 0 ? 1 / invMass : 0
        } else {
            gamma = 0
            bias = 0
        }
        if data.step.warmStarting {
            impulse *= data.step.dtRatio
            data.applyImpulse(impulse * u, A, rA, B, rB)
        } else {
            impulse = 0
        }
    }

    mutating func solveVelocityConstraints(_ data: inout SolverData, _ A: SolverBody, _ B: SolverBody) {
        let a = data.velocities[A.index], b = data.velocities[B.index]
        let vpA = a.v + cross(a.w, rA), vpB = b.v + cross(b.w, rB)
        let Cdot = dot(u, vpB - vpA)
        let lambda = -mass * (Cdot + bias + gamma * impulse)
        impulse += lambda
        data.applyImpulse(lambda * u, A, rA, B, rB)
    }

    func solvePositionConstraints(_ data: inout SolverData, _ A: SolverBody, _ B: SolverBody) -> Bool {
        if frequencyHz > 0 { return true }
        var cA = data.positions[A.index].c, aA = data.positions[A.index].a
        var cB = data.positions[B.index].c, aB = data.positions[B.index].a
        let qA = rotF(aA), qB = rotF(aB)
        let rA = mul(qA, localAnchorA - A.localCenter)
        let rB = mul(qB, localAnchorB - B.localCenter)
        var u = cB + rB - cA - rA
        let l = u.length
        u = u.safeNormalized
        var C = l - length
        C = Swift.min(Swift.max(C, -Settings.maxLinearCorrection), Settings.maxLinearCorrection)
        let lambda = -mass * C
        let P = lambda * u
        cA -= A.invMass * P; aA -= A.invI * cross(rA, P)
        cB += B.invMass * P; aB += B.invI * cross(rB, P)
        data.positions[A.index] = SolverPosition(c: cA, a: aA)
        data.positions[B.index] = SolverPosition(c: cB, a: aB)
        return Swift.abs(C) < Settings.linearSlop
    }
}

/// Box2D 2.3's rope joint: a maximum distance between two anchors.
struct RopeJoint {
    enum LimitState { case inactive, atLower, atUpper, equal }
    var localAnchorA: Vec2f
    var localAnchorB: Vec2f
    var maxLength: Float
    var impulse: Float = 0.0
    var u = Vec2f.zero
    var rA = Vec2f.zero
    var rB = Vec2f.zero
    var length: Float = 0.0
    var mass: Float = 0.0
    var state = LimitState.inactive

    init(_ d: RopeJointDef) {
        localAnchorA = Vec2f(d.localAnchorA); localAnchorB = Vec2f(d.localAnchorB); maxLength = Float(d.maxLength)
    }

    mutating func initVelocityConstraints(_ data: inout SolverData, _ A: SolverBody, _ B: SolverBody) {
        let cA = data.positions[A.index].c, aA = data.positions[A.index].a
        let cB = data.positions[B.index].c, aB = data.positions[B.index].a
        rA = mul(rotF(aA), localAnchorA - A.localCenter)
        rB = mul(rotF(aB), localAnchorB - B.localCenter)
        u = cB + rB - cA - rA
        length = u.length
        let C = length - maxLength
        state = C > 0 ? .atUpper : .inactive
        if length > Settings.linearSlop {
            u = (1 / length) * u
        } else {
            u = .zero; mass = 0; impulse = 0
            return
        }
        let crA = cross(rA, u), crB = cross(rB, u)
        let invMass = A.invMass + A.invI * crA * crA + B.invMass + B.invI * crB * crB
        mass = invMass != 0 ? 1 / invMass : 0
        if data.step.warmStarting {
            impulse *= data.step.dtRatio
            data.applyImpulse(impulse * u, A, rA, B, rB)
        } else {
            impulse = 0
        }
    }

    mutating func solveVelocityConstraints(_ data: inout SolverData, _ A: SolverBody, _ B: SolverBody) {
        let a = data.velocities[A.index], b = data.velocities[B.index]
        let vpA = a.v + cross(a.w, rA), vpB = b.v + cross(b.w, rB)
        let C = length - maxLength
        var Cdot = dot(u, vpB - vpA)
        if C < 0 { Cdot += data.step.invDt * C }
        var lambda = -mass * Cdot
        let old = impulse
        impulse = Swift.min(0, impulse + lambda)
        lambda = impulse - old
        data.applyImpulse(lambda * u, A, rA, B, rB)
    }

    func solvePositionConstraints(_ data: inout SolverData, _ A: SolverBody, _ B: SolverBody) -> Bool {
        var cA = data.positions[A.index].c, aA = data.positions[A.index].a
        var cB = data.positions[B.index].c, aB = data.positions[B.index].a
        let rA = mul(rotF(aA), localAnchorA - A.localCenter)
        let rB = mul(rotF(aB), localAnchorB - B.localCenter)
        var u = cB + rB - cA - rA
        let l = u.length
        u = u.safeNormalized
        var C = l - maxLength
        C = Swift.min(Swift.max(C, 0), Settings.maxLinearCorrection)
        let lambda = -mass * C
        let P = lambda * u
        cA -= A.invMass * P; aA -= A.invI * cross(rA, P)
        cB += B.invMass * P; aB += B.invI * cross(rB, P)
        data.positions[A.index] = SolverPosition(c: cA, a: aA)
        data.positions[B.index] = SolverPosition(c: cB, a: aB)
        return l - maxLength < Settings.linearSlop
    }
}
