import Dynamics
import Geometry
import TestSupport
import Testing

@Suite struct ShapeTests {
    @Test func boxMass() {
        let m = Shape.polygon(.box(halfWidth: 1, halfHeight: 0.5)).computeMass(density: 2)
        #expect(abs(m.mass - 4) < 1e-6)  // 2 × 1 m² × 2 kg/m² (float32)
        #expect(abs(m.center.x) < 1e-6 && abs(m.center.y) < 1e-6)
        #expect(abs(m.inertia - 4 * (4 + 1) / 12) < 1e-6)  // m (w² + h²) / 12
        let off = Shape.polygon(.box(halfWidth: 1, halfHeight: 0.5, center: Vec2(3, 0))).computeMass(density: 2)
        #expect(abs(off.inertia - (4 * 5 / 12 + 4 * 9)) < 1e-5)  // parallel axes
        let c = Shape.circle(CircleShape(radius: 0.5)).computeMass(density: 1)
        #expect(abs(c.mass - Settings.pi * 0.25) < 1e-6)
    }

    @Test func hullOfRandomPointsIsConvexAndContainsThem() throws {
        var r = SplitMix(seed: 7)
        for _ in 0..<200 {
            let pts = (0..<8).map { _ in Vec2(r.range(-1, 1), r.range(-1, 1)) }
            guard let p = PolygonShape(points: pts) else { continue }
            let n = p.vertices.count
            for i in 0..<n {
                let a = p.vertices[i]
                let b = p.vertices[(i + 1) % n]
                let c = p.vertices[(i + 2) % n]
                #expect(cross(b - a, c - b) > 0)
                #expect(abs(p.normals[i].length - 1) < 1e-6)
            }
            for q in pts {
                for i in 0..<n { #expect(dot(p.normals[i], Vec2f(q) - p.vertices[i]) <= 1e-6) }
            }
        }
        #expect(PolygonShape(points: [Vec2(0, 0), Vec2(1, 0), Vec2(2, 0)]) == nil)
        #expect(PolygonShape(points: [Vec2(0, 0), Vec2(0.001, 0), Vec2(0, 0.001)]) == nil)
    }

    @Test func chainLoopChildrenHaveGhostVertices() {
        let c = ChainShape.loop([Vec2(0, 0), Vec2(4, 0), Vec2(4, 3), Vec2(0, 3)])
        #expect(c.childCount == 4)
        let e = c.childEdge(0)
        #expect(e.vertex1 == Vec2f(0, 0) && e.vertex2 == Vec2f(4, 0))
        #expect(e.hasVertex0 && e.vertex0 == Vec2f(0, 3) && e.hasVertex3 && e.vertex3 == Vec2f(4, 3))
        let last = c.childEdge(3)
        #expect(last.vertex2 == Vec2f(0, 0) && last.vertex3 == Vec2f(4, 0))
    }
}

@Suite struct ManifoldTests {
    @Test func boxRestingOnBox() {
        let ground = PolygonShape.box(halfWidth: 5, halfHeight: 0.5)
        let box = PolygonShape.box(halfWidth: 0.5, halfHeight: 0.5)
        // y is down: the box sits above the ground, overlapping it by 0.01 m.
        let m = collidePolygons(
            ground, Transformf(position: Vec2f(0, 1), angle: 0), box, Transformf(position: Vec2f(0.2, 0.01), angle: 0))
        #expect(m.pointCount == 2)
        let wm = WorldManifold(
            m, Transformf(position: Vec2f(0, 1), angle: 0), ground.radius,
            Transformf(position: Vec2f(0.2, 0.01), angle: 0), box.radius)
        #expect(abs(wm.normal.y + 1) < 1e-6)  // from the ground up to the box
        #expect(abs(wm.separations.0 - (-0.01 - 2 * Settings.polygonRadius)) < 1e-6)
        let apart = collidePolygons(
            ground, Transformf(position: Vec2f(0, 1), angle: 0), box, Transformf(position: Vec2f(0, -0.2), angle: 0))
        #expect(apart.pointCount == 0)
    }

