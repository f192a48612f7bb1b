import Diagnostics
import Expectations
import Foundation
import Geometry
import Reports
import Results
import SceneLoader
import SceneModel
import SceneRunner
import TestSupport
import Testing

let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Every shipped scene (as `scenerun scenes/` finds them), loaded.
func shippedScenes() throws -> [Scene] {
    let fm = FileManager.default
    let root = repo.appendingPathComponent("scenes")
    var files: [String] = []
    let walker = fm.enumerator(atPath: root.path)!
    while let f = walker.nextObject() as? String {
        if f.hasPrefix("invalid") || f.split(separator: "/").contains("parts") { continue }  // not scenes
        if f.hasSuffix(".yaml") || f.hasSuffix(".yml") { files.append(f) }
    }
    var scenes: [Scene] = []
    for f in files.sorted() {
        let path = root.appendingPathComponent(f).path
        scenes += try SceneFile.load(
            path: "scenes/" + f, bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))),
            includes: SceneFile.reader(repositoryFile))
    }
    return scenes
}

/// Every shipped case, run once with a recording (shared by the tests: a run of all takes a second).
let shipped: [CaseResult] = try! shippedScenes().map(recorded)

func recorded(_ s: Scene) -> CaseResult {
    var limits = RunLimits()
    limits.recordReplay = true
    return CaseRunner.run(s, limits: limits)
}

/// A scene that fails twice: at a checkpoint (tick 30) and at the end, both on `card`.
let failingScene = """
    name: Snap expected at the wrong point
    views:
      card: { frame: [50, 75, 100, 50], collisionBounds: ellipse }
      tri: { center: [100, 400], size: [80, 80], collisionBounds: { path: [[-40, 40], [40, 40], [0, -40]] } }
    behaviors:
      home: { snap: { item: card, to: [300, 200], damping: 0.5 }, active: true }
      fall: { gravity: { items: [tri] }, active: true }
      floor: { collision: { items: [tri], referenceBounds: true }, active: true }
    script:
      - wait: 0.5
      - expect: { views: { card: { center: [250, 150], within: 1 } } }
      - waitFor: rest
    expect:
      views: { card: { center: [320, 260], rotation: 0.3, within: 0.5 } }
      events: { contact: 0 }

    """

@Suite struct RecordingTests {
    @Test func recordsOnlyWhenAsked() throws {
        let scene = try SceneFile.load(path: "fail.yaml", text: failingScene)[0]
        #expect(CaseRunner.run(scene).recording == nil)
        let r = recorded(scene)
        let rec = try #require(r.recording)
        #expect(rec.frames.count == r.ticks + 1)
        #expect(rec.views.map(\.shape) == ["ellipse", "path"])
    }

