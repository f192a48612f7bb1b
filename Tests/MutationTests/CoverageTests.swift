import Driver
import Foundation
import Mutation
import SceneLoader
import Testing

/// Coverage (docs/mutate.md, "What to do about each survivor"): the original run records the
/// rules each case runs, the behaviours it adds, the transitions it starts, the property
/// animators it makes active and the views it creates; a mutant inside one runs only the cases
/// that use it, and one that no case reaches is `noCoverage`.
@Suite struct CoverageTests {
    /// A tap rule that no case taps: every mutant inside it is `noCoverage`, and so is every
    /// mutant of the behaviour only that rule adds (`home`); the event's own mutant
    /// (`poke.ended → poke.cancelled`) fires on another event and is run.
    static let untapped = """
        name: Untapped
        views:
          card: { frame: [40, 600, 120, 80] }
        gestures:
          poke: { tap: { in: card } }
        behaviors:
          home: { snap: { item: card, to: [195, 300], damping: 0.4 } }
        on:
          poke.ended:
            - add: home
            - haptic: soft
        script:
          - wait: 0.2
        expect:
          views: { card: { center: [100, 640] } }
          events: { soft: 0 }

        """

    /// A transition and an animator that only an untapped rule starts: every value of theirs is
    /// `noCoverage`; the animator the script starts (`grow`) is run.
    static let unstarted = """
        name: Unstarted
        views:
          card: { frame: [40, 600, 120, 80] }
          sheet: { frame: [0, 844, 390, 844] }
        gestures:
          poke: { tap: { in: card } }
        transitions:
          show: { kind: present, from: card, to: sheet, finalFrame: [0, 100, 390, 744], duration: 0.3 }
        animators:
          fade: { duration: 0.3, set: { card.alpha: 0.5 } }
          grow: { duration: 0.2, set: { card.scale: 2 } }
        on:
          poke.ended:
            - start: show
            - startAnimator: fade
        script:
          - startAnimator: grow
          - wait: 0.5
        expect:
          views: { card: { scale: 2, alpha: 1 }, sheet: { y: 844 } }

        """

    func run(
        _ paths: [String], optimise: Bool, json: String? = nil, limits: LoadLimits = .default
    ) -> (code: Int32, out: String, err: [String]) {
        var r = MutateRequest(paths: paths)
        r.limits = limits
        r.color = .never
        r.jobs = 2
        r.optimise = optimise
        r.json = json
        let c = Captured()
        let code = mutate(r, console: c.console, environment: [:], isTerminal: false)
        return (code, c.out, c.err)
    }

