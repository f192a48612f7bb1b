import Foundation
import Testing

/// `--max-load-work`: a file under every other limit whose cases multiply the work (variants
/// reading a long script again, a sweep in every variant, long expressions) is refused while it
/// loads, located, naming the flag, in seconds; every shipped scene loads under the default.
@Suite struct LoadWorkTests {
    /// A scene of `steps` script steps and `variants` empty variants (each reads the script again).
    func variantBomb(steps: Int, variants: Int) -> String {
        var text = "views:\n  box: { frame: [0, 0, 10, 10] }\nscript:\n"
        text += String(repeating: "- wait: 0\n", count: steps)
        text += "variants:\n"
        for i in 1...variants { text += "  v\(i): {}\n" }
        return text
    }

    /// 500 variants of a 30 000-step script (300 KB, under every other limit) took 38 s and 3.7 GB
    /// to check; the budget refuses it at the variant that runs over, within seconds.
    @Test func aVariantBombIsRefusedQuicklyAtTheVariant() throws {
        let dir = try temporaryFolder("load-work")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("bomb.yaml")
        let text = variantBomb(steps: 30_000, variants: 500)
        #expect(text.utf8.count < 1 << 20)
        try text.write(to: file, atomically: true, encoding: .utf8)
        let start = Date()
        let r = try scenerun(["check", file.path])
        let seconds = Date().timeIntervalSince(start)
        #expect(r.code == 2)
        // Line 30 010 is `v6:` (3 header lines, 30 000 steps, `variants:`, v1 … v5): the scene and
        // five variants read 6 × 60 000 nodes after the census of 90 000; the sixth goes over.
        #expect(
            r.out.contains(
                "bomb.yaml:30010:3: error: loading the file takes more than 500000 units of work reading the variant "
                    + "`v6` (YAML nodes read for the scene and again for each variant, expression text, swept cases, "
                    + "the copies a repeated view's name stands for, touch steps' finger-frames); raise the limit with "
                    + "--max-load-work"),
            "\(r.out.prefix(600))")
        #expect(r.out.hasSuffix("0 valid, 1 invalid\n"))
        // About 2 s in a debug build on 2 busy cores; the bound leaves room for a loaded machine.
        #expect(seconds < 20, "took \(seconds) s")
        // Raised, the same file loads its first cases: the flag is what decides.
        let small = dir.appendingPathComponent("small.yaml")
        try variantBomb(steps: 30_000, variants: 2).write(to: small, atomically: true, encoding: .utf8)
        let raised = try scenerun(["check", "--max-load-work", "1000000", small.path])
        #expect(raised.code == 0, "\(raised.out.prefix(600))")
        #expect(raised.out == "3 valid, 0 invalid\n")
    }

    /// A sweep that every variant inherits multiplies the cases (each costs its copy); long
    /// expressions cost by their length. Both are refused at a location, on `run` too.
    @Test func sweptCasesAndExpressionTextCount() throws {
        let dir = try temporaryFolder("load-work-kinds")
        defer { try? FileManager.default.removeItem(at: dir) }
        let sweep = dir.appendingPathComponent("sweep.yaml")
        try """
        views:
          box: { frame: [0, 0, 10, 10] }
        sweep: { h: { from: 0, to: 1, steps: 100000 } }
        script:
        - wait: 0
        variants:
          a: {}
          b: {}

        """.write(to: sweep, atomically: true, encoding: .utf8)
        let s = try scenerun(["run", "--list", sweep.path])
        #expect(s.code == 2)
        #expect(
            s.out.hasPrefix("\(sweep.path):7:3: sweep.yaml (invalid: loading the file takes more than 500000 units"),
            "\(s.out)")
        #expect(s.out.contains("raise the limit with --max-load-work"))

        let expression = dir.appendingPathComponent("expression.yaml")
        let term = "box.x < 1e9 && box.y < 1e9"  // 26 characters: 104 units, and the node itself
        try """
        views:
          box: { frame: [0, 0, 10, 10] }
        script:
        - waitFor: "\(term)"

        """.write(to: expression, atomically: true, encoding: .utf8)
        let fits = try scenerun(["check", "--max-load-work", "200", expression.path])
        #expect(fits.code == 0, "\(fits.out)")
        let over = try scenerun(["check", "--max-load-work", "100", expression.path])
        #expect(over.code == 2)
        #expect(
            over.out.contains("expression.yaml:4:12: error: loading the file takes more than 100 units"), "\(over.out)")
    }

    /// `mutate` takes the flag too (its loads are bounded the same way); zero is a usage error.
    @Test func mutateTakesTheFlagAndLimitsArePositive() throws {
        let m = try scenerun(["mutate", "--list", "--max-load-work", "10", "scenes/shade.yaml"])
        #expect(m.code == 2, "\(m.out)\(m.err)")
        #expect((m.out + m.err).contains("raise the limit with --max-load-work"), "\(m.out)\(m.err)")
        let zero = try scenerun(["check", "--max-load-work", "0", "scenes/"])
        #expect(zero.code == 64)
        #expect(zero.err.contains("limits must be positive"))
    }

    /// The default admits every shipped scene and the 500-view pile that CI runs.
    @Test func shippedScenesLoadUnderTheDefault() throws {
        let r = try scenerun(["check", "scenes/", ".ci/pile-500.yaml"])
        #expect(r.code == 0, "\(r.out)")
        #expect(r.out.hasSuffix(" valid, 0 invalid\n"))
    }
}
