import Foundation
import Testing

/// The group and contact-counting scenes of the gallery (issue 27): what they pin, what the
/// trace, `--verbose` and the replay show of them, record mode on them, and the load-time error of
/// a group named beside its item.
@Suite(.serialized) struct GroupGalleryTests {
    static let scenes = ["group-fall", "contact-count", "group-throw"]

    @Test func everyGroupSceneKillsItsMutants() throws {
        try expectGalleryScores(
            GroupGalleryTests.scenes,
            [
                "group-fall.yaml: 2 mutants: 2 killed, 0 survived; score 2/2 = 100.0 %",
                "contact-count.yaml: 10 mutants: 10 killed, 0 survived; score 10/10 = 100.0 %",
                "group-throw.yaml: 12 mutants: 11 killed, 0 survived, 1 invalid; score 11/11 = 100.0 %",
            ])
    }

    /// `--verbose` names the item that touched; the trace has a group's columns, and mid-fall the
    /// group and both items turn together; the replay page draws the group as an outline.
    @Test func theTraceVerboseAndReplayShowTheGroup() throws {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("scenerun-group-\(getpid())")
        try? fm.removeItem(at: dir)
        defer { try? fm.removeItem(at: dir) }
        let r = try scenerun(
            [
                "--verbose", "--trace", dir.appendingPathComponent("trace").path, "--replay",
                dir.appendingPathComponent("replay").path, "scenes/gallery/group-fall.yaml",
            ], env: ["NO_COLOR": "1"])
        #expect(r.code == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("t = 1.183 s: contact weight at [227.34, 843.54]"), "\(r.out)")
        #expect(r.out.contains("t = 1.300 s: contact plank at [93.15, 844.16]"), "\(r.out)")
        let csv = try String(
            contentsOf: dir.appendingPathComponent("trace/A-group-falls-as-one-body.csv"), encoding: .utf8)
        let lines = csv.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
        let header = lines[0]
        let row = lines[24]  // t = 0.4 s
        func value(_ column: String) -> Double { Double(row[header.firstIndex(of: column)!])! }
        #expect(row[0] == "0.400000")
        #expect(value("pair.rotation") > 0.1)
        #expect(value("plank.rotation") == value("pair.rotation") && value("weight.rotation") == value("pair.rotation"))
        let page = try String(
            contentsOf: dir.appendingPathComponent("replay/001-a-group-falls-as-one-body.html"), encoding: .utf8)
        #expect(page.contains("{\"name\":\"pair\",\"shape\":\"group\",\"path\":[],\"hidden\":true"))
        #expect(page.contains("{\"name\":\"weight\",\"shape\":\"ellipse\""))
    }

    @Test func recordModeRewritesGroupAndContactCheckpoints() throws {
        try expectRecordModeRestores(
            [
                (
                    "group-fall.yaml", "pair: { center: [178.3, 215.7], rotation: 0.12 }",
                    "pair: { center: [1, 2], rotation: 3 }"
                ),
                ("contact-count.yaml", "ball: { contacts: 8 }", "ball: { contacts: 5 }"),
            ], summary: "3 values rewritten in 2 file(s)", tag: "group")
    }

    /// A group and its item named in behaviours: located, exit 2, as UIKit raises one.
    @Test func aGroupBesideItsItemIsALoadTimeError() throws {
        let (r, file) = try runScene(
            """
            views:
              a: { frame: [0, 0, 10, 10] }
              b: { frame: [20, 0, 10, 10] }
              pair: { group: { items: [a, b] } }
            behaviors:
              fall: { gravity: { items: [pair] } }
              walls: { collision: { items: [b], referenceBounds: true } }
            script:
              - wait: 0.1
            """, tag: "error")
        #expect(r.code == 2)
        #expect(
            (r.out + r.err).contains(
                "\(file):7:3: error: behaviour `walls` names `b`, an item of group `pair`, and behaviour `fall` "
                    + "names the group"), "\(r.out)\(r.err)")
    }

    /// Removing an item of a group removes the behaviours that name the group (its body holds the
    /// item's shape): the other item stops where it is.
    @Test func removingAGroupsItemRemovesTheGroupsBehaviours() throws {
        let (r, _) = try runScene(
            """
            views:
              a: { frame: [100, 100, 20, 20] }
              b: { frame: [140, 100, 20, 20] }
              pair: { group: { items: [a, b] } }
            behaviors:
              fall: { gravity: { items: [pair] }, active: true }
            script:
              - wait: 0.2
              - removeView: a
              - wait: 0.2
            expect:
              views: { b: { center: [150, 129] }, a: { removed: true } }
              that: [ "b.resting", "pair.resting" ]
            """, tag: "remove")
        // b fell 29 pt in 0.2 s and stayed there (falling on, it would be near 180 by 0.4 s).
        #expect(r.code == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("t = 0.200 s: removed fall"), "\(r.out)")
    }

    /// Runs scene `text` from a temporary file with `--verbose`; returns the outcome and the path.
    func runScene(_ text: String, tag: String) throws -> (Outcome, String) {
        let fm = FileManager.default
        let file = fm.temporaryDirectory.appendingPathComponent("scenerun-group-\(tag)-\(getpid()).yaml")
        defer { try? fm.removeItem(at: file) }
        try text.write(to: file, atomically: true, encoding: .utf8)
        return (try scenerun(["--verbose", file.path], env: ["NO_COLOR": "1"]), file.path)
    }
}
