import Testing

@testable import RiffleFeed

/// An entry's HTML read as an article: blocks, inline runs and numbered links, within bounds.
@Suite struct ArticleTests {
    func article(_ html: String, base: String? = "https://example.com/posts/1", limits: Article.Limits = .standard)
        -> Article
    {
        Article(html: html, baseURL: base, limits: limits)
    }

    @Test func paragraphsAndHeadingsAreBlocks() {
        let parsed = article(
            "<h1>Title</h1><p>One\n  two</p><p>Three <b>bold</b> <i>it</i> <code>x()</code></p><h3>Sub</h3>")
        #expect(
            parsed.blocks == [
                .heading(level: 1, [ArticleRun("Title")]),
                .paragraph([ArticleRun("One two")]),
                .paragraph([
                    ArticleRun("Three "), ArticleRun("bold", style: .bold), ArticleRun(" "),
                    ArticleRun("it", style: .italic), ArticleRun(" "), ArticleRun("x()", style: .code),
                ]),
                .heading(level: 3, [ArticleRun("Sub")]),
            ])
        #expect(parsed.links.isEmpty && !parsed.isCut)
    }

    @Test func textOutsideBlocksAndLineBreaks() {
        let parsed = article("Loose text<br>next line<div>in a div</div>after")
        #expect(
            parsed.blocks == [
                .paragraph([ArticleRun("Loose text"), .lineBreak, ArticleRun("next line")]),
                .paragraph([ArticleRun("in a div")]),
                .paragraph([ArticleRun("after")]),
            ])
    }

    @Test func nestedListsKeepTheirShape() {
        let parsed = article(
            "<ul><li>a<ul><li>a1</li><li>a2</li></ul></li><li>b</li></ul><ol start=\"3\"><li>c</li></ol>")
        #expect(
            parsed.blocks == [
                .list(
                    ordered: false, start: 1,
                    items: [
                        [
                            .paragraph([ArticleRun("a")]),
                            .list(
                                ordered: false, start: 1,
                                items: [[.paragraph([ArticleRun("a1")])], [.paragraph([ArticleRun("a2")])]]),
                        ],
                        [.paragraph([ArticleRun("b")])],
                    ]),
                .list(ordered: true, start: 3, items: [[.paragraph([ArticleRun("c")])]]),
            ])
    }

    @Test func blockquotePreTableImageRule() {
        let parsed = article(
            "<blockquote><p>quoted</p><blockquote>deeper</blockquote></blockquote>"
                + "<pre>\n  let x = 1\n\tif x { y }\n</pre><table><thead><tr><th>k</th><th>v</th></tr></thead>"
                + "<tbody><tr><td>a</td><td><b>1</b></td></tr></tbody></table><img src=\"i.png\" alt=\" A  cat \"><hr>"
                + "<img src=\"j.png\">")
        #expect(
            parsed.blocks == [
                .blockquote([.paragraph([ArticleRun("quoted")]), .blockquote([.paragraph([ArticleRun("deeper")])])]),
                .preformatted("  let x = 1\n\tif x { y }"),
                .table([[[ArticleRun("k")], [ArticleRun("v")]], [[ArticleRun("a")], [ArticleRun("1", style: .bold)]]]),
                .image(alt: "A cat"), .rule, .image(alt: ""),
            ])
    }

    @Test func linksAreNumberedResolvedAndOnlyHTTP() {
        let parsed = article(
            "<p><a href=\"/about\">About</a>, <a href=\"https://other.example/x?a=1&amp;b=2\">other</a>, "
                + "<a href=\"javascript:alert(1)\">evil</a>, <a href=\"/about\">again</a>, "
                + "<a href=\"mailto:a@b.c\">mail</a>, <a name=\"anchor\">plain</a></p>")
        #expect(parsed.links == ["https://example.com/about", "https://other.example/x?a=1&b=2"])
        #expect(
            parsed.blocks == [
                .paragraph([
                    ArticleRun("About", link: 1), ArticleRun(", "), ArticleRun("other", link: 2),
                    ArticleRun(", evil, "), ArticleRun("again", link: 1), ArticleRun(", mail, plain"),
                ])
            ])
        // Without the item's URL a relative link cannot be followed: it is text.
        #expect(article("<a href=\"/about\">About</a>", base: nil).links.isEmpty)
    }

    @Test func scriptsStylesAndCommentsAreNotText() {
        let parsed = article(
            "<html><head><title>T</title><style>p{}</style></head><body><script>alert(1)</script>"
                + "<!-- hidden --><p>shown</p><noscript>no</noscript></body></html>")
        #expect(parsed.blocks == [.paragraph([ArticleRun("shown")])])
    }

    @Test func controlCharactersStayInTheTextForTheTerminalToShowInert() {
        // C1 and bidi controls are text to HTML; the terminal shows them as `<U+009B>` and `<U+202E>`.
        let parsed = article("<p>a\u{9B}31m b\u{202E}c \u{7F}</p>")
        #expect(parsed.blocks == [.paragraph([ArticleRun("a\u{9B}31m b\u{202E}c \u{7F}")])])
        let escape = article("<p>x\u{1B}[2Jy\u{07}z &#27;w</p>")
        // libxml2 drops C0 controls (ESC, BEL), written or as references: what is left of a sequence is text.
        #expect(escape.blocks == [.paragraph([ArticleRun("x[2Jyz w")])])
    }

    @Test func brokenMarkupIsRecovered() {
        let parsed = article("<p>one<p>two <b>bold<ul><li>x</ul>")
        #expect(parsed.blocks.first == .paragraph([ArticleRun("one")]))
        #expect(parsed.blocks.count >= 3)
        #expect(article("").blocks.isEmpty)
        #expect(article("   ").blocks.isEmpty)
    }

    @Test func limitsCutAndSaySo() {
        let many = String(repeating: "<p>x</p>", count: 50)
        let few = article(many, limits: Article.Limits(maxBlocks: 10))
        #expect(few.blocks.count == 10 && few.isCut)
        let deep =
            String(repeating: "<blockquote>", count: 200) + "deep" + String(repeating: "</blockquote>", count: 200)
        let shallow = article(deep, limits: Article.Limits(maxDepth: 20))
        #expect(shallow.isCut)
        let long = article(
            "<p>" + String(repeating: "word ", count: 1000) + "</p>", limits: Article.Limits(maxTextBytes: 100))
        #expect(long.isCut)
        let links = article(
            (1...5).map { "<a href=\"/\($0)\">\($0)</a>" }.joined(), limits: Article.Limits(maxLinks: 3))
        #expect(links.links.count == 3 && links.isCut)
    }

    @Test func aHugeDocumentNeedsNoRecursion() {
        let nested = String(repeating: "<div><span>", count: 5000) + "x"
        let parsed = article(nested)
        #expect(parsed.blocks.count <= 1)
    }

    @Test func structureIsMarkupBeyondText() {
        #expect(!HTMLText.hasStructure("plain text"))
        #expect(!HTMLText.hasStructure("<p>One paragraph &amp; more</p>"))
        #expect(!HTMLText.hasStructure("a < b and c > d"))
        #expect(HTMLText.hasStructure("<p>One</p><p>Two</p>"))
        #expect(HTMLText.hasStructure("Text with <a href=\"x\">a link</a>"))
        #expect(HTMLText.hasStructure("line<br>line"))
        #expect(HTMLText.hasStructure("<P>a</P><UL><LI>b</LI></UL>"))
    }
}

