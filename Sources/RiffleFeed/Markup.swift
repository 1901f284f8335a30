/// The markup pieces `HTMLText` recognises in UTF-8 bytes: tags, comments, declarations, and character
/// references.
enum Markup {
    /// Where a piece of markup starting at `start` (a `<`) ends.
    struct End {
        /// The index after the markup.
        var next: Int
        /// Whether it was a block-level element's tag, which separates words (`<p>`, `<br>`, `</li>`).
        var isBlock: Bool
    }

    /// What a `<` starts.
    enum Outcome {
        /// Markup, ending before `End.next`.
        case markup(End)
        /// Text: `a < b`, `<T>` under `.htmlElementsOnly`.
        case text
        /// Text, and no `>` follows anywhere, so no later `<` can start markup either: the caller stops
        /// looking (which keeps `<a<a<a…` linear).
        case textToTheEnd
    }

    /// What the `<` at `start` starts.
    static func skip(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, tags: HTMLText.Tags) -> Outcome {
        guard let end = end(bytes, at: start, tags: tags) else { return .text }
        return end.next < 0 ? .textToTheEnd : .markup(end)
    }

    /// The markup at `start`; `next` is -1 when no `>` follows; `nil` for text.
    private static func end(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, tags: HTMLText.Tags) -> End? {
        let noClose = End(next: -1, isBlock: false)
        var index = start + 1
        guard index < bytes.count else { return nil }
        if matches(bytes, at: index, "!--") {
            guard let close = find(bytes, "-->", from: index + 3) else { return End(next: bytes.count, isBlock: false) }
            return End(next: close + 3, isBlock: false)
        }
        let first = bytes[index]
        if first == UInt8(ascii: "!") || first == UInt8(ascii: "?") {
            guard tags == .all else { return nil }
            guard let close = find(bytes, ">", from: index) else { return noClose }
            return End(next: close + 1, isBlock: false)
        }
        let closing = first == UInt8(ascii: "/")
        if closing { index += 1 }
        let nameStart = index
        while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
        guard index > nameStart, isLetter(bytes[nameStart]), index - nameStart <= 32 else { return nil }
        let name = lowercased(bytes, nameStart..<index)
        if index < bytes.count {
            let after = bytes[index]
            guard after == UInt8(ascii: ">") || after == UInt8(ascii: "/") || isSpace(after) else { return nil }
        }
        if tags == .htmlElementsOnly, !elements.contains(name) { return nil }
        guard let close = tagEnd(bytes, from: index) else { return noClose }
        if !closing, name == "script" || name == "style" {
            // Their bodies are code, not text: skip to the closing tag (or the end).
            var search = close + 1
            while let open = find(bytes, "</", from: search) {
                if matchesLowercased(bytes, at: open + 2, name) {
                    let end = tagEnd(bytes, from: open + 2) ?? bytes.count - 1
                    return End(next: end + 1, isBlock: true)
                }
                search = open + 2
            }
            return End(next: bytes.count, isBlock: true)
        }
        return End(next: close + 1, isBlock: blocks.contains(name))
    }

    /// The character reference at `start` (a `&`) and the index after it, else `nil` (a bare `&`, an
    /// unknown name). Named references need their `;`; numeric ones do not (as browsers read them).
    static func reference(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (Unicode.Scalar, Int)? {
        var index = start + 1
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "#") {
            index += 1
            var hex = false
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "x") {
                hex = true
                index += 1
            }
            var value: UInt32 = 0
            let digitsStart = index
            while index < bytes.count, let digit = digitValue(bytes[index], hex: hex) {
                value = min(value &* (hex ? 16 : 10) &+ digit, 0x11_0000)
                index += 1
            }
            guard index > digitsStart else { return nil }
            if index < bytes.count, bytes[index] == UInt8(ascii: ";") { index += 1 }
            return (HTMLEntities.scalar(code: value), index)
        }
        let nameStart = index
        while index < bytes.count, index - nameStart <= 32, isNameByte(bytes[index]) { index += 1 }
        guard index > nameStart, index < bytes.count, bytes[index] == UInt8(ascii: ";") else { return nil }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<index]), as: UTF8.self)
        guard let scalar = HTMLEntities.scalar(named: name) else { return nil }
        return (scalar, index + 1)
    }

    /// HTML element names, for `.htmlElementsOnly`.
    static let elements: Set<String> = [
        "a", "abbr", "acronym", "address", "article", "aside", "audio", "b", "big", "blockquote", "br", "center",
        "cite", "code", "dd", "del", "dfn", "div", "dl", "dt", "em", "figcaption", "figure", "font", "footer", "h1",
        "h2", "h3", "h4", "h5", "h6", "header", "hr", "i", "iframe", "img", "ins", "kbd", "li", "mark", "nav", "ol",
        "p", "picture", "pre", "q", "s", "samp", "script", "section", "small", "source", "span", "strike", "strong",
        "style", "sub", "sup", "table", "tbody", "td", "tfoot", "th", "thead", "time", "tr", "tt", "u", "ul", "var",
        "video", "wbr",
    ]

    /// Elements whose tags separate words.
    static let blocks: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt", "figcaption", "figure", "footer",
        "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "img", "li", "nav", "ol", "p", "pre", "section", "table",
        "td", "th", "tr", "ul",
    ]

    /// The `>` closing a tag whose name ended before `from`, skipping quoted attribute values (the first
    /// `>` at all when a quote never closes); `nil` when no `>` follows.
    private static func tagEnd(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        var index = from
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return index
            }
            index += 1
        }
        return quote == nil ? nil : find(bytes, ">", from: from)
    }

    private static func find(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: StaticString, from: Int) -> Int? {
        var index = from
        while index < bytes.count {
            if matches(bytes, at: index, needle) { return index }
            index += 1
        }
        return nil
    }

    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ needle: StaticString) -> Bool {
        let count = needle.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let pointer = needle.utf8Start
        for offset in 0..<count where bytes[index + offset] != pointer[offset] { return false }
        return true
    }

    private static func matchesLowercased(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ name: String) -> Bool {
        var position = index
        for byte in name.utf8 {
            guard position < bytes.count, bytes[position] | 0x20 == byte else { return false }
            position += 1
        }
        return position < bytes.count && !isNameByte(bytes[position])
    }

    private static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: range.map { isLetter(bytes[$0]) ? bytes[$0] | 0x20 : bytes[$0] }, as: UTF8.self)
    }

    private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
    private static func isNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}
