import Diagnostics
import Expressions
import Foundation
import Geometry
import Testing

/// Expression limits: on main these inputs overflowed the stack (SIGSEGV) in the parser or in
/// `eval`, or took 19 s and 333 MB to parse. Now each is a located error or a value.
@Suite struct ExpressionLimitsTests {
    func deep(_ open: String, _ leaf: String, _ close: String, _ n: Int) -> String {
        String(repeating: open, count: n) + leaf + String(repeating: close, count: n)
    }

    @Test func nestingBeyondTheLimitIsALocatedError() {
        for text in [
            deep("(", "1", ")", 2000), deep("-", "1", "", 2000), deep("!", "true", "", 2000),
            deep("abs(", "1", ")", 800), deep("[", "1, 2", ", 1]", 800), deep("-(", "1", ")", 1000),
        ] {
            let m = err(text)
            #expect(m.hasPrefix("f.yaml:3:"), "\(m.prefix(80))")
            #expect(m.contains("nested more than 256 levels deep"), "\(m.prefix(120))")
        }
    }

    @Test func longChainsAreRefusedByLengthOrDepth() {
        // A flat sum of 16 000 terms and a ternary chain of 5 000: too long.
        let sum = Array(repeating: "1", count: 16_000).joined(separator: " + ")
        #expect(err(sum).contains("error: the expression is 63997 characters long, more than the limit of 4096"))
        let ternary = String(repeating: "true ? 1 : ", count: 5000) + "2"
        #expect(err(ternary).hasPrefix("f.yaml:3:10: error: the expression is"))
        // Within the length limit, a chain deeper than 256 operators is refused by depth.
        let sum300 = Array(repeating: "1", count: 300).joined(separator: "+")
        #expect(err(sum300).contains("nested more than 256 levels deep"))
        let tern300 = String(repeating: "true?1:", count: 300) + "2"
        #expect(err(tern300).contains("nested more than 256 levels deep"))
    }

    @Test func expressionsJustWithinTheLimitsEvaluate() throws {
        let sum = Array(repeating: "1", count: 256).joined(separator: "+")
        #expect(try ev(sum) == .number(256))
        #expect(try ev(deep("(", "time", ")", 255)) == .number(2))
        #expect(try ev(deep("-", "1", "", 255)) == .number(-1))
        #expect(try ev(String(repeating: "false ? 0 : ", count: 200) + "7") == .number(7))
    }

    /// The deepest expressions allowed parse, check and evaluate on a quarter of the stack that
    /// scenerun gives its threads (`Expression.stackSize`), in a debug build; deeper ones are
    /// refused before the recursion goes further.
    @Test func theDeepestAllowedExpressionsFitASmallStack() {
        final class Box: @unchecked Sendable { var results: [String] = [] }
        let box = Box()
        let texts = [
            Array(repeating: "1", count: 256).joined(separator: "+"), deep("(", "1", ")", 255) + "+1",
            deep("-", "1", "", 255), deep("abs(", "1", ")", 255), String(repeating: "true ? 1 : ", count: 255) + "2",
            deep("(", "1", ")", 2000), deep("-", "1", "", 4000),
        ]
        let done = DispatchSemaphore(value: 0)
        let t = Thread {
            for s in texts { box.results.append(err(s)) }
            done.signal()
        }
        t.stackSize = Expression.stackSize / 4
        t.start()
        done.wait()
        #expect(box.results.count == texts.count)
        #expect(box.results.prefix(5).allSatisfy { $0 == "no error" }, "\(box.results.map { $0.prefix(80) })")
        #expect(box.results.suffix(2).allSatisfy { $0.contains("nested more than 256") })
    }

    /// On main `time < 1e400` was accepted (the literal became +infinity) while YAML's 1e400 was refused.
    @Test func aLiteralBeyondDoubleIsRefused() throws {
        #expect(
            err("time < 1e400") == "f.yaml:3:17: error: the number `1e400` is too large (the largest is about 1.8e308)")
        #expect(try ev("1e-400 == 0") == .bool(true))
    }

    /// On main 1e300 was printed as "1e+3" (trailing zeros stripped from `1e+300`).
    @Test func hugeAndTinyNumbersInMessages() {
        #expect(formatNumber(1e300) == "1e300")
        #expect(formatNumber(-2.5e20) == "-2.5e20")
        #expect(formatNumber(1e-300) == "1e-300")
        #expect(formatNumber(1e15) == "1000000000000000")
        #expect(formatNumber(-1e16) == "-1e16")
        #expect(formatNumber(123456) == "123456")
        #expect(formatNumber(0.25) == "0.25")
    }

    /// Locations come from a table: columns count Unicode scalars, lines advance at newlines.
    @Test func locationsAfterNewlinesAndWideCharacters() {
        #expect(err("time +\n  é") == "f.yaml:4:3: error: unknown name `é`")
        #expect(err("'🙂' + ") == "f.yaml:3:16: error: expected an expression at the end")
    }
}
