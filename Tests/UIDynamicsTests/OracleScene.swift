import Foundation
import Geometry
@testable import UIDynamics

/// A reference scene and its Box2D 2.3 trajectory, as written by Tools/oracle/generate.py.
struct OracleFixture {
    var name: String
    var scene: [String: Any]
    var rows: [[Double]]
    var events: [[String: Any]]

    static var directory: URL { Bundle.module.resourceURL!.appendingPathComponent("Fixtures") }

    static func names() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    static func load(_ name: String) throws -> OracleFixture {
        let data = try Data(contentsOf: directory.appendingPathComponent(name + ".json"))
        let obj = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        return OracleFixture(name: name, scene: obj["scene"] as! [String: Any],
                             rows: (obj["rows"] as! [[NSNumber]]).map { $0.map(\.doubleValue) },
                             events: obj["events"] as! [[String: Any]])
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
        an.registerItem((it["id"] as! NSNumber).intValue, size: vec(it["size"]), center: vec(it["center"]), rotation: num(it["rotation"]))
    }
    for beh in f.scene["behaviors"] as! [[String: Any]] {
        let (kind, value) = beh.first!
        let s = value as! [String: Any]
        let ids = { (key: String) in (s[key] as! [NSNumber]).map(\.intValue) }
        switch kind {
        case "gravity":
            an.addBehavior(.gravity(GravityBehavior(items: ids("items"), direction: vec(s["direction"]))))
        case "collision":
            let mode: CollisionMode = s["mode"] as? String == "items" ? .items : s["mode"] as? String == "boundaries" ? .boundaries : .everything
            var insets: EdgeInsets?
            if let i = s["insets"] as? [NSNumber] {
                insets = EdgeInsets(top: i[0].doubleValue, left: i[1].doubleValue, bottom: i[2].doubleValue, right: i[3].doubleValue)
            }
            let bnds = (s["boundaries"] as? [[String: Any]] ?? []).map {
                Boundary(identifier: $0["id"] as! String, points: ($0["points"] as! [[NSNumber]]).map { Vec2($0[0].doubleValue, $0[1].doubleValue) },
                         closed: $0["closed"] as? Bool ?? false)
            }
            an.addBehavior(.collision(CollisionBehavior(items: ids("items"), mode: mode, referenceBoundsInsets: insets, boundaries: bnds)))
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
                an.addBehavior(.attachment(AttachmentBehavior(item: item, offset: offset, to: to.intValue,
                    otherOffset: s["toOffset"] == nil ? .zero : vec(s["toOffset"]), length: length,
                    frequency: num(s["frequency"]), damping: num(s["damping"]), kind: kind, range: range,
                    frictionTorque: num(s["frictionTorque"]))))
            } else {
                an.addBehavior(.attachment(AttachmentBehavior(item: item, offset: offset, anchor: vec(s["anchor"]), length: length,
                    frequency: num(s["frequency"]), damping: num(s["damping"]), kind: kind, range: range,
                    frictionTorque: num(s["frictionTorque"]))))
            }
        case "snap":
            an.addBehavior(.snap(SnapBehavior(item: (s["item"] as! NSNumber).intValue, snapPoint: vec(s["point"]), damping: num(s["damping"], 0.5))))
        case "push":
            var offsets: [Int: Vec2] = [:]
            for (k, v) in s["offsets"] as? [String: Any] ?? [:] { offsets[Int(k)!] = vec(v) }
            an.addBehavior(.push(PushBehavior(items: ids("items"), mode: s["mode"] as! String == "continuous" ? .continuous : .instantaneous,
                                              pushDirection: vec(s["direction"]), offsets: offsets)))
        case "item":
            var ib = ItemBehavior(items: ids("items"))
            ib.elasticity = (s["elasticity"] as? NSNumber)?.doubleValue
            ib.friction = (s["friction"] as? NSNumber)?.doubleValue
            ib.density = (s["density"] as? NSNumber)?.doubleValue
            ib.resistance = (s["resistance"] as? NSNumber)?.doubleValue
            ib.angularResistance = (s["angularResistance"] as? NSNumber)?.doubleValue
            ib.allowsRotation = s["allowsRotation"] as? Bool
            ib.charge = (s["charge"] as? NSNumber)?.doubleValue
            if s["linearVelocity"] != nil { ib.linearVelocity = vec(s["linearVelocity"]) }
            ib.angularVelocity = num(s["angularVelocity"])
            an.addBehavior(.item(ib))
        case "field":
            var region = Region.infinite
            if let r = s["region"] as? [String: Any] {
                if let radius = r["radius"] { region = .circle(radius: num(radius)) } else { region = .rectangle(size: vec(r["size"])) }
            }
            let kind = FieldKind(rawValue: s["kind"] as! String)!
            an.addBehavior(.field(FieldBehavior(kind: kind, items: ids("items"), position: s["position"] == nil ? .zero : vec(s["position"]),
                                                region: region, strength: num(s["strength"], 1), falloff: (s["falloff"] as? NSNumber)?.doubleValue,
                                                minimumRadius: num(s["minimumRadius"]),
                                                direction: s["direction"] == nil ? (kind == .linearGravity ? Vec2(0, 1) : .zero) : vec(s["direction"]))))
        default:
            fatalError("unknown behaviour kind \(kind) in fixture \(f.name)")
        }
    }
    return an
}

