import Diagnostics
import Foundation
import SceneLoader
import SceneRunner
import TestSupport
import Testing

/// A seeded mutation fuzzer over the loader, the expression parser and the runner.
///
/// It starts from every scene in scenes/ (valid and invalid) and mutates them: flipping and
/// inserting bytes, deleting, duplicating and swapping lines, splicing in YAML and expression
/// fragments. Each mutant must either load or be refused with a located diagnostic, and a mutant
/// that loads must run (with small limits) to a result: no trap, no hang. A crash stops the test
/// process, which fails the run. `SCENERUN_FUZZ_ITERATIONS` sets the number of mutants
/// (default 1500 in CI); `SCENERUN_FUZZ_SEED` the seed.
@Suite struct FuzzTests {
    static let fragments = [
        "&a [1, 2]", "*a", "{", "}", "[", "]", ": ", "- ", "\t", "'", "\"", "yes", "no", ".nan", ".inf", "-1e309", "0",
        "\"shade.y / 0\"", "\"sqrt(-1)\"", "\"[1, 2] + 3\"", "\"(((\"", "\"a ? b\"", "!!str", "%YAML 1.1", "---", "...",
        "frame: [0, 0, -1, 1]", "wait: 1e9", "waitFor: rest", "remove: all", "add: [x]", "\u{0}", "\u{FEFF}", "é", "🙂",
        "children: [a, a]", "kind: sliding", "axis: [0, 0]", "range: [5, -5]", "frequency: 1e6", "damping: 1e6",
    ]

    static func corpus() -> [[UInt8]] {
        var out: [[UInt8]] = []
        for dir in ["scenes", "scenes/gallery", "scenes/invalid", "Tests/SceneLoaderTests/FuzzCorpus"] {
            let url = repoRoot.appendingPathComponent(dir)
            for f in ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
            where f.hasSuffix(".yaml") {
                if let d = FileManager.default.contents(atPath: url.appendingPathComponent(f).path) {
                    out.append([UInt8](d))
                }
            }
        }
        return out
    }

    static func mutate(_ input: [UInt8], _ r: inout SplitMix) -> [UInt8] {
        var b = input
        for _ in 0..<(1 + r.below(4)) {
            switch r.below(7) {
            case 0 where !b.isEmpty:
                b[r.below(b.count)] = UInt8(truncatingIfNeeded: r.next())
            case 1:
                let frag = Array(fragments[r.below(fragments.count)].utf8)
                b.insert(contentsOf: frag, at: r.below(b.count + 1))
            case 2, 3, 4:
                var lines = b.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
                guard !lines.isEmpty else { continue }
                let i = r.below(lines.count)
                let j = r.below(lines.count)
                switch r.below(3) {
                case 0: lines.remove(at: i)
                case 1: lines.insert(lines[i], at: j)
                default: lines.swapAt(i, j)
                }
                b = Array(lines.joined(separator: [10]))
            case 5 where !b.isEmpty:
                let i = r.below(b.count)
                b.removeSubrange(i..<min(b.count, i + 1 + r.below(16)))
            default:
                let spaces = [UInt8](repeating: 32, count: r.below(4))
                b.insert(contentsOf: spaces, at: r.below(b.count + 1))
            }
        }
        return b
    }

    @Test func mutantsLoadOrFailWithALocation() {
        let env = ProcessInfo.processInfo.environment
        let iterations = Int(env["SCENERUN_FUZZ_ITERATIONS"] ?? "") ?? 1500
        var r = SplitMix(seed: UInt64(env["SCENERUN_FUZZ_SEED"] ?? "") ?? 2026)
        let seeds = FuzzTests.corpus()
        #expect(seeds.count > 40)
        var limits = RunLimits()
        limits.ticks = 600
        limits.sceneTime = 10
        var loaded = 0
        var refused = 0
        var ran = 0
        let start = Date()
        for n in 0..<iterations {
            let mutant = FuzzTests.mutate(seeds[r.below(seeds.count)], &r)
            do {
                let cases = try SceneFile.load(path: "fuzz-\(n).yaml", bytes: mutant)
                loaded += 1
                for c in cases.prefix(2) {
                    let result = CaseRunner.run(c, limits: limits)
                    ran += 1
                    for d in result.diagnostics { #expect(d.location.line >= 1, "fuzz-\(n): unlocated \(d)") }
                }
            } catch {
                refused += 1
                for d in error.diagnostics {
                    #expect(d.location.line >= 1 && d.location.column >= 1, "fuzz-\(n): unlocated \(d)")
                }
            }
        }
        let seconds = Date().timeIntervalSince(start)
        print(
            "fuzz: \(iterations) mutants in \(String(format: "%.1f", seconds)) s: \(loaded) loaded (\(ran) cases run), \(refused) refused with a located error"
        )
        #expect(loaded + refused == iterations)
        #expect(refused > 0)
    }
}
