import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// Where outputs go. A relative output path is the repository's, and a pull request can plant
// links in a repository: every name of it, from the current folder down (`out`, `out/sub`, the
// file), is entered with openat(2) from the folder above, `O_NOFOLLOW`, one name at a time, and
// a symbolic link anywhere is refused (73, naming the link), never written through, also when it
// appears between the check and the write. An absolute path is the one the user typed: it is
// opened as named up to its last existing folder (system links such as macOS's /tmp followed, as
// `cd` would); below that folder — the missing folders of `--json /o/new/r.json`, `original/`
// and `mutant-3/` of `mutate --replay`, the files — nothing is followed either.

/// What is at `path` without following a final symbolic link.
enum Existing { case none, regular, folder, symlink, other(String) }

func existing(_ path: String) throws(OutputError) -> Existing {
    var st = stat()
    if lstat(path, &st) != 0 {
        if errno == ENOENT { return .none }
        let e = errno
        throw .cannotCreate(path, reason(e))
    }
    return kind(st)
}

/// What the entry `name` of the open folder `dir` is, without following a link.
func existing(_ dir: Int32, _ name: String, for path: String) throws(OutputError) -> Existing {
    var st = stat()
    if fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) != 0 {
        if errno == ENOENT { return .none }
        let e = errno
        throw .cannotCreate(path, reason(e))
    }
    return kind(st)
}

private func kind(_ st: stat) -> Existing {
    switch st.st_mode & S_IFMT {
    case S_IFREG: return .regular
    case S_IFDIR: return .folder
    case S_IFLNK: return .symlink
    case S_IFCHR, S_IFBLK: return .other("it is a device, not a regular file")
    case S_IFIFO: return .other("it is a pipe, not a regular file")
    case S_IFSOCK: return .other("it is a socket, not a regular file")
    default: return .other("it is not a regular file")
    }
}

/// The folder part of a path (`""` for a bare name).
public func parentFolder(_ path: String) -> String {
    var p = Substring(path)
    while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
    guard let slash = p.lastIndex(of: "/") else { return "" }
    if slash == p.startIndex { return "/" }
    return String(p[..<slash])
}

public func baseName(_ path: String) -> String {
    var p = Substring(path)
    while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
    guard let slash = p.lastIndex(of: "/") else { return String(p) }
    return String(p[p.index(after: slash)...])
}

/// `name` inside the folder `dir` as a path (`dir` empty: the current folder).
func joined(_ dir: String, _ name: String) -> String {
    dir.isEmpty ? name : (dir.hasSuffix("/") ? dir + name : dir + "/" + name)
}

/// The refusal of a symbolic link on the way to an output.
func linkRefusal(_ link: String) -> String {
    "\(shown(link)) is a symbolic link; scenerun does not write through links, name the folder itself"
}

/// The folders created on the way to outputs, so that a refusal leaves nothing behind, not even
/// an empty folder (`--json a/b/..` creates `a/b`, then refuses the folder `a`: both go again).
/// Each is held by a descriptor of the folder it was made in and its name, and removed with
/// unlinkat(2) `AT_REMOVEDIR`, deepest first: only if it is still an empty folder, never through a
/// link that took its place.
public final class FolderTrail {
    private var made: [(parent: Int32, name: String)] = []
    public init() {}
    func record(_ parent: Int32, _ name: String) {
        let fd = dup(parent)
        if fd >= 0 { made.append((fd, name)) }
    }
    /// Removes the folders made so far, deepest first.
    public func undo() {
        for m in made.reversed() {
            _ = unlinkat(m.parent, m.name, AT_REMOVEDIR)
            close(m.parent)
        }
        made = []
    }
    deinit { for m in made { close(m.parent) } }
}

