import Diagnostics
import Geometry

// The expression language of scene files.
//
//   expr     := or ('?' expr ':' expr)?
//   or       := and ('||' and)*          and := equality ('&&' equality)*
//   equality := compare (('=='|'!=') compare)*
//   compare  := sum (('<'|'<='|'>'|'>=') sum)*
//   sum      := product (('+'|'-') product)*      product := unary (('*'|'/'|'%') unary)*
//   unary    := ('-'|'!') unary | postfix
//   postfix  := primary ('.' name)*
//   primary  := number ['deg'] | 'string' | true | false | name ['(' args ')'] | '(' expr ')'
//             | '[' expr ',' expr (',' expr ',' expr)? ']'
//
// Numbers may be written `90deg` (converted to radians). Names are dotted: `shade.center.x`.

/// A parsed expression: its tree, its location and its text.
public struct Expr: Sendable, Hashable, CustomStringConvertible {
    public indirect enum Node: Sendable, Hashable {
        case number(Double)
        case bool(Bool)
        case string(String)
        case name([String])
        case member(Expr, String)
        case list([Expr])
        case unary(String, Expr)
        case binary(String, Expr, Expr)
        case ternary(Expr, Expr, Expr)
        case call(String, [Expr])
    }
    public var node: Node
    public var location: SourceLocation
    public var text: String
    public var description: String { text }
    public init(node: Node, location: SourceLocation, text: String) { self.node = node; self.location = location; self.text = text }
}

/// Parsing entry points.
public enum Expression {
    /// Parses `text`, whose first character is at `location` in the scene file.
    public static func parse(_ text: String, at location: SourceLocation) throws(Diagnostic) -> Expr {
        var p = Parser(text: text, base: location)
        return try p.parseAll()
    }
}

struct Token: Equatable {
    enum Kind: Equatable { case number(Double), string(String), ident(String), op(String), end }
    var kind: Kind
    var offset: Int
    var length: Int
}

struct Parser {
    let chars: [Character]
    let text: String
    let base: SourceLocation
    var tokens: [Token] = []
    var pos = 0

    init(text: String, base: SourceLocation) {
        self.text = text
        self.chars = Array(text)
        self.base = base
    }

    func location(_ offset: Int) -> SourceLocation {
        var line = base.line, col = base.column
        var i = 0
        while i < offset && i < chars.count {
            if chars[i] == "\n" { line += 1; col = 1 } else { col += 1 }
            i += 1
        }
        return SourceLocation(file: base.file, line: line, column: col)
    }

    func error(_ msg: String, at offset: Int) -> Diagnostic { Diagnostic(msg, at: location(offset)) }

    mutating func lex() throws(Diagnostic) {
        var i = 0
        let ops2 = ["<=", ">=", "==", "!=", "&&", "||"]
        while i < chars.count {
            let c = chars[i]
            if c == " " || c == "\t" || c == "\n" || c == "\r" { i += 1; continue }
            if c.isNumber || (c == "." && i + 1 < chars.count && chars[i + 1].isNumber) {
                let start = i
                while i < chars.count && (chars[i].isNumber || chars[i] == ".") { i += 1 }
                if i < chars.count && (chars[i] == "e" || chars[i] == "E") {
                    var j = i + 1
                    if j < chars.count && (chars[j] == "+" || chars[j] == "-") { j += 1 }
                    if j < chars.count && chars[j].isNumber {
                        i = j
                        while i < chars.count && chars[i].isNumber { i += 1 }
                    }
                }
                let s = String(chars[start..<i])
                guard var v = Double(s), s.filter({ $0 == "." }).count <= 1 else { throw error("malformed number `\(s)`", at: start) }
                if i + 2 < chars.count + 0 && String(chars[i..<Swift.min(i + 3, chars.count)]) == "deg"
                    && (i + 3 == chars.count || !(chars[i + 3].isLetter || chars[i + 3].isNumber || chars[i + 3] == "_")) {
                    v = v * Double.pi / 180
                    i += 3
                }
                tokens.append(Token(kind: .number(v), offset: start, length: i - start))
                continue
            }
            if c.isLetter || c == "_" {
                let start = i
                while i < chars.count && (chars[i].isLetter || chars[i].isNumber || chars[i] == "_") { i += 1 }
                tokens.append(Token(kind: .ident(String(chars[start..<i])), offset: start, length: i - start))
                continue
            }
            if c == "'" {
                let start = i
                i += 1
                var s = ""
                while i < chars.count && chars[i] != "'" { s.append(chars[i]); i += 1 }
                if i >= chars.count { throw error("unterminated string", at: start) }
                i += 1
                tokens.append(Token(kind: .string(s), offset: start, length: i - start))
                continue
            }
            if i + 1 < chars.count, ops2.contains(String(chars[i...i + 1])) {
                tokens.append(Token(kind: .op(String(chars[i...i + 1])), offset: i, length: 2))
                i += 2
                continue
            }
            if "+-*/%<>!?:()[],.".contains(c) {
                tokens.append(Token(kind: .op(String(c)), offset: i, length: 1))
                i += 1
                continue
            }
            throw error("unexpected character `\(c)`", at: i)
        }
        tokens.append(Token(kind: .end, offset: chars.count, length: 0))
    }