    /// Two nearly parallel faces whose separations differ by 0.001 m: Box2D 2.3.2 (and 2.2,
    /// UIKit's) keeps polygon A's face unless B's is better by 2 % + 1 mm; Box2D 2.4's rule
    /// (better by 0.5 mm) would take B's. The expected manifold is pybox2d 2.3.10's
    /// `b2CollidePolygons` on the same shapes and transforms (float32, hence the tolerance).
    @Test func nearTieKeepsTheFaceOfA() {
        let small = PolygonShape.box(halfWidth: 0.05, halfHeight: 0.05)
        let big = PolygonShape.box(halfWidth: 0.1, halfHeight: 0.1)
        let xfB = Transformf(position: Vec2f(0.003, 0.14), angle: -0.02)
        let m = collidePolygons(small, .identity, big, xfB)
        #expect(m.type == .faceA)
        #expect(m.pointCount == 2)
        #expect(abs(m.localNormal.x) < 1e-12 && abs(m.localNormal.y - 1) < 1e-12)
        #expect(abs(m.localPoint.x) < 1e-12 && abs(m.localPoint.y - 0.05) < 1e-12)
        #expect(abs(m[0].localPoint.x - 0.06901367) < 1e-6 && abs(m[0].localPoint.y + 0.1) < 1e-6)
        #expect(abs(m[1].localPoint.x + 0.07101433) < 1e-6 && abs(m[1].localPoint.y + 0.1) < 1e-6)
        #expect(m[0].id.key == 16_777_218 && m[1].id.key == 16_777_219)
        // The same pair the other way round: A is now the big box, and its face is kept too.
        let r = collidePolygons(big, xfB, small, .identity)
        #expect(r.type == .faceA && r.pointCount == 2)
        #expect(abs(r.localNormal.y + 1) < 1e-12)
        #expect(r[0].id.key == 66_048 && r[1].id.key == 66_304)
    }

    @Test func boxOnAChainEdgeAndAtACorner() {
        let loop = ChainShape.loop([Vec2(0, 0), Vec2(4, 0), Vec2(4, 3), Vec2(0, 3)])
        let box = PolygonShape.box(halfWidth: 0.5, halfHeight: 0.5)
        let xf = Transformf(position: Vec2f(2, 2.49), angle: 0)
        let m = collideEdgeAndPolygon(loop.childEdge(2), .identity, box, xf)
        #expect(m.pointCount == 2)
        let wm = WorldManifold(m, .identity, loop.radius, xf, box.radius)
        #expect(abs(wm.normal.y - 1) < 1e-9 || abs(wm.normal.y + 1) < 1e-9)
        // In the bottom-right corner both walls touch.
        let corner = Transformf(position: Vec2f(3.49, 2.49), angle: 0)
        #expect(collideEdgeAndPolygon(loop.childEdge(1), .identity, box, corner).pointCount > 0)
        #expect(collideEdgeAndPolygon(loop.childEdge(2), .identity, box, corner).pointCount > 0)
    }

    @Test func circles() {
        let a = CircleShape(radius: 1)
        let b = CircleShape(radius: 0.5)
        #expect(collideCircles(a, .identity, b, Transformf(position: Vec2f(1.4, 0), angle: 0)).pointCount == 1)
        #expect(collideCircles(a, .identity, b, Transformf(position: Vec2f(1.6, 0), angle: 0)).pointCount == 0)
        let box = PolygonShape.box(halfWidth: 1, halfHeight: 1)
        #expect(
            collidePolygonAndCircle(box, .identity, b, Transformf(position: Vec2f(1.4, 0), angle: 0)).pointCount == 1)
        #expect(
            collidePolygonAndCircle(box, .identity, b, Transformf(position: Vec2f(1.4, 1.4), angle: 0)).pointCount == 0)
        let e = EdgeShape(Vec2(-2, 0), Vec2(2, 0))
        #expect(collideEdgeAndCircle(e, .identity, b, Transformf(position: Vec2f(0, 0.4), angle: 0)).pointCount == 1)
    }
}

@Suite struct DistanceAndTOITests {
    @Test func gjkDistanceBetweenBoxes() {
        let a = Shape.polygon(.box(halfWidth: 0.5, halfHeight: 0.5))
        let b = Shape.polygon(.box(halfWidth: 1, halfHeight: 0.25))
        var cache = SimplexCache()
        let out = shapeDistance(
            DistanceInput(
                proxyA: DistanceProxy(a, child: 0), proxyB: DistanceProxy(b, child: 0),
                transformA: .identity, transformB: Transformf(position: Vec2f(3, 0.1), angle: 0), useRadii: false),
            cache: &cache)
        #expect(abs(out.distance - 1.5) < 1e-12)  // 3 − 0.5 − 1
        #expect(testOverlap(a, 0, b, 0, .identity, Transformf(position: Vec2f(1.4, 0), angle: 0)))
        #expect(!testOverlap(a, 0, b, 0, .identity, Transformf(position: Vec2f(1.6, 0), angle: 0)))
    }

