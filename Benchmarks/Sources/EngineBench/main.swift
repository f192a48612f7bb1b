// The fair benchmark: the Swift engine and Box2D 2.3.2 C++ (built by Benchmarks/run) on the same
// scenes, interleaved in one run. For each scene and engine: the median time of one step over all
// steps of all rounds, the CPU time per step over all steps (the thread's CPU clock, which a
// loaded machine disturbs less than wall time), the heap allocations per step after warm-up (the
// second half of the steps),
// and for the piles the growth exponent k of time ∝ n^k (least squares on log–log).
//
// The machine is shared, and a round of one engine can run on a slower machine than the other's
// (Box2D's own time for a scene moves by 10–20 % between runs minutes apart). Each round runs
// both engines back to back, so the ratio of a round's two CPU times cancels what changes
// slowly; the table gives the median of those paired ratios beside the ratio of medians, and the
// ratio of the best (smallest) CPU times of each engine.
//
// Both engines run each round in a fresh process (`EngineBench --one SCENE STEPS WARMUP` is the Swift
// side, printing the line box2d/driver.cpp prints), so that neither gains from a process already
// warm: caches, page faults, the allocator's state. Both hash the world's state after each eighth
// of the steps (outside the times), so "same state" means the same trajectory, not only the same
// end: a stand-in that skips a step while anything moves differs (`Benchmarks/run selfcheck`
// proves it on every scene).
//
// Usage: EngineBench BOX2D_BENCH_BINARY [ROUNDS] [SCENE…]
import Dynamics
import Foundation
import Geometry
import MallocCounter

let h = Double(Float(1.0 / 120.0))

struct Result { var median: Double; var allocsPerStep: Double; var total: Double; var cpu: Double; var state: UInt64 = 0 }

/// The state, as box2d/driver.cpp hashes it: FNV-1a over every body's position, angle and
/// velocities (float32 bits), in creation order, continuing from `state`.
func stateHash(_ w: World, _ start: UInt64) -> UInt64 {
    var state = start
    func add(_ x: Double) {
        let u = Float(x).bitPattern  // exact: the engine's values are floats
        for k in 0..<4 { state = (state ^ UInt64((u >> (8 * UInt32(k))) & 0xff)) &* 1_099_511_628_211 }
    }
    for i in 0..<w.bodyCount {
        let b = BodyID(i)
        let p = w.position(of: b), v = w.linearVelocity(of: b)
        add(p.x); add(p.y); add(w.angle(of: b)); add(v.x); add(v.y); add(w.angularVelocity(of: b))
    }
    return state
}

/// CPU time of this thread (ns): on a loaded machine wall time includes time spent descheduled.
func cpuNs() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

/// The monotonic clock (ns), read as box2d/driver.cpp reads it (`DispatchTime.now()` cost about
/// 130 instructions a step more, counted by `Benchmarks/instructions` in the whole process).
func nowNs() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

/// The element of rank `k` of `xs` (`xs.sorted()[k]`), by selection (Hoare's partition around
/// the middle element), reordering `xs`. Not `sort()`: the standard library's sort of a run longer
/// than 20 steps instantiates its merge buffer's type metadata, about 250 000 instructions once a
/// run, which `Benchmarks/instructions`' difference of a long and a one-step run charged to every
/// step of the driver's loop (1 200 a step on spring, where Box2D's driver spends 150 in all).
func select(_ xs: inout [UInt64], rank k: Int) -> UInt64 {
    var lo = 0
    var hi = xs.count - 1
    while lo < hi {
        let pivot = xs[(lo + hi) / 2]
        var i = lo
        var j = hi
        while i <= j {
            while xs[i] < pivot { i += 1 }
            while xs[j] > pivot { j -= 1 }
            if i <= j {
                xs.swapAt(i, j)
                i += 1
                j -= 1
            }
        }
        // [lo, j] ≤ pivot ≤ [i, hi], and everything strictly between j and i equals the pivot.
        if k <= j { hi = j } else if k >= i { lo = i } else { break }
    }
    return xs[k]
}

