import Driver
import Foundation
import Mutation
import Testing

/// `scenerun mutate` on format 1.3's rules for many copies (docs/scene-format.md, "The same
/// rules for many copies"): a `[*]` rule is mutated once, where it is written, however many
/// copies it runs for; its survivors point at the template's lines; a mutant of it runs the
/// cases in which any copy's rule ran; the rule of one copy is a site of its own.
@Suite struct CopyRulesMutateTests {
    /// Three cards, one `[*]` rule that two pans run (for drag[1] and drag[2]), and the rule of
    /// drag[0] alone, which no case runs.
    static let copies = """
        name: Copies
        views:
          card: { repeat: 3, frame: [0, "i * 100", 100, 100] }
        gestures:
          drag: { repeat: card, pan: { in: "card[i]" } }
        vars: { moved: 0 }
        on:
          "drag[*].ended":
            - set: { moved: "moved + 1" }
            - haptic: soft
          "drag[0].ended":
            - haptic: rigid
        script:
          - pan: { gesture: "drag[1]", from: [50, 150], to: [90, 150], duration: 0.1 }
          - pan: { gesture: "drag[2]", from: [50, 250], to: [90, 250], duration: 0.1 }
        expect:
          that: ["moved == 2"]

        """

    @Test func aTemplateRuleIsMutatedOnceAtItsOwnLines() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-copy-rules-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let f = dir.appendingPathComponent("copies.yaml").path
        try Self.copies.write(toFile: f, atomically: true, encoding: .utf8)
        var request = MutateRequest(paths: [f])
        request.color = .never
        request.jobs = 2
        let c = Captured()
        #expect(mutate(request, console: c.console, environment: [:], isTerminal: false) == 0, "\(c.err)")
        let lines = c.out.split(separator: "\n").map(String.init)
        // The survivors of the `[*]` rule, each once (not once per copy), at the template's lines.
        for (at, what) in [("10:7", "action drop { haptic: soft }"), ("10:15", "event haptic soft → rigid")] {
            #expect(lines.filter { $0.hasPrefix("\(f):\(at): unasserted: \(what)") }.count == 1, "\(c.out)")
        }
        // Killed: its event (`drag[*].ended → drag[*].cancelled`: no copy's rule runs), the `set`
        // dropped, and `moved + 1` halved or doubled; none of them is reported. The swap of the
        // `set` of a var and the haptic is proven to change nothing: it is not made.
        #expect(!c.out.contains("drag[*].cancelled") && !c.out.contains("\(f):9:7:"), "\(c.out)")
        // The rule of drag[0] alone, which no case runs: its actions have no coverage (its own site,
        // apart from the `[*]` rule's), and its event fires on another event, so it is run.
        #expect(
            lines.contains { $0.hasPrefix("\(f):11:3: unobserved: event drag[0].ended → drag[0].cancelled — ") },
            "\(c.out)")
        let uncovered = "\(f):12:7: noCoverage: action drop { haptic: rigid }"
        #expect(lines.contains("\(uncovered) — no case reaches this: add a case that does"), "\(c.out)")
        #expect(
            c.out.contains(
                "\(f): 9 mutants: 4 killed, 3 survived (2 unasserted, 1 unobserved), 2 without coverage; "
                    + "score 4/9 = 44.4 %\n"),
            "\(c.out)")
    }
}
