import Diagnostics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The largest JSON report `merge` reads by default (`merge --max-file-size`): 256 MiB, some
/// fifty times the report of a run of `--max-cases` cases.
public let defaultReportSizeLimit = 256 << 20

/// Why a file was not read: one sentence about the file, never its bytes.
public struct ReadRefusal: Error, Equatable, Sendable {
    public var message: String
}

/// The one reader of every file scenerun takes as input — a scene, an included part, `mutate`'s
/// input, a report `merge` reads, a file `--watch` follows: sizes before bytes. The file is
/// opened without blocking (a pipe does not stall it), its status read first, and what is not a
/// regular file (a device such as /dev/zero, a pipe, a socket, a folder) is refused unread; so
/// is a file whose status says it is larger than `limit`. The read then asks for at most one byte
/// more than the status gave: a file that reads more than its size — the kernel's files in /proc
/// claim 0 bytes and may never end, a file may grow while read — is refused, so no file costs
/// more memory than the size checked against the limit. `flag` is the option that raises it.
public func readBounded(_ path: FilePath, limit: Int, flag: String) -> Result<[UInt8], ReadRefusal> {
    func refuse(_ m: String) -> Result<[UInt8], ReadRefusal> { .failure(ReadRefusal(message: m)) }
    let fd = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
    if fd < 0 { return refuse("cannot read the file: \(reason(errno))") }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else { return refuse("cannot read the file: \(reason(errno))") }
    switch st.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: return refuse("not a regular file (a folder)")
    case S_IFCHR, S_IFBLK: return refuse("not a regular file (a device)")
    case S_IFIFO: return refuse("not a regular file (a pipe)")
    case S_IFSOCK: return refuse("not a regular file (a socket)")
    default: return refuse("not a regular file")
    }
    let claimed = Int(st.st_size)
    if claimed > limit {
        return refuse("the file is \(claimed) bytes, more than the limit of \(limit); raise it with \(flag)")
    }
    // At most one byte more than the status claims is ever requested: a file that reads more
    // than its size is refused, so memory never exceeds the size checked against the limit.
    var bytes = [UInt8]()
    bytes.reserveCapacity(claimed + 1)
    var chunk = [UInt8](repeating: 0, count: Swift.min(65536, claimed + 1))
    while bytes.count <= claimed {
        let want = Swift.min(chunk.count, claimed + 1 - bytes.count)
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, want) }
        if n < 0 {
            if errno == EINTR { continue }
            return refuse("cannot read the file: \(reason(errno))")
        }
        if n == 0 { return .success(bytes) }
        bytes += chunk[0..<n]
    }
    return refuse(
        "the file reads more than the \(claimed) bytes its status gives (a file the kernel makes, as in /proc, "
            + "or one being written); refused")
}

/// Reads a scene file (or an included part) within `--max-file-size` (`readBounded`): a
/// refusal is a diagnostic at the file's first line.
public func readSceneFile(_ path: FilePath, limit: Int) -> Result<[UInt8], Diagnostic> {
    readBounded(path, limit: limit, flag: "--max-file-size").mapError {
        Diagnostic($0.message, at: SourceLocation(file: path.display, line: 1, column: 1))
    }
}
