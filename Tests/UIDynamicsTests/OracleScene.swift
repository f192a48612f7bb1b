import Foundation
import Geometry
import UIDynamics

/// A reference scene and its Box2D 2.3 trajectory, as written by Tools/oracle/generate.py.
struct OracleFixture {
    var name: String
    var scene: [String: Any]
    var rows: [[Double]]
    var events: [[String: Any]]
    /// The tolerances generate.py derived from the oracle's own spread (Tools/oracle/generate.py,
    /// `spread_and_tolerance`); present in every fixture, held by the test for the coverage scenes.
    var tolerance: [String: Any]

    static var directory: URL { Bundle.module.resourceURL!.appendingPathComponent("Fixtures") }

    static func names() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    static func load(_ name: String) throws -> OracleFixture {
        let data = try Data(contentsOf: directory.appendingPathComponent(name + ".json"))
        let obj = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        return OracleFixture(
            name: name, scene: obj["scene"] as! [String: Any],
            rows: (obj["rows"] as! [[NSNumber]]).map { $0.map(\.doubleValue) },
            events: obj["events"] as! [[String: Any]], tolerance: obj["tolerance"] as? [String: Any] ?? [:])
    }

    var items: [[String: Any]] { scene["items"] as! [[String: Any]] }
}

func vec(_ any: Any?) -> Vec2 {
    let a = (any as! [NSNumber]).map(\.doubleValue)
    return Vec2(a[0], a[1])
}

func num(_ any: Any?, _ d: Double = 0) -> Double { (any as? NSNumber)?.doubleValue ?? d }

/// Builds the fixture's scene on a `DynamicAnimator`, exactly as uikit_model.py does.
func buildAnimator(_ f: OracleFixture) -> DynamicAnimator {
    let b = (f.scene["bounds"] as! [NSNumber]).map(\.doubleValue)
    let an = DynamicAnimator(referenceBounds: Rect(x: b[0], y: b[1], width: b[2], height: b[3]))
    for it in f.items {
        if let members = it["group"] as? [NSNumber] {  // a group of items listed before it
            an.registerGroup(
                (it["id"] as! NSNumber).intValue, items: members.map(\.intValue), center: vec(it["center"]),
                size: vec(it["size"]))
            continue
        }
        var bounds = CollisionBounds.rectangle
        if it["shape"] as? String == "ellipse" {
            bounds = .ellipse
        } else if let pts = it["shape"] as? [[NSNumber]] {
            bounds = .path(pts.map { Vec2($0[0].doubleValue, $0[1].doubleValue) })
        }
        an.registerItem(
            (it["id"] as! NSNumber).intValue, size: vec(it["size"]), center: vec(it["center"]),
            rotation: num(it["rotation"]),
            collisionBounds: bounds)
    }
    for beh in f.scene["behaviors"] as! [[String: Any]] {
        let (kind, value) = beh.first!
        let s = value as! [String: Any]
        let ids = { (key: String) in (s[key] as! [NSNumber]).map(\.intValue) }
        switch kind {
        case "gravity":
            an.addBehavior(GravityBehavior(items: ids("items"), direction: vec(s["direction"])))
        case "collision":
            let mode: CollisionMode =
                s["mode"] as? String == "items"
                ? .items : s["mode"] as? String == "boundaries" ? .boundaries : .everything
            var insets: EdgeInsets?
            if let i = s["insets"] as? [NSNumber] {
                insets = EdgeInsets(
                    top: i[0].doubleValue, left: i[1].doubleValue, bottom: i[2].doubleValue, right: i[3].doubleValue)
            }
            let bnds = (s["boundaries"] as? [[String: Any]] ?? []).map {
                Boundary(
                    identifier: $0["id"] as! String,
                    points: ($0["points"] as! [[NSNumber]]).map { Vec2($0[0].doubleValue, $0[1].doubleValue) },
                    closed: $0["closed"] as? Bool ?? false)
            }
            an.addBehavior(
                CollisionBehavior(items: ids("items"), mode: mode, referenceBoundsInsets: insets, boundaries: bnds))
        case "attachment":
            let kindName = s["kind"] as? String ?? "spring"
            let kind: AttachmentKind
            switch kindName {
            case "limit": kind = .limit
            case "fixed": kind = .fixed
            case "pin": kind = .pin
            case "sliding": kind = .sliding(axis: vec(s["axis"]))
            default: kind = .spring
            }
            var range: ClosedRange<Double>?
            if let r = s["range"] as? [NSNumber] { range = r[0].doubleValue...r[1].doubleValue }
            let offset = s["offset"] == nil ? Vec2.zero : vec(s["offset"])
            let length = (s["length"] as? NSNumber)?.doubleValue
            let item = (s["item"] as! NSNumber).intValue
            if let to = s["to"] as? NSNumber {
                an.addBehavior(
                    AttachmentBehavior(
                        item: item, offset: offset, to: to.intValue,
                        otherOffset: s["toOffset"] == nil ? .zero : vec(s["toOffset"]), length: length,
                        frequency: num(s["frequency"]), damping: num(s["damping"]), kind: kind, range: range,
                        frictionTorque: num(s["frictionTorque"])))
            } else {
                an.addBehavior(
                    AttachmentBehavior(
                        item: item, offset: offset, anchor: vec(s["anchor"]), length: length,
                        frequency: num(s["frequency"]), damping: num(s["damping"]), kind: kind, range: range,
                        frictionTorque: num(s["frictionTorque"])))
            }
        case "snap":
            an.addBehavior(
                SnapBehavior(
                    item: (s["item"] as! NSNumber).intValue, snapPoint: vec(s["point"]),
                    damping: num(s["damping"], 0.5)))
        case "push":
            var offsets: [Int: Vec2] = [:]
            for (k, v) in s["offsets"] as? [String: Any] ?? [:] { offsets[Int(k)!] = vec(v) }
            an.addBehavior(
                PushBehavior(
                    items: ids("items"), mode: s["mode"] as! String == "continuous" ? .continuous : .instantaneous,
                    pushDirection: vec(s["direction"]), offsets: offsets))
        case "item":
            var ib = ItemBehavior(items: ids("items"))
            ib.elasticity = (s["elasticity"] as? NSNumber)?.doubleValue
            ib.friction = (s["friction"] as? NSNumber)?.doubleValue
            ib.density = (s["density"] as? NSNumber)?.doubleValue
            ib.resistance = (s["resistance"] as? NSNumber)?.doubleValue
            ib.angularResistance = (s["angularResistance"] as? NSNumber)?.doubleValue
            ib.allowsRotation = s["allowsRotation"] as? Bool
            ib.anchored = s["anchored"] as? Bool
            ib.charge = (s["charge"] as? NSNumber)?.doubleValue
            if s["linearVelocity"] != nil { ib.linearVelocity = vec(s["linearVelocity"]) }
            ib.angularVelocity = num(s["angularVelocity"])
            an.addBehavior(ib)
        case "field":
            var region = Region.infinite
            if let r = s["region"] as? [String: Any] {
                if let radius = r["radius"] {
                    region = .circle(radius: num(radius))
                } else {
                    region = .rectangle(size: vec(r["size"]))
                }
            }
            let kind = FieldKind(rawValue: s["kind"] as! String)!
            an.addBehavior(
                FieldBehavior(
                    kind: kind, items: ids("items"), position: s["position"] == nil ? .zero : vec(s["position"]),
                    region: region, strength: num(s["strength"], 1),
                    falloff: (s["falloff"] as? NSNumber)?.doubleValue,
                    minimumRadius: num(s["minimumRadius"]),
                    direction: s["direction"] == nil
                        ? (kind == .linearGravity ? Vec2(0, 1) : .zero) : vec(s["direction"])))
        default:
            fatalError("unknown behaviour kind \(kind) in fixture \(f.name)")
        }
    }
    return an
}

