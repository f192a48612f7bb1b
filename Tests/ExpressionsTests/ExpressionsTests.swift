import Diagnostics
import Expressions
import Geometry
import TestSupport
import Testing

struct Names: NameResolver {
    var values: [String: Value]
    func resolve(_ path: [String], at location: Diagnostics.SourceLocation) throws(Diagnostic) -> Value {
        guard let v = values[path.joined(separator: ".")] else { throw Diagnostic("no value", at: location) }
        return v
    }
}

let here = Diagnostics.SourceLocation(file: "f.yaml", line: 3, column: 10)
let scope = Scope([
    (
        "shade",
        .object([
            ("center", .value(.point)), ("frame", .value(.rect)), ("height", .value(.number)),
            ("removed", .value(.bool)),
        ])
    ),
    ("time", .value(.number)), ("state", .value(.string)),
])
let names = Names(values: [
    "shade.center": .point(Vec2(10, 20)), "shade.frame": .rect(Rect(x: 0, y: -5, width: 30, height: 40)),
    "shade.height": .number(40), "shade.removed": .bool(false), "time": .number(2), "state": .string("interactive"),
])

func ev(_ s: String) throws(Diagnostic) -> Value {
    let e = try Expression.parse(s, at: here)
    _ = try typeCheck(e, in: scope)
    return try evaluate(e, names, scope: scope)
}
func err(_ s: String) -> String {
    do { _ = try ev(s); return "no error" } catch { return error.description }
}

@Suite struct ExpressionsTests {
    @Test func precedenceAndAssociativity() throws {
        #expect(try ev("1 + 2 * 3") == .number(7))
        #expect(try ev("(1 + 2) * 3") == .number(9))
        #expect(try ev("10 - 4 - 3") == .number(3))
        #expect(try ev("2 * 3 % 4") == .number(2))
        #expect(try ev("-2 * -3") == .number(6))
        #expect(try ev("1 < 2 && 2 < 3 || false") == .bool(true))
        #expect(try ev("!(1 == 1) ? 1 : 2") == .number(2))
        #expect(try ev("true ? false ? 1 : 2 : 3") == .number(2))
        #expect(try ev("90deg") == .number(Double.pi / 2))
        #expect(try ev("1e3 + .5") == .number(1000.5))
        #expect(try ev("state == 'interactive'") == .bool(true))
    }

    @Test func namesMembersPointsAndRects() throws {
        #expect(try ev("shade.center.x + shade.frame.maxY") == .number(45))
        #expect(try ev("shade.center * 2 - [5, 5]") == .point(Vec2(15, 35)))
        #expect(try ev("[1, 2, 3, 4].center") == .point(Vec2(2.5, 4)))
        #expect(try ev("shade.frame.size") == .point(Vec2(30, 40)))
        #expect(try ev("-shade.center / 2") == .point(Vec2(-5, -10)))
        #expect(try ev("!shade.removed") == .bool(true))
        #expect(try ev("pi") == .number(Double.pi))
    }

