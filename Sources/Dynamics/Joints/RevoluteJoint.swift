// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

enum LimitState { case inactive, atLower, atUpper, equal }

/// The 3×3 effective-mass matrix of a point-to-point plus angle constraint (revolute, weld),
/// for inverse masses mA, mB, inverse inertias iA, iB and anchor arms rA, rB.
func pointAndAngleMass(_ mA: Float, _ mB: Float, _ iA: Float, _ iB: Float, _ rA: Vec2f, _ rB: Vec2f) -> Mat33f {
    var K = Mat33f.zero
    K.ex.x = mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB
    K.ey.x = -rA.y * rA.x * iA - rB.y * rB.x * iB
    K.ez.x = -rA.y * iA - rB.y * iB
    K.ex.y = K.ey.x
    K.ey.y = mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB
    K.ez.y = rA.x * iA + rB.x * iB
    K.ex.z = K.ez.x
    K.ey.z = K.ez.y
    K.ez.z = iA + iB
    return K
}

/// Box2D 2.3's revolute joint: a shared point, with an optional angle limit and motor.
struct RevoluteJoint {
    var localAnchorA: Vec2f
    var localAnchorB: Vec2f
    var referenceAngle: Float
    var enableLimit: Bool
    var lowerAngle: Float
    var upperAngle: Float
    var enableMotor: Bool
    var motorSpeed: Float
    var maxMotorTorque: Float
    var impulse = Vec3f.zero
    var motorImpulse: Float = 0.0
    var rA = Vec2f.zero, rB = Vec2f.zero
    var mass = Mat33f.zero
    var motorMass: Float = 0.0
    var limitState = LimitState.inactive

    init(_ d: RevoluteJointDef) {
        localAnchorA = Vec2f(d.localAnchorA); localAnchorB = Vec2f(d.localAnchorB); referenceAngle = Float(d.referenceAngle)
        enableLimit = d.enableLimit; lowerAngle = Float(d.lowerAngle); upperAngle = Float(d.upperAngle)
        enableMotor = d.enableMotor; motorSpeed = Float(d.motorSpeed); maxMotorTorque = Float(d.maxMotorTorque)
    }

    mutating func setLimits(_ lower: Float, _ upper: Float) {
        if lower != lowerAngle || upper != upperAngle { impulse.z = 0; lowerAngle = lower; upperAngle = upper }
    }

    mutating func initVelocityConstraints(_ data: inout SolverData, _ A: SolverBody, _ B: SolverBody) {
        let aA = data.positions[A.index].a, aB = data.positions[B.index].a
        var vA = data.velocities[A.index].v, wA = data.velocities[A.index].w
        var vB = data.velocities[B.index].v, wB = data.velocities[B.index].w
        rA = mul(rotF(aA), localAnchorA - A.localCenter)
        rB = mul(rotF(aB), localAnchorB - B.localCenter)
        let mA = A.invMass, mB = B.invMass, iA = A.invI, iB = B.invI
        let fixedRotation = iA + iB == 0
        mass = pointAndAngleMass(mA, mB, iA, iB, rA, rB)
        motorMass = iA + iB
        if motorMass > 0 { motorMass = 1 / motorMass }
        if !enableMotor || fixedRotation { motorImpulse = 0 }
        if enableLimit && !fixedRotation {
            let jointAngle = aB - aA - referenceAngle
            if Swift.abs(upperAngle - lowerAngle) < 2 * Settings.angularSlop {
                limitState = .equal
            } else if jointAngle <= lowerAngle {
                if limitState != .atLower { impulse.z = 0 }
                limitState = .atLower
            } else if jointAngle >= upperAngle {
                if limitState != .atUpper { impulse.z = 0 }
                limitState = .atUpper
            } else {
                limitState = .inactive
                impulse.z = 0
            }
        } else {
            limitState = .inactive
        }
        if data.step.warmStarting {
            impulse = data.step.dtRatio * impulse
            motorImpulse *= data.step.dtRatio
            let P = Vec2f(impulse.x, impulse.y)
            vA -= mA * P; wA -= iA * (cross(rA, P) + motorImpulse + impulse.z)
            vB += mB * P; wB += iB * (cross(rB, P) + motorImpulse + impulse.z)
        } else {
            impulse = .zero
            motorImpulse = 0
        }
        data.velocities[A.index] = SolverVelocity(v: vA, w: wA)
        data.velocities[B.index] = SolverVelocity(v: vB, w: wB)
    }

