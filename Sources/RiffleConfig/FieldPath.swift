/// A dotted path into a JSON response, such as `data.repository.issues.edges`.
///
/// The generic adapter walks responses with these; a segment that meets an array applies to every
/// element. Only the syntax is checked here: non-empty segments, no spaces.
public struct FieldPath: Sendable, Hashable, CustomStringConvertible {
    /// The segments, in order.
    public var segments: [String]

    /// Parses `text`; `nil` when a segment is empty or holds whitespace.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard
            !parts.contains(where: { part in
                part.isEmpty || part.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 }
            })
        else { return nil }
        segments = parts.map(String.init)
    }

    public var description: String { segments.joined(separator: ".") }
}