    var peek: Token { tokens[pos] }

    func tokenText(_ t: Token) -> String { "`" + String(chars[t.offset..<(t.offset + t.length)]) + "`" }

    mutating func accept(_ op: String) -> Bool {
        if case .op(op) = peek.kind { pos += 1; return true }
        return false
    }

    mutating func expect(_ op: String) throws(Diagnostic) {
        if !accept(op) { throw error("expected `\(op)`\(describeFound())", at: peek.offset) }
    }

    func describeFound() -> String {
        switch peek.kind {
        case .end: return " at the end of the expression"
        case .op(let o): return ", found `\(o)`"
        case .ident(let s): return ", found `\(s)`"
        case .number: return ", found a number"
        case .string: return ", found a string"
        }
    }

    func make(_ node: Expr.Node, from start: Int, to end: Int) -> Expr {
        let e = Swift.min(Swift.max(end, start), chars.count)
        return Expr(node: node, location: location(start), text: String(chars[start..<e]).trimmingSpaces())
    }

    var lastEnd: Int { pos > 0 ? tokens[pos - 1].offset + tokens[pos - 1].length : 0 }

    mutating func parseAll() throws(Diagnostic) -> Expr {
        try lex()
        if case .end = peek.kind { throw error("expected an expression", at: 0) }
        let e = try parseTernary()
        if case .end = peek.kind { return e }
        throw error("unexpected \(tokenText(peek)) after a complete expression", at: peek.offset)
    }

    mutating func parseTernary() throws(Diagnostic) -> Expr {
        let start = peek.offset
        let c = try parseBinary(0)
        if accept("?") {
            let a = try parseTernary()
            try expect(":")
            let b = try parseTernary()
            return make(.ternary(c, a, b), from: start, to: lastEnd)
        }
        return c
    }

    static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"]]

    mutating func parseBinary(_ level: Int) throws(Diagnostic) -> Expr {
        if level == Parser.levels.count { return try parseUnary() }
        let start = peek.offset
        var lhs = try parseBinary(level + 1)
        while case .op(let o) = peek.kind, Parser.levels[level].contains(o) {
            pos += 1
            let rhs = try parseBinary(level + 1)
            lhs = make(.binary(o, lhs, rhs), from: start, to: lastEnd)
        }
        return lhs
    }

    mutating func parseUnary() throws(Diagnostic) -> Expr {
        let start = peek.offset
        if accept("-") { let e = try parseUnary(); return make(.unary("-", e), from: start, to: lastEnd) }
        if accept("!") { let e = try parseUnary(); return make(.unary("!", e), from: start, to: lastEnd) }
        var e = try parsePrimary()
        while accept(".") {
            guard case .ident(let m) = peek.kind else { throw error("expected a member name after `.`", at: peek.offset) }
            pos += 1
            if case .name(let parts) = e.node {
                e = make(.name(parts + [m]), from: start, to: lastEnd)
            } else {
                e = make(.member(e, m), from: start, to: lastEnd)
            }
        }
        return e
    }

    mutating func parsePrimary() throws(Diagnostic) -> Expr {
        let t = peek
        switch t.kind {
        case .number(let v):
            pos += 1
            return make(.number(v), from: t.offset, to: lastEnd)
        case .string(let s):
            pos += 1
            return make(.string(s), from: t.offset, to: lastEnd)
        case .ident(let name):
            pos += 1
            if name == "true" || name == "false" { return make(.bool(name == "true"), from: t.offset, to: lastEnd) }
            if accept("(") {
                var args: [Expr] = []
                if !accept(")") {
                    repeat { args.append(try parseTernary()) } while accept(",")
                    try expect(")")
                }
                return make(.call(name, args), from: t.offset, to: lastEnd)
            }
            return make(.name([name]), from: t.offset, to: lastEnd)
        case .op("("):
            pos += 1
            let e = try parseTernary()
            try expect(")")
            return Expr(node: e.node, location: e.location, text: e.text)
        case .op("["):
            pos += 1
            var items: [Expr] = []
            repeat { items.append(try parseTernary()) } while accept(",")
            try expect("]")
            if items.count != 2 && items.count != 4 {
                throw error("a list is a point [x, y] or a rect [x, y, w, h], not \(items.count) values", at: t.offset)
            }
            return make(.list(items), from: t.offset, to: lastEnd)
        case .end:
            throw error("expected an expression at the end", at: t.offset)
        case .op(let o):
            throw error("unexpected `\(o)`", at: t.offset)
        }
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " { s.removeFirst() }
        while let l = s.last, l == " " { s.removeLast() }
        return String(s)
    }
}
