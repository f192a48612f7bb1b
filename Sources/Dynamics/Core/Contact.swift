// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// A potential contact between two fixture children whose fat boxes overlap.
///
/// The fields every list walk reads (the island search, the narrow phase, the time-of-impact
/// loop) come first, in the struct's first 64 bytes: a walk over thousands of contacts then
/// touches about one cache line per contact instead of three.
struct Contact {
    var inIsland = false
    var touching = false
    var enabled = true
    var filterFlag = false
    var toiFlag = false
    var alive = true
    /// Either fixture is a sensor (a fixture's sensor flag never changes).
    let sensor: Bool
    /// The fixtures' bodies (a fixture never changes body), so that walks need not read the
    /// fixtures.
    let bodyA: Int32
    let bodyB: Int32
    var next = nullIndex
    /// Edge 0 lives in body A's contact list (other = B), edge 1 in body B's (other = A).
    var edgeNext = (nullIndex, nullIndex)
    var edgeOther = (nullIndex, nullIndex)
    var toi: Float = 1.0
    /// The children's broad-phase proxies (a proxy lives as long as its fixture, and a fixture's
    /// contacts go before it), for the narrow phase's overlap test without reading the fixtures.
    let proxyA: Int32
    let proxyB: Int32
    var toiCount = 0
    var fixtureA: Int
    var fixtureB: Int
    var indexA: Int
    var indexB: Int
    var prev = nullIndex
    var edgePrev = (nullIndex, nullIndex)
    var manifold = Manifold()
    var friction: Float
    var restitution: Float

    init(fixtureA: Int, fixtureB: Int, indexA: Int, indexB: Int, bodyA: Int, bodyB: Int, proxyA: Int, proxyB: Int,
         sensor: Bool, friction: Float, restitution: Float) {
        self.proxyA = Int32(truncatingIfNeeded: proxyA); self.proxyB = Int32(truncatingIfNeeded: proxyB)
        self.fixtureA = fixtureA; self.fixtureB = fixtureB; self.indexA = indexA; self.indexB = indexB
        self.bodyA = Int32(truncatingIfNeeded: bodyA); self.bodyB = Int32(truncatingIfNeeded: bodyB)
        self.sensor = sensor; self.friction = friction; self.restitution = restitution
    }

    /// Body of fixture A.
    @inline(__always) var bA: Int { Int(bodyA) }
    /// Body of fixture B.
    @inline(__always) var bB: Int { Int(bodyB) }
}

/// Which collide function handles a shape-type pair, and whether the fixtures must be swapped
/// (Box2D's contact registers: the "primary" order has edge/chain/polygon as A).
func contactRegistration(_ typeA: Int, _ typeB: Int) -> (supported: Bool, swap: Bool) {
    // Types: circle 0, edge 1, polygon 2, chain 3.
    switch (typeA, typeB) {
    case (0, 0), (2, 0), (2, 2), (1, 0), (1, 2), (3, 0), (3, 2): return (true, false)
    case (0, 2), (0, 1), (2, 1), (0, 3), (2, 3): return (true, true)
    default: return (false, false)
    }
}

/// Evaluates the manifold for the (already ordered) shape children.
func evaluateManifold(_ a: Shape, _ indexA: Int, _ xfA: Transformf, _ b: Shape, _ indexB: Int, _ xfB: Transformf) -> Manifold {
    switch (a, b) {
    case (.circle(let ca), .circle(let cb)): return collideCircles(ca, xfA, cb, xfB)
    case (.polygon(let pa), .circle(let cb)): return collidePolygonAndCircle(pa, xfA, cb, xfB)
    case (.polygon(let pa), .polygon(let pb)): return collidePolygons(pa, xfA, pb, xfB)
    case (.edge(let ea), .circle(let cb)): return collideEdgeAndCircle(ea, xfA, cb, xfB)
    case (.edge(let ea), .polygon(let pb)): return collideEdgeAndPolygon(ea, xfA, pb, xfB)
    case (.chain(let ch), .circle(let cb)): return collideEdgeAndCircle(ch.childEdge(indexA), xfA, cb, xfB)
    case (.chain(let ch), .polygon(let pb)): return collideEdgeAndPolygon(ch.childEdge(indexA), xfA, pb, xfB)
    default: return Manifold()
    }
}
