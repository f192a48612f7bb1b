// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// The contact solver's position iterations for a time-of-impact sub-step (Box2D's
/// `SolveTOIPositionConstraints` and the loop around it in `b2Island::SolveTOI`).
extension ContactSolver {
    /// Up to `iterations` position iterations of a time-of-impact sub-step, stopping at the first
    /// that reports success (Box2D's loop in `b2Island::SolveTOI`). A method of the solver, so
    /// that no closure captures it: a captured solver was copied, arrays and all, every event.
    ///
    /// Also stopping, unlike Box2D, at the first iteration that moves nothing: an iteration is a
    /// function of the positions alone (the rotations are a cache of them), so once one leaves
    /// every position as it found it, bit for bit, each further iteration would do the same and
    /// report the same failure; stopping there gives the same positions. It is the common case,
    /// not a corner: a body pressed between two walls (a shade as wide as the screen, a view
    /// wedged in a heap) never gets within the tolerance, and Box2D runs all twenty iterations of
    /// every time-of-impact event, of which measured on the 10 000-case shade sweep 99.7 % stop
    /// moving after the second.
    /// Returns how many iterations the stop skipped (0 without `stopWhenStill`).
    func solveTOIPositions(_ positions: Pool<SolverPosition>, toiA: Int, toiB: Int, iterations: Int,
                           stopWhenStill: Bool, rotations memo: UnsafeMutablePointer<RotationMemo>) -> Int {
        let n = positions.count
        for k in 0..<iterations {
            if stopWhenStill { positions.withUnsafeBufferPointer { p in for i in 0..<n { memo[i].start = p[i] } } }
            if solveTOIPositionConstraints(positions, toiA: toiA, toiB: toiB, rotations: memo) { return 0 }
            if !stopWhenStill { continue }
            // (Compared over the whole iteration: within one, the walls' constraints can push a
            // body one way and back to where it was.)
            let moved = positions.withUnsafeBufferPointer { p in
                (0..<n).contains { !samePosition(memo[$0].start, p[$0].c, p[$0].a) }
            }
            if !moved { return iterations - k - 1 }
        }
        return 0
    }

    /// One position iteration of a time-of-impact sub-step (Box2D's `SolveTOIPositionConstraints`):
    /// only the two TOI bodies `toiA` and `toiB` move. The rotations come from `rotations`, one per
    /// island body, recomputed only when the body's angle has changed (bit for bit): the other
    /// bodies never move, so most of the sub-step's twenty iterations need no sine or cosine.
    func solveTOIPositionConstraints(_ positions: Pool<SolverPosition>, toiA ta: Int, toiB tb: Int,
                                     rotations: UnsafeMutablePointer<RotationMemo>) -> Bool {
        var minSeparation: Float = 0.0
        let baumgarte = Settings.toiBaumgarte
        positionConstraints.withUnsafeBufferPointer { pcs in
        masses.withUnsafeBufferPointer { ms in
        positions.withUnsafeMutableBufferPointer { positions in
        for i in 0..<count {
            let pc = pcs[i]
            let indexA = Int(pc.indexA), indexB = Int(pc.indexB)
            var mA: Float = 0.0, iA: Float = 0.0, mB: Float = 0.0, iB: Float = 0.0
            if indexA == ta || indexA == tb { mA = ms[indexA].m; iA = ms[indexA].i }
            if indexB == ta || indexB == tb { mB = ms[indexB].m; iB = ms[indexB].i }
            var cA = positions[indexA].c, aA = positions[indexA].a
            var cB = positions[indexB].c, aB = positions[indexB].a
            for j in 0..<pc.pointCount {
                let qA = rotations[indexA].rotation(aA), qB = rotations[indexB].rotation(aB)
                let separation = solvePositionPoint(pc, j, qA, qB, &cA, &aA, &cB, &aB,
                                                    masses: (mA, iA, mB, iB), baumgarte: baumgarte)
                minSeparation = Swift.min(minSeparation, separation)
            }
            positions[indexA] = SolverPosition(c: cA, a: aA)
            positions[indexB] = SolverPosition(c: cB, a: aB)
        }
        }
        }
        }
        return minSeparation >= -1.5 * Settings.linearSlop
    }
}

/// Whether `p` is the position (`c`, `a`) bit for bit (so -0 differs from 0, and NaN from
/// everything: a NaN always counts as a move).
@inline(__always) func samePosition(_ p: SolverPosition, _ c: Vec2f, _ a: Float) -> Bool {
    p.c.x.bitPattern == c.x.bitPattern && p.c.y.bitPattern == c.y.bitPattern && p.a.bitPattern == a.bitPattern
        && !c.x.isNaN && !c.y.isNaN && !a.isNaN
}

/// A body's rotation and the angle it was computed from (see `solveTOIPositionConstraints`).
struct RotationMemo {
    var angleBits: UInt32 = 0
    var valid = false
    var rot = Rotf.identity
    /// The body's position when the current position iteration began (see `solveTOIPositions`).
    var start = SolverPosition(c: .zero, a: 0)

    /// The rotation by `angle`: the remembered one when `angle` is the same bits, else computed.
    @inline(__always) mutating func rotation(_ angle: Float) -> Rotf {
        if valid && angleBits == angle.bitPattern { return rot }
        rot = rotF(angle); angleBits = angle.bitPattern; valid = true
        return rot
    }
}
