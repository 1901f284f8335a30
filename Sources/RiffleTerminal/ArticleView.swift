package import RiffleCore
package import RiffleFeed

/// `v N` for an item with HTML (`extra.content_html`): its `Article` laid out as lines fitted to the width.
///
///     # A heading (bold)
///
///     A paragraph, wrapped, with bold, italic, code and a link[1].
///
///     • an item
///       • a nested item
///     1. numbered
///     │ a blockquote, every line marked
///     let x = 1   (pre: kept as written, cut at the width with …, never wrapped)
///     key │ value
///     [image: the alt text]
///
///     links
///     [1] https://example.com/about
///
/// Paragraphs, headings, lists, quotes, tables and the rest are apart by a blank line (list items are not);
/// every remote string goes through `UntrustedText`. A pure function of its inputs.
package enum ArticleView {
    /// The most lines an article takes; a longer one is cut, saying so.
    package static let maxLines = 20_000

    /// The article an item's `extra.content_html` holds, its relative links resolved against the item's
    /// URL; `nil` when it has none.
    package static func article(of item: Item) -> Article? {
        guard item.extraJSONText?.contains(#""content_html":"#) ?? true,
            let html = item.extra["content_html"]?.stringValue
        else { return nil }
        return Article(html: html, baseURL: item.url)
    }

    /// Whether the feed's HTML was cut before it was stored (`extra.content_html_cut`).
    static func htmlWasCut(_ item: Item) -> Bool {
        guard item.extraJSONText?.contains(#""content_html_cut":"#) ?? true else { return false }
        return item.extra["content_html_cut"] == .bool(true)
    }

    /// The article's lines at `width` columns, then the notes of what was cut (`htmlCut`: the feed's HTML
    /// was longer than riffle keeps) and the list of its links.
    package static func lines(_ article: Article, width: Int, htmlCut: Bool = false) -> [StyledLine] {
        var layout = Layout(width: max(20, width), links: article.links)
        layout.blocks(article.blocks, prefix: Prefix(""), spaced: true)
        var lines = layout.lines
        var cut = article.isCut
        if lines.count > maxLines {
            lines = Array(lines.prefix(maxLines))
            cut = true
        }
        if cut || htmlCut {
            var note = StyledLine()
            note.appendSafe(
                htmlCut
                    ? "(article cut here: the feed's HTML is longer than the 256 KB riffle keeps)"
                    : "(article cut here: longer than riffle lays out; riffle export has its HTML)", style: .dim)
            lines.append(StyledLine())
            lines += note.wrapped(to: max(20, width))
        }
        if !article.links.isEmpty {
            lines.append(StyledLine())
            var head = StyledLine()
            head.appendSafe("links", style: .dim)
            lines.append(head)
            for (index, url) in article.links.enumerated() {
                var line = StyledLine()
                let mark = "[\(index + 1)] "
                line.appendSafe(mark, style: .dim)
                line.append(UntrustedText(url), link: HyperlinkTarget(url))
                lines += line.wrapped(to: max(20, width), indent: DisplayWidth.of(mark))
            }
        }
        return lines
    }

    /// What stands before a block's lines: `first` on its first line, `rest` on the others (the same
    /// width: a list's marker, then its indent; a quote's `│ ` on every line).
    struct Prefix {
        var first: String
        var rest: String

        init(_ both: String) {
            first = both
            rest = both
        }

        init(first: String, rest: String) {
            self.first = first
            self.rest = rest
        }

        var width: Int { DisplayWidth.of(rest) }

        /// The prefix of a blank line between blocks: `rest` without its trailing spaces.
        var blank: String { String(rest.reversed().drop { $0 == " " }.reversed()) }

        /// The prefix for every block after the first.
        var following: Prefix { Prefix(rest) }
    }

    /// The lines being laid out.
    struct Layout {
        let width: Int
        let links: [String]
        var lines: [StyledLine] = []

        init(width: Int, links: [String]) {
            self.width = width
            self.links = links
        }

        /// `blocks` one after another, a blank line apart when `spaced`.
        mutating func blocks(_ blocks: [ArticleBlock], prefix: Prefix, spaced: Bool) {
            for (index, block) in blocks.enumerated() {
                guard lines.count <= ArticleView.maxLines else { return }
                if index > 0, spaced {
                    var blank = StyledLine()
                    blank.appendSafe(prefix.blank, style: .dim)
                    lines.append(blank)
                }
                self.block(block, prefix: index == 0 ? prefix : prefix.following)
            }
        }

        mutating func block(_ block: ArticleBlock, prefix: Prefix) {
            switch block {
            case .paragraph(let runs):
                text(inline(runs), prefix: prefix)
            case .heading(let level, let runs):
                var marked = StyledLine()
                marked.appendSafe(String(repeating: "#", count: min(level, 3)) + " ", style: .bold)
                let body = inline(runs, base: .bold)
                for (index, line) in body.enumerated() {
                    if index == 0 {
                        marked.append(line)
                    } else {
                        marked.appendSafe(" ")
                        marked.append(line)
                    }
                }
                text([marked], prefix: prefix)
            case .list(let ordered, let start, let items):
                let last = start + max(items.count - 1, 0)
                let markWidth = ordered ? max(String(start).count, String(last).count) + 2 : 2
                for (index, item) in items.enumerated() {
                    var mark = ordered ? "\(start + index)." : "•"
                    mark += String(repeating: " ", count: max(1, markWidth - mark.count))
                    let outer = index == 0 ? prefix.first : prefix.rest
                    let itemPrefix = Prefix(
                        first: outer + mark, rest: prefix.rest + String(repeating: " ", count: markWidth))
                    if item.isEmpty {
                        var line = StyledLine()
                        line.appendSafe(itemPrefix.first)
                        lines.append(line)
                    } else {
                        blocks(item, prefix: itemPrefix, spaced: false)
                    }
                }
            case .blockquote(let inner):
                blocks(inner, prefix: Prefix(first: prefix.first + "│ ", rest: prefix.rest + "│ "), spaced: true)
            case .preformatted(let text):
                for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    var line = StyledLine()
                    line.appendSafe(index == 0 ? prefix.first : prefix.rest)
                    line.append(UntrustedText(Self.expandingTabs(String(raw))))
                    lines.append(line.fitted(to: width))
                }
            case .table(let rows):
                for (index, row) in rows.enumerated() {
                    var line = StyledLine()
                    for (column, cell) in row.enumerated() {
                        if column > 0 { line.appendSafe(" │ ", style: .dim) }
                        for part in inline(cell) { line.append(part) }
                    }
                    text([line], prefix: index == 0 ? prefix : prefix.following, indent: 2)
                }
            case .image(let alt):
                var line = StyledLine()
                line.appendSafe(alt.isEmpty ? "[image" : "[image: ", style: .dim)
                line.append(UntrustedText(alt), style: .dim)
                line.appendSafe("]", style: .dim)
                text([line], prefix: prefix)
            case .rule:
                var line = StyledLine()
                line.appendSafe(String(repeating: "─", count: min(40, max(1, width - prefix.width))), style: .dim)
                text([line], prefix: prefix)
            }
        }

        /// Each of `paragraph`'s lines wrapped to the width left after the prefix.
        mutating func text(_ paragraph: [StyledLine], prefix: Prefix, indent: Int = 0) {
            let room = max(10, width - prefix.width)
            var first = true
            for source in paragraph {
                for part in source.wrapped(to: room, indent: indent) {
                    var line = StyledLine()
                    line.appendSafe(
                        first ? prefix.first : prefix.rest, style: prefix.first.contains("│") ? .dim : .plain)
                    line.append(part)
                    lines.append(line.fitted(to: width))
                    first = false
                }
            }
        }

        /// Runs as styled lines (a new line at each line break), each link's text followed by its number.
        func inline(_ runs: [ArticleRun], base: TextStyle = .plain) -> [StyledLine] {
            var result: [StyledLine] = []
            var line = StyledLine()
            for (index, run) in runs.enumerated() {
                if run.isLineBreak {
                    result.append(line)
                    line = StyledLine()
                    continue
                }
                var style = base
                if run.style.contains(.bold), base != .bold { style = style.adding(.bold) }
                if run.style.contains(.italic) { style = style.adding(.italic) }
                if run.style.contains(.code) { style = style.adding(.code) }
                let url = run.link.flatMap { links.indices.contains($0 - 1) ? links[$0 - 1] : nil }
                line.append(UntrustedText(run.text), style: style, link: url.flatMap(HyperlinkTarget.init))
                if let number = run.link, index + 1 == runs.count || runs[index + 1].link != number {
                    line.appendSafe("[\(number)]", style: .dim)
                }
            }
            result.append(line)
            return result
        }

        /// Tabs as spaces to the next multiple of 8 columns, as a terminal sets them.
        static func expandingTabs(_ text: String) -> String {
            guard text.contains("\t") else { return text }
            var out = ""
            var column = 0
            for character in text {
                if character == "\t" {
                    let spaces = 8 - column % 8
                    out += String(repeating: " ", count: spaces)
                    column += spaces
                } else {
                    out.append(character)
                    column += DisplayWidth.of(character)
                }
            }
            return out
        }
    }
}
