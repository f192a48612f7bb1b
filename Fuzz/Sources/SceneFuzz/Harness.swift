import Diagnostics
import Expressions
import FuzzSupport
import Geometry
import SceneLoader
import SceneRunner

// libFuzzer calls this with each input. An input is tried three ways:
//  1. as an expression (the whole input and each line's first quoted value): parsed,
//     type-checked and evaluated against a small fixed scope;
//  2. as a scene file: loaded with the default limits;
//  3. if it loads: its first cases run for at most 240 ticks.
// Anything but a value or a located diagnostic is a finding: a trap, a crash, a hang (libFuzzer's
// -timeout), or a diagnostic without a line (checked below with fatalError).

struct FixedNames: NameResolver {
    func resolve(_ path: [String], at location: SourceLocation) throws(Diagnostic) -> Value {
        switch path.joined(separator: ".") {
        case "a.frame": return .rect(Rect(x: 10, y: 20, width: 100, height: 50))
        case "a.center": return .point(Vec2(60, 45))
        case "a.removed": return .bool(false)
        case "time": return .number(1.5)
        case "state": return .string("began")
        default: throw Diagnostic("no value for `\(path.joined(separator: "."))`", at: location)
        }
    }
}

let scope = Scope([
    ("a", .object([("frame", .value(.rect)), ("center", .value(.point)), ("removed", .value(.bool))])),
    ("time", .value(.number)), ("state", .value(.string)),
])

func requireLocated(_ d: Diagnostic, _ what: String) {
    if d.location.line < 1 || d.location.column < 1 { fatalError("\(what): an unlocated diagnostic: \(d)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let here = SourceLocation(file: "fuzz", line: 1, column: 1)
    if size <= 8192, let text = String(validating: bytes, as: UTF8.self) {
        // The whole input, and the quoted values of its lines (where scene files keep their
        // expressions), so that scene seeds exercise the expression language too.
        var candidates = [text]
        for line in text.split(separator: "\n").prefix(64) {
            let parts = line.split(separator: "\"")
            if parts.count >= 3 { candidates.append(String(parts[1])) }
        }
        for c in candidates {
            do {
                let e = try Expression.parse(c, at: here)
                _ = try typeCheck(e, in: scope)
                _ = try evaluate(e, FixedNames(), scope: scope)
            } catch {
                requireLocated(error, "expression")
            }
        }
    }
    do {
        let cases = try SceneFile.load(path: "fuzz.yaml", bytes: bytes)
        var limits = RunLimits()
        limits.ticks = 240
        limits.sceneTime = 4
        for c in cases.prefix(2) {
            let r = CaseRunner.run(c, limits: limits)
            for d in r.diagnostics { requireLocated(d, "run") }
            if r.status == .invalid && r.diagnostics.isEmpty { fatalError("run: an invalid case without a diagnostic") }
        }
    } catch {
        if error.diagnostics.isEmpty { fatalError("load: refused without a diagnostic") }
        for d in error.diagnostics { requireLocated(d, "load") }
    }
    return 0
}

// SwiftPM links an executable target's entry point as `<module>_main`; hand over to libFuzzer's
// driver from there (libFuzzer's own `main` is then not needed).
@_cdecl("SceneFuzz_main")
public func sceneFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var c = argc
    var v = argv
    return fuzz_run(&c, &v) { data, size in data.map { fuzzOne($0, size) } ?? 0 }
}
