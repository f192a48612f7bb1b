import Dynamics
import Geometry

/// Collects contact events during a tick's sub-steps.
final class Listener: ContactListener {
    struct Key: Hashable { var a: Int32; var b: Int32; var ca: Int; var cb: Int }
    struct Pending { var key: Key; var info: ContactInfo; var began: Bool; var bestImpulse: Double; var point: Vec2 }
    // Unchecked for exclusive access, as the animator's tick state (DynamicAnimator.swift): the
    // world asks `wantsPostSolve` once per island of every sub-step.
    @exclusivity(unchecked) var events: [Pending] = []
    @exclusivity(unchecked) var awaitingImpulse: [Key: Int] = [:]
    /// Last contact point of each touching contact, for its end event (an ended contact has no manifold).
    @exclusivity(unchecked) var lastPoint: [Key: Vec2] = [:]

    /// The stored properties `copy()` knows (a test compares it with the class's, `Mirror`).
    static let copiedFieldCount = 3

    /// A listener of its own with the same events and contacts.
    func copy() -> Listener {
        let l = Listener()
        l.events = events
        l.awaitingImpulse = awaitingImpulse
        l.lastPoint = lastPoint
        return l
    }

    func key(_ c: ContactInfo) -> Key {
        Key(a: c.fixtureA.index, b: c.fixtureB.index, ca: c.childIndexA, cb: c.childIndexB)
    }

    func beginContact(_ c: ContactInfo) {
        let k = key(c)
        awaitingImpulse[k] = events.count
        events.append(Pending(key: k, info: c, began: true, bestImpulse: -1, point: Vec2(c.worldManifold.points.0)))
        lastPoint[k] = Vec2(c.worldManifold.points.0)
    }

    func endContact(_ c: ContactInfo) {
        let k = key(c)
        awaitingImpulse[k] = nil
        let p =
            c.manifold.pointCount > 0
            ? Vec2(c.worldManifold.points.0) : lastPoint[k] ?? Vec2(c.worldManifold.points.0)
        lastPoint[k] = nil
        events.append(Pending(key: k, info: c, began: false, bestImpulse: 0, point: p))
    }

    /// Pre-solve is not used; post-solve only while a begun contact awaits its impulse (the world
    /// then skips building contact information for every solved contact).
    var wantsPreSolve: Bool { false }
    var wantsPostSolve: Bool { !awaitingImpulse.isEmpty }

    func postSolve(_ c: ContactInfo, impulse: ContactImpulse) {
        guard let i = awaitingImpulse[key(c)] else { return }
        awaitingImpulse[key(c)] = nil
        var best = Double(impulse.normalImpulses.0)
        var p = Vec2(c.worldManifold.points.0)
        if impulse.count > 1 && Double(impulse.normalImpulses.1) > best {
            best = Double(impulse.normalImpulses.1); p = Vec2(c.worldManifold.points.1)
        }
        events[i].bestImpulse = best
        events[i].point = p
        lastPoint[key(c)] = p
    }
}

/// What `endTick()` decided.
public enum PauseChange: Sendable, Equatable { case paused, resumed }

