import Diagnostics
import Expressions
import Testing

/// The hook of `scenerun mutate`'s boundary operator: what a comparison with a constant saw,
/// nearest the constant on each side; nothing without a log.
@Suite struct ComparisonLogTests {
    struct Logged: NameResolver {
        var time: Double
        var comparisonLog: ComparisonLog?
        func resolve(_ path: [String], at location: Diagnostics.SourceLocation) throws(Diagnostic) -> Value {
            .number(time)
        }
    }

    func nearest(_ text: String, _ times: [Double]) throws -> ComparisonLog.Nearest? {
        let e = try Expression.parse(text, at: here)
        _ = try typeCheck(e, in: scope)
        let log = ComparisonLog()
        for t in times { _ = try evaluate(e, Logged(time: t, comparisonLog: log), scope: scope) }
        return log.nearest[e.location]
    }

    @Test func eachSideKeepsTheValueNearestTheConstant() throws {
        // `time > 3` is false at 3 itself, as below it: 3 is on the lower side.
        #expect(try nearest("time > 3", [2, 3, 5, 4, 9]) == ComparisonLog.Nearest(below: 3, above: 4))
        // `time >= 3` is true at 3, as above it.
        #expect(try nearest("time >= 3", [2, 3, 5]) == ComparisonLog.Nearest(below: 2, above: 3))
        // The constant on the left reads as its mirror: `3 < time` is `time > 3`.
        #expect(try nearest("3 < time", [1, 3, 7]) == ComparisonLog.Nearest(below: 3, above: 7))
        #expect(try nearest("time < -1", [-4, 0.5]) == ComparisonLog.Nearest(below: -4, above: 0.5))
        // No constant, nothing recorded.
        #expect(try nearest("time > time", [1]) == nil)
        // A resolver without a log records nothing and evaluates as before.
        #expect(try ev("time > 1") == .bool(true))
    }
}