    mutating func solveVelocityConstraints(_ data: inout SolverData, _ A: SolverBody, _ B: SolverBody) {
        var vA = data.velocities[A.index].v, wA = data.velocities[A.index].w
        var vB = data.velocities[B.index].v, wB = data.velocities[B.index].w
        let mA = A.invMass, mB = B.invMass, iA = A.invI, iB = B.invI
        let fixedRotation = iA + iB == 0
        if enableMotor && limitState != .equal && !fixedRotation {
            let Cdot = wB - wA - motorSpeed
            var lambda = -motorMass * Cdot
            let old = motorImpulse
            let maxImpulse = data.step.dt * maxMotorTorque
            motorImpulse = Swift.min(Swift.max(motorImpulse + lambda, -maxImpulse), maxImpulse)
            lambda = motorImpulse - old
            wA -= iA * lambda
            wB += iB * lambda
        }
        if enableLimit && limitState != .inactive && !fixedRotation {
            let Cdot1 = vB + cross(wB, rB) - vA - cross(wA, rA)
            let Cdot2 = wB - wA
            let Cdot = Vec3f(Cdot1.x, Cdot1.y, Cdot2)
            var imp = -mass.solve33(Cdot)
            switch limitState {
            case .equal:
                impulse += imp
            case .atLower, .atUpper:
                // A one-sided limit may only push (lower) or pull (upper); when the accumulated
                // impulse would cross zero, solve the point constraint alone and release the limit.
                let newImpulse = impulse.z + imp.z
                if limitState == .atLower ? newImpulse < 0 : newImpulse > 0 {
                    let rhs = -Cdot1 + impulse.z * Vec2f(mass.ez.x, mass.ez.y)
                    let reduced = mass.solve22(rhs)
                    imp = Vec3f(reduced.x, reduced.y, -impulse.z)
                    impulse.x += reduced.x; impulse.y += reduced.y; impulse.z = 0
                } else {
                    impulse += imp
                }
            case .inactive:
                break
            }
            let P = Vec2f(imp.x, imp.y)
            vA -= mA * P; wA -= iA * (cross(rA, P) + imp.z)
            vB += mB * P; wB += iB * (cross(rB, P) + imp.z)
        } else {
            let Cdot = vB + cross(wB, rB) - vA - cross(wA, rA)
            let imp = mass.solve22(-Cdot)
            impulse.x += imp.x; impulse.y += imp.y
            vA -= mA * imp; wA -= iA * cross(rA, imp)
            vB += mB * imp; wB += iB * cross(rB, imp)
        }
        data.velocities[A.index] = SolverVelocity(v: vA, w: wA)
        data.velocities[B.index] = SolverVelocity(v: vB, w: wB)
    }

    func solvePositionConstraints(_ data: inout SolverData, _ A: SolverBody, _ B: SolverBody) -> Bool {
        var cA = data.positions[A.index].c, aA = data.positions[A.index].a
        var cB = data.positions[B.index].c, aB = data.positions[B.index].a
        let mA = A.invMass, mB = B.invMass, iA = A.invI, iB = B.invI
        var angularError: Float = 0.0
        let fixedRotation = iA + iB == 0
        if enableLimit && limitState != .inactive && !fixedRotation {
            let angle = aB - aA - referenceAngle
            var limitImpulse: Float = 0.0
            switch limitState {
            case .equal:
                let C = Swift.min(Swift.max(angle - lowerAngle, -Settings.maxAngularCorrection), Settings.maxAngularCorrection)
                limitImpulse = -motorMass * C
                angularError = Swift.abs(C)
            case .atLower:
                var C = angle - lowerAngle
                angularError = -C
                C = Swift.min(Swift.max(C + Settings.angularSlop, -Settings.maxAngularCorrection), 0)
                limitImpulse = -motorMass * C
            case .atUpper:
                var C = angle - upperAngle
                angularError = C
                C = Swift.min(Swift.max(C - Settings.angularSlop, 0), Settings.maxAngularCorrection)
                limitImpulse = -motorMass * C
            case .inactive:
                break
            }
            aA -= iA * limitImpulse
            aB += iB * limitImpulse
        }
        let rA = mul(rotF(aA), localAnchorA - A.localCenter)
        let rB = mul(rotF(aB), localAnchorB - B.localCenter)
        let C = cB + rB - cA - rA
        let positionError = C.length
        var K = Mat22f.zero
        K.ex.x = mA + mB + iA * rA.y * rA.y + iB * rB.y * rB.y
        K.ex.y = -iA * rA.x * rA.y - iB * rB.x * rB.y
        K.ey.x = K.ex.y
        K.ey.y = mA + mB + iA * rA.x * rA.x + iB * rB.x * rB.x
        let imp = -K.solve(C)
        cA -= mA * imp; aA -= iA * cross(rA, imp)
        cB += mB * imp; aB += iB * cross(rB, imp)
        data.positions[A.index] = SolverPosition(c: cA, a: aA)
        data.positions[B.index] = SolverPosition(c: cB, a: aB)
        return positionError <= Settings.linearSlop && angularError <= Settings.angularSlop
    }
}

/// Box2D 2.3's weld joint: rigid, or with a soft angular spring.
struct WeldJoint {
    var localAnchorA: Vec2f
    var localAnchorB: Vec2f
    var referenceAngle: Float
    var frequencyHz: Float
    var dampingRatio: Float
    var bias: Float = 0.0
    var gamma: Float = 0.0
    var impulse = Vec3f.zero
    var rA = Vec2f.zero, rB = Vec2f.zero
    var mass = Mat33f.zero

    init(_ d: WeldJointDef) {
        localAnchorA = Vec2f(d.localAnchorA); localAnchorB = Vec2f(d.localAnchorB); referenceAngle = Float(d.referenceAngle)
        frequencyHz = Float(d.frequencyHz); dampingRatio = Float(d.dampingRatio)
    }

