// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// Box2D 2.3's prismatic joint: translation along an axis fixed in A, no relative rotation,
/// optional translation limits and motor.
struct PrismaticJoint {
    var localAnchorA: Vec2f
    var localAnchorB: Vec2f
    var localXAxisA: Vec2f
    var localYAxisA: Vec2f
    var referenceAngle: Float
    var enableLimit: Bool
    var lowerTranslation: Float
    var upperTranslation: Float
    var enableMotor: Bool
    var maxMotorForce: Float
    var motorSpeed: Float
    var impulse = Vec3f.zero
    var motorImpulse: Float = 0.0
    var limitState = LimitState.inactive
    var axis = Vec2f.zero, perp = Vec2f.zero
    var s1: Float = 0.0, s2: Float = 0.0, a1: Float = 0.0, a2: Float = 0.0
    var K = Mat33f.zero
    var motorMass: Float = 0.0

    init(_ d: PrismaticJointDef) {
        localAnchorA = Vec2f(d.localAnchorA); localAnchorB = Vec2f(d.localAnchorB)
        localXAxisA = Vec2f(d.localAxisA).safeNormalized
        localYAxisA = cross(1.0, localXAxisA)
        referenceAngle = Float(d.referenceAngle)
        enableLimit = d.enableLimit; lowerTranslation = Float(d.lowerTranslation); upperTranslation = Float(d.upperTranslation)
        enableMotor = d.enableMotor; maxMotorForce = Float(d.maxMotorForce); motorSpeed = Float(d.motorSpeed)
    }

    mutating func setLimits(_ lower: Float, _ upper: Float) {
        if lower != lowerTranslation || upper != upperTranslation { lowerTranslation = lower; upperTranslation = upper; impulse.z = 0 }
    }

    private static func kMatrix(_ mA: Float, _ mB: Float, _ iA: Float, _ iB: Float,
                                _ s1: Float, _ s2: Float, _ a1: Float, _ a2: Float) -> Mat33f {
        let k11 = mA + mB + iA * s1 * s1 + iB * s2 * s2
        let k12 = iA * s1 + iB * s2
        let k13 = iA * s1 * a1 + iB * s2 * a2
        var k22 = iA + iB
        if k22 == 0 { k22 = 1 }
        let k23 = iA * a1 + iB * a2
        let k33 = mA + mB + iA * a1 * a1 + iB * a2 * a2
        return Mat33f(ex: Vec3f(k11, k12, k13), ey: Vec3f(k12, k22, k23), ez: Vec3f(k13, k23, k33))
    }

    mutating func initVelocityConstraints(_ data: inout SolverData, _ A: SolverBody, _ B: SolverBody) {
        let cA = data.positions[A.index].c, aA = data.positions[A.index].a
        var vA = data.velocities[A.index].v, wA = data.velocities[A.index].w
        let cB = data.positions[B.index].c, aB = data.positions[B.index].a
        var vB = data.velocities[B.index].v, wB = data.velocities[B.index].w
        let mA = A.invMass, mB = B.invMass, iA = A.invI, iB = B.invI
        let qA = rotF(aA), qB = rotF(aB)
        let rA = mul(qA, localAnchorA - A.localCenter)
        let rB = mul(qB, localAnchorB - B.localCenter)
        let d = (cB - cA) + rB - rA
        axis = mul(qA, localXAxisA)
        a1 = cross(d + rA, axis)
        a2 = cross(rB, axis)
        motorMass = mA + mB + iA * a1 * a1 + iB * a2 * a2
        if motorMass > 0 { motorMass = 1 / motorMass }
        perp = mul(qA, localYAxisA)
        s1 = cross(d + rA, perp)
        s2 = cross(rB, perp)
        K = PrismaticJoint.kMatrix(mA, mB, iA, iB, s1, s2, a1, a2)
        if enableLimit {
            let jointTranslation = dot(axis, d)
            if Swift.abs(upperTranslation - lowerTranslation) < 2 * Settings.linearSlop {
                limitState = .equal
            } else if jointTranslation <= lowerTranslation {
                if limitState != .atLower { limitState = .atLower; impulse.z = 0 }
            } else if jointTranslation >= upperTranslation {
                if limitState != .atUpper { limitState = .atUpper; impulse.z = 0 }
            } else {
                limitState = .inactive; impulse.z = 0
            }
        } else {
            limitState = .inactive; impulse.z = 0
        }
        if !enableMotor { motorImpulse = 0 }
        if data.step.warmStarting {
            impulse = data.step.dtRatio * impulse
            motorImpulse *= data.step.dtRatio
            let P = impulse.x * perp + (motorImpulse + impulse.z) * axis
            let LA = impulse.x * s1 + impulse.y + (motorImpulse + impulse.z) * a1
            let LB = impulse.x * s2 + impulse.y + (motorImpulse + impulse.z) * a2
            vA -= mA * P; wA -= iA * LA
            vB += mB * P; wB += iB * LB
        } else {
            impulse = .zero; motorImpulse = 0
        }
        data.velocities[A.index] = SolverVelocity(v: vA, w: wA)
        data.velocities[B.index] = SolverVelocity(v: vB, w: wB)
    }

