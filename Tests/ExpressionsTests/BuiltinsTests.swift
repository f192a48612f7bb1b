import Diagnostics
import Expressions
import Foundation
import Geometry
import Testing

/// The functions added by format 1.1 (`log exp pow ceil sign lerp`), their domain errors, and
/// the table every function is read from.
@Suite struct BuiltinsTests {
    @Test func newFunctionsCompute() throws {
        #expect(try ev("log(1)") == .number(0))
        #expect(try ev("exp(0) + log(exp(2))") == .number(3))
        #expect(try ev("pow(2, 10)") == .number(1024))
        #expect(try ev("pow(-2, 3)") == .number(-8))
        #expect(try ev("ceil(1.2) + ceil(-1.2)") == .number(1))
        #expect(try ev("sign(-3) + 10 * sign(0) + 100 * sign(0.5)") == .number(99))
        #expect(try ev("lerp(10, 20, 0.25)") == .number(12.5))
        #expect(try ev("lerp([0, 0], [10, -20], 0.5)") == .point(Vec2(5, -10)))
        #expect(try ev("round(-2.5) + floor(2.7)") == .number(-1))
        // The seed's logarithmic rubber band: written in a scene with log.
        #expect(try ev("100 * log(1 + 50 / 100)") == .number(100 * Foundation.log(1.5)))
    }

    @Test func outsideTheDomainIsALocatedError() {
        #expect(
            err("log(0)")
                == "f.yaml:3:10: error: the logarithm of 0 is undefined (the argument must be positive) in `log(0)`")
        #expect(
            err("1 + log(time - 3)")
                == "f.yaml:3:14: error: the logarithm of -1 is undefined (the argument must be positive) in `log(time - 3)`"
        )
        #expect(err("exp(1000)") == "f.yaml:3:10: error: `exp(1000)` is not a finite number in `exp(1000)`")
        #expect(
            err("pow(-8, 1 / 3)")
                == "f.yaml:3:10: error: a negative number (-8) to a fractional power (0.333333) is undefined in `pow(-8, 1 / 3)`"
        )
        #expect(err("pow(0, -1)") == "f.yaml:3:10: error: 0 to a negative power (-1) is undefined in `pow(0, -1)`")
        #expect(err("pow(10, 400)") == "f.yaml:3:10: error: `pow(10, 400)` overflows in `pow(10, 400)`")
    }

    @Test func typeRules() {
        #expect(
            err("lerp(1, [1, 2], 0.5)")
                == "f.yaml:3:10: error: `lerp` interpolates two numbers or two points, got a number and a point")
        #expect(
            err("lerp(1, 2, [0, 1])")
                == "f.yaml:3:21: error: argument 3 of `lerp` must be a number, but `[0, 1]` is a point")
        #expect(err("sign(true)") == "f.yaml:3:15: error: argument 1 of `sign` must be a number, but `true` is a bool")
        #expect(err("pow(2)") == "f.yaml:3:10: error: `pow` takes 2 arguments, got 1")
        #expect(err("lgo(2)") == "f.yaml:3:10: error: unknown function `lgo`; did you mean `log`?")
    }

    /// One row per function: names are unique, and every function is documented in
    /// docs/scene-format.md with its signature.
    @Test func tableIsUniqueAndDocumented() throws {
        let names = builtins.map(\.name)
        #expect(Set(names).count == names.count)
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("docs/scene-format.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        for f in builtins {
            #expect(text.contains("`\(f.signature)`"), "docs/scene-format.md does not document `\(f.signature)`")
        }
    }
}
