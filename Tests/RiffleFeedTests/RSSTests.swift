import RiffleCore
import Testing

@testable import RiffleFeed

/// RSS 2.0 and 0.9x, and RSS 1.0 (RDF), from the specifications' own examples and every field of the
/// mapping.
@Suite struct RSSTests {
    /// The RSS 2.0 specification's sample (rssboard.org, "Liftoff News"), shortened.
    static let rss20 = """
        <?xml version="1.0"?>
        <rss version="2.0">
           <channel>
              <title>Liftoff News</title>
              <link>http://liftoff.msfc.nasa.gov/</link>
              <description>Liftoff to Space Exploration.</description>
              <pubDate>Tue, 10 Jun 2003 04:00:00 GMT</pubDate>
              <item>
                 <title>Star City</title>
                 <link>http://liftoff.msfc.nasa.gov/news/2003/news-starcity.asp</link>
                 <description>How do Americans get ready to work with Russians aboard the International Space Station? \
        They take a crash course in culture, language and protocol at Russia's &lt;a href="http://howe.iki.rssi.ru/GCTC/gctc_e.htm"&gt;Star City&lt;/a&gt;.</description>
                 <pubDate>Tue, 03 Jun 2003 09:39:21 GMT</pubDate>
                 <guid>http://liftoff.msfc.nasa.gov/2003/06/03.html#item573</guid>
              </item>
              <item>
                 <description>Sky watchers in Europe, Asia, and parts of Alaska and Canada will experience a \
        &lt;a href="http://science.nasa.gov/headlines/y2003/30may_solareclipse.htm"&gt;partial eclipse of the Sun&lt;/a&gt; on Saturday, May 31st.</description>
                 <pubDate>Fri, 30 May 2003 11:06:42 GMT</pubDate>
                 <guid>http://liftoff.msfc.nasa.gov/2003/05/30.html#item572</guid>
              </item>
              <item>
                 <title>The Engine That Does More</title>
                 <link>http://liftoff.msfc.nasa.gov/news/2003/news-VASIMR.asp</link>
                 <description>Before man travels to Mars, NASA hopes to design new engines.</description>
                 <pubDate>Tue, 27 May 2003 08:37:32 GMT</pubDate>
                 <guid isPermaLink="false">vasimr-2003</guid>
                 <author>editor@example.com (Jo Editor)</author>
                 <category>Engines</category>
                 <category domain="http://example.com/t">Mars</category>
                 <category>Engines</category>
              </item>
           </channel>
        </rss>
        """

    @Test func rss20Fields() throws {
        let feed = try parse(Self.rss20)
        #expect(feed.format == .rss)
        #expect(feed.title == "Liftoff News")
        #expect(feed.nextPage == nil)
        #expect(feed.entries.count == 3)
        let first = feed.entries[0]
        #expect(first.id == "http://liftoff.msfc.nasa.gov/2003/06/03.html#item573")
        #expect(first.title == "Star City")
        #expect(first.url == "http://liftoff.msfc.nasa.gov/news/2003/news-starcity.asp")
        #expect(first.time == time("2003-06-03T09:39:21Z"))
        #expect(first.summary?.hasSuffix("at Russia's Star City.") == true)
        #expect(first.author == nil)
        #expect(first.tags == [])
        // No title: the start of the summary; no link: the permalink guid.
        let second = feed.entries[1]
        #expect(second.title.hasPrefix("Sky watchers in Europe, Asia, and parts of Alaska"))
        #expect(second.title.hasSuffix("…"))
        #expect(second.title.count <= 81)
        #expect(second.url == "http://liftoff.msfc.nasa.gov/2003/05/30.html#item572")
        let third = feed.entries[2]
        #expect(third.id == "vasimr-2003")
        #expect(third.url == "http://liftoff.msfc.nasa.gov/news/2003/news-VASIMR.asp")
        #expect(third.author == "Jo Editor")
        #expect(third.tags == ["Engines", "Mars"])
    }

    @Test func idFallsBackToLinkThenHash() throws {
        let feed = try parse(
            """
            <rss version="2.0"><channel>
            <item><title>Linked</title><link>/posts/1</link></item>
            <item><title>Bare</title><pubDate>Sun, 01 Nov 2026 10:00:00 GMT</pubDate></item>
            <item><title>Bare</title><pubDate>Sun, 01 Nov 2026 10:00:00 GMT</pubDate></item>
            <item><title>Bare</title></item>
            <item><guid isPermaLink="true">  </guid><title>Empty guid</title><link>https://example.com/e</link></item>
            </channel></rss>
            """, url: "https://example.com/blog/feed.xml")
        #expect(feed.entries[0].id == "https://example.com/posts/1")
        #expect(feed.entries[0].url == "https://example.com/posts/1")
        #expect(feed.entries[1].id.hasPrefix("fnv1a:") && feed.entries[1].id.count == 22)
        #expect(feed.entries[1].id == feed.entries[2].id)
        #expect(feed.entries[1].id == EntryDraft.hashID(title: "Bare", date: "Sun, 01 Nov 2026 10:00:00 GMT"))
        #expect(feed.entries[3].id != feed.entries[1].id)
        #expect(feed.entries[3].time == nil)
        #expect(feed.entries[4].id == "https://example.com/e")
    }

    @Test func guidThatIsNotAnAddressIsNoLink() throws {
        let feed = try parse("<rss><channel><item><guid>12345</guid><title>t</title></item></channel></rss>")
        #expect(feed.entries[0].id == "12345")
        #expect(feed.entries[0].url == nil)
    }

