/// A JSON string literal: quotes, backslashes and every control character escaped (RFC 8259).
/// `forScript` also escapes `<`, `>`, `&` and the two line separators JavaScript rejects, so
/// that the text can stand inside an HTML `<script>` element. One escaper for every JSON the
/// tool writes: the JSON report, the replay's data and the scene schema.
public func jsonString(_ s: String, forScript: Bool = false) -> String {
    var o = "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": o += "\\\""
        case "\\": o += "\\\\"
        case "\n": o += "\\n"
        case "\r": o += "\\r"
        case "\t": o += "\\t"
        case "<" where forScript, ">" where forScript, "&" where forScript, "\u{2028}" where forScript,
            "\u{2029}" where forScript:
            o += unicodeEscape(u)
        default:
            if u.value < 0x20 { o += unicodeEscape(u) } else { o.unicodeScalars.append(u) }
        }
    }
    return o + "\""
}

/// `\uXXXX` for a scalar of the Basic Multilingual Plane (the only ones `jsonString` escapes).
private func unicodeEscape(_ u: Unicode.Scalar) -> String {
    let h = String(u.value, radix: 16)
    return "\\u" + String(repeating: "0", count: max(0, 4 - h.count)) + h
}
