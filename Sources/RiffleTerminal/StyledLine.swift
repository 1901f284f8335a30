/// One line of output as styled pieces of already-safe text. Escape sequences exist only in
/// `rendered(color:links:)`, added around whole pieces after fitting, so truncation can never split one.
/// A piece may carry a hyperlink target (OSC 8), written only when links are on.
package struct StyledLine: Sendable, Hashable {
    struct Segment: Sendable, Hashable {
        /// Safe text: sanitized remote text, or the program's own.
        var text: String
        var style: TextStyle
        /// Where the piece links to, when links are on.
        var link: HyperlinkTarget?
    }

    private(set) var segments: [Segment] = []

    package init() {}

    /// Appends remote text, sanitized.
    package mutating func append(_ text: UntrustedText, style: TextStyle = .plain, link: HyperlinkTarget? = nil) {
        appendSafe(text.terminalText, style: style, link: link)
    }

    /// Appends the program's own text (numbers, labels, separators). Never pass remote text here.
    mutating func appendSafe(_ text: String, style: TextStyle = .plain, link: HyperlinkTarget? = nil) {
        guard !text.isEmpty else { return }
        if let last = segments.last, last.style == style, last.link == link {
            segments[segments.count - 1].text += text
        } else {
            segments.append(Segment(text: text, style: style, link: link))
        }
    }

    /// Appends another line's pieces, styles and links kept.
    mutating func append(_ line: StyledLine) {
        for segment in line.segments { appendSafe(segment.text, style: segment.style, link: segment.link) }
    }

    /// The text without styles.
    package var plainText: String { segments.map(\.text).joined() }

    /// Display columns.
    package var width: Int { segments.reduce(0) { $0 + DisplayWidth.of($1.text) } }

    /// The line cut to at most `columns` display columns. A cut line ends with `…`; the cut falls between
    /// characters (grapheme clusters), so a wide character, emoji sequence or combining mark is kept whole
    /// or dropped whole.
    package func fitted(to columns: Int) -> StyledLine {
        guard columns > 0 else { return StyledLine() }
        guard width > columns else { return self }
        var budget = columns - 1  // room for the ellipsis
        var result = StyledLine()
        outer: for segment in segments {
            var kept = ""
            for character in segment.text {
                let cost = DisplayWidth.of(character)
                if cost > budget {
                    result.appendSafe(kept, style: segment.style, link: segment.link)
                    break outer
                }
                budget -= cost
                kept.append(character)
            }
            result.appendSafe(kept, style: segment.style, link: segment.link)
        }
        result.appendSafe("…", style: .plain)
        return result
    }

    /// The bytes to write: with `color`, each styled piece wrapped in its SGR sequence and a reset; with
    /// `links` too, each linked piece inside its OSC 8 hyperlink (links need colour: both mean a terminal
    /// that takes escape sequences).
    package func rendered(color: Bool, links: Bool = false) -> String {
        guard color else { return plainText }
        var output = ""
        for segment in segments {
            let link = links ? segment.link : nil
            if let link { output += link.opening }
            if segment.style.parameters.isEmpty {
                output += segment.text
            } else {
                output += "\u{1B}[" + segment.style.parameters + "m" + segment.text + "\u{1B}[0m"
            }
            if link != nil { output += HyperlinkTarget.closing }
        }
        return output
    }
}