/// Runs `body` with `trail`, or with a trail of its own that is undone if `body` throws.
func trailed<T>(_ trail: FolderTrail?, _ body: (FolderTrail) throws(OutputError) -> T) throws(OutputError) -> T {
    let t = trail ?? FolderTrail()
    do { return try body(t) } catch {
        if trail == nil { t.undo() }
        throw error
    }
}

/// Opens the folder `dir`, creating the missing folders at its end. A relative `dir` is entered
/// one name at a time from the current folder without following a link (a link anywhere on it
/// is refused); an absolute one is opened as named up to its last existing folder, and each
/// folder created below it is entered without following a link.
func openNamedFolder(_ dir: String, for path: String, trail: FolderTrail) throws(OutputError) -> Int32 {
    if !dir.hasPrefix("/") { return try openRelativeFolder(dir, for: path, trail: trail) }
    let fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if fd >= 0 { return fd }
    let e = errno
    if e == ENOTDIR { throw .cannotCreate(path, "\(shown(dir)) is not a folder") }
    guard e == ENOENT, dir != "/" else { throw .cannotCreate(path, "\(shown(dir)): \(reason(e))") }
    let parent = try openNamedFolder(parentFolder(dir), for: path, trail: trail)
    defer { close(parent) }
    return try enter(parent, baseName(dir), shownAs: dir, for: path, trail: trail)
}

/// Opens the relative folder `dir` (empty: the current folder) from the current folder, each of
/// its names entered (created if missing) with `O_NOFOLLOW`: a link at any level is refused,
/// named as far as it goes (`out` for a link `out` in `out/sub/r.json`).
private func openRelativeFolder(_ dir: String, for path: String, trail: FolderTrail) throws(OutputError) -> Int32 {
    var fd = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if fd < 0 {
        let e = errno
        throw .cannotCreate(path, "the current folder: \(reason(e))")
    }
    var prefix = ""
    for name in dir.split(separator: "/", omittingEmptySubsequences: true).map(String.init) {
        prefix = joined(prefix, name)
        let above = fd
        defer { close(above) }
        fd = try enter(above, name, shownAs: prefix, for: path, trail: trail)
    }
    return fd
}

/// Enters the folder `name` of the open folder `parent`, creating it if missing, without
/// following a link: a link there is refused, naming it (`shownAs`). A folder it creates joins
/// `trail`.
func enter(
    _ parent: Int32, _ name: String, shownAs: String, for path: String, trail: FolderTrail
) throws(OutputError) -> Int32 {
    if mkdirat(parent, name, 0o777) == 0 {
        trail.record(parent, name)
    } else if errno != EEXIST {
        let e = errno
        throw .cannotCreate(path, "cannot create the folder \(shown(shownAs)): \(reason(e))")
    }
    let fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    if fd >= 0 { return fd }
    let e = errno
    switch try existing(parent, name, for: path) {
    case .symlink: throw .cannotCreate(path, linkRefusal(shownAs))
    case .none, .folder: throw .cannotCreate(path, "\(shown(shownAs)): \(reason(e))")
    case .regular, .other: throw .cannotCreate(path, "\(shown(shownAs)) is not a folder")
    }
}

/// Refuses an entry of an open folder that a report cannot replace: a folder, a link, a device,
/// a pipe, a socket.
func checkEntry(_ dir: Int32, _ name: String, shownAs path: String) throws(OutputError) {
    switch try existing(dir, name, for: path) {
    case .none, .regular: return
    case .folder: throw .cannotCreate(path, "it is a folder; name a file")
    case .symlink:
        throw .cannotCreate(path, "it is a symbolic link; scenerun does not write through links, name the file itself")
    case .other(let why): throw .cannotCreate(path, why)
    }
}

/// Refuses a report path that cannot name a file at all.
func checkShape(_ path: String) throws(OutputError) {
    if path.isEmpty { throw .cannotCreate("\"\"", "the path is empty") }
    if path.hasSuffix("/") { throw .cannotCreate(path, "the path names a folder, not a file") }
}

