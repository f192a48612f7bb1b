// The benchmark scenes on the Swift engine, built exactly as Benchmarks/box2d/driver.cpp builds
// them on Box2D 2.3.2 (keep the two in step). The UIKit mapping of Sources/UIDynamics: 100 pt per
// metre, sub-step h = Float(1/120), 8 velocity and 3 position iterations, gravity 10 m/s², density 1,
// friction 0.2, restitution 0.2, damping 0.1, reference bounds as a closed chain 1 pt outside.
//
// Every length is computed in float32 as the C++ driver computes it (`cx * S` with S = 0.01f), then
// handed to the engine's Double API, which rounds it to the same float: both engines start from
// the same floats, and since the engine computes as Box2D does, they run the same trajectory
// (the table's last column checks it). A length computed in Double (30 × 0.01 = 0.3, then 0.3f)
// can differ from the driver's (30 × 0.01f) in the last bit, and a rain of boxes amplifies that
// into a different pile with a different amount of work.
import Dynamics
import Geometry

let S: Float = 0.01  // metres per point

/// A length in points to metres, as the C++ driver computes it (`pt * S`, in float32).
func m(_ pt: Float) -> Double { Double(pt * S) }

struct BenchScene {
    var name: String
    var steps: Int
    /// Pile size, for the growth exponent (nil: not a pile).
    var pileSize: Int?
}

let benchScenes: [BenchScene] = [
    BenchScene(name: "spring", steps: 240),
    BenchScene(name: "shade", steps: 180),
    BenchScene(name: "shade-wide", steps: 180),
    BenchScene(name: "shade-wide-thrown", steps: 180),
    BenchScene(name: "rain-100", steps: 600),
    BenchScene(name: "pile-100", steps: 240, pileSize: 100),
    BenchScene(name: "pile-500", steps: 240, pileSize: 500),
    BenchScene(name: "pile-1000", steps: 240, pileSize: 1000),
    BenchScene(name: "pile-2000", steps: 240, pileSize: 2000),
    BenchScene(name: "overlap-500", steps: 240),
    BenchScene(name: "overlap-500-bullets", steps: 240),
]

func referenceBounds(_ w: World, _ width: Float, _ height: Float) {
    let b = w.createBody(BodyDef())
    let pts = [Vec2(m(-1), m(-1)), Vec2(m(width + 1), m(-1)), Vec2(m(width + 1), m(height + 1)), Vec2(m(-1), m(height + 1))]
    var fd = FixtureDef(shape: .chain(.loop(pts)))
    fd.friction = 0.2
    fd.restitution = 0.2
    _ = w.createFixture(b, fd)
}

@discardableResult
func item(_ w: World, _ cx: Float, _ cy: Float, _ wpt: Float, _ hpt: Float, _ angle: Float, gravity: Bool, bullet: Bool) -> BodyID {
    var bd = BodyDef()
    bd.type = .dynamicBody
    bd.position = Vec2(m(cx), m(cy))
    bd.angle = Double(angle)
    bd.linearDamping = 0.1
    bd.angularDamping = 0.1
    bd.gravityScale = gravity ? 1 : 0
    bd.bullet = bullet
    let b = w.createBody(bd)
    var fd = FixtureDef(shape: .polygon(.box(halfWidth: Double(0.5 * wpt * S), halfHeight: Double(0.5 * hpt * S))))
    fd.density = 1
    fd.friction = 0.2
    fd.restitution = 0.2
    _ = w.createFixture(b, fd)
    return b
}

func build(_ scene: String) -> World {
    switch scene {
    case "spring":
        let w = World(gravity: .zero)
        let ground = w.createBody(BodyDef())
        let b = item(w, 250, 100, 50, 50, 0, gravity: false, bullet: false)
        var jd = DistanceJointDef(bodyA: ground, bodyB: b)
        jd.localAnchorA = Vec2(m(100), m(100))
        jd.length = m(50)
        jd.frequencyHz = 2
        jd.dampingRatio = 0.3
        jd.collideConnected = true
        _ = w.createJoint(.distance(jd))
        return w
    case "shade":
        let w = World(gravity: Vec2(0, 10))
        item(w, 195, 150, 380, 300, 0, gravity: true, bullet: true)
        referenceBounds(w, 390, 844)
        return w
    case "shade-wide":
        // The sweep's shade (scenes/shade-sweep.yaml): as wide as its 375 pt bounds, its sides
        // 1 pt from the walls (inside the two shapes' radii), sliding down them.
        let w = World(gravity: Vec2(0, 10))
        item(w, 187.5, 200, 375, 300, 0, gravity: true, bullet: true)
        referenceBounds(w, 375, 667)
        return w
    case "shade-wide-thrown":
        // The same, as the sweep has it after the release: no rotation (allowsRotation: false),
        // elasticity 0.6, thrown down at 4000 pt/s, bouncing between floor and ceiling.
        let w = World(gravity: Vec2(0, 10))
        var bd = BodyDef()
        bd.type = .dynamicBody
        bd.position = Vec2(m(187.5), m(200))
        bd.linearDamping = 0.1
        bd.angularDamping = 0.1
        bd.bullet = true
        bd.fixedRotation = true
        bd.linearVelocity = Vec2(0, m(4000))
        let b = w.createBody(bd)
        var fd = FixtureDef(shape: .polygon(.box(halfWidth: Double(0.5 * 375 * S), halfHeight: Double(0.5 * 300 * S))))
        fd.density = 1
        fd.friction = 0.2
        fd.restitution = 0.6
        _ = w.createFixture(b, fd)
        referenceBounds(w, 375, 667)
        return w
    case "rain-100":
        let w = World(gravity: Vec2(0, 10))
        for i in 0..<100 {
            item(w, Float(30 + 35 * (i % 10)), Float(20 + 30 * (i / 10)), 20, 20, 0.1 * Float(i % 5), gravity: true, bullet: false)
        }
        referenceBounds(w, 390, 844)
        return w
    case let p where p.hasPrefix("pile-"):
        let n = Int(p.dropFirst(5))!
        let rows = (n + 19) / 20
        let height = Swift.max(844, Float(rows) * 21 + 100)
        let w = World(gravity: Vec2(0, 10))
        for i in 0..<n {
            let row = i / 20, col = i % 20
            item(w, Float(20 + 10 + col * 21 + (row % 2) * 5), height - 11 - Float(row * 21), 20, 20, 0, gravity: true, bullet: false)
        }
        referenceBounds(w, 440, height)
        return w
    case "overlap-500", "overlap-500-bullets":
        let bullets = scene == "overlap-500-bullets"
        let w = World(gravity: Vec2(0, 10))
        for i in 0..<500 {
            item(w, Float(15 + 15 * (i % 25)), Float(15 + 15 * (i / 25)), 20, 20, 0, gravity: true, bullet: bullets)
        }
        referenceBounds(w, 390, 844)
        return w
    default:
        fatalError("unknown scene \(scene)")
    }
}