/// One run of a scene in this process: the line box2d/driver.cpp prints for the same run.
func runSwiftHere(_ scene: BenchScene, skip: Int = -1) -> String {
    let w = build(scene.name)
    var times: [UInt64] = []
    times.reserveCapacity(scene.steps)
    let warmup = scene.steps / 2
    var allocs0: UInt64 = 0, hashAllocs: UInt64 = 0
    var total: UInt64 = 0, hashing: UInt64 = 0
    var state: UInt64 = 1_469_598_103_934_665_603
    let cpu0 = cpuNs()
    for i in 0..<scene.steps {
        if i == warmup { allocs0 = UInt64(malloc_counter_count()) }
        let t0 = nowNs()
        if i != skip { w.step(h, velocityIterations: 8, positionIterations: 3) }
        let dt = nowNs() - t0
        total += dt
        times.append(dt)
        // The state after each eighth of the steps (and after the last), outside the CPU time.
        if (i + 1) % max(1, scene.steps / 8) == 0 || i + 1 == scene.steps {
            let c0 = cpuNs(), a0 = UInt64(malloc_counter_count())
            state = stateHash(w, state)
            if i >= warmup { hashAllocs += UInt64(malloc_counter_count()) - a0 }
            hashing += cpuNs() - c0
        }
    }
    let cpu = cpuNs() - cpu0 - hashing
    let allocs = UInt64(malloc_counter_count()) - allocs0 - hashAllocs
    let median = select(&times, rank: times.count / 2)
    let perStep = Double(allocs) / Double(scene.steps - warmup)
    return "\(scene.name) \(median) \(String(format: "%.4f", perStep)) \(total) \(cpu) "
        + String(format: "%016llx", state)
}

/// Runs `binary SCENE STEPS WARMUP` (this program with `--one`, or Box2D's driver) in a fresh
/// process and reads its line.
func runProcess(_ binary: String, _ prefix: [String], _ scene: BenchScene, environment: [String: String] = [:]) -> Result {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: binary)
    p.arguments = prefix + [scene.name, String(scene.steps), String(scene.steps / 2)]
    if !environment.isEmpty { p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    let pipe = Pipe()
    p.standardOutput = pipe
    try! p.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    let parts = String(decoding: data, as: UTF8.self).split(separator: " ")
    precondition(parts.count == 6 && parts[0] == scene.name, "\(binary): unexpected output \(String(decoding: data, as: UTF8.self))")
    func num(_ i: Int) -> Double { Double(parts[i].trimmingCharacters(in: .whitespacesAndNewlines))! }
    let state = UInt64(parts[5].trimmingCharacters(in: .whitespacesAndNewlines), radix: 16)!
    return Result(median: num(1), allocsPerStep: num(2), total: num(3), cpu: num(4), state: state)
}

func runSwift(_ scene: BenchScene) -> Result { runProcess(CommandLine.arguments[0], ["--one"], scene) }

func runBox2D(_ binary: String, _ scene: BenchScene) -> Result {
    // `none`: the Swift engine alone (for profiling it with perf).
    if binary == "none" { return Result(median: .nan, allocsPerStep: .nan, total: .nan, cpu: .nan) }
    return runProcess(binary, [], scene)
}

func median(_ xs: [Double]) -> Double { let s = xs.sorted(); return s[s.count / 2] }

func growthExponent(_ points: [(Double, Double)]) -> Double {
    let xs = points.map { Foundation.log($0.0) }, ys = points.map { Foundation.log($0.1) }
    let mx = xs.reduce(0, +) / Double(xs.count), my = ys.reduce(0, +) / Double(ys.count)
    var num = 0.0, den = 0.0
    for i in xs.indices { num += (xs[i] - mx) * (ys[i] - my); den += (xs[i] - mx) * (xs[i] - mx) }
    return num / den
}

