/// An entry's HTML as an article a terminal can lay out: blocks (paragraphs, headings, lists,
/// blockquotes, preformatted text, tables, images, rules) of inline runs, and the links they refer to by
/// number. A neutral, `Sendable` value: it knows nothing of widths or terminals, and every text in it is
/// remote text, to be made safe where it is shown.
///
/// Read with libxml2's HTML parser (`HTMLTree`: recovery mode, no network, no errors printed) and built by
/// `ArticleBuilder`, within `Limits`: a hostile document costs at most so many blocks, so much text and so
/// deep a nesting, and `isCut` says when something was left out.
package struct Article: Sendable, Hashable {
    /// How much of a document an article keeps.
    package struct Limits: Sendable, Hashable {
        /// The deepest element nesting read; deeper elements are left out.
        package var maxDepth: Int
        /// The most blocks (every list item and table cell counts).
        package var maxBlocks: Int
        /// The most UTF-8 bytes of text.
        package var maxTextBytes: Int
        /// The most numbered links; later links are shown as text.
        package var maxLinks: Int

        package init(maxDepth: Int = 64, maxBlocks: Int = 20_000, maxTextBytes: Int = 1 << 20, maxLinks: Int = 2000) {
            self.maxDepth = maxDepth
            self.maxBlocks = maxBlocks
            self.maxTextBytes = maxTextBytes
            self.maxLinks = maxLinks
        }

        /// 64 levels, 20,000 blocks, 1 MiB of text, 2,000 links.
        package static let standard = Limits()
    }

    package var blocks: [ArticleBlock]
    /// The links' absolute http and https URLs; the run whose `link` is `n` refers to `links[n - 1]`. Each
    /// URL once, in the order the text first refers to it.
    package var links: [String]
    /// Whether a limit left part of the document out.
    package var isCut: Bool

    package init(blocks: [ArticleBlock], links: [String] = [], isCut: Bool = false) {
        self.blocks = blocks
        self.links = links
        self.isCut = isCut
    }

    /// The article in `html`, its relative links resolved against `baseURL` (the item's URL).
    package init(html: String, baseURL: String?, limits: Limits = .standard) {
        var builder = ArticleBuilder(baseURL: baseURL, limits: limits)
        HTMLTree.walk(html, visitor: &builder)
        self = builder.article()
    }
}