    @Test func timeOfImpactOfAFastBox() {
        // A 0.4 m box moving 10 m in one step toward a wall 5 m away.
        let box = Shape.polygon(.box(halfWidth: 0.2, halfHeight: 0.2))
        let wall = Shape.edge(EdgeShape(Vec2(5, -10), Vec2(5, 10)))
        var sA = Sweep(); sA.c0 = Vec2f(0, 0); sA.c = Vec2f(10, 0)
        let sB = Sweep()
        let out = timeOfImpact(
            TOIInput(
                proxyA: DistanceProxy(box, child: 0), proxyB: DistanceProxy(wall, child: 0), sweepA: sA, sweepB: sB,
                tMax: 1))
        #expect(out.state == .touching)
        // Contact when the skins are `target` apart: x = 5 − 0.2 − target, target = 2·radius − 3·slop.
        let target = max(Settings.linearSlop, 2 * Settings.polygonRadius - 3 * Settings.linearSlop)
        #expect(abs(out.t * 10 - (5 - 0.2 - target)) < 0.25 * Settings.linearSlop + 1e-9)
    }
}

@Suite struct BroadPhaseTests {
    @Test func treeQueriesMatchBruteForce() {
        var r = SplitMix(seed: 99)
        var tree = DynamicTree()
        var boxes: [Int: AABBf] = [:]
        var ids: [Int] = []
        func randomBox() -> AABBf {
            let c = Vec2f(Vec2(r.range(-20, 20), r.range(-20, 20)))
            let e = Vec2f(Vec2(r.range(0.1, 2), r.range(0.1, 2)))
            return AABBf(lowerBound: c - e, upperBound: c + e)
        }
        for k in 0..<300 {
            let op = r.unit()
            if op < 0.5 || ids.count < 10 {
                let b = randomBox()
                let id = tree.createProxy(b, userData: k)
                boxes[id] = tree.fatAABB(id)
                ids.append(id)
            } else if op < 0.8 {
                let id = ids[r.below(ids.count)]
                let b = randomBox()
                _ = tree.moveProxy(id, b, displacement: Vec2f(Vec2(r.range(-1, 1), r.range(-1, 1))))
                boxes[id] = tree.fatAABB(id)
                #expect(tree.fatAABB(id).contains(b))
            } else {
                let i = r.below(ids.count)
                tree.destroyProxy(ids[i])
                boxes[ids[i]] = nil
                ids.remove(at: i)
            }
            tree.validate()
        }
        for _ in 0..<50 {
            let q = randomBox()
            var found: [Int] = []
            tree.query(q) {
                found.append($0); return true
            }
            let expected = ids.filter { boxes[$0]!.overlaps(q) }
            #expect(found.sorted() == expected.sorted())
        }
        #expect(tree.height <= 2 * 12)
    }

    @Test func pairsReportedOnceInProxyOrder() {
        var bp = BroadPhase()
        let a = bp.createProxy(AABBf(lowerBound: Vec2f(0, 0), upperBound: Vec2f(1, 1)), userData: 10)
        let b = bp.createProxy(AABBf(lowerBound: Vec2f(0.5, 0.5), upperBound: Vec2f(2, 2)), userData: 20)
        let c = bp.createProxy(AABBf(lowerBound: Vec2f(0.8, 0), upperBound: Vec2f(3, 1)), userData: 30)
        _ = bp.createProxy(AABBf(lowerBound: Vec2f(50, 50), upperBound: Vec2f(51, 51)), userData: 40)
        var pairs: [(Int, Int)] = []
        bp.updatePairs { pairs.append(($0, $1)) }
        #expect(pairs.map { "\($0.0)-\($0.1)" } == ["10-20", "10-30", "20-30"])
        #expect(a < b && b < c)
        pairs.removeAll()
        bp.updatePairs { pairs.append(($0, $1)) }
        #expect(pairs.isEmpty)
        #expect(bp.proxyCount == 4)
    }
}