    mutating func solveVelocityConstraints(_ data: inout SolverData, _ A: SolverBody, _ B: SolverBody) {
        var vA = data.velocities[A.index].v, wA = data.velocities[A.index].w
        var vB = data.velocities[B.index].v, wB = data.velocities[B.index].w
        let mA = A.invMass, mB = B.invMass, iA = A.invI, iB = B.invI
        if enableMotor && limitState != .equal {
            let Cdot = dot(axis, vB - vA) + a2 * wB - a1 * wA
            var lambda = motorMass * (motorSpeed - Cdot)
            let old = motorImpulse
            let maxImpulse = data.step.dt * maxMotorForce
            motorImpulse = Swift.min(Swift.max(motorImpulse + lambda, -maxImpulse), maxImpulse)
            lambda = motorImpulse - old
            let P = lambda * axis
            vA -= mA * P; wA -= iA * lambda * a1
            vB += mB * P; wB += iB * lambda * a2
        }
        let Cdot1 = Vec2f(dot(perp, vB - vA) + s2 * wB - s1 * wA, wB - wA)
        if enableLimit && limitState != .inactive {
            let Cdot2 = dot(axis, vB - vA) + a2 * wB - a1 * wA
            let Cdot = Vec3f(Cdot1.x, Cdot1.y, Cdot2)
            let f1 = impulse
            let df0 = K.solve33(-Cdot)
            impulse += df0
            if limitState == .atLower { impulse.z = Swift.max(impulse.z, 0) } else if limitState == .atUpper { impulse.z = Swift.min(impulse.z, 0) }
            let b = -Cdot1 - (impulse.z - f1.z) * Vec2f(K.ez.x, K.ez.y)
            let f2r = K.solve22(b) + Vec2f(f1.x, f1.y)
            impulse.x = f2r.x; impulse.y = f2r.y
            let df = impulse - f1
            let P = df.x * perp + df.z * axis
            let LA = df.x * s1 + df.y + df.z * a1
            let LB = df.x * s2 + df.y + df.z * a2
            vA -= mA * P; wA -= iA * LA
            vB += mB * P; wB += iB * LB
        } else {
            let df = K.solve22(-Cdot1)
            impulse.x += df.x; impulse.y += df.y
            let P = df.x * perp
            let LA = df.x * s1 + df.y
            let LB = df.x * s2 + df.y
            vA -= mA * P; wA -= iA * LA
            vB += mB * P; wB += iB * LB
        }
        data.velocities[A.index] = SolverVelocity(v: vA, w: wA)
        data.velocities[B.index] = SolverVelocity(v: vB, w: wB)
    }

    func solvePositionConstraints(_ data: inout SolverData, _ A: SolverBody, _ B: SolverBody) -> Bool {
        var cA = data.positions[A.index].c, aA = data.positions[A.index].a
        var cB = data.positions[B.index].c, aB = data.positions[B.index].a
        let mA = A.invMass, mB = B.invMass, iA = A.invI, iB = B.invI
        let qA = rotF(aA), qB = rotF(aB)
        let rA = mul(qA, localAnchorA - A.localCenter)
        let rB = mul(qB, localAnchorB - B.localCenter)
        let d = cB + rB - cA - rA
        let axis = mul(qA, localXAxisA)
        let a1 = cross(d + rA, axis), a2 = cross(rB, axis)
        let perp = mul(qA, localYAxisA)
        let s1 = cross(d + rA, perp), s2 = cross(rB, perp)
        let C1 = Vec2f(dot(perp, d), aB - aA - referenceAngle)
        var linearError = Swift.abs(C1.x)
        let angularError = Swift.abs(C1.y)
        var active = false
        var C2: Float = 0.0
        if enableLimit {
            let translation = dot(axis, d)
            if Swift.abs(upperTranslation - lowerTranslation) < 2 * Settings.linearSlop {
                C2 = Swift.min(Swift.max(translation, -Settings.maxLinearCorrection), Settings.maxLinearCorrection)
                linearError = Swift.max(linearError, Swift.abs(translation))
                active = true
            } else if translation <= lowerTranslation {
                C2 = Swift.min(Swift.max(translation - lowerTranslation + Settings.linearSlop, -Settings.maxLinearCorrection), 0)
                linearError = Swift.max(linearError, lowerTranslation - translation)
                active = true
            } else if translation >= upperTranslation {
                C2 = Swift.min(Swift.max(translation - upperTranslation - Settings.linearSlop, 0), Settings.maxLinearCorrection)
                linearError = Swift.max(linearError, translation - upperTranslation)
                active = true
            }
        }
        let imp: Vec3f
        if active {
            let K = PrismaticJoint.kMatrix(mA, mB, iA, iB, s1, s2, a1, a2)
            imp = K.solve33(-Vec3f(C1.x, C1.y, C2))
        } else {
            let k11 = mA + mB + iA * s1 * s1 + iB * s2 * s2
            let k12 = iA * s1 + iB * s2
            var k22 = iA + iB
            if k22 == 0 { k22 = 1 }
            let K2 = Mat22f(ex: Vec2f(k11, k12), ey: Vec2f(k12, k22))
            let i1 = K2.solve(-C1)
            imp = Vec3f(i1.x, i1.y, 0)
        }
        let P = imp.x * perp + imp.z * axis
        let LA = imp.x * s1 + imp.y + imp.z * a1
        let LB = imp.x * s2 + imp.y + imp.z * a2
        cA -= mA * P; aA -= iA * LA
        cB += mB * P; aB += iB * LB
        data.positions[A.index] = SolverPosition(c: cA, a: aA)
        data.positions[B.index] = SolverPosition(c: cB, a: aB)
        return linearError <= Settings.linearSlop && angularError <= Settings.angularSlop
    }
}
