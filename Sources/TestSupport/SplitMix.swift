/// A small deterministic random generator (SplitMix64) for seeded tests and the fuzzer: the
/// same seed gives the same sequence on every machine.
public struct SplitMix: Sendable {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
    /// A uniform number in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    /// A uniform number in [a, b).
    public mutating func range(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }
    /// A uniform integer in [0, n) (0 when n ≤ 0).
    public mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
}
