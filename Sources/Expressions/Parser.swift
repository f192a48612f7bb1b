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
//   primary  := number ['deg'] | 'string' | true | false | name ['(' args ')'] | name '[' index ']'
//             | '(' expr ')' | '[' expr ',' expr (',' expr ',' expr)? ']'
//
// Numbers may be written `90deg` (converted to radians). Names are dotted: `shade.center.x`.
// `cell[3]` names a copy of a repeated view or gesture. An index made of numbers and load-time
// constants (`i` in a repeated template) is computed when the scene loads, so the name is the
// plain name `cell[3]`; any other index (`card[top]`, `fling[k + 1]`) is kept as an expression
// (`Node.indexed`) and evaluated each time the expression is.

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
        /// `card[top].center`: a copy of the repeated `card` picked by an index evaluated at run
        /// time, then the dotted members read from it.
        case indexed(String, Expr, [String])
    }
    public var node: Node
    public var location: SourceLocation
    public var text: String
    public var description: String { text }
    public init(node: Node, location: SourceLocation, text: String) {
        self.node = node; self.location = location; self.text = text
    }

    /// Hashes where the expression is written and its text, not its whole tree (the derived
    /// hash visited every node with its own location and text: thousands of instructions per
    /// lookup of an expression-keyed dictionary, as a behaviour's values are kept). Equal
    /// expressions have equal locations and texts, so they hash alike; `==` is still the
    /// derived one, over the tree.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(location.line)
        hasher.combine(location.column)
        hasher.combine(text)
    }
}

/// Parsing entry points.
public enum Expression {
    /// Longest expression text, in characters. Beyond it an expression is refused (located at its
    /// start): scene expressions are a line or two, and the limit bounds the parser's memory.
    public static let maxLength = 4096
    /// Deepest expression tree: nested parentheses, calls, lists, unary operators, ternaries and
    /// chains of binary operators (a sum of n terms is n − 1 levels deep) all count. It bounds the
    /// recursion of parsing, checking and evaluation, so that no expression can overflow a stack
    /// (a worker thread has 512 KiB).
    public static let maxDepth = 256
    /// The stack a thread should have to parse, check and evaluate the deepest expression
    /// allowed: 64 MiB. A debug build needs up to 16 MiB for depth 256 (measured with
    /// `ExpressionLimitsTests`, which run at a quarter of this size); scenerun loads and runs
    /// every case on threads of this size (the memory is only reserved, not used).
    public static let stackSize = 64 << 20

    /// Parses `text`, whose first character is at `location` in the scene file.
    ///
    /// Linear in the length of `text` (each character is lexed once, each token parsed once,
    /// locations come from a table), apart from the text of each node, which is bounded by
    /// `maxLength` × `maxDepth`.
    ///
    /// `constants` are names with a value known when the scene loads (a repeated template's `i`):
    /// each is read as its number, in indices too.
    public static func parse(
        _ text: String, at location: SourceLocation, constants: [String: Double] = [:]
    ) throws(Diagnostic) -> Expr {
        var p = Parser(text: text, base: location)
        p.constants = constants
        return try p.parseAll()
    }

    /// `name[index]`: the name of a copy of a repeated view or behaviour (`cell[3]`).
    public static func indexedName(_ name: String, _ index: Int) -> String { "\(name)[\(index)]" }

    /// The value of an expression made of numbers and `+ - * / %` only (what an index may be), or
    /// nil when it has anything else.
    public static func constantValue(_ e: Expr) -> Double? {
        switch e.node {
        case .number(let d): return d
        case .unary("-", let x): return constantValue(x).map { -$0 }
        case .binary(let op, let a, let b):
            guard let x = constantValue(a), let y = constantValue(b) else { return nil }
            switch op {
            case "+": return x + y
            case "-": return x - y
            case "*": return x * y
            case "/": return y == 0 ? nil : x / y
            case "%": return y == 0 ? nil : x.truncatingRemainder(dividingBy: y)
            default: return nil
            }
        default: return nil
        }
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
    /// Line and column of every character offset (and one past the end).
    var lineOf: [Int] = []
    var columnOf: [Int] = []
    /// Current recursion depth.
    var depth = 0
    /// Names read as numbers (`i` in a repeated template).
    var constants: [String: Double] = [:]

    init(text: String, base: SourceLocation) {
        self.text = text
        self.chars = Array(text)
        self.base = base
    }

    mutating func buildLocations() {
        lineOf.reserveCapacity(chars.count + 1)
        columnOf.reserveCapacity(chars.count + 1)
        var line = base.line
        var col = base.column
        for c in chars {
            lineOf.append(line); columnOf.append(col)
            if c == "\n" { line += 1; col = 1 } else { col += c.unicodeScalars.count }
        }
        lineOf.append(line); columnOf.append(col)
    }

    func location(_ offset: Int) -> SourceLocation {
        if lineOf.isEmpty { return base }
        let i = Swift.max(0, Swift.min(offset, lineOf.count - 1))
        return SourceLocation(file: base.file, line: lineOf[i], column: columnOf[i])
    }

    func error(_ msg: String, at offset: Int) -> Diagnostic { Diagnostic(msg, at: location(offset)) }

    static let ops2: Set<String> = ["<=", ">=", "==", "!=", "&&", "||"]

    static func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }

