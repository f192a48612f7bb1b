import Diagnostics
import Foundation
@_spi(Testing) import RecordMode
import Results
import SceneLoader
import Testing

typealias Location = Diagnostics.SourceLocation

@Suite struct UpdateTests {
    @Test func fewestDigitsWithinHalfTheTolerance() {
        #expect(ExpectationRewriter.number(743.159142, tolerance: 0.5, old: 0, oldText: "0") == "743")
        #expect(ExpectationRewriter.number(182.669321, tolerance: 0.01, old: 0, oldText: "0") == "182.67")
        #expect(ExpectationRewriter.number(-0.0001, tolerance: 0.01, old: 5, oldText: "5") == "0")
        #expect(ExpectationRewriter.number(0.30621, tolerance: 0.00001, old: 0, oldText: "0") == "0.30621")
        // An old value already within half the tolerance is kept as written.
        #expect(ExpectationRewriter.number(743.159, tolerance: 1, old: 743.2, oldText: "743.20") == "743.20")
        #expect(
            ExpectationRewriter.decimal(-2.5, 1) == "-2.5" && ExpectationRewriter.decimal(0.05, 2) == "0.05"
                && ExpectationRewriter.decimal(-0.0, 0) == "0")
    }

    @Test func elementsAreRewrittenInPlaceKeepingSpacing() throws {
        let text =
            "views: { a: { frame: [0, 0, 10, 10] } }\nexpect: { views: { a: { frame: [ 1,  2.5, 10, 10 ], within: 0.1 }, alpha: 1 } }  # keep me\n"
        let loc = Location(file: "s.yaml", line: 2, column: 32)
        let o = Observation(location: loc, observed: .numbers([3, 2.52, 10, 10], tolerance: 0.1), passed: false)
        let out = try rewrite(Array(text.utf8), [o])
        #expect(String(decoding: out, as: UTF8.self) == text.replacingOccurrences(of: "[ 1,  2.5", with: "[ 3,  2.5"))
    }

    @Test func casesThatDisagreeAreLeftAlone() {
        let text = "expect: { views: { a: { frame: [ 1,  2.5, 10, 10 ] } } }\n"
        let loc = Location(file: "s.yaml", line: 1, column: 32)
        let a = Observation(location: loc, observed: .numbers([3, 2.5, 10, 10], tolerance: 0.1), passed: false)
        let b = Observation(location: loc, observed: .numbers([4, 2.5, 10, 10], tolerance: 0.1), passed: false)
        let plan = ExpectationRewriter.plan(
            [result(a), result(b)], scope: .failing, sources: ["s.yaml": SourceText(bytes: Array(text.utf8))])
        #expect(plan.isEmpty)
        #expect(plan.leftAlone.map(\.why) == ["its cases observed different values: needs a hand"])
        #expect(plan.leftAlone.map(\.failing) == [true])
    }

    /// In every line-ending and encoding variant, the values after the combining marks, the
    /// U+2028 and the CRLF lines are the ones rewritten, and every other byte (the BOM, each line
    /// break, the tab, the comments, the anchor) is kept. The old record mode rewrote another key
    /// or nothing at all in each of these.
    @Test(arguments: Nasty.variants.map(\.name))
    func theIntendedBytesAndNoOthers(_ variant: String) throws {
        let bytes = try #require(Nasty.variants.first { $0.name == variant }).bytes
        let lines = ByteLines(bytes)
        /// The location of the text `needle`, which occurs once, plus `skip` bytes.
        func at(_ needle: String, skip: Int = 0) throws -> Location {
            let n = Array(needle.utf8)
            let starts = (0...(bytes.count - n.count)).filter { Array(bytes[$0..<($0 + n.count)]) == n }
            #expect(starts.count == 1, "\(needle)")
            let p = lines.position(of: try #require(starts.first) + skip)
            return Location(file: "s.yaml", line: p.line, column: p.column)
        }
        let observations = [
            Observation(location: try at("&y 700"), observed: .numbers([743.159], tolerance: 0.5), passed: false),
            Observation(
                location: try at("restBy: 3", skip: 8), observed: .restTime(3.41, tick: 1.0 / 60), passed: false),
            Observation(location: try at("\">= 5\""), observed: .count(3), passed: false),
            Observation(location: try at("x:\t145", skip: 3), observed: .numbers([150], tolerance: 0.5), passed: false),
            Observation(
                location: try at("      frame: [145,", skip: 13),
                observed: .numbers([145, 743.2, 100, 100], tolerance: 0.5), passed: false),
        ]
        let out = try rewrite(bytes, observations)
        var expected = String(decoding: bytes, as: UTF8.self)
        for (old, new) in [
            ("&y 700", "&y 743"), ("restBy: 3", "restBy: 3.41"), ("\">= 5\"", "\"3\""), ("x:\t145", "x:\t150"),
        ] {
            #expect(expected.components(separatedBy: old).count == 2, "\(old)")
            expected = expected.replacingOccurrences(of: old, with: new)
        }
        let listStart = try #require(expected.range(of: "frame: [145,"))
        let seven = try #require(expected.range(of: "700", range: listStart.upperBound..<expected.endIndex))
        expected.replaceSubrange(seven, with: "743")
        #expect(out == Array(expected.utf8), "\(variant): \(String(decoding: out, as: UTF8.self).debugDescription)")
    }

    /// An anchored value that an alias uses elsewhere, an expression, a value in a block scalar:
    /// left alone with why, and the failure counts (`failing`).
    @Test func aliasesAndFormsItCannotRewriteAreListed() throws {
        let bytes = Nasty.variants[0].bytes
        let census = try Nasty.census(bytes)
        let w = try #require(census.scalars.first { $0.value.uses == 2 }?.key)
        let loc = Location(file: "s.yaml", line: w.line, column: w.column)
        let o = Observation(location: loc, observed: .numbers([120], tolerance: 0.5), passed: false)
        let plan = ExpectationRewriter.plan([result(o)], scope: .failing, sources: ["s.yaml": SourceText(bytes: bytes)])
        #expect(plan.isEmpty)
        #expect(plan.leftAlone.map(\.why) == ["used through an alias (`*name`) elsewhere too: needs a hand"])
        #expect(plan.leftAlone.map(\.failing) == [true])
        // A position that names no value (the middle of a comment).
        let nowhere = Observation(
            location: Location(file: "s.yaml", line: 1, column: 5), observed: .numbers([1], tolerance: 0.5),
            passed: false)
        let p2 = ExpectationRewriter.plan(
            [result(nowhere)], scope: .failing, sources: ["s.yaml": SourceText(bytes: bytes)])
        #expect(p2.isEmpty && p2.leftAlone.map(\.failing) == [true])
    }

    /// A value that a case outside the run reads is never rewritten; it is listed as left alone.
    @Test func aValueReadByAnUnselectedCaseIsLeftAlone() throws {
        let text = "expect:\n  restBy: 1\n"
        let loc = Location(file: "s.yaml", line: 2, column: 11)
        let o = Observation(location: loc, observed: .restTime(2.5, tick: 1.0 / 60), passed: false)
        let plan = ExpectationRewriter.plan(
            [result(o)], scope: .failing, sources: ["s.yaml": SourceText(bytes: Array(text.utf8))],
            readElsewhere: [loc: "base"])
        #expect(plan.isEmpty)
        #expect(
            plan.leftAlone.map(\.why) == [
                "also read by case `base`, which this run did not select (--filter or --shard): run it too"
            ])
    }

    /// The check after editing: the document must be the old one with exactly the intended
    /// scalars changed. An edit of the wrong bytes, a change of quoting or a missing change is
    /// named with the position in the old text.
    @Test func theEditedDocumentIsCheckedAgainstTheOld() {
        let old = "a: 1\nb: [2, 3]  # c\nc: 'x'\n"
        let p = { (l: Int, c: Int) in YAMLCensus.Position(line: l, column: c) }
        #expect(YAMLCensus.difference(old: old, new: "a: 1\nb: [2, 4]  # c\nc: 'x'\n", intended: [p(2, 8): "4"]) == nil)
        #expect(YAMLCensus.difference(old: old, new: "a: 1\nb: [2, 4]  # d\nc: 'x'\n", intended: [p(2, 8): "4"]) == nil)
        let wrong = YAMLCensus.difference(old: old, new: "a: 4\nb: [2, 3]  # c\nc: 'x'\n", intended: [p(2, 8): "4"])
        #expect(wrong?.0 == p(1, 4))
        let restyled = YAMLCensus.difference(old: old, new: "a: 1\nb: [2, 3]  # c\nc: \"x\"\n", intended: [:])
        #expect(restyled?.0 == p(3, 4))
        let missing = YAMLCensus.difference(old: old, new: old, intended: [p(1, 4): "2"])
        #expect(missing?.0 == p(1, 4) && missing?.1 == "`1` would read `1`, not `2`")
        #expect(YAMLCensus.difference(old: old, new: "a: [1\n", intended: [:]) != nil)
    }

    /// A run that observed a NaN or an infinity (found by the record-mode fuzz target, which
    /// saw `y: 2` become `y: nan`, a value the loader reads as a NaN that no observation fails):
    /// left alone, with why, and the failure counts.
    @Test func aValueThatIsNotANumberIsNeverWritten() {
        let text = "expect: { views: { a: { y: 2, frame: [0, 0, 1, 1] } }, restBy: 3 }\n"
        let sources = ["s.yaml": SourceText(bytes: Array(text.utf8))]
        for (column, observed) in [
            (28, Observation.Observed.numbers([.nan], tolerance: 0.5)),
            (28, .numbers([-.infinity], tolerance: 0.5)),
            (38, .numbers([0, .nan, 1, 1], tolerance: 0.5)),
            (64, .restTime(.infinity, tick: 1.0 / 60)),
        ] {
            let loc = Location(file: "s.yaml", line: 1, column: column)
            let plan = ExpectationRewriter.plan(
                [result(Observation(location: loc, observed: observed, passed: false))], scope: .all, sources: sources)
            #expect(plan.isEmpty, "\(observed)")
            #expect(plan.leftAlone.map(\.location) == [loc] && plan.leftAlone.allSatisfy(\.failing))
            #expect(
                plan.leftAlone.first?.why.hasSuffix("which is no value to write: needs a hand") == true,
                "\(plan.leftAlone)")
        }
    }

    /// The driver's last step before writing (`rewrite`): the edits applied and the result parsed
    /// again; edits that overlap or that would change anything but their values are refused at
    /// a place in the old text, with nothing to write.
    @Test func theRewriteIsRefusedUnlessTheParserAgrees() throws {
        let text = "a: 1\nb: [2, 3]  # c\n"
        let source = SourceText(bytes: Array(text.utf8))
        let loc = Location(file: "s.yaml", line: 1, column: 4)
        var r = CaseResult(file: "s.yaml", name: "s", status: .failed)
        r.observations = [Observation(location: loc, observed: .numbers([5], tolerance: 0.5), passed: false)]
        let edit = try #require(
            ExpectationRewriter.plan([r], scope: .failing, sources: ["s.yaml": source]).edits["s.yaml"]?.first)
        #expect(try ExpectationRewriter.rewrite([edit], in: source).get() == Array("a: 5\nb: [2, 3]  # c\n".utf8))
        #expect(try ExpectationRewriter.rewrite([], in: source).get() == source.bytes)
        var overlapping = edit
        overlapping.range = 3..<6
        let overlap = ExpectationRewriter.rewrite([edit, overlapping], in: source)
        guard case .failure(let clash) = overlap else {
            Issue.record("overlapping edits were applied")
            return
        }
        #expect(
            clash.location == loc && clash.why == "the edits overlap or the edited text is not UTF-8; nothing written")
        // A new text that is not the scalar alone: the parser sees a mapping where a number was.
        var restructured = edit
        restructured.new = "x: 5"
        guard case .failure(let refusal) = ExpectationRewriter.rewrite([restructured], in: source) else {
            Issue.record("a rewrite that changes the document's shape was made")
            return
        }
        #expect(refusal.location == loc && refusal.why.hasPrefix("the edited file would not be the same document"))
    }

    /// Plans and applies `observations` to `bytes` and checks the result with the parser, as the
    /// driver does before writing.
    func rewrite(_ bytes: [UInt8], _ observations: [Observation]) throws -> [UInt8] {
        let source = SourceText(bytes: bytes)
        var r = CaseResult(
            file: "s.yaml", name: "s", status: .failed,
            failures: observations.map { Failure(location: $0.location, message: "m") })
        r.observations = observations
        let plan = ExpectationRewriter.plan([r], scope: .failing, sources: ["s.yaml": source])
        #expect(plan.leftAlone.isEmpty, "\(plan.leftAlone)")
        let edits = plan.edits["s.yaml"] ?? []
        #expect(edits.count == observations.count)
        return try ExpectationRewriter.rewrite(edits, in: source).get()
    }

    func result(_ o: Observation) -> CaseResult {
        var r = CaseResult(
            file: "s.yaml", name: "s", status: .failed, failures: [Failure(location: o.location, message: "m")])
        r.observations = [o]
        return r
    }
}
