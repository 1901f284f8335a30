/// A dotted path into a JSON response, such as `data.repository.issues.edges`.
///
/// The generic adapter walks responses with these; a segment that meets an array applies to every
/// element. Only the syntax is checked here: non-empty segments, no spaces.
public struct FieldPath: Sendable, Hashable, CustomStringConvertible {
    /// The segments, in order.
    public var segments: [String]

    /// Parses `text`; `nil` when a segment is empty or holds whitespace.
    public init?(_ text: String) {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        for part in parts {
            guard !part.isEmpty, !part.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else { return nil }
        }
        // Non-ASCII whitespace (NBSP, ideographic space) is rare: only then look at scalar properties.
        if text.utf8.contains(where: { $0 >= 0x80 }), text.unicodeScalars.contains(where: \.properties.isWhitespace) {
            return nil
        }
        segments = parts.map { String(decoding: $0, as: UTF8.self) }
    }

    public var description: String { segments.joined(separator: ".") }
}