    mutating func lex() throws(Diagnostic) {
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == " " || c == "\t" || c == "\n" || c == "\r" { i += 1; continue }
            if Parser.isDigit(c) || (c == "." && i + 1 < chars.count && Parser.isDigit(chars[i + 1])) {
                let start = i
                var dots = 0
                while i < chars.count && (Parser.isDigit(chars[i]) || chars[i] == ".") {
                    if chars[i] == "." { dots += 1 }; i += 1
                }
                if i < chars.count && (chars[i] == "e" || chars[i] == "E") {
                    var j = i + 1
                    if j < chars.count && (chars[j] == "+" || chars[j] == "-") { j += 1 }
                    if j < chars.count && Parser.isDigit(chars[j]) {
                        i = j
                        while i < chars.count && Parser.isDigit(chars[i]) { i += 1 }
                    }
                }
                let s = String(chars[start..<i])
                guard var v = Double(s), dots <= 1 else { throw error("malformed number `\(s)`", at: start) }
                if !v.isFinite {
                    throw error("the number `\(s)` is too large (the largest is about 1.8e308)", at: start)
                }
                if i + 3 <= chars.count && chars[i] == "d" && chars[i + 1] == "e" && chars[i + 2] == "g"
                    && (i + 3 == chars.count
                        || !(chars[i + 3].isLetter || chars[i + 3].isNumber || chars[i + 3] == "_"))
                {
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
            if i + 1 < chars.count, Parser.ops2.contains(String(chars[i]) + String(chars[i + 1])) {
                tokens.append(Token(kind: .op(String(chars[i]) + String(chars[i + 1])), offset: i, length: 2))
                i += 2
                continue
            }
            if "+-*/%<>!?:()[],.".contains(c) {
                tokens.append(Token(kind: .op(String(c)), offset: i, length: 1))
                i += 1
                continue
            }
            throw error("unexpected character `\(escapeForTerminal(String(c)))`", at: i)
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

    /// A parsed node and the height of its tree.
    struct P { var e: Expr; var h: Int }

    /// Builds a node over `children`, refusing a tree deeper than `Expression.maxDepth`.
    func make(_ node: Expr.Node, from start: Int, to end: Int, children: [P] = []) throws(Diagnostic) -> P {
        let h = 1 + (children.map(\.h).max() ?? 0)
        if h > Expression.maxDepth { throw tooDeep(at: start) }
        let e = Swift.min(Swift.max(end, start), chars.count)
        return P(e: Expr(node: node, location: location(start), text: String(chars[start..<e]).trimmingSpaces()), h: h)
    }

    func tooDeep(at offset: Int) -> Diagnostic {
        error(
            "the expression is nested more than \(Expression.maxDepth) levels deep (parentheses, calls, operators "
                + "and chains of operators all count); split it into smaller expressions",
            at: offset)
    }

    /// Enters one level of recursion, refusing to go deeper than the limit.
    mutating func enter(at offset: Int) throws(Diagnostic) {
        depth += 1
        if depth > Expression.maxDepth { throw tooDeep(at: offset) }
    }

    var lastEnd: Int { pos > 0 ? tokens[pos - 1].offset + tokens[pos - 1].length : 0 }

    mutating func parseAll() throws(Diagnostic) -> Expr {
        if chars.count > Expression.maxLength {
            throw Diagnostic(
                "the expression is \(chars.count) characters long, more than the limit of \(Expression.maxLength); "
                    + "split it into smaller expressions",
                at: base)
        }
        buildLocations()
        try lex()
        if case .end = peek.kind { throw error("expected an expression", at: 0) }
        let e = try parseTernary()
        if case .end = peek.kind { return e.e }
        throw error("unexpected \(tokenText(peek)) after a complete expression", at: peek.offset)
    }

    mutating func parseTernary() throws(Diagnostic) -> P {
        let start = peek.offset
        try enter(at: start)
        defer { depth -= 1 }
        let c = try parseBinary(0)
        if accept("?") {
            let a = try parseTernary()
            try expect(":")
            let b = try parseTernary()
            return try make(.ternary(c.e, a.e, b.e), from: start, to: lastEnd, children: [c, a, b])
        }
        return c
    }

    static let levels: [[String]] = [
        ["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"],
    ]

    static func level(of op: String) -> Int? { levels.firstIndex { $0.contains(op) } }

    /// Precedence climbing: operators of `minLevel` and tighter, left-associative. Recursion only
    /// goes to tighter levels (at most six), so a long chain is a loop, not a recursion.
    mutating func parseBinary(_ minLevel: Int) throws(Diagnostic) -> P {
        let start = peek.offset
        var lhs = try parseUnary()
        while case .op(let o) = peek.kind, let lv = Parser.level(of: o), lv >= minLevel {
            pos += 1
            let rhs = lv + 1 < Parser.levels.count ? try parseBinary(lv + 1) : try parseUnary()
            lhs = try make(.binary(o, lhs.e, rhs.e), from: start, to: lastEnd, children: [lhs, rhs])
        }
        return lhs
    }

    mutating func parseUnary() throws(Diagnostic) -> P {
        let start = peek.offset
        for op in ["-", "!"] where accept(op) {
            try enter(at: start)
            defer { depth -= 1 }
            let e = try parseUnary()
            return try make(.unary(op, e.e), from: start, to: lastEnd, children: [e])
        }
        var e = try parsePrimary()
        while accept(".") {
            guard case .ident(let m) = peek.kind else {
                throw error("expected a member name after `.`", at: peek.offset)
            }
            pos += 1
            if case .name(let parts) = e.e.node {
                e = try make(.name(parts + [m]), from: start, to: lastEnd, children: [P(e: e.e, h: e.h - 1)])
            } else if case .indexed(let name, let index, let members) = e.e.node {
                e = try make(
                    .indexed(name, index, members + [m]), from: start, to: lastEnd, children: [P(e: e.e, h: e.h - 1)])
            } else {
                e = try make(.member(e.e, m), from: start, to: lastEnd, children: [e])
            }
        }
        return e
    }

    mutating func parsePrimary() throws(Diagnostic) -> P {
        let t = peek
        switch t.kind {
        case .number(let v):
            pos += 1
            return try make(.number(v), from: t.offset, to: lastEnd)
        case .string(let s):
            pos += 1
            return try make(.string(s), from: t.offset, to: lastEnd)
        case .ident(let name):
            pos += 1
            if name == "true" || name == "false" { return try make(.bool(name == "true"), from: t.offset, to: lastEnd) }
            if accept("(") {
                var args: [P] = []
                if !accept(")") {
                    repeat { args.append(try parseTernary()) } while accept(",")
                    try expect(")")
                }
                return try make(.call(name, args.map(\.e)), from: t.offset, to: lastEnd, children: args)
            }
            if case .op("[") = peek.kind { return try parseIndexed(name, at: t) }
            if let v = constants[name] { return try make(.number(v), from: t.offset, to: lastEnd) }
            return try make(.name([name]), from: t.offset, to: lastEnd)
        case .op("("):
            pos += 1
            let e = try parseTernary()
            try expect(")")
            return e
        case .op("["):
            pos += 1
            var items: [P] = []
            repeat { items.append(try parseTernary()) } while accept(",")
            try expect("]")
            if items.count != 2 && items.count != 4 {
                throw error("a list is a point [x, y] or a rect [x, y, w, h], not \(items.count) values", at: t.offset)
            }
            return try make(.list(items.map(\.e)), from: t.offset, to: lastEnd, children: items)
        case .end:
            throw error("expected an expression at the end", at: t.offset)
        case .op(let o):
            throw error("unexpected `\(o)`", at: t.offset)
        }
    }
}

extension Parser {
    /// `cell[index]`, after the name: an index of numbers and constants is computed now and must
    /// be a whole number from 0, so the result is the name `cell[3]`; any other index is kept, to
    /// be evaluated with the expression (`card[top]`).
    mutating func parseIndexed(_ name: String, at t: Token) throws(Diagnostic) -> P {
        pos += 1  // `[`
        let start = peek.offset
        let index = try parseTernary()
        try expect("]")
        guard let v = Expression.constantValue(index.e) else {
            return try make(.indexed(name, index.e, []), from: t.offset, to: lastEnd, children: [index])
        }
        guard v >= 0, v == v.rounded(), v < 1e9 else {
            throw error("the index of `\(name)[…]` must be a whole number from 0, found \(formatNumber(v))", at: start)
        }
        return try make(
            .name([Expression.indexedName(name, Int(v))]), from: t.offset, to: lastEnd, children: [index])
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