    @Test func functions() throws {
        #expect(try ev("abs(-3) + min(4, 2, 8) + max(1, 5) + clamp(12, 0, 10)") == .number(20))
        #expect(try ev("sqrt(16) + hypot(3, 4)") == .number(9))
        #expect(try ev("atan2(1, 1)") == .number(Double.pi / 4))
        #expect(try ev("length([3, 4]) + distance([0, 0], [6, 8])") == .number(15))
        #expect(try ev("normalize([0, 5])") == .point(Vec2(0, 1)))
        #expect(try ev("rubberband(100, 100)") == .number((1 - 1 / 1.55) * 100))
        #expect(try ev("rubberband(-100, 100, 1)") == .number(-50))
        #expect(
            try ev("intersects(shade.frame, [29, 0, 5, 5]) && !intersects(shade.frame, [30, 0, 5, 5])") == .bool(true))
        #expect(try ev("contains(shade.frame, [0, -5]) && !contains(shade.frame, [30, 0])") == .bool(true))
        #expect(try ev("approx(1.05, 1, 0.1) && !approx([0, 0], [3, 4], 4.9)") == .bool(true))
        #expect(try ev("sin(0) + cos(0) + round(2.5) + floor(-0.5)") == .number(3))
    }

    @Test func shortCircuit() throws {
        // The right side would divide by zero; it is never evaluated.
        #expect(try ev("false && 1 / 0 > 0") == .bool(false))
        #expect(try ev("true || 1 / 0 > 0") == .bool(true))
        // `?:` evaluates the branch taken only.
        #expect(try ev("true ? 1 : 1 / 0") == .number(1))
        #expect(try ev("false ? log(0) : 2") == .number(2))
    }

    @Test func parseErrorsAreLocated() {
        #expect(err("1 +") == "f.yaml:3:13: error: expected an expression at the end")
        #expect(err("(1 + 2") == "f.yaml:3:16: error: expected `)` at the end of the expression")
        #expect(err("'abc") == "f.yaml:3:10: error: unterminated string")
        #expect(err("1 2") == "f.yaml:3:12: error: unexpected `2` after a complete expression")
        #expect(err("[1, 2, 3]") == "f.yaml:3:10: error: a list is a point [x, y] or a rect [x, y, w, h], not 3 values")
        #expect(err("1 # 2") == "f.yaml:3:12: error: unexpected character `#`")
        #expect(err("") == "f.yaml:3:10: error: expected an expression")
    }

    @Test func nameAndTypeErrors() {
        #expect(err("shde.center.x") == "f.yaml:3:10: error: unknown name `shde`; did you mean `shade`?")
        #expect(err("shade.centre.x") == "f.yaml:3:10: error: `shade` has no member `centre`; did you mean `center`?")
        #expect(
            err("shade.center.z")
                == "f.yaml:3:10: error: `shade.center` is a point and has no member `z`; did you mean `x`?")
        #expect(
            err("shade")
                == "f.yaml:3:10: error: `shade` is not a value; name one of its members: center, frame, height, removed"
        )
        #expect(err("1 + true") == "f.yaml:3:10: error: `+` cannot add a number and a bool")
        #expect(err("time > 'x'") == "f.yaml:3:10: error: `>` compares numbers, got a number and a string")
        #expect(err("hypot(1)") == "f.yaml:3:10: error: `hypot` takes 2 arguments, got 1")
        #expect(err("lenght([1, 2])") == "f.yaml:3:10: error: unknown function `lenght`; did you mean `length`?")
        #expect(
            err("distance([1, 2], 3)")
                == "f.yaml:3:27: error: argument 2 of `distance` must be a point, but `3` is a number")
        #expect(
            err("true ? 1 : [1, 2]")
                == "f.yaml:3:10: error: both branches of `?:` must have one type, got a number and a point")
    }

    @Test func runtimeErrorsAreLocated() {
        #expect(
            err("1 + time / (time - 2)")
                == "f.yaml:3:14: error: division by zero in `time / (time - 2)` (`time - 2` is 0)")
        #expect(
            err("sqrt(time - 3)") == "f.yaml:3:10: error: square root of a negative number (-1) in `sqrt(time - 3)`")
        #expect(
            err("normalize([0, 0])") == "f.yaml:3:10: error: cannot normalize the zero vector in `normalize([0, 0])`")
        #expect(err("1e308 * 10") == "f.yaml:3:10: error: `1e308 * 10` is not a finite number")
    }

    @Test func typeCheckExpecting() throws {
        let e = try Expression.parse("time * 2", at: here)
        #expect(throws: Diagnostic.self) { try typeCheck(e, in: scope, expecting: .bool) }
        #expect(try typeCheck(e, in: scope, expecting: .number) == .number)
    }

    /// Seeded random token soup: parsing either succeeds or throws a located diagnostic, never traps.
    @Test func randomInputNeverCrashes() {
        let pieces = [
            "1", "2.5", "shade", ".", "center", "x", "(", ")", "[", "]", ",", "+", "-", "*", "/", "%", "<", "<=", "==",
            "!=",
            "&&", "||", "!", "?", ":", "'s'", "true", "min", "abs", "90deg", " ", "time", "1e", "'", "#", "e5", ".5",
        ]
        var rng = SplitMix(seed: 42)
        var parsed = 0
        var rejected = 0
        for _ in 0..<5000 {
            var s = ""
            for _ in 0..<Int(rng.next() % 12) { s += pieces[Int(rng.next() % UInt64(pieces.count))] }
            do {
                let e = try Expression.parse(s, at: here)
                _ = try? typeCheck(e, in: scope)
                parsed += 1
            } catch {
                #expect(error.location.line == 3)
                rejected += 1
            }
        }
        #expect(parsed > 0 && rejected > 0)
    }
}
