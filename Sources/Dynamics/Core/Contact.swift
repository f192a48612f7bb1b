// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// A potential contact between two fixture children whose fat boxes overlap.
struct Contact {
    var inIsland = false
    var touching = false
    var enabled = true
    var filterFlag = false
    var toiFlag = false
    var alive = true
    var fixtureA: Int
    var fixtureB: Int
    var indexA: Int
    var indexB: Int
    var manifold = Manifold()
    var prev = nullIndex
    var next = nullIndex
    /// Edge 0 lives in body A's contact list (other = B), edge 1 in body B's (other = A).
    var edgePrev = (nullIndex, nullIndex)
    var edgeNext = (nullIndex, nullIndex)
    var edgeOther = (nullIndex, nullIndex)
    var toiCount = 0
    var toi = 1.0
    var friction: Double
    var restitution: Double
    var tangentSpeed = 0.0
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
func evaluateManifold(_ a: Shape, _ indexA: Int, _ xfA: Transform, _ b: Shape, _ indexB: Int, _ xfB: Transform) -> Manifold {
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
