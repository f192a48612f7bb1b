import Diagnostics
import Yams

/// How `include` reads a part: its path (resolved against the including file's folder, as
/// `includePath` makes it) → its bytes, or why it cannot be read. The loader never touches the
/// file system itself: the driver reads files, tests hand over texts.
public typealias IncludeReader = (String) -> Result<[UInt8], IncludeError>

/// Why an included file could not be read (`cannot read the file: No such file or directory`).
public struct IncludeError: Error, Sendable {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
}

extension SceneFile {
    /// A reader over files already in memory (path → bytes): what `mutate` hands every mutant, so
    /// that they all read the parts the original read, and what tests use.
    public static func reader(_ files: [String: [UInt8]]) -> IncludeReader { reader { files[$0] } }

    /// A reader over a function from path to bytes (nil: there is no such file).
    public static func reader(_ read: @escaping (String) -> [UInt8]?) -> IncludeReader {
        { path in read(path).map { .success($0) } ?? .failure(IncludeError("no such file")) }
    }

    /// The path of `entry` included by the file at `from`: relative to that file's folder
    /// (absolute when it starts with `/`), with `.` and `..` folded away where they can be.
    public static func includePath(_ entry: String, from: String) -> String {
        var parts: [Substring] = []
        if !entry.hasPrefix("/") {
            parts = from.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        }
        let absolute = entry.hasPrefix("/") || from.hasPrefix("/")
        for p in entry.split(separator: "/", omittingEmptySubsequences: false) {
            if p == "." || (p.isEmpty && !parts.isEmpty) { continue }
            if p == "..", let last = parts.last, last != "..", !last.isEmpty {
                parts.removeLast()
                continue
            }
            parts.append(p)
        }
        let joined = parts.filter { !$0.isEmpty }.joined(separator: "/")
        return absolute ? "/" + joined : joined
    }

    /// The files a scene's text includes directly (its top-level `include`), resolved against
    /// `path`; empty when the text does not parse or has none. What `--watch` and the check that
    /// no output overwrites an input follow, file by file.
    public static func includes(path: String, bytes: [UInt8]) -> [String] {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard let text = String(validating: body, as: UTF8.self), let root = try? Yams.compose(yaml: text),
            case .mapping(let top) = root, let list = top.first(where: { $0.key.string == "include" })?.value
        else { return [] }
        let entries: [Node] = if case .sequence(let s) = list { Array(s) } else { [list] }
        return entries.compactMap { $0.string.map { includePath($0, from: path) } }
    }
}

/// Reads `include` lists: each part composed, its marks moved to its own file (`Walker.parts`),
/// its own includes merged under it, then merged in order under the including file.
struct IncludeResolver {
    let read: IncludeReader?
    let limits: LoadLimits
    /// Every part read, by path: its text (for source excerpts).
    var texts: [String: String] = [:]

    /// `top` (the mapping of the file at `path`) with its `include` merged under it: the parts in
    /// order, each with its own parts under it, then the file on top (JSON Merge Patch: the file
    /// wins, its `null` deletes what a part brought). `chain` is the files including this one.
    mutating func resolve(_ top: Node, path: String, chain: [String], _ w: inout Walker) throws(Diagnostic) -> Node {
        guard case .mapping(let m) = top, let entry = m.first(where: { $0.key.string == "include" }) else {
            return top
        }
        // The file's variants are patches of the merged scene, kept as written (merged onto
        // nothing, their `null`s would vanish).
        let variants = m.first { $0.key.string == "variants" }
        let rest = Node.mapping(
            Node.Mapping(
                m.filter { $0.key.string != "include" && $0.key.string != "variants" }, m.tag, m.style, m.mark))
        var entries: [Node] = []
        if case .sequence(let s) = entry.value { entries = Array(s) } else { entries = [entry.value] }
        var merged: Node?
        for e in entries {
            let name = try w.string(e, "an `include` entry (a path)")
            if name.isEmpty { throw w.err("an `include` entry is an empty path", e) }
            // A file name cannot hold NUL: the system would read the path up to it, another file.
            if name.unicodeScalars.contains("\0") {
                throw w.err("an `include` entry holds a NUL character (\\0), which no file name can hold", e)
            }
            let full = SceneFile.includePath(name, from: path)
            let stack = chain + [path]
            if let i = stack.firstIndex(of: full) {
                let cycle = (stack[i...] + [full]).joined(separator: " → ")
                throw w.err("`include` of `\(name)` makes a cycle: \(cycle)", e)
            }
            if chain.count >= limits.depth {
                throw w.err(
                    "includes nested more than \(limits.depth) files deep; raise the limit with --max-depth", e)
            }
            guard let read else {
                throw w.err(
                    "cannot include `\(name)`: this scene was loaded from a text, not a file, so there is no folder "
                        + "to read parts from", e)
            }
            let bytes: [UInt8]
            switch read(full) {
            case .success(let b): bytes = b
            case .failure(let f): throw w.err("cannot include `\(name)` (\(full)): \(f.reason)", e)
            }
            let part = try compose(full, bytes, &w)
            let own = try resolve(part, path: full, chain: chain + [path], &w)
            if let base = merged { merged = try SceneFile.merge(base, own, &w) } else { merged = own }
        }
        // The merged scene is the file's: its mapping keeps the file's place.
        var out: [(Node, Node)] = []
        if let merged, case .mapping(let all) = try SceneFile.merge(merged, rest, &w) {
            out = Array(all)
        } else if case .mapping(let all) = rest {
            out = Array(all)
        }
        if let variants { out.append(variants) }
        return .mapping(Node.Mapping(out, m.tag, m.style, m.mark))
    }

