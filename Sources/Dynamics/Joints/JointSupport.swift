// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// A spring as a soft constraint (Box2D 2.3's distance and weld joints; `b2MakeSoft` in v3): the
/// mass-spring-damper of `frequencyHz` (Hz) and `dampingRatio` on the constraint's effective
/// `mass`, over a step of `h` seconds, as the softness `gamma` = 1 / (h·(d + h·k)) (0 when that
/// is 0) and the bias velocity C·h·k·gamma for the position `error` C, with ω = 2πf, d = 2mζω and
/// k = mω². Every spring of the engine goes through it.
@inline(__always) func makeSoft(_ frequencyHz: Float, _ dampingRatio: Float, mass: Float, error C: Float, h: Float) -> (gamma: Float, bias: Float) {
    let omega = 2 * Settings.pi * frequencyHz
    let d = 2 * mass * dampingRatio * omega
    let k = mass * omega * omega
    var gamma = h * (d + h * k)
    gamma = gamma != 0 ? 1 / gamma : 0
    return (gamma, C * h * k * gamma)
}

extension World {
    // Joint edges are numbered jointId·2 + side; side 0 lives in body A's list.
    @inline(__always) func jointEdgeNext(_ e: Int) -> Int { e & 1 == 0 ? joints[e >> 1].edgeNext.0 : joints[e >> 1].edgeNext.1 }
    @inline(__always) func jointEdgeOther(_ e: Int) -> Int { e & 1 == 0 ? joints[e >> 1].edgeOther.0 : joints[e >> 1].edgeOther.1 }
    private func jointEdgePrev(_ e: Int) -> Int { e & 1 == 0 ? joints[e >> 1].edgePrev.0 : joints[e >> 1].edgePrev.1 }
    private func setJointEdgePrev(_ e: Int, _ v: Int) {
        if e & 1 == 0 { joints[e >> 1].edgePrev.0 = v } else { joints[e >> 1].edgePrev.1 = v }
    }
    private func setJointEdgeNext(_ e: Int, _ v: Int) {
        if e & 1 == 0 { joints[e >> 1].edgeNext.0 = v } else { joints[e >> 1].edgeNext.1 = v }
    }

    /// Creates a joint between two bodies.
    public func createJoint(_ def: JointDef) -> JointID {
        precondition(!locked, "createJoint: the world is in the middle of a step")
        let (idA, idB) = def.bodies
        let a = checked(idA), b = checked(idB)
        precondition(a != b, "createJoint: a joint needs two different bodies")
        let (type, slot) = jointStore.add(def)
        let jt = Joint(type: type, slot: slot, bodyA: a, bodyB: b, collideConnected: def.collideConnected)
        let j: Int
        if let f = freeJoints.popLast() {
            var nj = jt; nj.generation = joints[f].generation; joints[f] = nj; j = f
        } else {
            joints.append(jt); j = joints.count - 1
        }
        joints[j].next = jointList
        if jointList != nullIndex { joints[jointList].prev = j }
        jointList = j
        jointCount += 1
        joints[j].edgeOther.0 = b
        joints[j].edgeNext.0 = bodies[a].jointList
        if bodies[a].jointList != nullIndex { setJointEdgePrev(bodies[a].jointList, j * 2) }
        bodies[a].jointList = j * 2
        joints[j].edgeOther.1 = a
        joints[j].edgeNext.1 = bodies[b].jointList
        if bodies[b].jointList != nullIndex { setJointEdgePrev(bodies[b].jointList, j * 2 + 1) }
        bodies[b].jointList = j * 2 + 1
        if !def.collideConnected { flagContacts(between: a, b) }
        return jointID(j)
    }

    private func flagContacts(between a: Int, _ b: Int) {
        var e = bodies[b].contactList
        while e != nullIndex {
            if contactEdgeOther(e) == a { contacts[e >> 1].filterFlag = true }
            e = contactEdgeNext(e)
        }
    }

