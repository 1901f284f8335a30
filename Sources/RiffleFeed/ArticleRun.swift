/// A piece of an article's running text with one look: its text (remote, untrusted; whitespace already
/// collapsed), whether it is bold, italic or code, and the number of the link it belongs to.
package struct ArticleRun: Sendable, Hashable {
    /// How a run is drawn; several at once (bold italic code).
    package struct Style: OptionSet, Sendable, Hashable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }

        /// `b`, `strong`.
        package static let bold = Style(rawValue: 1)
        /// `i`, `em`, `cite`, `var`.
        package static let italic = Style(rawValue: 2)
        /// `code`, `kbd`, `samp`, `tt` outside `pre`.
        package static let code = Style(rawValue: 4)
    }

    /// The text; `"\n"` alone is a line break (`<br>`).
    package var text: String
    package var style: Style
    /// The link's number in `Article.links` (1-based, as shown: `[3]`); `nil` outside a link, or in a link
    /// that is not http or https (shown as text).
    package var link: Int?

    package init(_ text: String, style: Style = [], link: Int? = nil) {
        self.text = text
        self.style = style
        self.link = link
    }

    /// A line break.
    package static let lineBreak = ArticleRun("\n")

    package var isLineBreak: Bool { text == "\n" }
}
