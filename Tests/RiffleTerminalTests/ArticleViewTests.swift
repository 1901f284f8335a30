import RiffleBytes
import RiffleCore
import RiffleFeed
import Testing

@testable import RiffleTerminal

/// `v N` of an item with HTML: its article laid out, its enclosures listed, nothing raw.
@Suite struct ArticleViewTests {
    let now = Timestamp(unixSeconds: 1_800_000_000)

    static let html = """
        <h1>Launch day</h1><p>The <b>first</b> stage, <i>again</i>, ran <code>make fly</code>. See
        <a href="/notes">the notes</a> and <a href="https://example.org/x">this</a>; <a href="javascript:alert(1)">evil</a>.</p>
        <h2>Steps</h2><ul><li>fuel<ul><li>oxidiser</li></ul></li><li>count</li></ul>
        <ol><li>one</li><li>two</li></ol>
        <blockquote><p>quoted words</p></blockquote>
        <pre>  let x = 1
        \tif x { launch() } // a very long line of code that must not be wrapped at all, only cut</pre>
        <table><tr><th>stage</th><th>time</th></tr><tr><td>one</td><td>120 s</td></tr></table>
        <img src="a.png" alt="the pad"><hr><p>end \u{9B}31m \u{202E}x</p>
        """

    func item(html: String? = ArticleViewTests.html, enclosures: [JSONValue] = [], cut: Bool = false) -> MergedItem {
        var extra: [String: JSONValue] = ["iid": .int(7)]
        if let html { extra["content_html"] = .string(html) }
        if cut { extra["content_html_cut"] = .bool(true) }
        if !enclosures.isEmpty { extra["enclosures"] = .array(enclosures) }
        let item = Item(
            id: "1", time: Timestamp(unixSeconds: 1_800_000_000 - 60), title: "Launch", url: "https://acme.test/post/1",
            summary: "Launch day The first stage…", extra: extra)
        return MergedItem(sourceIndex: 0, sourceName: "news", item: item, isLate: false)
    }

    @Test func theArticleKeepsItsStructure() {
        let lines = ItemView.lines(number: 4, item: item(), unread: false, now: now, width: 60)
        let plain = lines.map(\.plainText)
        let text = plain.joined(separator: "\n")
        #expect(plain.contains("# Launch day"))
        #expect(plain.contains("## Steps"))
        #expect(text.contains("The first stage, again, ran make fly. See the notes[1] and"))
        #expect(text.contains("this[2]; evil."))
        #expect(plain.contains("• fuel") && plain.contains("  • oxidiser") && plain.contains("• count"))
        #expect(plain.contains("1. one") && plain.contains("2. two"))
        #expect(plain.contains("│ quoted words"))
        #expect(plain.contains("  let x = 1"))
        // Kept as written (the tab as spaces), cut at the width, never wrapped.
        let code = try? #require(plain.first { $0.hasPrefix("        if x { launch() }") })
        #expect(code?.hasSuffix("…") == true && code.map(DisplayWidth.of) == 60)
        #expect(!plain.contains { $0.hasPrefix("only cut") || $0.hasPrefix("cut") })
        #expect(plain.contains("stage │ time") && plain.contains("one │ 120 s"))
        #expect(plain.contains("[image: the pad]"))
        #expect(plain.contains { $0.hasPrefix("────") })
        #expect(plain.contains("end <U+009B>31m <U+202E>x"))
        // Blocks apart by a blank line; list items not.
        let heading = plain.firstIndex(of: "# Launch day") ?? 0
        #expect(plain[heading + 1] == "")
        let fuel = plain.firstIndex(of: "• fuel") ?? 0
        #expect(plain[fuel + 1] == "  • oxidiser" && plain[fuel + 2] == "• count")
        // The links, at the end: relative resolved against the item's URL; javascript: is text.
        #expect(plain.suffix(3) == ["links", "[1] https://acme.test/notes", "[2] https://example.org/x"])
        #expect(!text.contains("javascript"))
        // The HTML and its flag are not raw extras; the summary gives way to the article.
        #expect(!text.contains("content_html") && !text.contains("<h1>") && !text.contains("Launch day The first"))
        #expect(text.contains("iid       7"))
        #expect(lines.allSatisfy { $0.width <= 60 })
    }