    /// The replay's positions (and rotation, alpha and scale) are the ones `--trace` writes, tick for
    /// tick, for every shipped case; a view inside a scroll view is drawn shifted by the scroll
    /// view's origin less the content offset the screen shows, which is the one the trace writes in
    /// its last columns but during an `animate` of the insets (the trace has the model's: only the
    /// pull to refresh animates its inset, in the cases that refresh).
    @Test func framesAgreeWithTheTickTrace() throws {
        var scrolled = 0
        var shownApart: Set<String> = []
        for r in shipped {
            let rec = try #require(r.recording, "\(r.name)")
            #expect(rec.frames.count == r.ticksTrace.count + 1, "\(r.name)")
            for (i, row) in r.ticksTrace.enumerated() {
                let f = rec.frames[i + 1]
                #expect(f.time == row[0])
                for v in rec.views.indices {
                    let base = 3 + 8 * v  // centerX, centerY, rotation, alpha, scale, velocity, removed
                    let got = [
                        f.views[v].center.x, f.views[v].center.y, f.views[v].rotation, f.views[v].alpha,
                        f.views[v].scale,
                    ]
                    #expect(got == Array(row[base..<base + 5]), "\(r.name) tick \(i + 1) view \(rec.views[v].name)")
                    guard let s = rec.views[v].scrollView, rec.views[v].superview == s else { continue }
                    let name = rec.views[s].name
                    let x = try #require(r.tickColumns.firstIndex(of: "\(name).contentOffsetX"))
                    let origin = Vec2(row[3 + 8 * s], row[4 + 8 * s]) - 0.5 * f.views[s].size
                    let window = try #require(f.scrollWindows.first { $0.view == s }, "\(r.name)")
                    if window.offset != Vec2(row[x], row[x + 1]) { shownApart.insert(r.name) }
                    let want = f.views[v].center + origin - window.offset
                    let shown = f.views[v].onScreen.center
                    #expect(
                        distance(shown, want) <= 1e-9 * Swift.max(1, want.length),
                        "\(r.name) tick \(i + 1) view \(rec.views[v].name) on screen")
                    scrolled += 1
                }
            }
        }
        #expect(scrolled > 0)  // the gallery's scroll views are among the shipped cases
        #expect(
            shownApart == [
                "Pull to refresh held at −60 through contentInset",
                "Pull to refresh held at −60 through contentInset / justPast",
            ])
    }

    @Test func failuresArePlacedAtTheirTickAndOnTheirView() throws {
        let scene = try SceneFile.load(path: "fail.yaml", text: failingScene)[0]
        let r = recorded(scene)
        let rec = try #require(r.recording)
        #expect(r.status == .failed)
        #expect(r.failures.count == 3)
        #expect(rec.failureFrames == [30, rec.frames.count - 1, rec.frames.count - 1])
        #expect(rec.failureViews == [0, 0, nil])  // the event count concerns no view
        #expect(rec.checkpoints.map(\.frame) == [30, rec.frames.count - 1])
        #expect(rec.checkpoints.map(\.passed) == [false, false])
        let ghost = try #require(rec.checkpoints[0].ghosts.first)
        #expect(
            ghost.view == 0 && ghost.center.x == 250 && ghost.center.y == 150 && ghost.size.x == 100
                && ghost.size.y == 50)
        let end = try #require(rec.checkpoints[1].ghosts.first)
        #expect(end.center.x == 320 && end.center.y == 260 && end.rotation == 0.3)
        // The triangle falls onto the floor: contacts are recorded at the tick they happen.
        #expect(!rec.contacts.isEmpty)
        #expect(rec.contacts.allSatisfy { $0.item == "tri" && $0.other == "" && $0.frame > 0 })  // the reference bounds
    }

    /// Every finger on the screen is recorded: the pinch-and-throw's two, 50 pt apart at first
    /// and 130 at the lift's frame, about the gesture's location (their centroid).
    @Test func everyFingerIsRecorded() throws {
        let r = try #require(shipped.first { $0.name == "Pinch the photo larger and throw it" })
        let rec = try #require(r.recording)
        #expect(rec.frames[0].fingers.isEmpty)
        let two = rec.frames.filter { $0.fingers.count == 2 }
        #expect(two.count == 17)  // frames 1 to 17 of the 18 (frame 18 lifts both)
        let first = try #require(two.first)
        #expect(abs(first.fingers[1].x - first.fingers[0].x - (50 + 80.0 / 18)) < 1e-9)
        let last = try #require(two.last)
        let touch = try #require(last.touch)
        #expect(abs((last.fingers[0].x + last.fingers[1].x) / 2 - touch.point.x) < 1e-9)
        #expect(rec.frames.allSatisfy { $0.fingers.count <= 2 })
    }

    @Test func touchAndHapticsAreRecorded() throws {
        let r = try #require(shipped.first { $0.name == "Shade appears on a downward pan" })
        let rec = try #require(r.recording)
        let down = rec.frames.indices.filter { rec.frames[$0].touch?.down == true }
        #expect(!down.isEmpty)
        #expect(rec.frames[0].touch == nil)
        // The shade scene expects 6 haptics; the recording holds each at its tick.
        #expect(rec.haptics.count == 6)
        #expect(rec.haptics.allSatisfy { $0.style == "light" })
        #expect(rec.frames.contains { $0.transitions.contains { $0.state == "interactive" && $0.progress > 0 } })
    }

    /// The shade's `pullDown` attachment is drawn from the shade's centre to its anchor, a screen
    /// height below, exactly while it is in the animator; `walls` shows its inset bounds.
    @Test func activeBehavioursHaveTheirGeometry() throws {
        let r = try #require(shipped.first { $0.name == "Shade appears on a downward pan" })
        let rec = try #require(r.recording)
        let pull = try #require(rec.behaviorNames.firstIndex(of: "pullDown"))
        let walls = try #require(rec.behaviorNames.firstIndex(of: "walls"))
        var activeFrames = 0
        for f in rec.frames {
            let lines = f.guides.filter { $0.behavior == pull }
            #expect(lines.count == (f.behaviors.contains(pull) ? 1 : 0))
            guard let g = lines.first else { continue }
            activeFrames += 1
            #expect(g.kind == "attachment" && g.label == "spring")
            // (Its start is the item's model centre: while a UIView animation runs on the shade,
            // the drawn shade is the presentation, elsewhere; see the spring test below.)
            #expect(g.points[1].x == 187.5 && g.points[1].y == 667)
            let bounds = f.guides.filter { $0.behavior == walls }
            #expect(bounds.count == 1 && bounds.first?.kind == "bounds" && bounds.first?.points[0].y == -667)
        }
        #expect(activeFrames > 10)
        let spring = try #require(shipped.first { $0.name == "Spring attachment settles at its length" }?.recording)
        for f in spring.frames {
            #expect(f.guides.count == 1)
            #expect(f.guides.first?.points == [f.views[0].center, Vec2(195, 300)])
        }
    }
}

