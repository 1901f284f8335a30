/// What a body looks like from its first bytes, before any parser sees it: nothing, JSON, an HTML page,
/// XML, or something else; and an HTML page's title.
enum BodySniffer {
    enum Shape: Equatable {
        case empty
        case json
        case html
        case xml
        /// Neither markup nor JSON; `start` is the body's first characters.
        case other(start: String)
    }

    /// The shape of `bytes`, from a prefix of at most 4 KiB past a byte-order mark and leading whitespace,
    /// comments, processing instructions and a DOCTYPE.
    static func shape(of bytes: [UInt8]) -> Shape {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return .xml }
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        skipSpaces(bytes, &index)
        guard index < bytes.count else { return .empty }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["): return .json
        case UInt8(ascii: "<"): break
        default:
            let end = min(bytes.count, index + 40)
            return .other(start: String(decoding: bytes[index..<end], as: UTF8.self))
        }
        let limit = min(bytes.count, 4096)
        while index < limit {
            skipSpaces(bytes, &index)
            if starts(bytes, at: index, "<?") {
                index = find(bytes, "?>", from: index + 2).map { $0 + 2 } ?? limit
            } else if starts(bytes, at: index, "<!--") {
                index = find(bytes, "-->", from: index + 4).map { $0 + 3 } ?? limit
            } else if starts(bytes, at: index, "<!doctype") {
                var word = index + 9
                skipSpaces(bytes, &word)
                return starts(bytes, at: word, "html") ? .html : .xml
            } else {
                return starts(bytes, at: index, "<html") ? .html : .xml
            }
        }
        return .xml
    }

    /// The text of an HTML page's first `<title>`, reduced to text; `nil` when it has none.
    static func htmlTitle(in bytes: [UInt8]) -> String? {
        var search = 0
        while let open = find(bytes, "<title", from: search) {
            let after = open + 6
            guard after < bytes.count else { return nil }
            guard bytes[after] == UInt8(ascii: ">") || bytes[after] <= 0x20 else {
                search = after
                continue
            }
            guard let close = bytes[after...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
            let end = find(bytes, "</title", from: close + 1) ?? bytes.count
            let raw = String(decoding: bytes[(close + 1)..<min(end, close + 1 + 4096)], as: UTF8.self)
            let text = HTMLText.text(fromHTML: raw)
            return text.isEmpty ? nil : text
        }
        return nil
    }

    private static func skipSpaces(_ bytes: [UInt8], _ index: inout Int) {
        while index < bytes.count,
            bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A
                || bytes[index] == 0x0D
        {
            index += 1
        }
    }

    /// Whether `bytes` has `prefix` (lower-case ASCII) at `index`, ignoring ASCII case.
    private static func starts(_ bytes: [UInt8], at index: Int, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let pointer = prefix.utf8Start
        for offset in 0..<count {
            let byte = bytes[index + offset]
            let folded = Markup.isLetter(byte) ? byte | 0x20 : byte
            if folded != pointer[offset] { return false }
        }
        return true
    }

    /// The first index at or after `from` where `needle` (lower-case ASCII) starts, ignoring case.
    private static func find(_ bytes: [UInt8], _ needle: StaticString, from: Int) -> Int? {
        let first = needle.utf8Start[0]
        var index = from
        while index < bytes.count {
            if bytes[index] | 0x20 == first, starts(bytes, at: index, needle) { return index }
            index += 1
        }
        return nil
    }
}