    /// The part's node tree, its marks moved to its place in `w.parts`, after the checks a scene
    /// file gets (size, binary, UTF-8, YAML, a mapping), located in the part.
    mutating func compose(_ path: String, _ raw: [UInt8], _ w: inout Walker) throws(Diagnostic) -> Node {
        let text: String
        do { text = try SceneFile.text(path: path, bytes: raw, limits: limits) } catch {
            throw error.diagnostics.first ?? Diagnostic("cannot read the file", at: .unknown(path))
        }
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch { throw diagnostic(from: error, file: path, quoting: false) }
        let at = SourceLocation(file: path, line: 1, column: 1)
        guard let root else { throw Diagnostic("the included file is empty; a part holds scene keys", at: at) }
        // Counted before anything walks it (an alias bomb in a part is refused as in a scene).
        var counter = Walker(file: path, limits: limits)
        counter.visited = w.visited
        counter.work = w.work
        try counter.countTree(root)
        w.visited = counter.visited
        w.work = counter.work
        w.parts.append(path)
        let moved = IncludeResolver.move(root, by: w.parts.count * Walker.fileStride)
        guard case .mapping(let m) = moved else {
            throw w.err(
                "the top level of an included part must be a mapping of scene keys, found \(w.shape(moved))", moved)
        }
        // Only a part that is a YAML mapping is quoted in messages (see `SceneFile.quotableText`).
        texts[path] = text
        if let v = m.first(where: { $0.key.string == "variants" }) {
            throw w.err(
                "a part cannot declare `variants`: a variant patches the whole scene, so it belongs to the scene "
                    + "file", v.key)
        }
        try w.checkFormat(moved)
        return moved
    }

    /// A mark at `line`, `column`. Yams' `Mark` is two `Int`s (line, then column) with no public
    /// initialiser; it is built from that pair (a test checks the round trip, and a `Mark` of any
    /// other size stops here rather than mislocate every error).
    static func mark(line: Int, column: Int) -> Mark {
        precondition(MemoryLayout<Mark>.size == MemoryLayout<(Int, Int)>.size, "Yams' Mark is no longer (line, column)")
        return unsafeBitCast((line, column), to: Mark.self)
    }

    /// `n` with `lines` added to the line of every mark.
    static func move(_ n: Node, by lines: Int) -> Node {
        func mark(_ m: Mark?) -> Mark? { m.map { IncludeResolver.mark(line: $0.line + lines, column: $0.column) } }
        switch n {
        case .scalar(let s): return .scalar(Node.Scalar(s.string, s.tag, s.style, mark(s.mark)))
        case .mapping(let m):
            let pairs = m.map { (move($0.key, by: lines), move($0.value, by: lines)) }
            return .mapping(Node.Mapping(pairs, m.tag, m.style, mark(m.mark)))
        case .sequence(let s):
            return .sequence(Node.Sequence(s.map { move($0, by: lines) }, s.tag, s.style, mark(s.mark)))
        case .alias: return n
        }
    }
}
