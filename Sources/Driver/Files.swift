import Diagnostics
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A path as the file system knows it (bytes, which need not be UTF-8) and as messages show it.
public struct FilePath: Hashable, Sendable {
    /// The bytes of the path, without a terminating NUL.
    public var raw: [UInt8]
    /// The path for messages and reports: invalid UTF-8 sequences shown as U+FFFD.
    public var display: String { String(decoding: raw, as: UTF8.self) }

    public init(raw: [UInt8]) { self.raw = raw }

    /// A path named on the command line: its original bytes when the argument was not valid
    /// UTF-8 (Swift's `CommandLine.arguments` repairs those, so the file could not be found).
    public init(argument: String) { raw = RawArguments.bytes(for: argument) }

    func appending(_ name: [UInt8]) -> FilePath {
        FilePath(raw: (raw.last == UInt8(ascii: "/") ? raw : raw + [UInt8(ascii: "/")]) + name)
    }

    func withCString<T>(_ body: (UnsafePointer<CChar>) -> T) -> T {
        // the buffer is not empty
        (raw + [0]).withUnsafeBufferPointer { b in b.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) } }
    }

    /// The file's status, links followed; nil when it does not exist.
    public func status() -> stat? {
        var st = stat()
        let ok = withCString { p in stat(p, &st) } == 0
        return ok ? st : nil
    }
}

/// The command line's arguments as bytes, for the ones that are not valid UTF-8.
public enum RawArguments {
    nonisolated(unsafe) static var repaired: [String: [UInt8]] = [:]

    /// Records every argument whose bytes are not valid UTF-8, keyed by the repaired string that
    /// `CommandLine.arguments` holds.
    public static func capture() {
        for i in 0..<Int(CommandLine.argc) {
            guard let p = CommandLine.unsafeArgv[i] else { continue }
            let bytes = Array(
                UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p)))
            if String(validating: bytes, as: UTF8.self) == nil {
                repaired[String(decoding: bytes, as: UTF8.self)] = bytes
            }
        }
    }

    static func bytes(for argument: String) -> [UInt8] { repaired[argument] ?? Array(argument.utf8) }

    /// Whether `argument` is the repaired form of a command-line argument that was not UTF-8.
    static func isRepaired(_ argument: String) -> Bool { repaired[argument] != nil }
}

/// Scene files below the named paths: files named directly, and `*.yaml` / `*.yml` below folders
/// in byte order (skipping folders named `invalid` or starting with a dot unless named, and every
/// folder named `parts`, which holds parts that scenes include, not scenes: `isPart`). Symbolic
/// links are followed; a folder reached twice (a link loop) is walked once, and a file reached
/// twice (the same device and inode) is one scene, listed where it is first reached.
public func sceneFiles(_ paths: [FilePath]) -> [FilePath] {
    var out: [FilePath] = []
    var seen = Set<[UInt64]>()
    // A file reached twice (named twice, by two spellings or links, or named and found below a
    // named folder) is one scene: run once, as its first mention.
    var files = Set<[UInt64]>()
    func add(_ f: FilePath, _ st: stat) {
        if files.insert([UInt64(st.st_dev), UInt64(st.st_ino)]).inserted { out.append(f) }
    }
    func walk(_ dir: FilePath) {
        guard let st = dir.status() else { return }
        guard seen.insert([UInt64(st.st_dev), UInt64(st.st_ino)]).inserted else { return }
        guard let d = dir.withCString({ opendir($0) }) else { return }
        var names: [[UInt8]] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { b in Array(b.prefix { $0 != 0 }) }
            if name == [46] || name == [46, 46] { continue }
            names.append(name)
        }
        closedir(d)
        for name in names.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            let full = dir.appending(name)
            guard let s = full.status() else { continue }  // a dangling link
            if s.st_mode & S_IFMT == S_IFDIR {
                if name == Array("invalid".utf8) || name == partsFolder || name.first == 46 { continue }
                walk(full)
            } else if isPart(full) {
                continue  // a folder named `parts` named on the command line
            } else if name.ends(with: ".yaml".utf8) || name.ends(with: ".yml".utf8) {
                add(full, s)
            }
        }
    }
    for p in paths {
        guard let st = p.status() else { continue }
        if st.st_mode & S_IFMT == S_IFDIR {
            var base = p
            while base.raw.count > 1 && base.raw.last == UInt8(ascii: "/") { base.raw.removeLast() }
            walk(base)
        } else {
            add(p, st)
        }
    }
    return out
}

/// The name of the folders that hold parts (files scenes `include`), not scenes.
let partsFolder = Array("parts".utf8)

/// Whether `file` is a part, not a scene: its folder is named `parts`. A folder walk skips parts;
/// a part named directly is refused as a scene (`collect`).
package func isPart(_ file: FilePath) -> Bool {
    let names = file.raw.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
    return names.count >= 2 && Array(names[names.count - 2]) == partsFolder
}

extension Array where Element == UInt8 {
    func ends<S: Sequence>(with suffix: S) -> Bool where S.Element == UInt8 {
        let s = Array(suffix)
        return count >= s.count && Array(self[(count - s.count)...]) == s
    }
}

/// fnmatch(3)'s FNM_CASEFOLD (a GNU extension Swift does not import): 1 << 4 in glibc and Darwin.
/// Names are also lowercased first, so that non-ASCII letters fold too.
let fnmCaseFold: Int32 = 1 << 4

/// Whether a case name is selected by `--filter`: a glob (`*`, `?`, `[…]`, by fnmatch(3)) when the
/// filter has one of those characters, otherwise a substring; both ignore case.
public func matches(_ name: String, _ filter: String?) -> Bool {
    guard let f = filter, !f.isEmpty else { return true }
    if f.contains(where: { $0 == "*" || $0 == "?" || $0 == "[" }) {
        return fnmatch(f.lowercased(), name.lowercased(), fnmCaseFold) == 0
    }
    return name.lowercased().contains(f.lowercased())
}