/// Deviation of the Swift run from the oracle. Positions in points, rotations in radians,
/// velocities in points/s and radians/s; `window` limits what is compared (nil: every tick).
struct Deviation {
    /// Largest position difference before the first contact event and over the compared ticks.
    var beforeContact = 0.0
    var overall = 0.0
    var rotation = 0.0
    var velocity = 0.0
    var angularVelocity = 0.0
    /// The first tick at which any item's centre is further from the oracle than `limit` (when given).
    var firstPositionExcess: Int?
    var firstContactTick: Int?
    /// Ticks on which one animator runs and the other does not.
    var runningMismatches = 0
    /// The tick after which each animator first paused (nil: it never did).
    var oraclePause: Int?
    var swiftPause: Int?
    /// Contact events: how many the oracle reported, how many differ in tick, kind, items or
    /// boundary, and the largest distance between matching event points (points).
    var oracleEvents = 0
    var eventMismatches = 0
    var eventPoint = 0.0
    /// Began events whose point is further from the oracle's than that event's own
    /// `pointTolerance` (generate.py), with the distances.
    var pointExcesses: [String] = []
    /// The largest ratio of a began event's point distance to its `pointTolerance`.
    var eventPointRatio = 0.0
    /// The differing events, for the failure message: “oracle” or “scenerun”, tick, began/ended, items, boundary.
    var differingEvents: [String] = []
    /// The first tick at which the velocity differs by more than `velocityLimit`.
    var firstVelocityExcess: Int?
    /// The first tick at which any item's centre, rotation or velocity differs from the oracle's
    /// by more than 1e-9 (the fixtures keep the oracle's floats to about 1e-13 pt).
    var firstDifference: Int?

    /// How many ticks apart the two animators paused (nil when only one of them paused).
    var pauseTicksApart: Int? {
        switch (oraclePause, swiftPause) {
        case (nil, nil): return 0
        case let (a?, b?): return Swift.abs(a - b)
        default: return nil
        }
    }
}

