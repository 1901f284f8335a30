/// A short plain-text excerpt of a response body for error messages: tags stripped, entities decoded,
/// control characters dropped, whitespace collapsed, at most `limit` characters. An HTML error page from
/// a proxy becomes one readable line, never a page of markup.
enum BodyExcerpt {
    /// Only the first bytes of a body are looked at.
    static let scanLimit = 16 * 1024

    static func make(from body: [UInt8], limit: Int = 200) -> String {
        let text = String(decoding: body.prefix(scanLimit), as: UTF8.self)
        var plain = ""
        var index = text.startIndex
        var skipUntil: String?
        while index < text.endIndex {
            let character = text[index]
            if character == "<" {
                let close = text[index...].firstIndex(of: ">") ?? text.endIndex
                let tag = text[text.index(after: index)..<close].lowercased()
                if let end = skipUntil {
                    if tag.hasPrefix(end) { skipUntil = nil }
                } else if tag.hasPrefix("script") || tag.hasPrefix("style") {
                    skipUntil = tag.hasPrefix("script") ? "/script" : "/style"
                } else if tag.hasPrefix("title") || tag.hasPrefix("/title") {
                    plain.append(" ")
                }
                plain.append(" ")
                index = close == text.endIndex ? close : text.index(after: close)
                continue
            }
            if skipUntil == nil { plain.append(character) }
            index = text.index(after: index)
        }
        let decoded = decodeEntities(plain)
        var collapsed = ""
        var lastWasSpace = true
        for scalar in decoded.unicodeScalars {
            let isSpace = scalar.properties.isWhitespace
            let isControl =
                scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            if isSpace || isControl {
                if !lastWasSpace { collapsed.append(" ") }
                lastWasSpace = true
            } else {
                collapsed.unicodeScalars.append(scalar)
                lastWasSpace = false
            }
        }
        let trimmed = collapsed.trimmingSpaces
        guard trimmed.count > limit else { return trimmed }
        return String(trimmed.prefix(limit - 1)).trimmingSpaces + "…"
    }

    private static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let entities = [
            "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'", "&apos;": "'", "&nbsp;": " ",
        ]
        var result = text
        for (entity, replacement) in entities where result.contains(entity) {
            result = result.replacing(entity, with: replacement)
        }
        return result
    }
}