    @Test func aRuleNoCaseRunsLeavesItsMutantsWithoutCoverage() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-coverage-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let f = dir.appendingPathComponent("untapped.yaml").path
        try Self.untapped.write(toFile: f, atomically: true, encoding: .utf8)
        let r = run([f], optimise: true, json: dir.appendingPathComponent("r.json").path)
        #expect(r.code == 0, "\(r.err)")
        for (at, what) in [
            ("10:7", "action drop { add: home }"), ("10:7", "action swap { add: home } and { haptic: soft }"),
            ("11:7", "action drop { haptic: soft }"), ("11:15", "event haptic soft → rigid"),
            ("7:36", "number ×0.5"), ("7:36", "number ×2"), ("7:41", "number ×0.5"), ("7:56", "number ×2"),
        ] {
            #expect(
                r.out.contains(
                    "\(f):\(at): noCoverage: \(what) — no case reaches this: add a case that does\n"),
                "\(r.out)")
        }
        #expect(
            r.out.contains(
                "\(f):9:3: unobserved: event poke.ended → poke.cancelled — no case's run changes: the change needs a new case, not a new expectation (if no case can tell it apart, say why in an `equivalent` comment)\n"
            ), "\(r.out)")
        #expect(
            r.out.contains("11 mutants: 0 killed, 1 survived (1 unobserved), 10 without coverage; score 0/11 = 0.0 %"),
            "\(r.out)")
        let json = try String(contentsOfFile: dir.appendingPathComponent("r.json").path, encoding: .utf8)
        #expect(json.contains("\"noCoverage\": 10,"), "\(json)")
        #expect(json.contains("\"status\": \"noCoverage\""))
    }

    @Test func aTransitionOrAnimatorNoCaseStartsLeavesItsMutantsWithoutCoverage() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-coverage-parts-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let f = dir.appendingPathComponent("unstarted.yaml").path
        try Self.unstarted.write(toFile: f, atomically: true, encoding: .utf8)
        let r = run([f], optimise: true)
        #expect(r.code == 0, "\(r.err)")
        let none = " — no case reaches this: add a case that does\n"
        for (at, what) in [
            ("8:62", "number 0 → 1"), ("8:65", "number ×0.5"), ("8:75", "number ×2"), ("8:91", "number ×0.5"),
            ("10:21", "number ×2"), ("10:45", "number ×0.5"), ("14:7", "action drop { start: show }"),
        ] {
            #expect(r.out.contains("\(f):\(at): noCoverage: \(what)\(none)"), "\(at) \(what)\n\(r.out)")
        }
        // The animator the script starts is covered: its duration's mutants are run.
        #expect(r.out.contains("\(f):11:21: unasserted: number ×0.5 — case \"Unstarted\" differs"), "\(r.out)")
        #expect(!r.out.contains("\(f):11:21: noCoverage"), "\(r.out)")
        #expect(r.out.contains("2 killed, 3 survived (2 unasserted, 1 unobserved), 17 without coverage"), "\(r.out)")
    }

    /// The optimisations (coverage, the file composed once, the last killer first, then the
    /// shortest case first) skip and
    /// reorder cases; they never change an outcome: every mutant's status, first difference,
    /// claim and detail are those of a run without them (`--no-optimise`: every case of every
    /// mutant, in file order, each mutant loaded from its text), and so is the text report but
    /// for the case a mutant was killed by (a killed mutant may fail in more than one case, and
    /// the first one tried is named).
    @Test func coverageChangesNoOutcome() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-coverage-eq-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let untapped = dir.appendingPathComponent("untapped.yaml").path
        try Self.untapped.write(toFile: untapped, atomically: true, encoding: .utf8)
        let fall = dir.appendingPathComponent("fall.yaml").path
        try FirstDifferenceTests.fall.write(toFile: fall, atomically: true, encoding: .utf8)
        let unstarted = dir.appendingPathComponent("unstarted.yaml").path
        try Self.unstarted.write(toFile: unstarted, atomically: true, encoding: .utf8)
        // Variants that replace a main-case rule (its mutants are covered where the variant runs
        // it), drop it and add their own.
        let variants = dir.appendingPathComponent("rule-variants.yaml").path
        try MutantLoadTests.variants.write(toFile: variants, atomically: true, encoding: .utf8)
        let paths = [
            untapped, fall, unstarted, variants, repo.appendingPathComponent("scenes/drag-off.yaml").path,
            repo.appendingPathComponent("scenes/sheet.yaml").path,
            repo.appendingPathComponent("scenes/edge-modal.yaml").path,
            repo.appendingPathComponent("scenes/gallery/double-tap-snap.yaml").path,
        ]
        let (a, b) = (dir.appendingPathComponent("a.json").path, dir.appendingPathComponent("b.json").path)
        let fast = run(paths, optimise: true, json: a)
        let slow = run(paths, optimise: false, json: b)
        #expect(fast.code == 0 && slow.code == 0)
        func outcomes(_ path: String) throws -> [String] {
            let doc = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
            let mutants = try #require(doc["mutants"] as? [[String: Any]])
            return try mutants.map { m in
                var m = m
                m["failingCases"] = nil
                if m["status"] as? String == "timeout" { m["detail"] = nil }
                return String(
                    decoding: try JSONSerialization.data(withJSONObject: m, options: [.sortedKeys]), as: UTF8.self)
            }
        }
        let (x, y) = (try outcomes(a), try outcomes(b))
        #expect(x.count == y.count && x.count > 40, "\(x.count) mutants")
        for (p, q) in zip(x, y) { #expect(p == q) }
        // The text reports are the same but for the timeouts' cases.
        func kept(_ text: String) -> [Substring] { text.split(separator: "\n").filter { !$0.contains(": timeout: ") } }
        #expect(kept(fast.out) == kept(slow.out))
        #expect(fast.out.contains("noCoverage:"), "the comparison includes mutants without coverage")
        #expect(fast.out.contains("unasserted:"), "and mutants whose runs differ")
    }

    /// A rule's condition that the main case and its variant both read; the variant patches
    /// only its script, so an optimised mutant load builds it from a copy of the main case's
    /// shared part (`SceneFile.load` of a composed scene).
    static let condition = """
        name: Condition work
        views:
          card: { frame: [135, 372, 120, 100] }
        gestures:
          drag: { pan: { in: card } }
        on:
          drag.ended:
            - if: "card.alpha > 0.2 && card.alpha < 2"
              then: [ { set: { card.alpha: 0.5 } } ]
        script:
          - pan: { gesture: drag, path: [[0, 195, 422], [0.1, 195, 522]] }
        expect:
          views: { card: { alpha: 0.5 } }
        variants:
          later:
            script:
              - pan: { gesture: drag, path: [[0, 195, 422], [0.2, 195, 522]] }

        """

    /// A variant built from the main case's shared part (or, when it patches `vars` too, from
    /// its unmutated build resumed at the rules) is refused where building it whole refuses it:
    /// with `--max-load-work` 5 units above what the unmutated file needs, a mutant
    /// that lengthens the condition (a negation, a longer boundary) is read twice, once by the
    /// main case and once by the variant, which crosses the limit (`--no-optimise` loads every
    /// mutant from its text, whole). Found on the way: the `--no-optimise` load ignored the
    /// load limits (these four came out killed there).
    @Test(arguments: [false, true]) func aSharedVariantIsRefusedAsTheWholeBuildIs(patchingVars: Bool) throws {
        let text =
            patchingVars
            ? Self.condition.replacingOccurrences(
                of: "  later:\n    script:", with: "  later:\n    vars: { k: 2 }\n    script:")
                + "vars: { k: 1 }\n" : Self.condition
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scenerun-shared-\(getpid())-\(patchingVars)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let f = dir.appendingPathComponent("condition.yaml").path
        try text.write(toFile: f, atomically: true, encoding: .utf8)
        func loads(_ work: Int) -> Bool {
            var l = LoadLimits.default
            l.loadWork = work
            return (try? SceneFile.load(path: f, text: text, limits: l)) != nil
        }
        var (lo, hi) = (1, 100_000)  // the least load work the unmutated file needs: hi
        while hi - lo > 1 {
            let m = (lo + hi) / 2
            if loads(m) { hi = m } else { lo = m }
        }
        var limits = LoadLimits.default
        limits.loadWork = hi + 5
        let (a, b) = (dir.appendingPathComponent("a.json").path, dir.appendingPathComponent("b.json").path)
        let fast = run([f], optimise: true, json: a, limits: limits)
        let slow = run([f], optimise: false, json: b, limits: limits)
        #expect(fast.code == 0 && slow.code == 0, "\(fast.err) \(slow.err)")
        func outcomes(_ path: String) throws -> [[String: String]] {
            let doc = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
            return try #require(doc["mutants"] as? [[String: Any]]).map { m in
                ["id": "\(m["id"] ?? "")", "status": "\(m["status"] ?? "")", "detail": "\(m["detail"] ?? "")"]
            }
        }
        let (x, y) = (try outcomes(a), try outcomes(b))
        #expect(x == y)
        let invalid = x.filter { $0["status"] == "invalid" }
        #expect(
            invalid.map { $0["id"] ?? "" } == [
                "condition.yaml:8:12 condition negate `card.alpha > 0.2`", "condition.yaml:8:25 boundary 0.2 → 1.001",
                "condition.yaml:8:32 condition negate `card.alpha < 2`", "condition.yaml:8:45 boundary 2 → 0.999",
            ])
        for m in invalid {
            #expect(
                m["detail"]?.hasPrefix(
                    "\(f):15:3: loading the file takes more than \(hi + 5) units of work reading the variant `later`")
                    == true, "\(m)")
        }
        #expect(x.contains { $0["status"] == "killed" }, "and the others load and run")
    }
}