/// Deviation of the Swift run from the oracle: the largest position difference (points) before
/// the first contact event and over the whole run, and the largest rotation difference (rad).
struct Deviation {
    var beforeContact = 0.0
    var overall = 0.0
    var rotation = 0.0
    var firstContactTick: Int?
    var runningMismatches = 0
    /// Contact events: how many the oracle reported, how many differ in tick, kind or items, and
    /// the largest distance between matching event points (points).
    var oracleEvents = 0
    var eventMismatches = 0
    var eventPoint = 0.0
}

func compare(_ f: OracleFixture) -> Deviation {
    let an = buildAnimator(f)
    let frameRate = num(f.scene["frameRate"], 60)
    var dev = Deviation()
    dev.firstContactTick = f.events.compactMap { ($0["tick"] as? NSNumber)?.intValue }.min()
    let ids = f.items.map { ($0["id"] as! NSNumber).intValue }
    var swiftEvents: [(tick: Int, began: Bool, point: Vec2, items: [Int])] = []
    for (k, row) in f.rows.enumerated() {
        for e in an.tick(1 / frameRate).events {
            swiftEvents.append((k + 1, e.began, e.point, [e.itemA] + (e.itemB.map { [$0] } ?? [])))
        }
        for (n, id) in ids.enumerated() {
            let c = an.center(of: id)
            let d = Swift.max(Swift.abs(c.x - row[1 + 3 * n]), Swift.abs(c.y - row[2 + 3 * n]))
            dev.overall = Swift.max(dev.overall, d)
            if dev.firstContactTick == nil || k + 1 < dev.firstContactTick! { dev.beforeContact = Swift.max(dev.beforeContact, d) }
            dev.rotation = Swift.max(dev.rotation, Swift.abs(an.rotation(of: id) - row[3 + 3 * n]))
        }
        if (an.isRunning ? 1.0 : 0.0) != row[row.count - 1] { dev.runningMismatches += 1 }
    }
    dev.oracleEvents = f.events.count
    var unmatched = swiftEvents
    for e in f.events {
        let tick = (e["tick"] as! NSNumber).intValue, began = e["began"] as! Bool
        let items = (e["items"] as! [NSNumber]).map(\.intValue).sorted()
        let p = vec(e["point"])
        if let i = unmatched.firstIndex(where: { $0.tick == tick && $0.began == began && $0.items.sorted() == items }) {
            if began { dev.eventPoint = Swift.max(dev.eventPoint, distance(unmatched[i].point, p)) }
            unmatched.remove(at: i)
        } else {
            dev.eventMismatches += 1
        }
    }
    dev.eventMismatches += unmatched.count
    return dev
}