    @Test func rss091WithDoctypeAndEntities() throws {
        let feed = try parse(
            """
            <?xml version="1.0" encoding="ISO-8859-1"?>
            <!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">
            <rss version="0.91"><channel><title>Old &amp; gold</title>
            <item><title>Caf&eacute; &nbsp;n&rsquo;stuff</title><link>http://example.com/1</link>
            <description>One</description></item></channel></rss>
            """)
        #expect(feed.title == "Old & gold")
        #expect(feed.entries.map(\.title) == ["Café n’stuff"])
    }

    @Test func contentEncodedDublinCoreAndEnclosure() throws {
        let feed = try parse(
            """
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"
              xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom">
            <channel><title>Podcast</title>
            <atom:link rel="self" href="https://example.com/feed"/>
            <atom:link rel="next" href="?page=2"/>
            <item><title>Episode 1</title>
              <content:encoded><![CDATA[<p>Show <b>notes</b></p><p>and more</p>]]></content:encoded>
              <dc:creator>Marco</dc:creator><dc:creator>Casey</dc:creator>
              <dc:date>2026-11-01T10:00:00+01:00</dc:date>
              <dc:subject>Tech</dc:subject>
              <enclosure url="/ep1.mp3" length="1" type="audio/mpeg"/>
            </item></channel></rss>
            """, url: "https://example.com/feed")
        let entry = try #require(feed.entries.first)
        #expect(entry.summary == "Show notes and more")
        #expect(entry.author == "Marco, Casey")
        #expect(entry.time == time("2026-11-01T09:00:00Z"))
        #expect(entry.tags == ["Tech"])
        #expect(entry.url == "https://example.com/ep1.mp3")
        #expect(entry.id == "https://example.com/ep1.mp3")
        #expect(feed.nextPage == "https://example.com/feed?page=2")
    }

    @Test func htmlInTitles() throws {
        let feed = try parse(
            """
            <rss><channel><title>&lt;b&gt;Bold&lt;/b&gt; blog</title>
            <item><title>Using &lt;T&gt; in &lt;em&gt;Swift&lt;/em&gt; &amp;amp; more&amp;#8230;</title></item>
            <item><title><![CDATA[A <i>CDATA</i>   title]]></title></item>
            </channel></rss>
            """)
        #expect(feed.title == "Bold blog")
        #expect(feed.entries[0].title == "Using <T> in Swift & more…")
        #expect(feed.entries[1].title == "A CDATA title")
    }

    /// The RSS 1.0 specification's example (web.resource.org/rss/1.0/spec), shortened.
    @Test func rss10() throws {
        let feed = try parse(
            """
            <?xml version="1.0"?>
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
              xmlns:dc="http://purl.org/dc/elements/1.1/">
              <channel rdf:about="http://www.xml.com/xml/news.rss">
                <title>XML.com</title>
                <link>http://xml.com/pub</link>
                <description>XML.com features a rich mix of information and services</description>
                <image rdf:resource="http://xml.com/universal/images/xml_tiny.gif" />
                <items><rdf:Seq><rdf:li resource="http://xml.com/pub/2000/08/09/xslt/xslt.html" /></rdf:Seq></items>
              </channel>
              <image rdf:about="http://xml.com/universal/images/xml_tiny.gif">
                <title>XML.com image</title><link>http://www.xml.com</link>
              </image>
              <item rdf:about="http://xml.com/pub/2000/08/09/xslt/xslt.html">
                <title>Processing Inclusions with XSLT</title>
                <link>http://xml.com/pub/2000/08/09/xslt/xslt.html</link>
                <description>Processing document inclusions with general XML tools can be problematic.</description>
                <dc:date>2000-08-09T12:00:00Z</dc:date>
                <dc:creator>Bob DuCharme</dc:creator>
              </item>
              <item rdf:about="http://xml.com/pub/2000/08/09/rdfdb/index.html">
                <title>Putting RDF to Work</title>
                <link>http://xml.com/pub/2000/08/09/rdfdb/index.html</link>
              </item>
            </rdf:RDF>
            """)
        #expect(feed.format == .rdf)
        #expect(feed.title == "XML.com")
        #expect(feed.entries.count == 2)
        #expect(feed.entries[0].title == "Processing Inclusions with XSLT")
        #expect(feed.entries[0].time == time("2000-08-09T12:00:00Z"))
        #expect(feed.entries[0].author == "Bob DuCharme")
        #expect(feed.entries[1].id == "http://xml.com/pub/2000/08/09/rdfdb/index.html")
        #expect(feed.entries[1].time == nil)
    }

    @Test func rssAuthorForms() {
        #expect(FeedXMLBuilder.rssAuthorName("email@example.com (Author)") == "Author")
        #expect(FeedXMLBuilder.rssAuthorName("Author (name)") == "Author (name)")
        #expect(FeedXMLBuilder.rssAuthorName("Author name)") == "Author name)")
        #expect(FeedXMLBuilder.rssAuthorName("Jo Bloggs <jo@example.com>") == "Jo Bloggs")
        #expect(FeedXMLBuilder.rssAuthorName("jo@example.com") == "jo@example.com")
    }

    @Test func xmlBaseResolvesLinks() throws {
        let feed = try parse(
            """
            <rss xml:base="http://example.com/feed/rss_testing.html"><channel>
            <item><title>a</title><link>test_1.html</link></item>
            <item xml:base="/other/"><title>b</title><link>../x/y.html</link></item>
            </channel></rss>
            """, url: "https://ignored.example/feed")
        #expect(feed.entries.map(\.url) == ["http://example.com/feed/test_1.html", "http://example.com/x/y.html"])
    }
}
