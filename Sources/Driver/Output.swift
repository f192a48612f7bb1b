import Diagnostics
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failure to produce an output: the exit code it maps to and the one line that explains it.
///
/// 73 (`EX_CANTCREAT`): the output cannot be created — the destination is a folder, a device, a
/// symbolic link, or its folder is missing and cannot be made or is not writable.
/// 74 (`EX_IOERR`): an I/O error while writing — a full disk, a closed standard output.
public struct OutputError: Error, Equatable, CustomStringConvertible {
    public enum Kind: Int32, Sendable { case cannotCreate = 73, io = 74 }
    public var kind: Kind
    public var message: String
    public var description: String { message }
    public var code: Int32 { kind.rawValue }

    public static func cannotCreate(_ path: String, _ reason: String) -> OutputError {
        OutputError(kind: .cannotCreate, message: "cannot create \(shown(path)): \(reason)")
    }
    public static func io(_ path: String, _ reason: String) -> OutputError {
        OutputError(kind: .io, message: "cannot write \(shown(path)): \(reason)")
    }
}

/// A path as printed in a message: control and bidirectional-override characters escaped so
/// that a file name can never drive the terminal.
func shown(_ path: String) -> String { escapeForTerminal(path) }

/// `errno`'s text, in lower case as it appears inside a sentence.
func reason(_ e: Int32) -> String {
    let s = String(cString: strerror(e))
    guard let f = s.first else { return "error \(e)" }
    return f.lowercased() + s.dropFirst()
}

/// Whether `errno` after a failed open/mkdir/rename means "cannot be created here" (73) rather
/// than an I/O error (74).
func isCreateErrno(_ e: Int32) -> Bool {
    [EACCES, EPERM, EROFS, ENOENT, ENOTDIR, EISDIR, ELOOP, ENAMETOOLONG, EEXIST, ENXIO, ETXTBSY, EINVAL].contains(e)
}

// MARK: - Temporary files and signals

/// The temporary file being written, as a C string the signal handler can unlink without
/// allocating. Reports are written one at a time, so one slot suffices.
private nonisolated(unsafe) let pendingTemp: UnsafeMutablePointer<CChar> = {
    let p = UnsafeMutablePointer<CChar>.allocate(capacity: Int(PATH_MAX) + 1)
    p.initialize(repeating: 0, count: Int(PATH_MAX) + 1)
    return p
}()

private func setPending(_ path: String?) { setPending(raw: path.map { Array($0.utf8) }) }

/// Registers (or clears, with nil) the temporary file to remove on SIGINT/SIGTERM, by its bytes.
func setPending(raw path: [UInt8]?) {
    guard let path else { pendingTemp[0] = 0; return }
    let bytes = path + [0]
    // A path longer than PATH_MAX cannot have been opened anyway.
    let n = Swift.min(bytes.count, Int(PATH_MAX) + 1)
    pendingTemp[0] = 0
    for i in 1..<n { pendingTemp[i] = CChar(bitPattern: bytes[i]) }
    pendingTemp[n - 1] = 0
    pendingTemp[0] = CChar(bitPattern: bytes[0])
}

/// Installs handlers so that SIGINT and SIGTERM remove the temporary file being written (if any)
/// and exit 130; SIGPIPE is ignored so that a closed standard output is an `EPIPE` write error
/// (exit 74), reported, not a silent death.
public func installSignalHandlers() {
    _ = pendingTemp
    let handler: @convention(c) (Int32) -> Void = { _ in
        if pendingTemp[0] != 0 { unlink(pendingTemp) }
        let msg = "\nscenerun: interrupted\n"
        _ = msg.withCString { write(2, $0, strlen($0)) }
        _exit(130)
    }
    signal(SIGINT, handler)
    signal(SIGTERM, handler)
    signal(SIGPIPE, SIG_IGN)
    // A parent may have started us with these blocked (the mask is inherited); unblock them.
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
}

nonisolated(unsafe) var tempCounter = 0