    /// Destroys a joint and wakes its bodies.
    public func destroyJoint(_ id: JointID) {
        precondition(!locked, "destroyJoint: the world is in the middle of a step")
        let j = checkedJoint(id)
        let collideConnected = joints[j].collideConnected
        let p = joints[j].prev, n = joints[j].next
        if p != nullIndex { joints[p].next = n }
        if n != nullIndex { joints[n].prev = p }
        if jointList == j { jointList = n }
        let a = joints[j].bodyA, b = joints[j].bodyB
        bodies[a].setAwake(true)
        bodies[b].setAwake(true)
        for (e, body) in [(j * 2, a), (j * 2 + 1, b)] {
            let ep = jointEdgePrev(e), en = jointEdgeNext(e)
            if ep != nullIndex { setJointEdgeNext(ep, en) }
            if en != nullIndex { setJointEdgePrev(en, ep) }
            if bodies[body].jointList == e { bodies[body].jointList = en }
        }
        joints[j].alive = false
        joints[j].generation &+= 1
        jointStore.remove(joints[j].type, joints[j].slot)
        freeJoints.append(j)
        jointCount -= 1
        if !collideConnected { flagContacts(between: a, b) }
    }

    func initJointVelocityConstraints(_ j: Int, _ data: inout SolverData) {
        // The bodies' solver constants are kept in the joint for the island's iterations (Box2D
        // keeps them in the joint too): read from the bodies each call, they were a third of a
        // one-joint step.
        let pj = joints.base + j  // (an island joint: a valid index)
        let a = bodies[pj.pointee.bodyA].solverBody, b = bodies[pj.pointee.bodyB].solverBody
        pj.pointee.solverA = a
        pj.pointee.solverB = b
        let s = pj.pointee.slot
        switch pj.pointee.type {
        case .distance: jointStore.distance[s].initVelocityConstraints(&data, a, b)
        case .revolute: jointStore.revolute[s].initVelocityConstraints(&data, a, b)
        case .prismatic: jointStore.prismatic[s].initVelocityConstraints(&data, a, b)
        case .weld: jointStore.weld[s].initVelocityConstraints(&data, a, b)
        case .rope: jointStore.rope[s].initVelocityConstraints(&data, a, b)
        }
    }

    /// (After `initJointVelocityConstraints` of the same island.)
    func solveJointVelocityConstraints(_ j: Int, _ data: inout SolverData) {
        let pj = UnsafePointer(joints.base + j)
        let a = pj.pointee.solverA, b = pj.pointee.solverB, s = pj.pointee.slot
        switch pj.pointee.type {
        case .distance: jointStore.distance[s].solveVelocityConstraints(&data, a, b)
        case .revolute: jointStore.revolute[s].solveVelocityConstraints(&data, a, b)
        case .prismatic: jointStore.prismatic[s].solveVelocityConstraints(&data, a, b)
        case .weld: jointStore.weld[s].solveVelocityConstraints(&data, a, b)
        case .rope: jointStore.rope[s].solveVelocityConstraints(&data, a, b)
        }
    }

    /// (After `initJointVelocityConstraints` of the same island.)
    func solveJointPositionConstraints(_ j: Int, _ data: inout SolverData) -> Bool {
        let pj = UnsafePointer(joints.base + j)
        let a = pj.pointee.solverA, b = pj.pointee.solverB, s = pj.pointee.slot
        switch pj.pointee.type {
        case .distance: return jointStore.distance[s].solvePositionConstraints(&data, a, b)
        case .revolute: return jointStore.revolute[s].solvePositionConstraints(&data, a, b)
        case .prismatic: return jointStore.prismatic[s].solvePositionConstraints(&data, a, b)
        case .weld: return jointStore.weld[s].solvePositionConstraints(&data, a, b)
        case .rope: return jointStore.rope[s].solvePositionConstraints(&data, a, b)
        }
    }

    private func checkedJoint(_ id: JointID) -> Int {
        precondition(isValid(id), "joint \(id.index) (generation \(id.generation)) does not exist in this world")
        return id.i
    }

