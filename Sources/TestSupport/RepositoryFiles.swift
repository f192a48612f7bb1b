import Foundation

/// The repository's root folder: tests read the shipped scenes, and the parts they include, from
/// it by paths such as `scenes/gallery/shared-walls.yaml`.
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The bytes of a file of the repository, by its path from the root; nil when it cannot be read.
public func repositoryFile(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: repositoryRoot.appendingPathComponent(path).path).map { [UInt8]($0) }
}
