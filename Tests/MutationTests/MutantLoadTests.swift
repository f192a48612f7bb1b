import Diagnostics
import Foundation
import Mutation
import SceneLoader
import SceneModel
import Testing

/// A mutant loaded from its file composed once (`SceneFile.load(_:edits:)`: a case whose edits
/// are all inside rules, transitions and behaviours is the unedited case with those entries
/// built again, any other resumes the unedited build) is the mutant loaded from its text and
/// built whole: the same cases, field for field, or the same first error, for every mutant of
/// the files below.
@Suite struct MutantLoadTests {
    /// Variants that drop, replace, extend and keep the main case's rules; a `[*]` rule (the
    /// shipped scenes with them are too large to load every mutant twice in a debug test); a rule
    /// only a variant has whose mutant `after: 0 → -1` makes that variant, and so the mutant,
    /// invalid while the main case loads.
    static let variants = """
        name: Rule variants
        views:
          card: { frame: [40, 600, 120, 80] }
          row: { repeat: 3, frame: [0, "100 + i * 80", 390, 76] }
        gestures:
          drag: { pan: { in: card } }
          swipe: { repeat: row, pan: { in: "row[i]" } }
        behaviors:
          home: { snap: { item: card, to: [195, 300], damping: 0.4 } }
          fall: { gravity: { items: [card], magnitude: 1 } }
        vars: { k: 1 }
        on:
          drag.began: [ { set: { k: "k + 2" } }, { add: fall } ]
          drag.ended:
            - if: "velocity.y > 100 && card.alpha < 2"
              then: [ { add: [home, fall] }, { haptic: soft } ]
              else: [ { remove: fall }, { haptic: rigid } ]
          "swipe[*].ended":
            - set: { "row[i].alpha": "0.5 * k" }
        script:
          - pan: { gesture: drag, path: [[0, 100, 640], [0.2, 100, 300]] }
        expect:
          views: { card: { alpha: 1 } }
        variants:
          dropped: { on: { drag.ended: null } }
          replaced:
            on: { drag.ended: [ { add: home } ] }
          extended:
            on:
              drag.changed: [ { after: 0, do: [ { set: { k: 3 } } ] } ]
          scripted:
            script:
              - pan: { gesture: drag, path: [[0, 100, 640], [0.4, 100, 300]] }

        """

    /// Transitions, behaviours (a behaviour's kind, its `action`, `children`, a repeated
    /// behaviour) and an animator that variants patch, delete, add to and keep; a mutant per kind
    /// that makes the main case invalid (`duration`, `damping`, `after` twice: 0 → -1) and two that make
    /// only the variant `patched` invalid.
    static let entries = """
        name: Entry variants
        views:
          card: { frame: [40, 600, 120, 80] }
          sheet: { frame: [0, 844, 390, 400] }
          row: { repeat: 2, frame: [0, "100 + i * 80", 390, 76] }
        transitions:
          present:
            kind: present
            from: card
            to: sheet
            duration: 0
            completionSpeed: 1.5
            finalFrame: [0, "444 + 0", 390, 400]
          dismiss: { kind: dismiss, from: sheet, to: card, duration: 0.25, animator: slide }
        gestures:
          drag: { pan: { in: card } }
        animators:
          slide: { duration: 0.3, timing: easeOut, then: [ { after: 0, do: [ { set: { k: "k + 0" } } ] } ] }
        behaviors:
          home: { snap: { item: card, to: [195, "300 + 0 * k"], damping: 0 } }
          fall:
            gravity: { items: [card], magnitude: 1 }
            action: [ { after: 0, do: [ { set: { k: "k + 0" } } ] }, { haptic: light } ]
          walls:
            collision: { items: [card], mode: boundaries, boundaries: { floor: { from: [0, 800], to: [390, 800] } } }
          both: { children: [home, fall] }
          nudge: { repeat: row, push: { items: ["row[i]"], angle: 0, magnitude: 0.5 } }
        vars: { k: 1 }
        on:
          drag.ended: [ { add: both }, { haptic: soft } ]
        script:
          - pan: { gesture: drag, path: [[0, 100, 640], [0.2, 100, 300]] }
        expect:
          views: { card: { alpha: 1 } }
        variants:
          patched:
            behaviors: { home: { snap: { damping: 0 } } }
            transitions: { present: { duration: 0 } }
          deleted:
            behaviors: { fall: null, both: { children: [home] } }
          own:
            behaviors:
              extra: { gravity: { items: [card], magnitude: 2 }, action: [ { haptic: heavy }, { set: { k: 3 } } ] }
            on: { drag.began: [ { add: extra } ] }
          scripted:
            script:
              - pan: { gesture: drag, path: [[0, 100, 640], [0.4, 100, 300]] }

        """