var args = Array(CommandLine.arguments.dropFirst())
// `--one SCENE STEPS WARMUP`: one run in this process, the Swift side of a round.
// BOX2D_BENCH_SKIP_STEP=k skips step k, as the C++ driver does (the self-check's stand-in).
if args.first == "--one", args.count == 4, var scene = benchScenes.first(where: { $0.name == args[1] }),
   let steps = Int(args[2]) {
    scene.steps = steps
    let skip = ProcessInfo.processInfo.environment["BOX2D_BENCH_SKIP_STEP"].flatMap { Int($0) } ?? -1
    print(runSwiftHere(scene, skip: skip))
    exit(0)
}
// `--selfcheck BOX2D_BENCH_BINARY [SCENE…]`: on every scene the engine's hash equals Box2D's; and
// for runs with one step skipped (the first, one at each eighth, the last), done by both engines,
// the two engines' hashes are equal again, and differ from the full run's whenever the skip
// changes a hashed state. A skip that changes none (every body asleep, or a resting body going to
// sleep a step later) does next to no work; the check counts those apart.
if args.first == "--selfcheck", args.count >= 2 {
    let binary = args[1]
    let chosen = args.count > 2 ? benchScenes.filter { args.dropFirst(2).contains($0.name) } : benchScenes
    var failures = 0
    for scene in chosen {
        let mine = runSwift(scene).state, full = runBox2D(binary, scene).state
        let skips = Set([0, scene.steps - 1] + (1..<8).map { $0 * scene.steps / 8 }).sorted()
        var told = 0, same = 0, agree = 0
        for k in skips {
            let env = ["BOX2D_BENCH_SKIP_STEP": String(k)]
            let box = runProcess(binary, [], scene, environment: env).state
            let eng = runProcess(CommandLine.arguments[0], ["--one"], scene, environment: env).state
            if box == eng { agree += 1 }
            if box != mine { told += 1 } else { same += 1 }
        }
        // Told apart: every skip whose effect reaches a hashed state (the engine's skipped run says
        // whether it does, and must agree with Box2D's).
        if mine != full || agree != skips.count { failures += 1 }
        print(scene.name.padding(toLength: 20, withPad: " ", startingAt: 0)
              + " same as Box2D: \(mine == full ? "yes" : "NO");  one step skipped, \(skips.count) ways: both engines agree "
              + "\(agree)/\(skips.count), told from the full run \(told)/\(skips.count)"
              + (same > 0 ? " (\(same) change no hashed state: bodies at rest)" : ""))
    }
    print(failures == 0 ? "selfcheck: passed" : "selfcheck: \(failures) scene(s) failed")
    exit(failures == 0 ? 0 : 1)
}
guard !args.isEmpty else {
    FileHandle.standardError.write("usage: EngineBench BOX2D_BENCH_BINARY [ROUNDS] [SCENE…]\n".data(using: .utf8)!)
    exit(2)
}
let binary = args.removeFirst()
let rounds = args.first.flatMap { Int($0) } ?? 5
if !args.isEmpty, Int(args[0]) != nil { args.removeFirst() }
var scenes = args.isEmpty ? benchScenes : benchScenes.filter { args.contains($0.name) }
// BENCH_STEPS=n runs every scene for n steps (both engines), e.g. a whole 5 s scene (600).
if let s = ProcessInfo.processInfo.environment["BENCH_STEPS"], let n = Int(s) {
    for i in scenes.indices { scenes[i].steps = n }
}

var swiftRuns: [String: [Result]] = [:], boxRuns: [String: [Result]] = [:]
for round in 0..<rounds {
    for scene in scenes {
        // Alternate which engine goes first, so neither always runs on a warmer machine.
        if round % 2 == 0 {
            boxRuns[scene.name, default: []].append(runBox2D(binary, scene))
            swiftRuns[scene.name, default: []].append(runSwift(scene))
        } else {
            swiftRuns[scene.name, default: []].append(runSwift(scene))
            boxRuns[scene.name, default: []].append(runBox2D(binary, scene))
        }
    }
}

print("Per-step medians over \(rounds) interleaved rounds (median of the rounds' medians), h = Float(1/120), 8/3 iterations, "
      + "each run a fresh process")
print("                             median wall time per step      CPU time per step (all steps)   CPU ratio        allocations per step  same")
print("scene                 steps   scenerun µs  Box2D µs  ratio   scenerun µs  Box2D µs  ratio   paired   best   scenerun  Box2D    states")
var sameStates = 0
var pileSwift: [(Double, Double)] = [], pileBox: [(Double, Double)] = []
for scene in scenes {
    let sw = swiftRuns[scene.name]!, bx = boxRuns[scene.name]!
    let ms = median(sw.map(\.median)), mb = median(bx.map(\.median))
    let asw = median(sw.map(\.allocsPerStep)), abx = median(bx.map(\.allocsPerStep))
    let name = scene.name.padding(toLength: 20, withPad: " ", startingAt: 0)
    let cs = median(sw.map(\.cpu)) / Double(scene.steps), cb = median(bx.map(\.cpu)) / Double(scene.steps)
    // Round by round: scenerun's CPU time over Box2D's in the same round.
    let paired = median(zip(sw, bx).map { $0.cpu / $1.cpu })
    let best = sw.map(\.cpu).min()! / bx.map(\.cpu).min()!
    // Every round of a scene starts from the same world, so every round has the same trajectory.
    let same = binary != "none" && sw.allSatisfy { $0.state == sw[0].state } && bx.allSatisfy { $0.state == sw[0].state }
    if same { sameStates += 1 }
    print(name + String(format: " %6d %13.1f %9.1f %6.2f %13.1f %9.1f %6.2f %8.2f %6.2f %10.3f %6.3f", scene.steps, ms / 1000, mb / 1000, ms / mb,
                        cs / 1000, cb / 1000, cs / cb, paired, best, asw, abx) + (same ? "      yes" : "       no"))
    if let n = scene.pileSize { pileSwift.append((Double(n), ms)); pileBox.append((Double(n), mb)) }
}
print("same trajectory as Box2D, bit for bit (every body's position, angle and velocities after each eighth of the steps): "
      + "\(sameStates) of \(scenes.count) scenes")
if pileSwift.count >= 2 {
    print(String(format: "growth exponent over the piles (time per step ∝ n^k): scenerun k = %.2f, Box2D k = %.2f",
                 growthExponent(pileSwift), growthExponent(pileBox)))
}
