import Foundation
import Testing
import Diagnostics
import Results
@_spi(Testing) import RecordMode

@Suite struct UpdateTests {
    let here = SourceLocation(file: "s.yaml", line: 2, column: 18)
    let text = "views: { a: { frame: [0, 0, 10, 10] } }\nexpect: { views: { a: { frame: [ 1,  2.5, 10, 10 ], within: 0.1 }, alpha: 1 } }  # keep me\n"

    @Test func fewestDigitsWithinHalfTheTolerance() {
        #expect(ExpectationRewriter.number(743.159142, tolerance: 0.5, old: 0, oldText: "0") == "743")
        #expect(ExpectationRewriter.number(182.669321, tolerance: 0.01, old: 0, oldText: "0") == "182.67")
        #expect(ExpectationRewriter.number(-0.0001, tolerance: 0.01, old: 5, oldText: "5") == "0")
        #expect(ExpectationRewriter.number(0.30621, tolerance: 0.00001, old: 0, oldText: "0") == "0.30621")
        // An old value already within half the tolerance is kept as written.
        #expect(ExpectationRewriter.number(743.159, tolerance: 1, old: 743.2, oldText: "743.20") == "743.20")
        #expect(ExpectationRewriter.decimal(-2.5, 1) == "-2.5" && ExpectationRewriter.decimal(0.05, 2) == "0.05" && ExpectationRewriter.decimal(-0.0, 0) == "0")
    }

    @Test func elementsAreRewrittenInPlaceKeepingSpacing() throws {
        let loc = SourceLocation(file: "s.yaml", line: 2, column: 32)
        let token = try #require(Token.at(loc, in: text))
        #expect(token.text == "[ 1,  2.5, 10, 10 ]")
        let o = Observation(location: loc, observed: .numbers([3, 2.52, 10, 10], tolerance: 0.1), passed: false)
        #expect(ExpectationRewriter.replacement(for: o, token: token) == "[ 3,  2.5, 10, 10 ]")
        let plan = ExpectationRewriter.plan([result(o)], scope: .failing, sources: ["s.yaml": text])
        #expect(plan.summary == ["s.yaml:2: [ 1,  2.5, 10, 10 ] → [ 3,  2.5, 10, 10 ]"])
        let out = ExpectationRewriter.apply(plan.edits["s.yaml"] ?? [], to: text)
        #expect(out == text.replacingOccurrences(of: "[ 1,  2.5", with: "[ 3,  2.5"))
    }

    @Test func casesThatDisagreeAreLeftAlone() {
        let loc = SourceLocation(file: "s.yaml", line: 2, column: 32)
        let a = Observation(location: loc, observed: .numbers([3, 2.5, 10, 10], tolerance: 0.1), passed: false)
        let b = Observation(location: loc, observed: .numbers([4, 2.5, 10, 10], tolerance: 0.1), passed: false)
        let plan = ExpectationRewriter.plan([result(a), result(b)], scope: .failing, sources: ["s.yaml": text])
        #expect(plan.isEmpty)
        #expect(plan.leftAlone.map(\.why) == ["its cases observed different values: needs a hand"])
    }

    func result(_ o: Observation) -> CaseResult {
        var r = CaseResult(file: "s.yaml", name: "s", status: .failed, failures: [Failure(location: o.location, message: "m")], source: text)
        r.observations = [o]
        return r
    }
}