/// Which entries keep their HTML (`FeedEntry.contentHTML`), from each format, and its cut.
@Suite struct EntryHTMLTests {
    @Test func rssContentEncodedIsKeptAndAPlainDescriptionIsNot() throws {
        let feed = try parse(
            """
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>t</title>
            <item><title>a</title><description>Short.</description>
            <content:encoded><![CDATA[<p>One</p><ul><li>two</li></ul>]]></content:encoded></item>
            <item><title>b</title><description>&lt;p&gt;Only one paragraph&lt;/p&gt;</description></item>
            <item><title>c</title><description>&lt;p&gt;A &lt;a href="/x"&gt;link&lt;/a&gt;&lt;/p&gt;</description></item>
            </channel></rss>
            """)
        #expect(
            feed.entries.map(\.contentHTML) == [
                "<p>One</p><ul><li>two</li></ul>", nil, "<p>A <a href=\"/x\">link</a></p>",
            ])
        #expect(feed.entries[0].summary == "Short.")
        #expect(feed.entries.allSatisfy { !$0.contentHTMLCut })
    }

    @Test func atomHTMLAndXHTMLContentAreKept() throws {
        let feed = try parse(
            """
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://example.com/blog/"><title>t</title>
            <entry><id>1</id><title>a</title><content type="html">&lt;h2&gt;H&lt;/h2&gt;&lt;p&gt;x&lt;/p&gt;</content></entry>
            <entry><id>2</id><title>b</title><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">
            <p>One &amp; <a href="post">two</a></p><p>three</p></div></content></entry>
            <entry><id>3</id><title>c</title><content type="text">plain &lt;b&gt; text</content></entry>
            </feed>
            """)
        #expect(feed.entries[0].contentHTML == "<h2>H</h2><p>x</p>")
        let xhtml = try #require(feed.entries[1].contentHTML)
        #expect(xhtml.contains("<p>One &amp; <a href=\"https://example.com/blog/post\">two</a></p>"))
        #expect(xhtml.contains("<p>three</p></div>"))
        #expect(feed.entries[2].contentHTML == nil)
        let article = Article(html: xhtml, baseURL: nil)
        #expect(article.links == ["https://example.com/blog/post"])
    }

    @Test func jsonFeedContentHTMLIsKeptAndCutAtTheLimit() throws {
        let long = "<p>" + String(repeating: "é", count: 600) + "</p><p>end</p>"
        let feed = try parse(
            """
            {"version": "https://jsonfeed.org/version/1.1", "title": "t", "items": [
              {"id": "1", "title": "a", "content_html": "<p>a</p><p>b</p>"},
              {"id": "2", "title": "b", "content_html": "\(long)"}]}
            """, limits: FeedLimits(maxHTMLBytes: 1001))
        #expect(feed.entries[0].contentHTML == "<p>a</p><p>b</p>" && !feed.entries[0].contentHTMLCut)
        let cut = try #require(feed.entries[1].contentHTML)
        #expect(feed.entries[1].contentHTMLCut)
        #expect(cut.utf8.count <= 1001 && cut.utf8.count >= 999 && cut.hasSuffix("é"))
    }
}
