/// Untrusted text (server messages, names from a config) made safe for one line of a terminal or log:
/// control characters, escape sequences and bidi controls are shown as visible, inert text.
enum InertText {
    static func line(_ text: String, limit: Int = 2000) -> String {
        var out = ""
        for scalar in text.unicodeScalars.prefix(limit) {
            switch scalar.value {
            case 0x00..<0x20: out += "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
            case 0x7F: out += "^?"
            case 0x80..<0xA0, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C:
                out += "<U+" + String(scalar.value, radix: 16, uppercase: true) + ">"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
