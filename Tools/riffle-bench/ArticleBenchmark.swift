import RiffleBytes
import RiffleCore
import RiffleFeed
import RiffleTerminal

/// `riffle-bench article [--kb N] [--runs N] [--width N]`: `v N` of an item carrying a generated article of
/// about 100 KB of HTML (headings, paragraphs with bold, italic, code and links, nested lists, quotes, `pre`,
/// tables, images), through the article path (libxml2's HTML parser, `Article`, `ArticleView`) beside
/// today's summary path (the text `HTMLText.text` makes of the same HTML, wrapped by `ItemView`), each the
/// median of N runs, in one process.
enum ArticleBenchmark {
    static func run(_ arguments: [String]) async throws {
        let options = BenchOptions(arguments)
        let kilobytes = max(1, options.int("--kb", default: 100))
        let runs = max(1, options.int("--runs", default: 21))
        let width = max(20, options.int("--width", default: 100))
        let html = article(bytes: kilobytes * 1000)
        let now = Timestamp(unixSeconds: 1_800_000_000)
        let time = Timestamp(unixSeconds: 1_800_000_000 - 3600)
        let withHTML = MergedItem(
            sourceIndex: 0, sourceName: "news",
            item: Item(
                id: "1", time: time, title: "A long article", url: "https://example.com/articles/1",
                summary: "A long article.", extra: ["content_html": .string(html)]),
            isLate: false)
        // Check once that both paths give what they should, then time.
        let articleLines = ItemView.lines(number: 1, item: withHTML, unread: false, now: now, width: width)
        let summaryLines = summaryPath(html, time: time, now: now, width: width)
        guard articleLines.count > 100, articleLines.contains(where: { $0.plainText == "links" }) else {
            print("riffle-bench article: the generated article did not render as expected")
            return
        }
        let new = median(runs) { _ = ItemView.lines(number: 1, item: withHTML, unread: false, now: now, width: width) }
        let old = median(runs) { _ = summaryPath(html, time: time, now: now, width: width) }
        print(
            "article: \(html.utf8.count) bytes of HTML, \(width) columns; median of \(runs) runs; goal: article < 50 ms"
        )
        print("  v N, article path (HTML parse, Article, ArticleView)  \(ms(new))  \(articleLines.count) lines")
        print("  v N, summary path (HTMLText.text, ItemView)  (baseline) \(ms(old))  \(summaryLines.count) lines")
        print("  article ÷ summary  \(Double(Int(new.seconds / max(old.seconds, 1e-9) * 100)) / 100)x")
    }

    /// Today's `v N` of the same article: its HTML made plain text, as the feed adapter stores the summary,
    /// then wrapped by the item view.
    static func summaryPath(_ html: String, time: Timestamp, now: Timestamp, width: Int) -> [StyledLine] {
        let summary = HTMLText.text(fromHTML: html)
        let item = MergedItem(
            sourceIndex: 0, sourceName: "news",
            item: Item(
                id: "1", time: time, title: "A long article", url: "https://example.com/articles/1", summary: summary),
            isLate: false)
        return ItemView.lines(number: 1, item: item, unread: false, now: now, width: width)
    }

    /// About `bytes` bytes of article HTML: sections of a heading, paragraphs, a list, a quote, code, a table.
    static func article(bytes: Int) -> String {
        var html = "<h1>A long article</h1>\n"
        var section = 0
        while html.utf8.count < bytes {
            section += 1
            html += "<h2>Section \(section)</h2>\n"
            for paragraph in 0..<4 {
                html += "<p>Paragraph \(paragraph) of section \(section) has <b>bold words</b>, <i>italic ones</i>, "
                html +=
                    "<code>inline_code(\(paragraph))</code> and <a href=\"/notes/\(section)/\(paragraph)\">a link</a> "
                html += "among plain words that wrap across the width of the terminal, as prose in a feed does, "
                html += "with an <a href=\"https://example.org/ref/\(section)\">outside reference</a> too.</p>\n"
            }
            html +=
                "<ul><li>first point</li><li>second point<ol><li>nested one</li><li>nested two</li></ol></li></ul>\n"
            html += "<blockquote><p>A quoted line from section \(section), with <em>emphasis</em>.</p></blockquote>\n"
            html += "<pre>func section\(section)() {\n\treturn \(section) // kept as written\n}</pre>\n"
            html += "<table><tr><th>name</th><th>value</th></tr><tr><td>section</td><td>\(section)</td></tr></table>\n"
            html += "<p><img src=\"/img/\(section).png\" alt=\"figure \(section)\"></p>\n"
        }
        return html
    }

    static func median(_ runs: Int, _ body: () -> Void) -> Duration {
        let clock = ContinuousClock()
        var times: [Duration] = []
        for _ in 0..<runs { times.append(clock.measure(body)) }
        return times.sorted()[times.count / 2]
    }

    static func ms(_ duration: Duration) -> String {
        String(Double(Int(duration.seconds * 100_000)) / 100) + " ms"
    }
}
