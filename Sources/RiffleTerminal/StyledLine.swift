/// One line of output as styled pieces of already-safe text. Escape sequences exist only in
/// `rendered(color:)`, added around whole pieces after fitting, so truncation can never split one.
public struct StyledLine: Sendable, Hashable {
    public struct Segment: Sendable, Hashable {
        /// Safe text: sanitized remote text, or the program's own.
        public var text: String
        public var style: TextStyle
    }

    public private(set) var segments: [Segment] = []

    public init() {}

    /// Appends remote text, sanitized.
    public mutating func append(_ text: UntrustedText, style: TextStyle = .plain) {
        appendSafe(text.terminalText, style: style)
    }

    /// Appends the program's own text (numbers, labels, separators). Never pass remote text here.
    mutating func appendSafe(_ text: String, style: TextStyle = .plain) {
        guard !text.isEmpty else { return }
        if let last = segments.last, last.style == style {
            segments[segments.count - 1].text += text
        } else {
            segments.append(Segment(text: text, style: style))
        }
    }

    /// The text without styles.
    public var plainText: String { segments.map(\.text).joined() }

    /// Display columns.
    public var width: Int { segments.reduce(0) { $0 + DisplayWidth.of($1.text) } }

    /// The line cut to at most `columns` display columns. A cut line ends with `…`; the cut falls between
    /// characters (grapheme clusters), so a wide character, emoji sequence or combining mark is kept whole
    /// or dropped whole.
    public func fitted(to columns: Int) -> StyledLine {
        guard columns > 0 else { return StyledLine() }
        guard width > columns else { return self }
        var budget = columns - 1  // room for the ellipsis
        var result = StyledLine()
        outer: for segment in segments {
            var kept = ""
            for character in segment.text {
                let cost = DisplayWidth.of(character)
                if cost > budget {
                    result.appendSafe(kept, style: segment.style)
                    break outer
                }
                budget -= cost
                kept.append(character)
            }
            result.appendSafe(kept, style: segment.style)
        }
        result.appendSafe("…", style: .plain)
        return result
    }

    /// The bytes to write: with `color`, each styled piece wrapped in its SGR sequence and a reset.
    public func rendered(color: Bool) -> String {
        guard color else { return plainText }
        var output = ""
        for segment in segments {
            if segment.style.parameters.isEmpty {
                output += segment.text
            } else {
                output += "\u{1B}[" + segment.style.parameters + "m" + segment.text + "\u{1B}[0m"
            }
        }
        return output
    }
}
