import FuzzSupport
import SceneLoader
import Yams

// The oracle's own view of a YAML text, written apart from record mode's (which it checks): the
// document as a flat list of nodes, positions counted by libyaml's rules, scalars as written.

/// One node of a document in order (a mapping's keys and values alternate): what must not change
/// (`shape`) and the scalar's value, which may.
struct FlatNode {
    var shape: String
    var value: String
    var position: YAMLCensus.Position
    var style: Node.Scalar.Style?
}

func flatten(_ root: Node) -> [FlatNode] {
    var out: [FlatNode] = []
    func visit(_ n: Node) {
        let p = YAMLCensus.Position(line: n.mark?.line ?? 0, column: n.mark?.column ?? 0)
        let anchor = n.anchor.map { "&\($0.rawValue) " } ?? ""
        switch n {
        case .scalar(let s):
            out.append(FlatNode(shape: "\(anchor)scalar \(s.tag.rawValue) \(s.style)", value: s.string, position: p, style: s.style))
        case .sequence(let s):
            out.append(FlatNode(shape: "\(anchor)sequence \(s.tag.rawValue) \(s.style) \(s.count)", value: "", position: p))
            for x in s { visit(x) }
        case .mapping(let m):
            out.append(FlatNode(shape: "\(anchor)mapping \(m.tag.rawValue) \(m.style) \(m.count)", value: "", position: p))
            for (k, v) in m {
                visit(k)
                visit(v)
            }
        case .alias(let a): out.append(FlatNode(shape: "alias \(a.anchor.rawValue)", value: "", position: p))
        }
    }
    visit(root)
    return out
}

/// The nodes of the document, aliases expanded, counted up to a little past `budget`.
func nodes(_ root: Node, budget: Int) -> Int {
    var count = 0
    var stack = [root]
    while let n = stack.popLast(), count <= budget {
        count += 1
        switch n {
        case .sequence(let s): stack += Array(s)
        case .mapping(let m): for (k, v) in m { stack += [k, v] }
        default: break
        }
    }
    return count
}

/// The UTF-8 offset of `line:column` in a text given as Unicode scalars: lines break at CR LF,
/// CR, LF, U+0085, U+2028 and U+2029, columns count scalars (libyaml's marks).
func offset(of p: YAMLCensus.Position, in scalars: [Unicode.Scalar]) -> Int? {
    var (line, column, at, i) = (1, 1, 0, 0)
    while i < scalars.count {
        if line == p.line && column == p.column { return at }
        let s = scalars[i]
        if s == "\r", i + 1 < scalars.count, scalars[i + 1] == "\n" {
            (line, column, at, i) = (line + 1, 1, at + 2, i + 2)
        } else if ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(s) {
            (line, column, at, i) = (line + 1, 1, at + s.utf8.count, i + 1)
        } else {
            (column, at, i) = (column + 1, at + s.utf8.count, i + 1)
        }
    }
    return line == p.line && column == p.column ? at : nil
}

/// Past an anchor or a tag (and the blanks after it) at `i`: where the scalar itself starts.
func skipProperties(_ b: [UInt8], _ start: Int) -> Int {
    var i = start
    while i < b.count, b[i] == UInt8(ascii: "&") || b[i] == UInt8(ascii: "!") {
        while i < b.count, b[i] != 0x20, b[i] != 0x09 { i += 1 }
        while i < b.count, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
    }
    return i
}

/// A scalar as written in the file when its text is its value: plain, or between quotes.
func written(_ n: FlatNode) -> [UInt8] {
    switch n.style {
    case .singleQuoted?: Array("'\(n.value)'".utf8)
    case .doubleQuoted?: Array("\"\(n.value)\"".utf8)
    default: Array(n.value.utf8)
    }
}

/// The scene text varied as `flags` says: bits 0–1 the line breaks (LF, CRLF, CR, or each line
/// its own of LF, CRLF, CR, U+0085, U+2028), bit 2 a byte order mark, bit 3 tabs after `:` and
/// `,`, bit 4 combining marks in comments and quoted strings, bits 5 and 6 U+2028 and U+0085 in
/// quoted strings, bit 7 a comment after every value that ends a line.
func vary(_ text: [UInt8], _ flags: UInt8) -> [UInt8] {
    guard flags != 0 else { return text }
    let breaks: [[UInt8]] = [[0x0A], [0x0D, 0x0A], [0x0D], [0xC2, 0x85], [0xE2, 0x80, 0xA8]]
    var lines = text.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    for k in lines.indices {
        var l = lines[k]
        if flags & 8 != 0 { l = replace(l, Array(": ".utf8), Array(":\t".utf8)) }
        if flags & 8 != 0 { l = replace(l, Array(", ".utf8), Array(",\t".utf8)) }
        if flags & 16 != 0 { l = insert(after: Array("# ".utf8), Array("e\u{301}\u{301}".utf8), in: l) }
        if flags & 16 != 0 { l = insert(after: Array(": \"".utf8), Array("a\u{301}".utf8), in: l) }
        if flags & 32 != 0 { l = insert(after: Array(": \"".utf8), Array("x\u{2028}".utf8), in: l) }
        if flags & 64 != 0 { l = insert(after: Array(": '".utf8), Array("x\u{85}".utf8), in: l) }
        if flags & 128 != 0, let last = l.last, (0x30...0x39).contains(last) || last == UInt8(ascii: "]") {
            l += Array(" # n\u{301}ote".utf8)
        }
        lines[k] = l
    }
    var out: [UInt8] = flags & 4 != 0 ? [0xEF, 0xBB, 0xBF] : []
    for (k, l) in lines.enumerated() {
        out += l
        guard k < lines.count - 1 else { break }
        switch flags & 3 {
        case 0: out += breaks[0]
        case 1: out += breaks[1]
        case 2: out += breaks[2]
        default: out += breaks[k % breaks.count]
        }
    }
    return out
}

func replace(_ l: [UInt8], _ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var i = 0
    while i < l.count {
        if l[i...].starts(with: a) {
            out += b
            i += a.count
        } else {
            out.append(l[i])
            i += 1
        }
    }
    return out
}

/// `what` inserted after the first `mark` of the line.
func insert(after mark: [UInt8], _ what: [UInt8], in l: [UInt8]) -> [UInt8] {
    guard let i = l.indices.first(where: { l[$0...].starts(with: mark) }) else { return l }
    return Array(l[..<(i + mark.count)]) + what + Array(l[(i + mark.count)...])
}

@_cdecl("RecordFuzz_main")
public func recordFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var c = argc
    var v = argv
    return fuzz_run(&c, &v) { data, size in data.map { fuzzOne($0, size) } ?? 0 }
}