/// Test hook: seconds to stall after the temporary file is written, before it is renamed
/// (`SCENERUN_TEST_STALL_WRITE`), so a test can interrupt a write half-way, or (record mode) save
/// the scene while it is being rewritten.
let stallSeconds: UInt32 = {
    UInt32(ProcessInfo.processInfo.environment["SCENERUN_TEST_STALL_WRITE"] ?? "") ?? 0
}()

// MARK: - Writing

/// Writes every byte of `bytes` to `fd`, retrying partial writes and EINTR. Returns errno on failure.
public func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
    var off = 0
    while off < bytes.count {
        let n = bytes.withUnsafeBytes { b in b.baseAddress.map { write(fd, $0 + off, b.count - off) } ?? 0 }
        if n < 0 {
            if errno == EINTR { continue }
            return errno
        }
        if n == 0 { return EIO }
        off += n
    }
    return nil
}

/// Writes `text` to standard output; a closed or full standard output is an `OutputError` (74).
public func writeStandardOutput(_ text: String) throws(OutputError) {
    if let e = writeAll(1, Array(text.utf8)) { throw .io("to standard output", reason(e)) }
}

/// Prints one line on standard error (best effort: if standard error is closed too, the exit
/// code is all that is left).
public func printError(_ line: String) {
    let label = colorErrors ? "\u{1B}[1;31merror:\u{1B}[0m" : "error:"
    _ = writeAll(2, Array("scenerun: \(label) \(line)\n".utf8))
}

/// Whether `printError` paints `error:` bold red, as swiftc does; set by the driver from
/// `--color` and the environment, with standard error's own terminal test.
public nonisolated(unsafe) var colorErrors = false

/// What is at `path` without following a final symbolic link.
enum Existing { case none, regular, folder, symlink, other(String) }

