import Diagnostics
import SceneLoader

extension ExpectationRewriter {
    /// Why the edits of one file were not made (nothing is to be written to it): the place in the
    /// old text the refusal concerns, and why.
    public struct Refusal: Error, Sendable, Equatable {
        public var location: SourceLocation
        public var why: String
    }

    /// The new bytes of one file: `edits` (that file's, from `plan`) applied to `source`, then
    /// checked by parsing the edited text again, which must be the old document with exactly the
    /// intended scalars changed. A refusal when the edits overlap, the edited text is not UTF-8 or
    /// the parser disagrees. This is all record mode does to a file's text before writing it.
    public static func rewrite(_ edits: [Edit], in source: SourceText) -> Result<[UInt8], Refusal> {
        guard let first = edits.min(by: { $0.range.lowerBound < $1.range.lowerBound }) else {
            return .success(source.bytes)
        }
        var intended: [YAMLCensus.Position: String] = [:]
        for e in edits { intended.merge(e.changes) { a, _ in a } }
        guard let newBytes = apply(edits, to: source.bytes), let oldText = source.text,
            let newText = SourceText(bytes: newBytes).text
        else {
            return .failure(
                Refusal(
                    location: first.location, why: "the edits overlap or the edited text is not UTF-8; nothing written")
            )
        }
        if let (p, why) = YAMLCensus.difference(old: oldText, new: newText, intended: intended) {
            let at = p.map { SourceLocation(file: first.location.file, line: $0.line, column: $0.column) }
            return .failure(
                Refusal(
                    location: at ?? first.location,
                    why: "the edited file would not be the same document with only the values changed (\(why)); "
                        + "nothing written"))
        }
        return .success(newBytes)
    }
}
