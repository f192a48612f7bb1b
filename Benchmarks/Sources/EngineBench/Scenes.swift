// The benchmark scenes on the Swift engine, built exactly as Benchmarks/box2d/driver.cpp builds
// them on Box2D 2.3.2 (keep the two in step). The UIKit mapping of Sources/UIDynamics: 100 pt per
// metre, sub-step h = Float(1/120), 8 velocity and 3 position iterations, gravity 10 m/s², density 1,
// friction 0.2, restitution 0.2, damping 0.1, reference bounds as a closed chain 1 pt outside.
import Dynamics
import Geometry

let s = 0.01  // metres per point

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

func referenceBounds(_ w: World, _ width: Double, _ height: Double) {
    let b = w.createBody(BodyDef())
    let pts = [Vec2(-1 * s, -1 * s), Vec2((width + 1) * s, -1 * s), Vec2((width + 1) * s, (height + 1) * s), Vec2(-1 * s, (height + 1) * s)]
    var fd = FixtureDef(shape: .chain(.loop(pts)))
    fd.friction = 0.2
    fd.restitution = 0.2
    _ = w.createFixture(b, fd)
}

@discardableResult
func item(_ w: World, _ cx: Double, _ cy: Double, _ wpt: Double, _ hpt: Double, _ angle: Double, gravity: Bool, bullet: Bool) -> BodyID {
    var bd = BodyDef()
    bd.type = .dynamicBody
    bd.position = Vec2(cx * s, cy * s)
    bd.angle = angle
    bd.linearDamping = 0.1
    bd.angularDamping = 0.1
    bd.gravityScale = gravity ? 1 : 0
    bd.bullet = bullet
    let b = w.createBody(bd)
    var fd = FixtureDef(shape: .polygon(.box(halfWidth: 0.5 * wpt * s, halfHeight: 0.5 * hpt * s)))
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
        jd.localAnchorA = Vec2(100 * s, 100 * s)
        jd.length = 50 * s
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
        bd.position = Vec2(187.5 * s, 200 * s)
        bd.linearDamping = 0.1
        bd.angularDamping = 0.1
        bd.bullet = true
        bd.fixedRotation = true
        bd.linearVelocity = Vec2(0, 4000 * s)
        let b = w.createBody(bd)
        var fd = FixtureDef(shape: .polygon(.box(halfWidth: 0.5 * 375 * s, halfHeight: 0.5 * 300 * s)))
        fd.density = 1
        fd.friction = 0.2
        fd.restitution = 0.6
        _ = w.createFixture(b, fd)
        referenceBounds(w, 375, 667)
        return w
    case "rain-100":
        let w = World(gravity: Vec2(0, 10))
        for i in 0..<100 {
            item(w, 30 + 35 * Double(i % 10), 20 + 30 * Double(i / 10), 20, 20, 0.1 * Double(i % 5), gravity: true, bullet: false)
        }
        referenceBounds(w, 390, 844)
        return w
    case let p where p.hasPrefix("pile-"):
        let n = Int(p.dropFirst(5))!
        let rows = (n + 19) / 20
        let height = Double(Float(Swift.max(844, Double(rows) * 21 + 100)))
        let w = World(gravity: Vec2(0, 10))
        for i in 0..<n {
            let row = i / 20, col = i % 20
            item(w, 20 + 10 + Double(col * 21 + (row % 2) * 5), height - 11 - Double(row * 21), 20, 20, 0, gravity: true, bullet: false)
        }
        referenceBounds(w, 440, height)
        return w
    case "overlap-500", "overlap-500-bullets":
        let bullets = scene == "overlap-500-bullets"
        let w = World(gravity: Vec2(0, 10))
        for i in 0..<500 {
            item(w, 15 + 15 * Double(i % 25), 15 + 15 * Double(i / 25), 20, 20, 0, gravity: true, bullet: bullets)
        }
        referenceBounds(w, 390, 844)
        return w
    default:
        fatalError("unknown scene \(scene)")
    }
}
