import Driver
import Foundation

/// A console that keeps what `mutate` writes.
final class Captured: @unchecked Sendable {
    var out = ""
    var err: [String] = []
    let lock = NSLock()
    var console: Console {
        Console(
            out: { (s: String) throws(OutputError) in self.lock.withLock { self.out += s } },
            err: { m in self.lock.withLock { self.err.append("error: " + m) } },
            note: { m in self.lock.withLock { self.err.append("note: " + m) } })
    }
}

/// Repository root (Tests/MutationTests/ is two levels down).
let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
