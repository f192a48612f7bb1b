/// A scene file's bytes with the line and column rules of the YAML parser (libyaml, which Yams
/// wraps), so that a position the loader reports (`line:column`, 1-based) names the byte where
/// the parser saw it.
///
/// libyaml breaks lines at `\r\n` (one break), `\r`, `\n`, U+0085, U+2028 and U+2029, and counts
/// columns in Unicode scalars (a tab, a combining mark and an emoji's every scalar are one column
/// each). Yams reports only line and column (`Node.Mark`), not libyaml's offset, so this walk is
/// the one place that converts them. A UTF-8 byte order mark is not part of the text the loader
/// parses (SceneFile strips it): positions count from the byte after it.
public struct ByteLines: Sendable {
    public let bytes: [UInt8]
    /// The first byte of the text: 3 after a UTF-8 byte order mark, else 0.
    public let start: Int
    /// The offset of the first byte of each line (line 1 first).
    let lineStarts: [Int]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var starts = [start]
        var i = start
        while i < bytes.count {
            let n = ByteLines.breakLength(bytes, at: i)
            if n > 0 {
                i += n
                starts.append(i)
            } else {
                i += ByteLines.scalarLength(bytes[i])
            }
        }
        lineStarts = starts
    }

    /// The number of bytes of the line break at `i` (2 for `\r\n`, U+0085; 3 for U+2028,
    /// U+2029; 1 for `\r`, `\n`), or 0 when there is none.
    public static func breakLength(_ b: [UInt8], at i: Int) -> Int {
        guard i < b.count else { return 0 }
        switch b[i] {
        case 0x0D: return i + 1 < b.count && b[i + 1] == 0x0A ? 2 : 1
        case 0x0A: return 1
        case 0xC2: return i + 1 < b.count && b[i + 1] == 0x85 ? 2 : 0
        case 0xE2:
            return i + 2 < b.count && b[i + 1] == 0x80 && (b[i + 2] == 0xA8 || b[i + 2] == 0xA9) ? 3 : 0
        default: return 0
        }
    }

    /// The length of the UTF-8 sequence a lead byte starts (1 for a stray continuation byte, which
    /// valid UTF-8, all the loader accepts, never has).
    static func scalarLength(_ lead: UInt8) -> Int {
        lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// The byte offset of `line:column`; nil when the file has no such line, or the line no such
    /// column (the end of a line, just before its break, is its last column plus one).
    public func offset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return nil }
        var i = lineStarts[line - 1]
        var c = 1
        while c < column {
            guard i < bytes.count, ByteLines.breakLength(bytes, at: i) == 0 else { return nil }
            i += ByteLines.scalarLength(bytes[i])
            c += 1
        }
        return i
    }

    /// The text of every line, without its break (line 1 first): the lines a `line:column` of the
    /// loader counts.
    public var lines: [String] { lineStarts.indices.compactMap { line($0 + 1) } }

    /// The text of line `n` (1-based) without its break, or nil when there is no such line.
    public func line(_ n: Int) -> String? {
        guard n >= 1, n <= lineStarts.count else { return nil }
        let s = lineStarts[n - 1]
        var e = s
        while e < bytes.count, ByteLines.breakLength(bytes, at: e) == 0 { e += 1 }
        return String(decoding: bytes[s..<e], as: UTF8.self)
    }

    /// The `line:column` of a byte offset (the inverse of `offset`), for messages.
    public func position(of offset: Int) -> (line: Int, column: Int) {
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        var i = lineStarts[lo]
        var c = 1
        while i < offset && i < bytes.count {
            i += ByteLines.scalarLength(bytes[i])
            c += 1
        }
        return (lo + 1, c)
    }
}