@Suite struct ReplayPageTests {
    @Test func pagesAreDeterministicAndSelfContained() throws {
        let results = shipped
        let a = ReplayReporter.render(results)
        // A second run gives the same bytes (the shade's six cases: pans, transitions, haptics).
        let again = try shippedScenes().filter { $0.file.hasSuffix("shade.yaml") }.map(recorded)
        #expect(!again.isEmpty)
        // Each page as the whole run writes it.
        let b = again.map { r in
            let k = results.firstIndex { $0.name == r.name }!
            return ReplayReporter.page(r, name: a[k + 1].name)
        }
        #expect(b == again.map { r in a[1 + results.firstIndex { $0.name == r.name }!].text })
        #expect(a.count == results.count + 1 && a[0].name == "index.html")
        #expect(Set(a.map(\.name)).count == a.count)
        for f in a {
            // The SVG namespace is a name, not a fetch; nothing else may point outside the page.
            let t = f.text.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "")
            #expect(
                !t.contains("http://") && !t.contains("https://") && !t.contains(" src=") && !t.contains("<link"),
                "\(f.name)")
        }
        for r in results {
            // As the page escapes text (XML's five entities): a case named "the finger's speed".
            var escaped = r.name
            for (c, e) in [("&", "&amp;"), ("'", "&apos;"), ("\"", "&quot;"), ("<", "&lt;"), (">", "&gt;")] {
                escaped = escaped.replacingOccurrences(of: c, with: e)
            }
            #expect(a[0].text.contains(escaped), "\(r.name)")
        }
    }

    @Test func aFiveSecondCaseIsUnderOneMegabyte() throws {
        var views = ""
        var items: [String] = []
        for i in 0..<8 {
            views +=
                "  b\(i): { frame: [\(20 + 45 * i), \(100 + 20 * i), 40, 40]\(i % 2 == 0 ? ", collisionBounds: ellipse" : "") }\n"
            items.append("b\(i)")
        }
        let text = """
            name: Eight boxes for five seconds
            views:
            \(views)behaviors:
              fall: { gravity: { items: [\(items.joined(separator: ", "))] }, active: true }
              walls: { collision: { items: [\(items.joined(separator: ", "))], referenceBounds: true }, active: true }
            script:
              - wait: 5

            """
        let r = recorded(try SceneFile.load(path: "five.yaml", text: text)[0])
        #expect(r.ticks == 300)
        let page = ReplayReporter.page(r)
        print("replay of a 5 s case with 8 views: \(page.utf8.count) bytes")
        #expect(page.utf8.count < 1_000_000)
    }

    @Test func aCaseThatDidNotRunStillHasAPage() {
        let r = CaseResult(
            file: "bad.yaml", name: "bad.yaml </script>", status: .invalid,
            diagnostics: [
                Diagnostic("unknown key `frequncy`", at: SourceLocation(file: "bad.yaml", line: 1, column: 1))
            ])
        let p = ReplayReporter.page(r)
        #expect(p.contains("unknown key `frequncy`"))
        #expect(p.components(separatedBy: "</script>").count == 3)  // the name cannot close the data's script element
    }
}
