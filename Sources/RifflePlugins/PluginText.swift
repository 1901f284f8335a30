/// Text that came from a plugin (its stderr, its error messages), made safe to show: control characters
/// and escape sequences become visible escapes, and it is cut to a length a one-line message can carry.
enum PluginText {
    /// The longest excerpt kept, in characters.
    static let maxCharacters = 500

    /// The end of `bytes` (the most recent output tells most), sanitized; `nil` when there is nothing.
    static func excerpt(_ bytes: [UInt8], limit: Int = maxCharacters) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        let escaped = sanitize(text.trimmingWhitespace)
        guard !escaped.isEmpty else { return nil }
        guard escaped.count > limit else { return escaped }
        return "…" + escaped.suffix(limit)
    }

    /// A message, sanitized, its start kept.
    static func message(_ text: String, limit: Int = maxCharacters) -> String {
        let escaped = sanitize(text.trimmingWhitespace)
        return escaped.count > limit ? escaped.prefix(limit) + "…" : escaped
    }

    /// Every C0 and C1 control character and DEL written as an inert escape (`\n`, `\x1b`, `\u{9b}`).
    static func sanitize(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case 0x0D: out += "\\r"
            case 0x00..<0x20, 0x7F: out += "\\x" + hex(scalar.value)
            case 0x80..<0xA0: out += "\\u{" + hex(scalar.value) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return digits.count < 2 ? "0" + digits : digits
    }
}

extension String {
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
