import Diagnostics
import Foundation
import SceneLoader

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The message refusing the first output that names an input, or nil: a report file that is an
/// input scene (`run`), a part an input scene includes, or an input report (`merge`), a folder
/// report (trace, replay) that is an input folder or holds an input scene, and GitHub's step summary (`environment`'s
/// `GITHUB_STEP_SUMMARY`, given when `--format github` appends to it) when it is an input. Paths are
/// compared after resolving `.`, `..` and symbolic links (realpath(3); for a path that does not
/// exist yet, its longest existing parent), so `./x/../s.yaml` and a link to `s.yaml` are
/// `s.yaml`. Checked before anything runs or is written: the caller exits 64. Scenes and parts are
/// read within `fileSize` (`--max-file-size`): a larger one is not followed (loading it reports it).
package func outputOntoInput(
    _ reports: [ReportRequest], scenePaths: [String] = [], reportPaths: [String] = [],
    environment env: [String: String] = [:], fileSize: Int = LoadLimits.default.fileSize
) -> String? {
    var outputs = reports.map { (label: $0.label, path: $0.path, folder: $0.format.writesFolder) }
    if let summary = env["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
        outputs.append(("GITHUB_STEP_SUMMARY=\(summary)", summary, false))
    }
    // No output, nothing to overwrite: the parts are not looked for (finding them composes every
    // scene's YAML, as much work as loading it: 6 % of `scenerun scenes/`'s instructions).
    if outputs.isEmpty { return nil }
    let named = (scenePaths + reportPaths).map(FilePath.init(argument:))
    var files: [(shown: String, real: [UInt8], what: String)] = []
    let scenes = sceneFiles(scenePaths.map(FilePath.init(argument:)))
    for f in scenes { files.append((f.display, canonicalPath(f.raw), "the input scene")) }
    for f in includedParts(of: scenes, limit: fileSize) {
        files.append((f.display, canonicalPath(f.raw), "the included part"))
    }
    for p in reportPaths { files.append((p, canonicalPath(FilePath(argument: p).raw), "the input report")) }
    var folders: [(shown: String, real: [UInt8])] = []
    for (p, raw) in zip(scenePaths + reportPaths, named)
    where raw.status().map({ $0.st_mode & S_IFMT == S_IFDIR }) ?? false {
        folders.append((p, canonicalPath(raw.raw)))
    }
    for o in outputs {
        let real = canonicalPath(FilePath(argument: o.path).raw)
        if let f = files.first(where: { $0.real == real }) {
            return "\(escapeForTerminal(o.label)) would overwrite \(f.what) \(escapeForTerminal(f.shown))"
        }
        guard o.folder else { continue }
        if let d = folders.first(where: { $0.real == real }) {
            return "\(escapeForTerminal(o.label)) would write into the input folder \(escapeForTerminal(d.shown))"
        }
        let inside = real == [UInt8(ascii: "/")] ? real : real + [UInt8(ascii: "/")]
        if let f = files.first(where: { $0.real.starts(with: inside) }) {
            return "\(escapeForTerminal(o.label)) would write into a folder that holds \(f.what) "
                + escapeForTerminal(f.shown)
        }
    }
    return nil
}

/// Two outputs that name the same file or folder (after resolving `.`, `..` and links): one would
/// silently replace the other (`--json r.out --junit r.out`); or an output named in bytes that
/// are not UTF-8, which would be written under another name.
package func outputsClash(_ reports: [ReportRequest]) -> String? {
    // A name that is not valid UTF-8 reaches Swift repaired (U+FFFD for each bad sequence), and
    // a report written under the repaired name would be another file than the one named.
    if let r = reports.first(where: { RawArguments.isRepaired($0.path) }) {
        return "\(escapeForTerminal(r.label)): the file name is not valid UTF-8; "
            + "scenerun writes reports only under UTF-8 names"
    }
    var seen: [(label: String, real: [UInt8])] = []
    for r in reports {
        let real = canonicalPath(FilePath(argument: r.path).raw)
        if let other = seen.first(where: { $0.real == real }) {
            return "\(escapeForTerminal(other.label)) and \(escapeForTerminal(r.label)) name the same file; "
                + "each report needs its own"
        }
        seen.append((r.label, real))
    }
    return nil
}

/// The absolute path of `raw` with `.`, `..` and symbolic links resolved: realpath(3) of the path,
/// or, for a path that does not exist (yet), of its longest existing parent with the rest of the
/// names appended (a name that does not exist cannot be a link).
func canonicalPath(_ raw: [UInt8]) -> [UInt8] {
    let slash = UInt8(ascii: "/")
    if let r = FilePath(raw: raw.isEmpty ? [UInt8(ascii: ".")] : raw).withCString({ realpath($0, nil) }) {
        defer { free(r) }
        return Array(UnsafeBufferPointer(start: r, count: strlen(r))).map { UInt8(bitPattern: $0) }
    }
    var parts = raw.split(separator: slash, omittingEmptySubsequences: true)
    guard let last = parts.popLast() else { return [slash] }
    let parentRaw: [UInt8] =
        raw.first == slash ? [slash] + Array(parts.joined(separator: [slash])) : Array(parts.joined(separator: [slash]))
    let parent = canonicalPath(parentRaw.isEmpty ? [UInt8(ascii: ".")] : parentRaw)
    if Array(last) == [UInt8(ascii: ".")] { return parent }
    if Array(last) == [UInt8(ascii: "."), UInt8(ascii: ".")] {
        var p = parent
        while let l = p.last, l != slash { p.removeLast() }
        if p.count > 1 { p.removeLast() }
        return p
    }
    return (parent == [slash] ? parent : parent + [slash]) + Array(last)
}
