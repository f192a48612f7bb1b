import Dynamics
import Foundation
import Geometry
import Testing

/// The engine's results, bit for bit, pinned: a hash of every body's position, angle, velocities
/// and sleep state every 30 steps for 300 steps of six scenes (a wedged shade, bullets, a hundred
/// overlapping boxes pushed apart, a rain of bullets onto a chain, a spring, revolute and
/// prismatic joints), against the hashes recorded when they were written.
///
/// The speed work changes how the engine computes, never what: each change must leave these
/// hashes as they are. (The golden outputs print rounded numbers and the oracle allows a
/// tolerance, so neither sees a change in the last bits; the still-iteration tests compare the
/// engine with itself.) A deliberate physics change re-records them, in its own commit, saying
/// why: run with `SCENERUN_PRINT_ENGINE_BITS=1` to print the new values.
///
/// Pinned on Linux, where a rotation's sine and cosine are glibc's `sincosf`; other platforms'
/// `sinf` and `cosf` may round differently, so their bits are their own. Recorded at the float32
/// step (the engine computes in float32, as Box2D).
@Suite struct EngineBitsTests {
    #if os(Linux)
        static let pinnedHere = true
    #else
        static let pinnedHere = false
    #endif

    static let pinned: [Int: UInt64] = [
        0: 12_642_330_475_978_989_513, 1: 6_676_284_294_512_508_169, 2: 9_222_141_559_694_931_099,
        3: 13_116_908_444_074_683_240,
        4: 8_363_636_878_957_570_400, 5: 5_699_575_133_217_626_373,
    ]

    static func hash(_ w: World) -> UInt64 {
        var hash: UInt64 = 0xcbf29ce484222325
        for v in TOIQueueTests.state(w) {
            for k in 0..<8 { hash = (hash ^ ((v >> (8 * UInt64(k))) & 0xff)) &* 0x100000001b3 }
        }
        return hash
    }

    @Test(.enabled(if: pinnedHere, "the pinned bits are Linux's"), arguments: [0, 1, 2, 3, 4, 5])
    func resultsAreThePinnedBits(_ kind: Int) {
        let w =
            kind < 4
            ? VelocityStillIterationTests.scene(kind, stop: true)
            : AllocationTests.scene(kind == 4 ? "spring" : "joints")
        let h = Double(Float(1.0 / 120.0))
        var got: UInt64 = 0
        for k in 1...300 {
            w.step(h)
            if k % 30 == 0 { got = got &* 31 &+ Self.hash(w) }
        }
        if ProcessInfo.processInfo.environment["SCENERUN_PRINT_ENGINE_BITS"] != nil {
            print("engine bits \(kind): \(got)")
        }
        #expect(got == Self.pinned[kind], "scene \(kind): \(got)")
    }
}