    mutating func initVelocityConstraints(_ data: inout SolverData, _ A: SolverBody, _ B: SolverBody) {
        let aA = data.positions[A.index].a, aB = data.positions[B.index].a
        var vA = data.velocities[A.index].v, wA = data.velocities[A.index].w
        var vB = data.velocities[B.index].v, wB = data.velocities[B.index].w
        let mA = A.invMass, mB = B.invMass, iA = A.invI, iB = B.invI
        rA = mul(rotF(aA), localAnchorA - A.localCenter)
        rB = mul(rotF(aB), localAnchorB - B.localCenter)
        let K = pointAndAngleMass(mA, mB, iA, iB, rA, rB)
        if frequencyHz > 0 {
            mass = K.inverse22
            var invM = iA + iB
            let m = invM > 0 ? 1 / invM : 0
            (gamma, bias) = makeSoft(frequencyHz, dampingRatio, mass: m, error: aB - aA - referenceAngle, h: data.step.dt)
            invM += gamma
            mass.ez.z = invM != 0 ? 1 / invM : 0
        } else {
            mass = K.symmetricInverse33
            gamma = 0
            bias = 0
        }
        if data.step.warmStarting {
            impulse = data.step.dtRatio * impulse
            let P = Vec2f(impulse.x, impulse.y)
            vA -= mA * P; wA -= iA * (cross(rA, P) + impulse.z)
            vB += mB * P; wB += iB * (cross(rB, P) + impulse.z)
        } else {
            impulse = .zero
        }
        data.velocities[A.index] = SolverVelocity(v: vA, w: wA)
        data.velocities[B.index] = SolverVelocity(v: vB, w: wB)
    }

    mutating func solveVelocityConstraints(_ data: inout SolverData, _ A: SolverBody, _ B: SolverBody) {
        var vA = data.velocities[A.index].v, wA = data.velocities[A.index].w
        var vB = data.velocities[B.index].v, wB = data.velocities[B.index].w
        let mA = A.invMass, mB = B.invMass, iA = A.invI, iB = B.invI
        if frequencyHz > 0 {
            let Cdot2 = wB - wA
            let impulse2 = -mass.ez.z * (Cdot2 + bias + gamma * impulse.z)
            impulse.z += impulse2
            wA -= iA * impulse2
            wB += iB * impulse2
            let Cdot1 = vB + cross(wB, rB) - vA - cross(wA, rA)
            let impulse1 = -mul22(mass, Cdot1)
            impulse.x += impulse1.x; impulse.y += impulse1.y
            let P = impulse1
            vA -= mA * P; wA -= iA * cross(rA, P)
            vB += mB * P; wB += iB * cross(rB, P)
        } else {
            let Cdot1 = vB + cross(wB, rB) - vA - cross(wA, rA)
            let Cdot2 = wB - wA
            let imp = -mul(mass, Vec3f(Cdot1.x, Cdot1.y, Cdot2))
            impulse += imp
            let P = Vec2f(imp.x, imp.y)
            vA -= mA * P; wA -= iA * (cross(rA, P) + imp.z)
            vB += mB * P; wB += iB * (cross(rB, P) + imp.z)
        }
        data.velocities[A.index] = SolverVelocity(v: vA, w: wA)
        data.velocities[B.index] = SolverVelocity(v: vB, w: wB)
    }

    func solvePositionConstraints(_ data: inout SolverData, _ A: SolverBody, _ B: SolverBody) -> Bool {
        var cA = data.positions[A.index].c, aA = data.positions[A.index].a
        var cB = data.positions[B.index].c, aB = data.positions[B.index].a
        let mA = A.invMass, mB = B.invMass, iA = A.invI, iB = B.invI
        let rA = mul(rotF(aA), localAnchorA - A.localCenter)
        let rB = mul(rotF(aB), localAnchorB - B.localCenter)
        let K = pointAndAngleMass(mA, mB, iA, iB, rA, rB)
        let positionError: Float, angularError: Float
        if frequencyHz > 0 {
            let C1 = cB + rB - cA - rA
            positionError = C1.length
            angularError = 0
            let P = -K.solve22(C1)
            cA -= mA * P; aA -= iA * cross(rA, P)
            cB += mB * P; aB += iB * cross(rB, P)
        } else {
            let C1 = cB + rB - cA - rA
            let C2 = aB - aA - referenceAngle
            positionError = C1.length
            angularError = Swift.abs(C2)
            let imp = -K.solve33(Vec3f(C1.x, C1.y, C2))
            let P = Vec2f(imp.x, imp.y)
            cA -= mA * P; aA -= iA * (cross(rA, P) + imp.z)
            cB += mB * P; aB += iB * (cross(rB, P) + imp.z)
        }
        data.positions[A.index] = SolverPosition(c: cA, a: aA)
        data.positions[B.index] = SolverPosition(c: cB, a: aB)
        return positionError <= Settings.linearSlop && angularError <= Settings.angularSlop
    }
}