/// Creates a new temporary file for `name` in the open folder `dir` (shown as `folder`),
/// registered for removal on SIGINT/SIGTERM. Returns its descriptor and name.
private func createTemporary(
    in dir: Int32, folder: String, for name: String, path: String
) throws(OutputError) -> (
    Int32, String
) {
    tempCounter += 1
    let tmpName = ".\(name).\(getpid()).\(tempCounter).tmp"
    setPending(joined(folder, tmpName))
    let fd = openat(dir, tmpName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
    if fd < 0 {
        let e = errno
        setPending(nil)
        if isCreateErrno(e) {
            throw .cannotCreate(
                path, "cannot create a file in \(folder.isEmpty ? "the current folder" : shown(folder)): \(reason(e))")
        }
        throw .io(path, reason(e))
    }
    return (fd, tmpName)
}

/// Replaces the entry `name` of the open folder `dir` with `text`: a temporary file written,
/// `fsync`ed, renamed over it (renameat(2), which replaces a link rather than following it),
/// then the folder `fsync`ed.
private func replace(
    _ dir: Int32, _ name: String, with text: String, folder: String, path: String
)
    throws(OutputError)
{
    let (fd, tmp) = try createTemporary(in: dir, folder: folder, for: name, path: path)
    defer { setPending(nil) }
    func fail(_ e: Int32, closing: Bool = true) -> OutputError {
        if closing { close(fd) }
        unlinkat(dir, tmp, 0)
        return isCreateErrno(e) ? .cannotCreate(path, reason(e)) : .io(path, reason(e))
    }
    if let e = writeAll(fd, Array(text.utf8)) { throw fail(e) }
    if fsync(fd) != 0 { throw fail(errno) }
    if stallSeconds > 0 { sleep(stallSeconds) }
    if close(fd) != 0 { throw fail(errno, closing: false) }
    // The destination may have changed since it was checked; rename(2) itself refuses to
    // replace a folder with a file, and a link is replaced, not followed.
    if case .folder = try existing(dir, name, for: path) {
        unlinkat(dir, tmp, 0)
        throw .cannotCreate(path, "it is a folder; name a file")
    }
    if renameat(dir, tmp, dir, name) != 0 { throw fail(errno, closing: false) }
    _ = fsync(dir)
}

/// Writes `files` (paths relative to the folder `root`, separated by `/`) as a storage engine
/// would (see `writeAtomically`), `root` opened as named and everything below it reached without
/// following a link. Every destination is checked — its folders entered or created, the file
/// itself neither a folder nor a link nor a device — before the first byte is written, so a
/// link anywhere below `root` stops the report before any of its files is written.
package func writeFiles(
    _ files: [(name: String, text: String)], below root: String, for label: String, trail: FolderTrail? = nil
) throws(OutputError) {
    try trailed(trail) { t throws(OutputError) in try writeFiles(files, below: root, for: label, trail: t) }
}

private func writeFiles(
    _ files: [(name: String, text: String)], below root: String, for label: String, trail: FolderTrail
) throws(OutputError) {
    let rootFD = try openNamedFolder(root, for: label, trail: trail)
    var folders: [String: Int32] = ["": rootFD]
    defer { for fd in folders.values { close(fd) } }
    var planned: [(dir: Int32, name: String, folder: String, path: String, text: String)] = []
    for f in files {
        let path = joined(root, f.name)
        var names = f.name.split(separator: "/").map(String.init)
        guard let name = names.popLast() else { throw .cannotCreate(path, "the path names a folder, not a file") }
        var dir = rootFD
        var relative = ""
        for n in names {
            relative = joined(relative, n)
            if let fd = folders[relative] {
                dir = fd
                continue
            }
            dir = try enter(dir, n, shownAs: joined(root, relative), for: path, trail: trail)
            folders[relative] = dir
        }
        try checkEntry(dir, name, shownAs: path)
        planned.append((dir, name, joined(root, relative), path, f.text))
    }
    for p in planned { try replace(p.dir, p.name, with: p.text, folder: p.folder, path: p.path) }
}

/// Checks before a run that a report can be written to `path`: the destination is absent or a
/// regular file, its folder can be reached (missing folders are created, none entered through a
/// link), and a file can be created in it (a probe file, removed at once).
/// Folders it creates join `trail` (its own, undone when it refuses, if none is given).
public func probeDestination(_ path: String, trail: FolderTrail? = nil) throws(OutputError) {
    try checkShape(path)
    try trailed(trail) { t throws(OutputError) in try probe(path, trail: t) }
}

private func probe(_ path: String, trail: FolderTrail) throws(OutputError) {
    let folder = parentFolder(path)
    let dir = try openNamedFolder(folder, for: path, trail: trail)
    defer { close(dir) }
    try checkEntry(dir, baseName(path), shownAs: path)
    let (fd, tmp) = try createTemporary(in: dir, folder: folder, for: baseName(path), path: path)
    close(fd)
    unlinkat(dir, tmp, 0)
    setPending(nil)
}

/// Writes a report as a storage engine would: a new temporary file in the destination's folder,
/// every byte written, `fsync`, then a POSIX `rename` over the destination (atomic: readers see
/// the old file or the new one, never half of one), then an `fsync` of the folder.
///
/// Refused with 73 before anything is written: a destination that is a folder, a device, a pipe,
/// a socket or a symbolic link (links are not followed: a link planted in an output folder must
/// not redirect a report onto another file), or whose folder cannot be created or would be
/// entered through a link it creates. A failed write, `fsync` or rename is 74 (a full disk) or 73
/// (no permission), and the temporary file is removed. SIGINT and SIGTERM during the write remove
/// it too (see `installSignalHandlers`).
public func writeAtomically(_ text: String, to path: String) throws(OutputError) {
    try checkShape(path)
    try writeFiles([(baseName(path), text)], below: parentFolder(path), for: path)
}

/// Refuses a report destination that cannot be replaced by a regular file (see `writeAtomically`).
public func checkDestination(_ path: String) throws(OutputError) {
    try checkShape(path)
    switch try existing(path) {
    case .none, .regular: return
    case .folder: throw .cannotCreate(path, "it is a folder; name a file")
    case .symlink:
        throw .cannotCreate(path, "it is a symbolic link; scenerun does not write through links, name the file itself")
    case .other(let why): throw .cannotCreate(path, why)
    }
}

/// Makes sure `dir` is (or can become) a folder for a folder report (trace, replay), and that
/// none of `entries`, the files it will certainly hold, is a link, a folder or a device.
/// Folders it creates join `trail` (its own, undone when it refuses, if none is given).
public func prepareFolder(
    _ dir: String, option: String = "--trace", entries: [String] = [], trail: FolderTrail? = nil
) throws(OutputError) {
    if dir.isEmpty { throw .cannotCreate("\"\"", "the path is empty") }
    switch try existing(dir) {
    case .folder, .none: break
    case .regular: throw .cannotCreate(dir, "it is a file; \(option) names a folder")
    case .symlink:
        // a relative path is entered without following a link (see openNamedFolder)
        if !dir.hasPrefix("/") { throw .cannotCreate(dir, linkRefusal(dir)) }
        var st = stat()
        // an absolute link to a folder is a folder: the user typed it
        if stat(dir, &st) != 0 || st.st_mode & S_IFMT != S_IFDIR {
            throw .cannotCreate(dir, "it is a symbolic link to something that is not a folder")
        }
    case .other(let why): throw .cannotCreate(dir, why)
    }
    try trailed(trail) { t throws(OutputError) in
        let fd = try openNamedFolder(dir, for: dir, trail: t)
        defer { close(fd) }
        for name in entries { try checkEntry(fd, name, shownAs: joined(dir, name)) }
    }
}
