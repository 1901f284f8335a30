/// A dotted path into a JSON response, such as `data.repository.issues.edges`.
///
/// The generic adapter walks responses with these; a segment that meets an array applies to every
/// element. Only the syntax is checked here: non-empty segments, no spaces.
public struct FieldPath: Sendable, Hashable, CustomStringConvertible {
    /// The segments, in order.
    public var segments: [String]

    /// Parses `text`; `nil` when a segment is empty or holds whitespace.
    package init?(_ text: String) {
        // One pass over the bytes, cutting at dots (splitting first, then copying, cost two arrays).
        let utf8 = text.utf8
        var segments: [String] = []
        // Sized once from the dots: growing the array segment by segment reallocated it up to three times.
        var dots = 0
        for byte in utf8 where byte == UInt8(ascii: ".") { dots += 1 }
        segments.reserveCapacity(dots + 1)
        var nonASCII = false
        var start = utf8.startIndex
        var index = start
        while true {
            if index == utf8.endIndex || utf8[index] == UInt8(ascii: ".") {
                guard index != start else { return nil }
                segments.append(String(text[start..<index]))
                if index == utf8.endIndex { break }
                start = utf8.index(after: index)
            } else {
                let byte = utf8[index]
                if byte <= 0x20 || byte == 0x7F { return nil }
                if byte >= 0x80 { nonASCII = true }
            }
            index = utf8.index(after: index)
        }
        // Non-ASCII whitespace (NBSP, ideographic space) is rare: only then look at scalar properties.
        if nonASCII, text.unicodeScalars.contains(where: { $0.properties.isWhitespace }) { return nil }
        self.segments = segments
    }

    public var description: String { segments.joined(separator: ".") }
}
