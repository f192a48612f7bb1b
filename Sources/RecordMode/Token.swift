import Diagnostics

/// A YAML value as written at a byte offset of a scene file: a plain or quoted scalar, or a flow
/// sequence of plain scalars (which may span lines and hold comments). Anchors and tags before
/// the value (`&h 700`, `!!float 1`) are skipped: the loader's position of such a value is the
/// anchor's. Anything else (an alias, a flow mapping, a block scalar) is no token: record mode
/// leaves it alone.
@_spi(Testing) public struct Token: Sendable {
    /// The bytes the value covers (quotes included), in the file.
    @_spi(Testing) public var range: Range<Int>
    @_spi(Testing) public var text: String
    var quoted: Bool
    /// The scalar as the parser reads it: the text, or what is between the quotes when there is
    /// no escape in it; nil otherwise (record mode cannot then be sure of it).
    @_spi(Testing) public var value: String?
    /// A flow sequence's elements: each one's bytes in the file and its text.
    @_spi(Testing) public var items: [(range: Range<Int>, text: String)]?
    var number: Double? { quoted ? nil : Double(text) }

    /// The token at `offset` of `b` (a file's bytes), or nil.
    @_spi(Testing) public static func at(_ offset: Int, in b: [UInt8]) -> Token? {
        var i = offset
        // Node properties: an anchor or a tag, then blanks, before the value itself.
        while i < b.count, b[i] == UInt8(ascii: "&") || b[i] == UInt8(ascii: "!") {
            while i < b.count, !isBlank(b[i]), ByteLines.breakLength(b, at: i) == 0 { i += 1 }
            guard i < b.count, isBlank(b[i]) else { return nil }
            while i < b.count, isBlank(b[i]) { i += 1 }
        }
        guard i < b.count else { return nil }
        let start = i
        switch b[i] {
        case UInt8(ascii: "["): return flowSequence(b, start)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let q = b[i]
            var escaped = false
            i += 1
            while i < b.count {
                if b[i] == q {
                    // '' inside a single-quoted scalar is one quote.
                    if q == UInt8(ascii: "'"), i + 1 < b.count, b[i + 1] == q {
                        escaped = true
                        i += 2
                        continue
                    }
                    break
                }
                if ByteLines.breakLength(b, at: i) > 0 { escaped = true }  // folded: not sure of the value
                if q == UInt8(ascii: "\""), b[i] == UInt8(ascii: "\\") {
                    escaped = true
                    i += 1
                }
                i += 1
            }
            guard i < b.count else { return nil }
            let text = String(decoding: b[start...i], as: UTF8.self)
            let inner = String(decoding: b[(start + 1)..<i], as: UTF8.self)
            return Token(range: start..<(i + 1), text: text, quoted: true, value: escaped ? nil : inner, items: nil)
        case UInt8(ascii: "{"), UInt8(ascii: "*"), UInt8(ascii: "|"), UInt8(ascii: ">"): return nil
        default:
            let end = plainEnd(b, start)
            guard end > start else { return nil }
            let text = String(decoding: b[start..<end], as: UTF8.self)
            return Token(range: start..<end, text: text, quoted: false, value: text, items: nil)
        }
    }

    static func isBlank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }

    /// Where a plain scalar starting at `start` ends: before a line break, a comment (` #`), a
    /// flow indicator or `: `, with trailing blanks dropped. (A plain scalar folded over several
    /// lines is longer: the plan compares `value` with the parser's and leaves such a one alone.)
    static func plainEnd(_ b: [UInt8], _ start: Int) -> Int {
        var i = start
        while i < b.count, ByteLines.breakLength(b, at: i) == 0 {
            let c = b[i]
            if ",[]{}".utf8.contains(c) { break }
            if c == UInt8(ascii: "#"), i > start, isBlank(b[i - 1]) { break }
            if c == UInt8(ascii: ":"), i + 1 >= b.count || isBlank(b[i + 1]) || ByteLines.breakLength(b, at: i + 1) > 0
            {
                break
            }
            i += 1
        }
        while i > start, isBlank(b[i - 1]) { i -= 1 }
        return i
    }

    /// Skips blanks, line breaks and comments.
    static func skipSpace(_ b: [UInt8], _ j: Int) -> Int {
        var i = j
        while i < b.count {
            if isBlank(b[i]) {
                i += 1
            } else if ByteLines.breakLength(b, at: i) > 0 {
                i += ByteLines.breakLength(b, at: i)
            } else if b[i] == UInt8(ascii: "#") {
                while i < b.count, ByteLines.breakLength(b, at: i) == 0 { i += 1 }
            } else {
                break
            }
        }
        return i
    }

    /// `[a, b, …]` of plain scalars, over one line or several.
    static func flowSequence(_ b: [UInt8], _ start: Int) -> Token? {
        var items: [(range: Range<Int>, text: String)] = []
        var i = skipSpace(b, start + 1)
        if i < b.count, b[i] == UInt8(ascii: "]") { return nil }  // empty: nothing to rewrite
        while i < b.count {
            guard !"\"'[{&!*#,]".utf8.contains(b[i]) else { return nil }  // only plain elements
            let s = i
            var e = s
            while e < b.count, ByteLines.breakLength(b, at: e) == 0, !",]{}[".utf8.contains(b[e]),
                !(b[e] == UInt8(ascii: "#") && e > s && isBlank(b[e - 1]))
            {
                e += 1
            }
            var t = e
            while t > s, isBlank(b[t - 1]) { t -= 1 }
            items.append((s..<t, String(decoding: b[s..<t], as: UTF8.self)))
            i = skipSpace(b, e)
            guard i < b.count else { return nil }
            if b[i] == UInt8(ascii: "]") {
                return Token(
                    range: start..<(i + 1), text: String(decoding: b[start...i], as: UTF8.self), quoted: false,
                    value: nil, items: items)
            }
            guard b[i] == UInt8(ascii: ",") else { return nil }
            i = skipSpace(b, i + 1)
        }
        return nil
    }
}
