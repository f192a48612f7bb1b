import Driver
import Foundation
import FuzzSupport
import Mutation
import Reports

// libFuzzer calls this with each input: up to three reports separated by NUL bytes (a byte no JSON
// text holds). They are written to files and merged by `merge`, the function `scenerun merge`
// calls, into the text, JSON, JUnit or GitHub report (by the input's length), read from memory.
// The oracle:
//  - the exit code is 0, 1 or 2, and a refusal is a located error `path:line:column: error: …`
//    naming one of the reports, or, for a set of reports that is not one run's (cases missing),
//    an error naming every report;
//  - a merge writes a report; merged again alone, the JSON report it wrote is the same JSON;
//  - the heap holds at most `memoryFactor` times the input plus `memorySlack` bytes at any time.
// A trap, a crash, a hang (-timeout) or a failed check (fatalError) is a finding.

let memoryFactor = 64
let memorySlack = 16 << 20
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-mergefuzz-\(getpid())").path

/// With MERGEFUZZ_VERBOSE set (replaying inputs, not fuzzing): what became of each input.
let verbose = ProcessInfo.processInfo.environment["MERGEFUZZ_VERBOSE"] != nil

final class Captured: @unchecked Sendable {
    let lock = NSLock()
    var out = ""
    var errors: [String] = []
    func add(out s: String) { lock.withLock { out += s } }
    func add(error s: String) { lock.withLock { errors.append(s) } }
}

/// Merges the reports at `paths` into `format`: the exit code, what it printed and its errors.
func mergeCaptured(_ paths: [String], _ format: ReportFormat) -> (Int32, Captured) {
    let seen = Captured()
    let console = Console(
        out: { seen.add(out: $0) }, err: { seen.add(error: $0) }, note: { _ in }, progress: nil,
        located: { seen.add(error: $0) })
    var request = MergeRequest(inputs: paths)
    request.format = format
    request.color = .never
    request.otherKinds = [mutateReports]
    return (merge(request, console: console, environment: [:], isTerminal: false), seen)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let reports = input.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).map(Array.init)
    var paths: [String] = []
    for (k, r) in reports.enumerated() {
        let p = "\(folder)/r\(k + 1).json"
        guard FileManager.default.createFile(atPath: p, contents: Data(r)) else { fatalError("cannot write \(p)") }
        paths.append(p)
    }
    // `merge` takes mutate's reports to its text report only (any other is a usage error).
    let mutate = reports.first.map { String(decoding: $0, as: UTF8.self).contains("\"mutate\"") } ?? false
    let format: ReportFormat = mutate ? .text : [.text, .json, .junit, .github][size % 4]

    fuzz_heap_start()
    let (code, seen) = mergeCaptured(paths, format)
    let peak = fuzz_heap_peak()
    if peak > memoryFactor * size + memorySlack {
        fatalError("merging \(size) bytes of reports held \(peak) bytes at once")
    }
    if verbose { print("\(reports.count) report(s), \(size) bytes, \(format): exit \(code), heap peak \(peak) B; \(seen.errors)") }
    guard [0, 1, 2].contains(code) else { fatalError("exit \(code): \(seen.errors)") }
    for e in seen.errors {
        let named = paths.contains { p in
            guard e.hasPrefix(p + ":") else { return false }
            let place = e.dropFirst(p.count + 1).split(separator: ":", maxSplits: 2)
            return place.count == 3 && (Int(place[0]) ?? 0) >= 1 && (Int(place[1]) ?? 0) >= 1
                && place[2].hasPrefix(" error: ")
        }
        let aboutTheSet = e.hasPrefix(paths.joined(separator: ", ") + ": ") && e.contains(" are missing (the first is ")
        if !named && !aboutTheSet { fatalError("an error without its place: \(e)") }
    }
    if !seen.errors.isEmpty {
        if code != 2 { fatalError("exit \(code) after \(seen.errors)") }
        return 0
    }
    if seen.out.isEmpty { fatalError("exit \(code) and no report") }
    if format == .json {
        // The merged report is one whole run: merged alone, it is written again byte for byte.
        let again = "\(folder)/again.json"
        guard FileManager.default.createFile(atPath: again, contents: Data(seen.out.utf8)) else {
            fatalError("cannot write \(again)")
        }
        let (code2, seen2) = mergeCaptured([again], .json)
        if code2 != code || seen2.out != seen.out {
            fatalError("merged again: exit \(code2), \(seen2.errors)\n\(seen.out)\n→\n\(seen2.out)")
        }
    }
    return 0
}

@_cdecl("MergeFuzz_main")
public func mergeFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var c = argc
    var v = argv
    return fuzz_run(&c, &v) { data, size in data.map { fuzzOne($0, size) } ?? 0 }
}
