import Diagnostics
import Foundation
import Reports
import Results
import SceneLoader
import SceneModel

/// What to load: paths, `--filter`, `--shard` and the loading limits.
public struct Selection: Sendable {
    public var paths: [String]
    public var filter: String?
    public var shard: Shard?
    public var limits: LoadLimits
    /// `--var` and `--vars-file`: values for the scenes' vars.
    public var vars = VarOverrides()
    public init(paths: [String], filter: String? = nil, shard: Shard? = nil, limits: LoadLimits = .default) {
        self.paths = paths
        self.filter = filter
        self.shard = shard
        self.limits = limits
    }
}

/// What one scene file gave: its cases (filtered), or an invalid result when it does not load,
/// with each one's place in the whole run (before `--shard`).
public struct Loaded: Sendable {
    public var cases: [Scene] = []
    public var invalid: CaseResult?
    /// The run index of each case in `cases`, and of `invalid`.
    public var caseIndices: [Int] = []
    public var invalidIndex: Int?
    /// The file as it was read (its path's bytes and its bytes), for record mode.
    public var file: (path: FilePath, bytes: [UInt8])?
    public init(cases: [Scene] = [], invalid: CaseResult? = nil) {
        self.cases = cases
        self.invalid = invalid
    }
}

/// Expands paths into files, loads them and filters their cases, in the order the files are
/// named (a folder's files in byte order). A file that does not load is an invalid result in its
/// place, selected by `--filter` through its file name. `--shard` then keeps its share.
public func collect(_ selection: Selection) -> [Loaded] { collectRun(selection).loaded }

/// `collect`, and the identity of the whole run the selection is (a share of): how many cases
/// it has and a digest of their files and names, so that `merge` can tell shards of one run from
/// reports of different runs.
public func collectRun(_ selection: Selection) -> (loaded: [Loaded], run: RunIdentity) {
    var out: [Loaded] = []
    for file in sceneFiles(selection.paths.map(FilePath.init(argument:))) {
        let name = baseName(file.display)
        if isPart(file) {
            if matches(name, selection.filter) {
                let d = Diagnostic(
                    "this file is a part, not a scene: its folder is named `parts`; run a scene that includes it",
                    at: SourceLocation(file: file.display, line: 1, column: 1))
                out.append(
                    Loaded(invalid: CaseResult(file: file.display, name: name, status: .invalid, diagnostics: [d])))
            }
            continue
        }
        switch readSceneFile(file, limit: selection.limits.fileSize) {
        case .failure(let d):
            if matches(name, selection.filter) {
                out.append(
                    Loaded(invalid: CaseResult(file: file.display, name: name, status: .invalid, diagnostics: [d])))
            }
        case .success(let bytes):
            let parts = PartReader(limit: selection.limits.fileSize)
            do {
                let cases = try SceneFile.load(
                    path: file.display, bytes: bytes, limits: selection.limits, includes: parts.reader)
                var l = Loaded(cases: cases.filter { matches($0.name, selection.filter) })
                l.file = (file, bytes)
                out.append(l)
            } catch {
                if matches(name, selection.filter) {
                    var r = CaseResult(
                        file: file.display, name: name, status: .invalid, diagnostics: error.diagnostics,
                        source: SceneFile.quotableText(bytes, isPart: false))
                    r.includedSources = parts.texts
                    out.append(Loaded(invalid: r))
                }
            }
        }
    }
    var k = 0
    var digest = FNV1a()
    for i in out.indices {
        if let inv = out[i].invalid {
            out[i].invalidIndex = k
            digest.add(inv.file, inv.name)
            k += 1
        }
        for c in out[i].cases {
            out[i].caseIndices.append(k)
            digest.add(c.file, c.name)
            k += 1
        }
    }
    var run = RunIdentity(cases: k, digest: digest.hex)
    guard let shard = selection.shard else { return (out, run) }
    run.shard = "\(shard.index)/\(shard.count)"
    var kept: [Loaded] = []
    for l in out {
        var m = Loaded()
        m.file = l.file
        if let inv = l.invalid, let i = l.invalidIndex, shard.contains(i) {
            m.invalid = inv
            m.invalidIndex = i
        }
        for (c, i) in zip(l.cases, l.caseIndices) where shard.contains(i) {
            m.cases.append(c)
            m.caseIndices.append(i)
        }
        if m.invalid != nil || !m.cases.isEmpty { kept.append(m) }
    }
    return (kept, run)
}

/// FNV-1a, 64 bits, over each case's file and name: the run's digest.
struct FNV1a {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    mutating func add(_ file: String, _ name: String) {
        for b in file.utf8 { byte(b) }
        byte(0)
        for b in name.utf8 { byte(b) }
        byte(10)
    }
    mutating func byte(_ b: UInt8) {
        h ^= UInt64(b)
        h = h &* 0x100_0000_01b3
    }
    var hex: String {
        let s = String(h, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}

/// Every result in input order: file by file as named, cases in file order, invalid files in
/// their place (not last), each with its index in the whole run.
public func merge(_ loaded: [Loaded], _ caseResults: [CaseResult]) -> [CaseResult] {
    var out: [CaseResult] = []
    var next = 0
    for l in loaded {
        if var inv = l.invalid {
            inv.index = l.invalidIndex
            out.append(inv)
        }
        for (j, var r) in caseResults[next..<(next + l.cases.count)].enumerated() {
            r.index = j < l.caseIndices.count ? l.caseIndices[j] : nil
            out.append(r)
        }
        next += l.cases.count
    }
    return out
}