/// Runs the fixture's scene on scenerun and compares it with the oracle tick by tick: every item's
/// centre, rotation, velocity and angular velocity, the contact events and the pause tick. Only
/// the first `window` ticks are compared when a window is given (the scene is chaotic after it);
/// `limit` (points) records the first tick at which a centre is further than that.
func compare(
    _ f: OracleFixture, window: Int? = nil, limit: Double = .infinity, velocityLimit: Double = .infinity
) -> Deviation {
    let an = buildAnimator(f)
    let frameRate = num(f.scene["frameRate"], 60)
    let last = window ?? f.rows.count
    var dev = Deviation()
    let oracleEvents = f.events.filter { ($0["tick"] as! NSNumber).intValue <= last }
    dev.firstContactTick = oracleEvents.compactMap { ($0["tick"] as? NSNumber)?.intValue }.min()
    let ids = f.items.map { ($0["id"] as! NSNumber).intValue }
    var swiftEvents: [(tick: Int, began: Bool, point: Vec2, items: [Int], boundary: String?)] = []
    for (k, row) in f.rows.enumerated() {
        let tick = k + 1
        for e in an.tick(1 / frameRate).events where tick <= last {
            swiftEvents.append((tick, e.began, e.point, [e.itemA] + (e.itemB.map { [$0] } ?? []), e.boundary))
        }
        let oracleRunning = row[row.count - 1] != 0
        if dev.oraclePause == nil && !oracleRunning { dev.oraclePause = tick }
        if dev.swiftPause == nil && !an.isRunning { dev.swiftPause = tick }
        if an.isRunning != oracleRunning { dev.runningMismatches += 1 }
        guard tick <= last else { continue }
        for (n, id) in ids.enumerated() {
            let o = Array(row[(1 + 6 * n)..<(7 + 6 * n)])
            let c = an.center(of: id)
            let v = an.linearVelocity(of: id)
            let d = Swift.max(Swift.abs(c.x - o[0]), Swift.abs(c.y - o[1]))
            dev.overall = Swift.max(dev.overall, d)
            if d > limit && dev.firstPositionExcess == nil { dev.firstPositionExcess = tick }
            if dev.firstContactTick == nil || tick < dev.firstContactTick! {
                dev.beforeContact = Swift.max(dev.beforeContact, d)
            }
            dev.rotation = Swift.max(dev.rotation, Swift.abs(an.rotation(of: id) - o[2]))
            let dv = Swift.max(Swift.abs(v.x - o[3]), Swift.abs(v.y - o[4]))
            dev.velocity = Swift.max(dev.velocity, dv)
            if dv > velocityLimit && dev.firstVelocityExcess == nil { dev.firstVelocityExcess = tick }
            dev.angularVelocity = Swift.max(dev.angularVelocity, Swift.abs(an.angularVelocity(of: id) - o[5]))
            // Each difference on its own, written so that a NaN counts as one (`max` drops a NaN).
            let diffs = [
                c.x - o[0], c.y - o[1], an.rotation(of: id) - o[2], v.x - o[3], v.y - o[4],
                an.angularVelocity(of: id) - o[5],
            ]
            let differs = diffs.contains { !(Swift.abs($0) <= 1e-9) }
            if differs && dev.firstDifference == nil { dev.firstDifference = tick }
        }
    }
    dev.oracleEvents = oracleEvents.count
    var unmatched = swiftEvents
    for e in oracleEvents {
        let tick = (e["tick"] as! NSNumber).intValue
        let began = e["began"] as! Bool
        let items = (e["items"] as! [NSNumber]).map(\.intValue).sorted()
        let boundary = e["boundary"] as? String
        let p = vec(e["point"])
        if let i = unmatched.firstIndex(where: {
            $0.tick == tick && $0.began == began && $0.items.sorted() == items && $0.boundary == boundary
        }) {
            if began {
                let d = distance(unmatched[i].point, p)
                dev.eventPoint = Swift.max(dev.eventPoint, d)
                if let t = e["pointTolerance"] as? NSNumber {
                    dev.eventPointRatio = Swift.max(dev.eventPointRatio, d / t.doubleValue)
                }
                if let t = e["pointTolerance"] as? NSNumber, d > t.doubleValue {
                    dev.pointExcesses.append("tick \(tick) \(items): \(d) pt (tolerance \(t.doubleValue))")
                }
            }
            unmatched.remove(at: i)
        } else {
            dev.eventMismatches += 1
            dev.differingEvents.append("oracle \(tick) \(began ? "began" : "ended") \(items) \(boundary ?? "-")")
        }
    }
    dev.eventMismatches += unmatched.count
    for e in unmatched {
        dev.differingEvents.append(
            "scenerun \(e.tick) \(e.began ? "began" : "ended") \(e.items.sorted()) \(e.boundary ?? "-")")
    }
    return dev
}
