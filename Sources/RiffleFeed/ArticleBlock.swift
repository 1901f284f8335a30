/// One block of an article, as `Article` models it: what a reader needs to lay the text out, nothing of
/// the HTML's presentation.
package indirect enum ArticleBlock: Sendable, Hashable {
    /// `p` and the text outside any block.
    case paragraph([ArticleRun])
    /// `h1`–`h6`: the level and the text.
    case heading(level: Int, [ArticleRun])
    /// `ul` (`ordered: false`) or `ol` (numbered from `start`): each item's blocks, where a nested list is
    /// a block of its own.
    case list(ordered: Bool, start: Int, items: [[ArticleBlock]])
    /// `blockquote`: its blocks.
    case blockquote([ArticleBlock])
    /// `pre`: the text exactly as written (line ends and spaces kept; tabs too).
    case preformatted(String)
    /// `table`: its rows, each a list of cells' texts.
    case table([[[ArticleRun]]])
    /// `img`: its `alt` text (empty when it has none).
    case image(alt: String)
    /// `hr`.
    case rule
}
