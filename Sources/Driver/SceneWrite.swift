import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why record mode did not replace a scene file (nothing was written): exit 1, or the code of an
/// `OutputError` (73, 74) when the writing itself failed.
struct SceneWriteError: Error {
    var message: String
    var output: OutputError?
}

/// Whether the file at `path` (links followed) still holds `expected`: read with the shared
/// bounded reader within `expected.count` bytes, so a file that grew is "changed" unread.
func stillHolds(_ path: FilePath, _ expected: [UInt8]) -> Bool {
    guard case .success(let now) = readBounded(path, limit: expected.count, flag: "--max-file-size") else {
        return false
    }
    return now == expected
}

/// Replaces the scene file at `path` (its bytes, as it was read: not a name re-encoded from a
/// message) with `new`, only if it still holds `expected`: a new temporary file in the same
/// folder with the file's permission bits, every byte written and `fsync`ed, the file read again
/// and compared, then a POSIX `rename` over it (atomic: readers see the old file or the new
/// one). Refused, with nothing written: a file that changed since it was read ("changed since it
/// was read"), a read-only file (record mode does not override a permission), a file with other
/// hard links (a rename would split them). A symbolic link is kept: the file it names is replaced.
/// `beforeRename` runs between the write and the last comparison (a hook for tests).
func replaceScene(
    _ path: FilePath, expected: [UInt8], with new: [UInt8], beforeRename: () -> Void = {}
) throws(SceneWriteError) {
    var target = path
    var lst = stat()
    if path.withCString({ lstat($0, &lst) }) == 0, lst.st_mode & S_IFMT == S_IFLNK {
        guard let resolved = path.withCString({ realpath($0, nil) }) else {
            throw SceneWriteError(message: "it is a symbolic link that cannot be followed: \(reason(errno))")
        }
        target = FilePath(
            raw: Array(UnsafeBufferPointer(start: resolved, count: strlen(resolved)).map { UInt8(bitPattern: $0) }))
        free(resolved)
    }
    guard let st = target.status(), st.st_mode & S_IFMT == S_IFREG else {
        throw SceneWriteError(message: "it is no longer a regular file")
    }
    // No write permission for this user, or none at all (root may write anything: the bits say
    // what the user meant).
    if st.st_mode & 0o222 == 0 || target.withCString({ access($0, W_OK) }) != 0 {
        throw SceneWriteError(
            message:
                "it is read-only; record mode does not write a file you cannot write (make it writable to update it)")
    }
    if st.st_nlink > 1 {
        throw SceneWriteError(
            message: "it has \(st.st_nlink) hard links, which replacing it would split; edit it by hand")
    }
    let changed = SceneWriteError(message: "it changed since it was read; nothing written (run again)")
    guard stillHolds(target, expected) else { throw changed }

    var dir = target.raw
    while let last = dir.last, last != UInt8(ascii: "/") { dir.removeLast() }
    let base = Array(target.raw[dir.count...])
    tempCounter += 1
    let tmp = FilePath(raw: dir + Array(".".utf8) + base + Array(".\(getpid()).\(tempCounter).tmp".utf8))
    setPending(raw: tmp.raw)
    defer { setPending(raw: nil) }
    let fd = tmp.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
    if fd < 0 {
        let e = errno
        throw SceneWriteError(
            message: "cannot create a file beside it: \(reason(e))",
            output: isCreateErrno(e) ? .cannotCreate(path.display, reason(e)) : .io(path.display, reason(e)))
    }
    func fail(_ e: Int32, closing: Bool = true) -> SceneWriteError {
        if closing { close(fd) }
        _ = tmp.withCString { unlink($0) }
        let out: OutputError = isCreateErrno(e) ? .cannotCreate(path.display, reason(e)) : .io(path.display, reason(e))
        return SceneWriteError(message: "cannot write it: \(reason(e))", output: out)
    }
    if let e = writeAll(fd, new) { throw fail(e) }
    if fchmod(fd, st.st_mode & 0o7777) != 0 { throw fail(errno) }
    if fsync(fd) != 0 { throw fail(errno) }
    if close(fd) != 0 { throw fail(errno, closing: false) }
    if stallSeconds > 0 { sleep(stallSeconds) }
    beforeRename()
    guard stillHolds(target, expected) else {
        _ = tmp.withCString { unlink($0) }
        throw changed
    }
    if tmp.withCString({ t in target.withCString { rename(t, $0) } }) != 0 { throw fail(errno, closing: false) }
    let dfd = FilePath(raw: dir.isEmpty ? Array(".".utf8) : dir).withCString {
        open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    if dfd >= 0 { _ = fsync(dfd); close(dfd) }
}