    /// Sets a distance joint's rest length (m).
    public func setLength(_ id: JointID, _ length: Double) {
        let length = Float(length)
        let j = checkedJoint(id)
        if joints[j].type == .distance { jointStore.distance[joints[j].slot].length = length }
    }
    /// Sets the spring frequency (Hz) of a distance or weld joint.
    public func setFrequency(_ id: JointID, _ hz: Double) {
        let hz = Float(hz)
        let j = checkedJoint(id)
        switch joints[j].type {
        case .distance: jointStore.distance[joints[j].slot].frequencyHz = hz
        case .weld: jointStore.weld[joints[j].slot].frequencyHz = hz
        default: break
        }
    }
    /// Sets the damping ratio of a distance or weld joint.
    public func setDampingRatio(_ id: JointID, _ ratio: Double) {
        let ratio = Float(ratio)
        let j = checkedJoint(id)
        switch joints[j].type {
        case .distance: jointStore.distance[joints[j].slot].dampingRatio = ratio
        case .weld: jointStore.weld[joints[j].slot].dampingRatio = ratio
        default: break
        }
    }
    /// Sets a rope joint's maximum length (m).
    public func setMaxLength(_ id: JointID, _ length: Double) {
        let length = Float(length)
        let j = checkedJoint(id)
        if joints[j].type == .rope { jointStore.rope[joints[j].slot].maxLength = length }
    }
    /// Sets the limits of a revolute (rad) or prismatic (m) joint.
    public func setLimits(_ id: JointID, lower: Double, upper: Double) {
        let lower = Float(lower)
        let upper = Float(upper)
        let j = checkedJoint(id)
        switch joints[j].type {
        case .revolute: jointStore.revolute[joints[j].slot].setLimits(lower, upper)
        case .prismatic: jointStore.prismatic[joints[j].slot].setLimits(lower, upper)
        default: break
        }
    }
    /// Moves a distance, rope, revolute, prismatic or weld joint's anchor on body A (body frame, m).
    public func setLocalAnchorA(_ id: JointID, _ p: Vec2) {
        let p = Vec2f(p)
        let j = checkedJoint(id)
        switch joints[j].type {
        case .distance: jointStore.distance[joints[j].slot].localAnchorA = p
        case .rope: jointStore.rope[joints[j].slot].localAnchorA = p
        case .revolute: jointStore.revolute[joints[j].slot].localAnchorA = p
        case .prismatic: jointStore.prismatic[joints[j].slot].localAnchorA = p
        case .weld: jointStore.weld[joints[j].slot].localAnchorA = p
        }
    }
    /// The anchor on body A in world coordinates (m).
    public func anchorA(of id: JointID) -> Vec2 {
        let j = checkedJoint(id)
        let local: Vec2f
        switch joints[j].type {
        case .distance: local = jointStore.distance[joints[j].slot].localAnchorA
        case .rope: local = jointStore.rope[joints[j].slot].localAnchorA
        case .revolute: local = jointStore.revolute[joints[j].slot].localAnchorA
        case .prismatic: local = jointStore.prismatic[joints[j].slot].localAnchorA
        case .weld: local = jointStore.weld[joints[j].slot].localAnchorA
        }
        return Vec2(mul(bodies[joints[j].bodyA].xf, local))
    }
    /// The anchor on body B in world coordinates (m).
    public func anchorB(of id: JointID) -> Vec2 {
        let j = checkedJoint(id)
        let local: Vec2f
        switch joints[j].type {
        case .distance: local = jointStore.distance[joints[j].slot].localAnchorB
        case .rope: local = jointStore.rope[joints[j].slot].localAnchorB
        case .revolute: local = jointStore.revolute[joints[j].slot].localAnchorB
        case .prismatic: local = jointStore.prismatic[joints[j].slot].localAnchorB
        case .weld: local = jointStore.weld[joints[j].slot].localAnchorB
        }
        return Vec2(mul(bodies[joints[j].bodyB].xf, local))
    }
}
