// NOT the engine-speed benchmark (that is Benchmarks/run, against Box2D 2.3.2 C++ natively).
// This times the animator on a pile of boxes against the pybox2d oracle driven from Python: the
// Python side pays Python's per-step overhead, so its ratios say little about the engine.
// Wall-clock times on a shared machine are noisy: each figure is the best of several runs.
import Dynamics
import Foundation
import Geometry
import UIDynamics

let h = Double(Float(1.0 / 120.0))

func best(_ runs: Int, _ body: () -> Void) -> Double {
    var t = Double.infinity
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        t = min(t, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return t
}

/// A pile of `n` 40 pt boxes dropped into a 390×844 box for `seconds` of animator time.
func pile(_ n: Int, seconds: Double) {
    let an = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 390, height: 844))
    for i in 0..<n {
        an.registerItem(i, size: Vec2(40, 40), center: Vec2(40 + Double(i % 7) * 50, 800 - Double(i / 7) * 45), rotation: 0.1 * Double(i % 5))
    }
    an.addBehavior(GravityBehavior(items: Array(0..<n)))
    an.addBehavior(CollisionBehavior(items: Array(0..<n), referenceBoundsInsets: .zero))
    for _ in 0..<Int(seconds * 60) { an.tick(1.0 / 60) }
}

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let oracle = """
import sys, time
sys.path.insert(0, '\(root.path)/Tools/oracle')
from uikit_model import Animator
def pile(n, seconds):
    an = Animator([0, 0, 390, 844])
    for i in range(n):
        an.register(i, [40, 40], [40 + (i % 7) * 50, 800 - (i // 7) * 45], 0.1 * (i % 5))
    an.add({'gravity': dict(items=list(range(n)), direction=[0, 1])})
    an.add({'collision': dict(items=list(range(n)), mode='everything', insets=[0, 0, 0, 0])})
    for _ in range(int(seconds * 60)):
        an.tick(1.0 / 60)
for n in (10, 50, 100):
    best = min((lambda s: (pile(n, 5), time.perf_counter() - s)[1])(time.perf_counter()) for _ in range(3))
    print(n, best)
"""

print("pile of boxes, 5 s of animator time (300 ticks, 599 sub-steps), best of 3.")
print("Against pybox2d driven from Python: this measures Python's overhead, not Box2D (see Benchmarks/run).")
let p = Process()
p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
p.arguments = ["python3", "-c", oracle]
let pipe = Pipe()
p.standardOutput = pipe
var oracleTimes: [Int: Double] = [:]
do {
    try p.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
        let parts = line.split(separator: " ")
        if parts.count == 2, let n = Int(parts[0]), let t = Double(parts[1]) { oracleTimes[n] = t }
    }
} catch {
    print("(the oracle could not be run: \(error); install it with pip install box2d==2.3.10)")
}
for n in [10, 50, 100] {
    let t = best(3) { pile(n, seconds: 5) }
    if let o = oracleTimes[n] {
        print(String(format: "  %3d boxes: scenerun %.3f s, pybox2d-from-Python %.3f s, ratio %.2f", n, t, o, t / o))
    } else {
        print(String(format: "  %3d boxes: scenerun %.3f s", n, t))
    }
}