extension DynamicAnimator {
    /// First half of a tick of `dt` seconds: pending item changes and pushes, the fixed sub-steps,
    /// write-back of centres and rotations. Returns the contacts that began, then those that ended.
    public func beginTick(_ dt: Double) -> [ContactEvent] {
        guard isRunning else { return [] }
        inTick = true
        elapsedTime += dt
        let s = 1 / pointsPerMeter
        // (`items.store` is in `itemOrder`'s order; each item read and written in place)
        for k in items.store.indices where items.store[k].dirty {
            if let p = items.store[k].placement {
                let pose = p.frame.body(itemCenter: items.store[k].center, itemRotation: items.store[k].rotation)
                world.setTransform(p.body, position: s * pose.position, angle: pose.angle)
                world.setAwake(p.body, true)
            }
            items.store[k].dirty = false
        }
        // Each behaviour's forces for the whole tick (pushes), in the order the behaviours were
        // added; each hook works on a copy of its slot, so that `installed` is free while it runs
        // (only for a behaviour that applies any: a copy of a slot costs more than the hook).
        for k in installed.indices where installed[k].behavior.forceHooks.contains(.tick) {
            let b = installed[k].behavior
            var slot = installed[k]
            b.applyTickForces(&slot, in: self)
            installed[k] = slot
        }
        listener.events.removeAll(keepingCapacity: true)
        listener.awaitingImpulse.removeAll(keepingCapacity: true)
        accumulator += dt
        while accumulator >= subStep {
            applySubStepForces()
            world.step(subStep)
            removeSubStepForces()
            accumulator -= subStep
        }
        world.clearForces()
        for k in items.store.indices {
            guard let p = items.store[k].placement else { continue }
            let pose = p.frame.item(
                bodyPosition: pointsPerMeter * world.position(of: p.body), bodyAngle: world.angle(of: p.body))
            items.store[k].center = pose.center
            items.store[k].rotation = pose.rotation
        }
        var began: [ContactEvent] = []
        var ended: [ContactEvent] = []
        for e in listener.events {
            let fa = e.info.fixtureA
            let fb = e.info.fixtureB
            guard let oa = owners[fa] ?? nil, let ob = owners[fb] ?? nil else { continue }
            var itemA: ItemID?
            var itemB: ItemID?
            var boundary: String?
            for o in [oa, ob] {
                switch o {
                case .item(let x): if itemA == nil { itemA = x } else { itemB = x }
                case .boundary(_, let ident): boundary = ident
                }
            }
            guard let first = itemA else { continue }
            let ev = ContactEvent(
                began: e.began, point: pointsPerMeter * e.point, itemA: first, itemB: itemB,
                boundary: boundary, behavior: collisionBehavior(fa, fb))
            if e.began { began.append(ev) } else { ended.append(ev) }
        }
        return began + ended
    }

    /// Second half of a tick: queued behaviour changes take effect, then the animator pauses when
    /// no behaviour is left or no dynamic item is awake. Returns the change of state, if any.
    @discardableResult
    public func endTick() -> PauseChange? {
        let wasRunning = isRunning
        inTick = false
        let queued = pending
        if !queued.isEmpty { pending.removeAll() }
        for change in queued {
            switch change {
            case .add(let id, let b): install(id, b)
            case .remove(let id): uninstall(id)
            case .removeAll: for b in installed.map(\.id).reversed() { uninstall(b) }
            }
        }
        if installed.isEmpty {
            isRunning = false
        } else if isRunning {
            if !itemOrder.contains(where: { !isResting($0) }) { isRunning = false }
        } else {
            resumeIfNeeded()
        }
        if wasRunning && !isRunning { return .paused }
        if !wasRunning && isRunning { return .resumed }
        return nil
    }

    /// Applies every installed behaviour's forces for the next sub-step (fields), in the order the
    /// behaviours were added.
    func applySubStepForces() {
        subStepForces.removeAll(keepingCapacity: true)
        for k in installed.indices where installed[k].behavior.forceHooks.contains(.subStep) {
            let inst = installed[k]
            inst.behavior.applySubStepForces(inst, in: self)
        }
    }

    /// Adds `force` (N) to the body's forces for the next sub-step only: the same force is
    /// subtracted after it (`removeSubStepForces`), as the oracle's model does with Box2D's API
    /// (in float32 the two need not cancel exactly, and the engine then carries what is left, as
    /// Box2D does).
    func applySubStepForce(_ force: Vec2, to body: BodyID) {
        world.applyForceToCenter(body, force)
        subStepForces.append((body, force))
    }

    /// Takes the forces of the sub-step just run off the bodies (a body that fell asleep has no
    /// forces left, and is not woken).
    func removeSubStepForces() {
        for (b, f) in subStepForces { world.applyForceToCenter(b, -f, wake: false) }
        subStepForces.removeAll(keepingCapacity: true)
    }

    /// A whole tick with no actions in the middle.
    @discardableResult
    public func tick(_ dt: Double) -> (events: [ContactEvent], change: PauseChange?) {
        let ev = beginTick(dt)
        return (ev, endTick())
    }
}
