import Diagnostics
import SceneLoader

/// Reads the parts that scenes `include`, from the file system, within the file size limit, and
/// keeps what it read: their texts render the source lines of errors located in them, and
/// `mutate` hands the same bytes to every mutant.
package final class PartReader {
    let limit: Int
    /// Every part read, by path as the scene names it (resolved against the scene's folder).
    package private(set) var files: [String: [UInt8]] = [:]

    package init(limit: Int) { self.limit = limit }

    /// The loader's `IncludeReader`.
    package var reader: IncludeReader {
        { [self] path in
            switch readSceneFile(FilePath(raw: Array(path.utf8)), limit: limit) {
            case .success(let bytes):
                files[path] = bytes
                return .success(bytes)
            case .failure(let d):
                return .failure(IncludeError(d.message))
            }
        }
    }

    /// The text of every part read that messages may quote, by path (a byte order mark dropped):
    /// a part is quoted only when it parses as a YAML mapping (`SceneFile.quotableText`).
    package var texts: [String: String] { files.compactMapValues { SceneFile.quotableText($0, isPart: true) } }
}

/// The parts the scene files include, directly or through other parts, in the order first
/// reached, without the scene files themselves: inputs of the run as much as the scenes are
/// (`--watch` follows them, no report may overwrite them). Files that cannot be read or parsed
/// are left out (loading the scene reports them).
func includedParts(of scenes: [FilePath], limit: Int) -> [FilePath] {
    var seen = Set(scenes.map(\.raw))
    var out: [FilePath] = []
    var queue = scenes
    while !queue.isEmpty {
        let f = queue.removeFirst()
        guard case .success(let bytes) = readSceneFile(f, limit: limit) else { continue }
        for p in SceneFile.includes(path: f.display, bytes: bytes) {
            let part = FilePath(raw: Array(p.utf8))
            if seen.insert(part.raw).inserted {
                out.append(part)
                queue.append(part)
            }
        }
    }
    return out
}
