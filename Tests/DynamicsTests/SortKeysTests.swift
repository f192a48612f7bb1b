@_spi(Testing) import Dynamics
import TestSupport
import Testing

/// The broad phase's pair keys and the time-of-impact queue's dirty list are sorted by an
/// allocation-free introsort: it must agree with the standard library's sort on every input.
@Suite struct SortKeysTests {
    static func inputs() -> [[UInt64]] {
        var r = SplitMix(seed: 11)
        var out: [[UInt64]] = [
            [], [5], [2, 1], [1, 1, 1], Array(0..<100), Array((0..<100).reversed()),
            [UInt64](repeating: 7, count: 64), (0..<200).map { UInt64($0 % 3) },
        ]
        // Organ pipe and sawtooth shapes, which defeat simple pivots.
        out.append((0..<300).map { UInt64($0 < 150 ? $0 : 300 - $0) })
        out.append((0..<300).map { UInt64($0 % 17) })
        for n in [3, 15, 16, 17, 31, 33, 100, 1000, 5000] {
            // Few distinct keys (the pair buffer holds each pair about twice) and all distinct.
            out.append((0..<n).map { _ in UInt64(r.below(10)) })
            out.append((0..<n).map { _ in r.next() })
        }
        out.append([UInt64.max, 0, UInt64.max, 1, UInt64.max - 1])
        return out
    }

    @Test func agreesWithTheStandardSort() {
        for input in Self.inputs() {
            var a = input
            var b = input
            sortKeys(&a)
            heapSortKeys(&b)
            #expect(a == input.sorted(), "introsort, \(input.count) keys")
            #expect(b == input.sorted(), "heap sort, \(input.count) keys")
        }
    }
}
