/// Escapes C0 and C1 control characters, DEL, and the Unicode bidirectional controls, so that a
/// name from a scene file or a path cannot move the cursor, clear the screen or reorder the text
/// of a terminal (`ESC[2J`, U+202E).
public func escapeForTerminal(_ s: String) -> String {
    var out = ""
    for u in s.unicodeScalars {
        let v = u.value
        if (v < 0x20 && v != 0x09) || v == 0x7F || (0x80...0x9F).contains(v)
            || (0x200E...0x200F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
            || v == 0x061C
        {
            let h = String(v, radix: 16, uppercase: true)
            out += "\\u{\(h)}"
        } else {
            out.unicodeScalars.append(u)
        }
    }
    return out
}
