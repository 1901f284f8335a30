/// Whether an entry's HTML is worth keeping beside its plain text.
extension HTMLText {
    /// Elements that only wrap text: one of them says nothing the plain text does not.
    private static let wrappers: Set<String> = ["p", "div", "span", "font", "section", "article", "small", "big"]

    /// Whether `html` has markup beyond its plain text: an element that shapes the text (a heading, a list,
    /// a line break, a link, emphasis, an image, a table…), or more than one wrapping element (two
    /// paragraphs). `<p>text</p>`, text with character references, and `a < b` do not.
    static func hasStructure(_ html: String) -> Bool {
        var wrapping = 0
        var found = false
        var source = html
        source.withUTF8 { bytes in
            var index = 0
            while index < bytes.count, !found {
                guard bytes[index] == UInt8(ascii: "<") else {
                    index += 1
                    continue
                }
                index += 1
                let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
                if closing { index += 1 }
                var name: [UInt8] = []
                while index < bytes.count, name.count <= 12,
                    Markup.isLetter(bytes[index]) || (bytes[index] >= 0x30 && bytes[index] <= 0x39)
                {
                    name.append(Markup.isLetter(bytes[index]) ? bytes[index] | 0x20 : bytes[index])
                    index += 1
                }
                let element = String(decoding: name, as: UTF8.self)
                guard !name.isEmpty, Markup.elements.contains(element) else { continue }
                if wrappers.contains(element) {
                    if !closing { wrapping += 1 }
                    found = wrapping > 1
                } else {
                    found = true
                }
            }
        }
        return found
    }

    /// `html` cut to at most `limit` UTF-8 bytes, before a character that would not fit whole; whether it
    /// was cut.
    static func cut(_ html: String, toBytes limit: Int) -> (html: String, cut: Bool) {
        guard html.utf8.count > limit else { return (html, false) }
        var end = html.utf8.index(html.utf8.startIndex, offsetBy: max(0, limit))
        while end > html.startIndex, !html.unicodeScalars.indices.contains(end) { end = html.utf8.index(before: end) }
        return (String(html[..<end]), true)
    }
}