    @Test func aComposedMutantLoadIsTheWholeLoad() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-mutant-load-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let planted = dir.appendingPathComponent("rule-variants.yaml").path
        try Self.variants.write(toFile: planted, atomically: true, encoding: .utf8)
        let entries = dir.appendingPathComponent("entry-variants.yaml").path
        try Self.entries.write(toFile: entries, atomically: true, encoding: .utf8)
        let files =
            [planted, entries]
            + [
                "scenes/edge-modal.yaml", "scenes/gallery/shared-walls.yaml",
            ].map { repo.appendingPathComponent($0).path }
        var invalid: [String] = []
        var total = 0
        for f in files {
            let text = try String(contentsOfFile: f, encoding: .utf8)
            let reader = SceneFile.reader { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }
            let composed = try #require(SceneFile.composed(path: f, text: text, includes: reader), "\(f)")
            for m in try SceneFile.mutationPlan(path: f, text: text).mutants {
                let fast = Self.canonical { () throws(DiagnosticList) in
                    try SceneFile.load(composed, edits: m.edits, includes: reader)
                }
                let whole = Self.canonical { () throws(DiagnosticList) in
                    try SceneFile.load(path: f, text: text, edits: m.edits, includes: reader)
                }
                #expect(fast == whole, "\(m.id): \(Self.firstDifference(fast, whole))")
                if whole.hasPrefix("error") { invalid.append(m.id) }
                total += 1
            }
        }
        #expect(total > 200, "\(total) mutants")
        #expect(invalid.contains("rule-variants.yaml:30:32 number 0 → -1"), "\(invalid)")
        for id in [
            "entry-variants.yaml:11:15 number 0 → -1", "entry-variants.yaml:18:61 number 0 → -1",
            "entry-variants.yaml:20:66 number 0 → -1",
            "entry-variants.yaml:23:24 number 0 → -1", "entry-variants.yaml:37:43 number 0 → -1",
            "entry-variants.yaml:38:41 number 0 → -1",
        ] {
            #expect(invalid.contains(id), "\(id) in \(invalid)")
        }
    }

    /// At the least load work and the fewest nodes the unedited file needs (and a little more),
    /// a mutant that reads more is refused where the whole load refuses it, with its message,
    /// and one that reads less (a dropped action) loads: the load work and nodes a composed
    /// load counts for what it takes from the unedited load are what the whole load counts.
    @Test(arguments: [(0, false), (7, false), (0, true), (7, true)])
    func aComposedMutantLoadCountsAsTheWholeLoad(slack: Int, entries: Bool) throws {
        let (f, text) = entries ? ("entry-variants.yaml", Self.entries) : ("rule-variants.yaml", Self.variants)
        func least(_ set: (inout LoadLimits, Int) -> Void) -> Int {
            var (lo, hi) = (1, 1_000_000)
            while hi - lo > 1 {
                let m = (lo + hi) / 2
                var l = LoadLimits.default
                set(&l, m)
                if (try? SceneFile.load(path: f, text: text, limits: l)) != nil { hi = m } else { lo = m }
            }
            return hi
        }
        let plan = try SceneFile.mutationPlan(path: f, text: text)
        var refused = 0
        for tight in [{ (l: inout LoadLimits, m: Int) in l.loadWork = m }, { $0.nodes = $1 }] {
            var limits = LoadLimits.default
            tight(&limits, least(tight) + slack)
            let composed = try #require(SceneFile.composed(path: f, text: text, limits: limits))
            for m in plan.mutants {
                let fast = Self.canonical { () throws(DiagnosticList) in try SceneFile.load(composed, edits: m.edits) }
                let whole = Self.canonical { () throws(DiagnosticList) in
                    try SceneFile.load(path: f, text: text, limits: limits, edits: m.edits)
                }
                #expect(fast == whole, "\(m.id): \(Self.firstDifference(fast, whole))")
                if whole.contains("raise the limit") || whole.contains("raise it with") { refused += 1 }
            }
        }
        #expect(refused > 0, "some mutants cross a limit")
    }

    /// The cases of a load, or its first error, as text in which every dictionary and set is
    /// sorted (their order is not part of a scene).
    static func canonical(_ load: () throws(DiagnosticList) -> [Scene]) -> String {
        do {
            return try describe(load())
        } catch {
            return "error " + error.diagnostics.map { "\($0.location): \($0.message)" }.joined(separator: "\n")
        }
    }

    /// Where two descriptions part, a little of each from there.
    static func firstDifference(_ a: String, _ b: String) -> String {
        let same = zip(a, b).prefix { $0 == $1 }.count
        return "at \(same): \(a.dropFirst(same).prefix(200)) | \(b.dropFirst(same).prefix(200))"
    }

    static func describe(_ x: Any) -> String {
        let m = Mirror(reflecting: x)
        switch m.displayStyle {
        case .dictionary?, .set?:
            return "[" + m.children.map { describe($0.value) }.sorted().joined(separator: ", ") + "]"
        case .optional?:
            return m.children.first.map { describe($0.value) } ?? "nil"
        case nil:
            return String(reflecting: x)
        default:
            guard !m.children.isEmpty else { return String(reflecting: x) }
            // A scene's text (`source`, `includedSources`) is the file's: the same for every case.
            return "\(m.subjectType)("
                + m.children.filter { !["source", "includedSources"].contains($0.label) }
                .map { "\($0.label ?? ""): \(describe($0.value))" }.joined(separator: ", ") + ")"
        }
    }
}
