/// A dotted path into a JSON response, such as `data.repository.issues.edges`.
///
/// The generic adapter walks responses with these; a segment that meets an array applies to every
/// element. Only the syntax is checked here: non-empty segments, no spaces.
package struct FieldPath: Sendable, Hashable, CustomStringConvertible {
    /// The segments, in order.
    package var segments: [String]

    /// Parses `text`; `nil` when a segment is empty or holds whitespace.
    package init?(_ text: String) {
        // Over the contiguous bytes: walking the UTF-8 view's indices cost a call per byte.
        guard
            let (segments, nonASCII) = text.utf8.withContiguousStorageIfAvailable(Self.cut)
                ?? Array(text.utf8).withUnsafeBufferPointer(Self.cut)
        else { return nil }
        // Non-ASCII whitespace (NBSP, ideographic space) is rare: only then look at scalar properties.
        if nonASCII, text.unicodeScalars.contains(where: { $0.properties.isWhitespace }) { return nil }
        self.segments = segments
    }

    /// `bytes` cut at dots in one pass, and whether any byte is non-ASCII; `nil` when a segment is empty or
    /// holds ASCII whitespace or a control character (splitting first, then copying, cost two arrays).
    private static func cut(_ bytes: UnsafeBufferPointer<UInt8>) -> (segments: [String], nonASCII: Bool)? {
        var segments: [String] = []
        // Sized once from the dots: growing the array segment by segment reallocated it up to three times.
        var dots = 0
        for byte in bytes where byte == UInt8(ascii: ".") { dots += 1 }
        segments.reserveCapacity(dots + 1)
        var nonASCII = false
        var start = 0
        for index in 0...bytes.count {
            if index == bytes.count || bytes[index] == UInt8(ascii: ".") {
                guard index != start else { return nil }
                segments.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                start = index + 1
            } else {
                let byte = bytes[index]
                if byte <= 0x20 || byte == 0x7F { return nil }
                if byte >= 0x80 { nonASCII = true }
            }
        }
        return (segments, nonASCII)
    }

    package var description: String { segments.joined(separator: ".") }
}
