import Diagnostics
@_spi(Testing) import RecordMode
import SceneLoader
import Testing

/// Scene texts that a `Character`-split of the text on "\n" mislocates (the old record mode
/// edited the wrong bytes in each): the parser's own positions are the oracle.
enum Nasty {
    /// A scene-shaped document with, before the values: two combining accents, a tab, a U+2028
    /// and a U+0085 inside quoted strings, `''` and `\"` escapes, an anchor and its alias, a flow
    /// list over two lines, a block list, comments.
    static let lf = """
        # é\u{301}\u{301} comment with combining marks
        name: "Gravity \u{2028} onto é\u{301}\u{301}"
        note: 'it''s \u{85} here'
        other: "say \\"hi\\""
        views:
          box: { frame: [145, 100, 100, &w 100] }   # x
        expect:
          views:
            box:
              frame: [145,
                  700, 100, 100]
              y: &y 700\t# tab before the comment
              x:\t145
              width: *w
          restBy: 3
          list:
            - 1
            - 'two'
          events: { contact: ">= 5" }

        """

    /// `lf` with its line breaks replaced: CRLF, CR, CR and LF mixed, a U+2028 or U+0085 as the
    /// break after the first line (libyaml breaks lines there too), and with a byte order mark.
    static var variants: [(name: String, bytes: [UInt8])] {
        let lines = lf.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func joined(_ sep: (Int) -> String) -> [UInt8] {
            Array(lines.enumerated().map { i, l in i == lines.count - 1 ? l : l + sep(i) }.joined().utf8)
        }
        return [
            ("LF", joined { _ in "\n" }),
            ("CRLF", joined { _ in "\r\n" }),
            ("CR", joined { _ in "\r" }),
            ("CRLF then LF", joined { $0 < 6 ? "\r\n" : "\n" }),
            ("LF then CR", joined { $0 < 6 ? "\n" : "\r" }),
            ("U+2028 after the comment", joined { $0 == 0 ? "\u{2028}" : "\n" }),
            ("U+0085 after the comment", joined { $0 == 0 ? "\u{85}" : "\n" }),
            ("BOM", [0xEF, 0xBB, 0xBF] + joined { _ in "\n" }),
            ("BOM and CRLF", [0xEF, 0xBB, 0xBF] + joined { _ in "\r\n" }),
        ]
    }

    static func census(_ bytes: [UInt8]) throws -> YAMLCensus.Census {
        let lines = ByteLines(bytes)
        let text = try #require(String(validating: bytes[lines.start...], as: UTF8.self))
        return try #require(YAMLCensus.census(text))
    }
}

@Suite struct ByteLinesTests {
    /// Every scalar and list the parser reports is found at the byte its position converts to:
    /// the token there reads what the parser read.
    @Test(arguments: Nasty.variants.map(\.name))
    func everyPositionTheParserReportsNamesItsBytes(_ variant: String) throws {
        let bytes = try #require(Nasty.variants.first { $0.name == variant }).bytes
        let census = try Nasty.census(bytes)
        let lines = ByteLines(bytes)
        #expect(census.scalars.count > 30)
        for (p, scalar) in census.scalars {
            let offset = try #require(lines.offset(line: p.line, column: p.column), "\(variant) \(p)")
            let token = try #require(Token.at(offset, in: bytes), "\(variant) \(p) `\(scalar.value)`")
            if let v = token.value { #expect(v == scalar.value, "\(variant) \(p)") }
            #expect(lines.position(of: offset) == (p.line, p.column), "\(variant) \(p)")
        }
        var lists = 0
        for (p, seq) in census.sequences where seq.items.allSatisfy({ $0.value != nil }) {
            let offset = try #require(lines.offset(line: p.line, column: p.column))
            // Lists of plain elements are tokens (one with an anchored element is not).
            if bytes[offset] == UInt8(ascii: "["), let token = Token.at(offset, in: bytes) {
                #expect(token.items?.map(\.text) == seq.items.map(\.value), "\(variant) \(p)")
                lists += 1
            }
        }
        #expect(lists == 1, "\(variant)")
    }

    /// The values the old record mode mislocated: after two combining accents, a U+2028 in a
    /// quoted string, CRLF lines, a CR-only file.
    @Test func knownPositions() throws {
        for (name, bytes) in Nasty.variants {
            let census = try Nasty.census(bytes)
            let lines = ByteLines(bytes)
            let sevens = census.scalars.filter { $0.value.value == "700" }.keys.sorted()
            #expect(sevens.count == 2)
            let texts = try sevens.map { p in
                let at = try #require(lines.offset(line: p.line, column: p.column))
                return String(decoding: bytes[at..<(at + 9)], as: UTF8.self)
            }
            #expect(texts == ["700, 100,", "&y 700\t# "], "\(name)")
            let y = try #require(sevens.last)
            #expect(lines.offset(line: y.line, column: 1000) == nil)
            #expect(lines.offset(line: 1000, column: 1) == nil)
        }
    }
}
