import Dynamics
import Geometry

/// How a collision behaviour collides: items with each other, with boundaries, or both.
public enum CollisionMode: Sendable { case items, boundaries, everything }

/// A named boundary of a collision behaviour: a segment or an open/closed path (points).
public struct Boundary: Sendable {
    public var identifier: String
    public var points: [Vec2]
    public var closed: Bool
    public init(identifier: String, points: [Vec2], closed: Bool = false) {
        self.identifier = identifier; self.points = points; self.closed = closed
    }
}

/// `UICollisionBehavior`.
public struct CollisionBehavior: DynamicBehavior {
    public var items: [ItemID]
    /// No force hook: its boundary body and contact filter do its work.
    public var forceHooks: ForceHooks { [] }
    public var mode: CollisionMode
    /// The reference bounds inset by these insets become a boundary (nil: none).
    public var referenceBoundsInsets: EdgeInsets?
    public var boundaries: [Boundary]
    public init(
        items: [ItemID], mode: CollisionMode = .everything, referenceBoundsInsets: EdgeInsets? = nil,
        boundaries: [Boundary] = []
    ) {
        self.items = items; self.mode = mode; self.referenceBoundsInsets = referenceBoundsInsets;
        self.boundaries = boundaries
    }

    /// The inset reference bounds (two corners), then each boundary.
    public func guides(in bounds: Rect) -> [BehaviorGuide] {
        var out: [BehaviorGuide] = []
        if let e = referenceBoundsInsets {
            let size = bounds.size
            let corners = [Vec2(e.left, e.top), Vec2(size.x - e.right, size.y - e.bottom)]
            out.append(BehaviorGuide(kind: "bounds", points: corners.map { .fixed($0) }))
        }
        for bd in boundaries {
            out.append(
                BehaviorGuide(
                    kind: "boundary", points: bd.points.map { .fixed($0) }, closed: bd.closed, label: bd.identifier))
        }
        return out
    }

    /// A static body of its own with a fixture per boundary (the inset reference bounds a loop
    /// 1 pt outside them).
    public func install(_ slot: inout InstalledBehavior, in animator: DynamicAnimator) {
        let world = animator.world
        var bd = BodyDef()
        bd.type = .staticBody
        let body = world.createBody(bd)
        slot.boundaryBody = body
        var shapes: [(Shape, String?)] = []
        if let insets = referenceBoundsInsets {
            let r = animator.referenceBounds.inset(by: insets)
            let s = 1 / pointsPerMeter
            let pts = [
                Vec2(r.minX - 1, r.minY - 1), Vec2(r.maxX + 1, r.minY - 1), Vec2(r.maxX + 1, r.maxY + 1),
                Vec2(r.minX - 1, r.maxY + 1),
            ]
            shapes.append((.chain(.loop(pts.map { s * $0 })), nil))
        }
        for bnd in boundaries {
            let pts = bnd.points.map { (1 / pointsPerMeter) * $0 }
            if pts.count == 2 {
                shapes.append((.edge(EdgeShape(pts[0], pts[1])), bnd.identifier))
            } else if bnd.closed {
                shapes.append((.chain(.loop(pts)), bnd.identifier))
            } else {
                shapes.append((.chain(.chain(pts)), bnd.identifier))
            }
        }
        for (shape, ident) in shapes {
            var fd = FixtureDef(shape: shape)
            fd.friction = DefaultMaterial.friction
            fd.restitution = DefaultMaterial.elasticity
            let f = world.createFixture(body, fd)
            animator.owners[f] = .boundary(behavior: slot.id, identifier: ident)
            slot.boundaryFixtures.append((f, ident))
        }
    }
}

extension DynamicAnimator {
    /// Whether two fixtures collide under the installed collision behaviours.
    @_spi(Testing) public func fixturesCollide(_ a: FixtureID, _ b: FixtureID) -> Bool {
        guard let oa = owners[a], let ob = owners[b] else { return false }
        switch (oa, ob) {
        case (.item, .item):
            return collisionBehavior(a, b) != 0
        case (.item(let x), .boundary(let beh, _)), (.boundary(let beh, _), .item(let x)):
            guard let c = collision(beh) else { return false }
            return c.behavior.mode != .items && c.items.contains(named(x))
        default:
            return false
        }
    }

    /// The collision behaviour responsible for a contact between two fixtures.
    @_spi(Testing) public func collisionBehavior(_ a: FixtureID, _ b: FixtureID) -> Int {
        if let oa = owners[a], case .boundary(let beh, _) = oa { return beh }
        if let ob = owners[b], case .boundary(let beh, _) = ob { return beh }
        if let oa = owners[a], let ob = owners[b], case .item(let x) = oa, case .item(let y) = ob {
            let (nx, ny) = (named(x), named(y))
            for c in collisions where c.behavior.mode != .boundaries && c.items.contains(nx) && c.items.contains(ny) {
                return c.id
            }
        }
        return 0
    }
}