    @Test func stylesAndLinksAreRiffles() {
        let lines = ItemView.lines(number: 4, item: item(), unread: false, now: now, width: 80)
        let rendered = lines.map { $0.rendered(color: true, links: true) }.joined(separator: "\n")
        #expect(rendered.contains("\u{1B}[1mfirst\u{1B}[0m"))
        #expect(rendered.contains("\u{1B}[3magain\u{1B}[0m"))
        // Wrapping leaves the spaces between words plain.
        #expect(rendered.contains("\u{1B}[36mmake\u{1B}[0m \u{1B}[36mfly\u{1B}[0m"))
        #expect(rendered.contains("\u{1B}]8;;https://acme.test/notes\u{1B}\\notes\u{1B}]8;;\u{1B}\\\u{1B}[2m[1]"))
        let stripped = rendered.replacing(/\u{1B}\[[0-9;]*m/, with: "").replacing(/\u{1B}\]8;;[!-~]*\u{1B}\\/, with: "")
        #expect(!stripped.contains("\u{1B}") && !rendered.contains("\u{9B}") && !rendered.contains("\u{202E}"))
    }

    @Test func everyLineFitsEveryWidth() {
        for width in [20, 33, 80, 200] {
            let lines = ItemView.lines(number: 4, item: item(), unread: false, now: now, width: width)
            #expect(lines.allSatisfy { $0.width <= width }, "\(width)")
        }
    }

    @Test func enclosuresAreListedNumbered() {
        let enclosures: [JSONValue] = [
            .object([
                "url": .string("https://acme.test/1.mp3"), "type": .string("audio/mpeg"), "length": .int(12_345_678),
                "duration": .int(3723),
            ]),
            .object(["url": .string("https://acme.test/1.mp4\u{1B}[2J")]),
        ]
        let lines = ItemView.lines(
            number: 9, item: item(html: nil, enclosures: enclosures), unread: false, now: now, width: 100)
        let plain = lines.map(\.plainText)
        #expect(plain.contains("enclosures (e 9 opens the first, e 9.2 the second)"))
        #expect(plain.contains("[1] audio/mpeg · 12.3 MB · 1:02:03 · https://acme.test/1.mp3"))
        #expect(plain.contains("[2] https://acme.test/1.mp4^[[2J"))
        #expect(!plain.joined().contains("enclosures  "))
        // Without HTML the summary is shown as before.
        #expect(plain.last == "Launch day The first stage…")
    }

    @Test func humanSizesAndTimes() {
        #expect(EnclosureWords.size(812) == "812 B")
        #expect(EnclosureWords.size(12_345) == "12.3 kB")
        #expect(EnclosureWords.size(1_000_000) == "1.0 MB")
        #expect(EnclosureWords.size(999_999) == "1.0 MB")
        #expect(EnclosureWords.size(1_234_567_890) == "1.2 GB")
        #expect(EnclosureWords.duration(45) == "0:45")
        #expect(EnclosureWords.duration(600) == "10:00")
        #expect(EnclosureWords.duration(3723) == "1:02:03")
    }

    @Test func aCutArticleSaysSo() {
        let lines = ItemView.lines(number: 1, item: item(cut: true), unread: false, now: now, width: 100)
        #expect(
            lines.map(\.plainText).contains { $0.contains("the feed's HTML is longer than the 256 KB riffle keeps") })
        let many = Article(html: String(repeating: "<p>x</p>", count: 30), baseURL: nil, limits: .init(maxBlocks: 5))
        let cut = ArticleView.lines(many, width: 80).map(\.plainText)
        #expect(cut.contains { $0.contains("article cut here") })
    }

    @Test func nestedQuotesAndListsInsideQuotes() {
        let article = Article(
            html: "<blockquote><p>a</p><blockquote><p>b</p></blockquote><ul><li>c</li></ul></blockquote>", baseURL: nil)
        let plain = ArticleView.lines(article, width: 40).map(\.plainText)
        #expect(plain == ["│ a", "│", "│ │ b", "│", "│ • c"])
    }
}
