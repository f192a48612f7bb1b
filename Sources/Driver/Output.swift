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

func setPending(_ path: String?) { setPending(raw: path.map { Array($0.utf8) }) }

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