func existing(_ path: String) throws(OutputError) -> Existing {
    var st = stat()
    if lstat(path, &st) != 0 {
        if errno == ENOENT { return .none }
        let e = errno
        throw .cannotCreate(path, reason(e))
    }
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

/// Creates `dir` and its missing parents (`mkdir -p`).
func makeFolders(_ dir: String, for path: String) throws(OutputError) {
    if dir.isEmpty || dir == "." || dir == "/" { return }
    var st = stat()
    if stat(dir, &st) == 0 {
        if st.st_mode & S_IFMT == S_IFDIR { return }
        throw .cannotCreate(path, "\(shown(dir)) is not a folder")
    }
    if errno != ENOENT { let e = errno; throw .cannotCreate(path, "\(shown(dir)): \(reason(e))") }
    try makeFolders(parentFolder(dir), for: path)
    if mkdir(dir, 0o777) != 0 && errno != EEXIST {
        let e = errno
        throw .cannotCreate(path, "cannot create the folder \(shown(dir)): \(reason(e))")
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

/// Creates the folder of `path` if needed and a new temporary file in it, registered for removal
/// on SIGINT/SIGTERM. Returns the open descriptor, the temporary path and the folder.
func createTemporary(for path: String) throws(OutputError) -> (Int32, String, String) {
    let dir = parentFolder(path)
    try makeFolders(dir, for: path)
    tempCounter += 1
    let tmpName = ".\(baseName(path)).\(getpid()).\(tempCounter).tmp"
    let tmp = dir.isEmpty ? tmpName : (dir.hasSuffix("/") ? dir + tmpName : dir + "/" + tmpName)
    setPending(tmp)
    let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    if fd < 0 {
        let e = errno
        setPending(nil)
        if isCreateErrno(e) {
            throw .cannotCreate(
                path, "cannot create a file in \(dir.isEmpty ? "the current folder" : shown(dir)): \(reason(e))")
        }
        throw .io(path, reason(e))
    }
    return (fd, tmp, dir)
}

/// Checks before a run that a report can be written to `path`: the destination is absent or a
/// regular file, and a file can be created in its folder (a probe file, removed at once).
public func probeDestination(_ path: String) throws(OutputError) {
    try checkDestination(path)
    let (fd, tmp, _) = try createTemporary(for: path)
    close(fd)
    unlink(tmp)
    setPending(nil)
}

/// Writes a report as a storage engine would: a new temporary file in the destination's folder,
/// every byte written, `fsync`, then a POSIX `rename` over the destination (atomic: readers see
/// the old file or the new one, never half of one), then an `fsync` of the folder.
///
/// Refused with 73 before anything is written: a destination that is a folder, a device, a pipe,
/// a socket or a symbolic link (links are not followed: a link planted in an output folder must
/// not redirect a report onto another file), or whose folder cannot be created. A failed write,
/// `fsync` or rename is 74 (a full disk) or 73 (no permission), and the temporary file is removed.
/// SIGINT and SIGTERM during the write remove it too (see `installSignalHandlers`).
public func writeAtomically(_ text: String, to path: String) throws(OutputError) {
    try checkDestination(path)
    let (fd, tmp, dir) = try createTemporary(for: path)
    defer { setPending(nil) }
    func fail(_ e: Int32, closing: Bool = true) -> OutputError {
        if closing { close(fd) }
        unlink(tmp)
        return isCreateErrno(e) ? .cannotCreate(path, reason(e)) : .io(path, reason(e))
    }
    if let e = writeAll(fd, Array(text.utf8)) { throw fail(e) }
    if fsync(fd) != 0 { throw fail(errno) }
    if stallSeconds > 0 { sleep(stallSeconds) }
    if close(fd) != 0 { throw fail(errno, closing: false) }
    // The destination may have changed since the check above; rename(2) itself refuses to
    // replace a folder, and a link is replaced, not followed.
    if case .folder = try existing(path) { unlink(tmp); throw .cannotCreate(path, "it is a folder; name a file") }
    if rename(tmp, path) != 0 { throw fail(errno, closing: false) }
    let dfd = open(dir.isEmpty ? "." : dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if dfd >= 0 { _ = fsync(dfd); close(dfd) }
}

/// Refuses a report destination that cannot be replaced by a regular file (see `writeAtomically`).
public func checkDestination(_ path: String) throws(OutputError) {
    if path.isEmpty { throw .cannotCreate("\"\"", "the path is empty") }
    if path.hasSuffix("/") { throw .cannotCreate(path, "the path names a folder, not a file") }
    switch try existing(path) {
    case .none, .regular: return
    case .folder: throw .cannotCreate(path, "it is a folder; name a file")
    case .symlink:
        throw .cannotCreate(path, "it is a symbolic link; scenerun does not write through links, name the file itself")
    case .other(let why): throw .cannotCreate(path, why)
    }
}

/// Makes sure `dir` is (or can become) a folder for trace files.
public func prepareFolder(_ dir: String, option: String = "--trace") throws(OutputError) {
    if dir.isEmpty { throw .cannotCreate("\"\"", "the path is empty") }
    switch try existing(dir) {
    case .folder: return
    case .none: try makeFolders(dir, for: dir)
    case .regular: throw .cannotCreate(dir, "it is a file; \(option) names a folder")
    case .symlink:
        var st = stat()
        if stat(dir, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR { return }  // a link to a folder is a folder
        throw .cannotCreate(dir, "it is a symbolic link to something that is not a folder")
    case .other(let why): throw .cannotCreate(dir, why)
    }
}

/// Appends `text` to the file at `path`, creating it (GitHub's `$GITHUB_STEP_SUMMARY` is a file
/// the runner reads after the step; several steps append to it).
public func appendToFile(_ text: String, path: String) throws(OutputError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o666)
    if fd < 0 {
        let e = errno
        throw isCreateErrno(e) ? .cannotCreate(path, reason(e)) : .io(path, reason(e))
    }
    if let e = writeAll(fd, Array(text.utf8)) {
        close(fd)
        throw .io(path, reason(e))
    }
    if close(fd) != 0 { let e = errno; throw .io(path, reason(e)) }
}
