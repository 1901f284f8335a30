import Foundation
import Testing

@testable import RiffleFeed

/// Every bad input: what it is called, and that it costs little.
@Suite struct HostileInputTests {
    @Test func billionLaughsFailsAtOnce() {
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE rss [
             <!ENTITY lol "lol">
             <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
             <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
             <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
             <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
             <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
             <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
             <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
             <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
             <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
            ]>
            <rss><channel><item><title>&lol9;</title></item></channel></rss>
            """
        // It stops at the first declaration: the error names `lol1`, the first entity, not an expansion.
        let error = failure(document)
        #expect(error?.kind == .invalidXML)
        #expect(error?.description.contains("declares the entity \"lol1\"") == true)
    }

    @Test func externalEntityNeverReadsTheFile() throws {
        let secret = "riffle-secret-\(UInt64.random(in: 0...UInt64.max))"
        let path = FileManager.default.temporaryDirectory.appending(path: "riffle-feed-xxe-\(getpid()).txt")
        try Data(secret.utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        for document in [
            """
            <?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file://\(path.path)">]>
            <rss><channel><title>&xxe;</title><item><title>&xxe;</title><description>&xxe;</description></item></channel></rss>
            """,
            """
            <?xml version="1.0"?><!DOCTYPE rss SYSTEM "file://\(path.path)">
            <rss><channel><title>t</title><item><title>x &xxe; y</title></item></channel></rss>
            """,
            """
            <?xml version="1.0"?><!DOCTYPE rss [<!ENTITY % p SYSTEM "file://\(path.path)"> %p;]>
            <rss><channel><item><title>x</title></item></channel></rss>
            """,
        ] {
            let result: String
            do {
                result = "\(try parse(document))"
            } catch {
                result = error.description
            }
            #expect(!result.contains(secret))
        }
    }

    @Test func harmlessDeclarationsAreIgnoredNotExpanded() throws {
        let feed = try parse(
            """
            <?xml version="1.0"?>
            <!DOCTYPE rss [
              <!ENTITY % HTMLlat1 PUBLIC "-//W3C//ENTITIES Latin 1 for XHTML//EN"
                "http://www.w3.org/TR/xhtml1/DTD/xhtml-lat1.ent">
              %HTMLlat1;
              <!ENTITY plain "plain text">
              <!ENTITY nbsp "&#160;">
            ]>
            <rss><channel><item><title>a &plain; b&nbsp;&eacute;</title></item></channel></rss>
            """)
        #expect(feed.entries.first?.title == "a b é")
    }

    @Test func bodyOverTheCap() {
        let limits = FeedLimits(maxBytes: 1 << 20)
        let body = Array("<rss><channel>".utf8) + [UInt8](repeating: 0x20, count: 1 << 20)
        let error = failure(body, limits: limits)
        #expect(error?.kind == .tooLarge)
        #expect(error?.description == "feed body of \(body.count) bytes is over the 1 MiB limit")
    }

    @Test func hundredMegabyteBodyIsRefusedWithoutParsing() {
        let body = [UInt8](repeating: UInt8(ascii: "<"), count: 100_000_000)
        // A size check, no parsing: parsed, a hundred million `<` would be invalid XML, not too large.
        let error = failure(body)
        #expect(error?.kind == .tooLarge)
    }

    @Test func deepNesting() {
        let depth = 10_000
        let document =
            "<rss><channel><item><description>" + String(repeating: "<x>", count: depth)
            + String(repeating: "</x>", count: depth) + "</description></item></channel></rss>"
        let error = failure(document)
        #expect(error?.kind == .tooLarge)
        #expect(error?.description == "feed nests deeper than 128 levels")
        let json = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(failure(json)?.kind == .invalidJSON)
    }

    @Test func tooManyEntries() {
        let items = String(repeating: "<item><title>t</title></item>", count: 11)
        let error = failure("<rss><channel>\(items)</channel></rss>", limits: FeedLimits(maxEntries: 10))
        #expect(error?.description == "feed has more than 10 entries")
    }

    @Test func longTextIsCut() throws {
        let long = String(repeating: "word ", count: 1000)
        let feed = try parse(
            "<rss><channel><item><title>t</title><description>\(long)</description></item></channel></rss>",
            limits: FeedLimits(maxTextBytes: 100))
        let summary = try #require(feed.entries.first?.summary)
        #expect(summary.utf8.count <= 100)
        #expect(summary.hasPrefix("word word"))
    }

    @Test func invalidUTF8IsReadNotCrashed() throws {
        var body = Array("<rss><channel><item><title>caf".utf8)
        body += [0xE9, 0xFF, 0xC3]
        body += Array(" ok</title></item><item><title>two</title></item></channel></rss>".utf8)
        // libxml2 reports the bad bytes and reads on (as Latin-1): the entries survive, as valid Swift text.
        let feed = try FeedParser.parse(body, url: "https://example.com/feed")
        #expect(feed.entries.count == 2)
        #expect(feed.entries[0].title.hasPrefix("caf"))
        #expect(feed.entries[1].title == "two")
    }

    @Test func htmlPageServedAsTheFeed() {
        let page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>404 &ndash; Page
              not found</title></head><body><h1>Not Found</h1></body></html>
            """
        let error = failure(page)
        #expect(error?.kind == .htmlPage)
        #expect(error?.pageTitle == "404 – Page not found")
        #expect(error?.description == "not a feed: an HTML page (title: 404 – Page not found)")
        #expect(failure("<html><body>no title</body></html>")?.description == "not a feed: an HTML page (no title)")
        let xhtml = """
            <?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>XHTML</title></head></html>
            """
        #expect(failure(xhtml)?.pageTitle == "XHTML")
    }

    @Test func emptyAndOtherBodies() {
        #expect(failure([])?.kind == .emptyBody)
        #expect(failure(" \n\t ")?.description == "not a feed: an empty body")
        #expect(failure([0xEF, 0xBB, 0xBF])?.kind == .emptyBody)
        #expect(failure("Retry later")?.description == "not a feed: a body starting \"Retry later\"")
        #expect(
            failure("<svg xmlns='http://www.w3.org/2000/svg'/>")?.description
                == "not a feed: XML whose root element is <svg>")
        #expect(failure([0x3C, 0x00, 0x01, 0x02])?.kind == .invalidXML)
        #expect(failure("<?xml version='1.0'?>")?.kind == .invalidXML)
    }

    @Test func bareAmpersandAndUndeclaredPrefixAreRecovered() throws {
        let feed = try parse(
            """
            <rss version="2.0"><channel><title>Tom & Jerry</title>
            <item><title>Salt & pepper</title><dc:creator>Jo</dc:creator><link>http://example.com/a?x=1&y=2</link>
            <dc:date>2026-11-01T10:00:00Z</dc:date></item>
            <item><title>Next</title></item>
            </channel></rss>
            """)
        #expect(feed.title == "Tom & Jerry")
        #expect(feed.entries.count == 2)
        #expect(feed.entries[0].title == "Salt & pepper")
        #expect(feed.entries[0].url == "http://example.com/a?x=1&y=2")
        #expect(feed.entries[0].author == "Jo")
        #expect(feed.entries[0].time == time("2026-11-01T10:00:00Z"))
        #expect(feed.entries[1].title == "Next")
    }

    @Test func htmlReferencesWithoutADoctype() throws {
        let feed = try parse(
            """
            <rss><channel><item><title>A&nbsp;B &hellip; it&rsquo;s &copy;&#8212;&amp;&lt;</title>
            <description><![CDATA[Kept & <b>bold</b>&nbsp;x]]></description></item></channel></rss>
            """)
        #expect(feed.entries.first?.title == "A B … it’s ©—&<")
        #expect(feed.entries.first?.summary == "Kept & bold x")
    }

    @Test func repairIsMinimal() {
        #expect(ReferenceRepair.repaired(Array("<a>&amp; &#38; &#x26; &lt;</a>".utf8)) == nil)
        #expect(ReferenceRepair.repaired(Array("<a><![CDATA[& &nbsp;]]></a>".utf8)) == nil)
        #expect(ReferenceRepair.repaired(Array("<a>&declared;</a>".utf8)) == nil)
        let mended = ReferenceRepair.repaired(Array("<a>a & b&nbsp;&#;&</a>".utf8))
        #expect(mended.map { String(decoding: $0, as: UTF8.self) } == "<a>a &amp; b&#160;&amp;#;&amp;</a>")
    }

    @Test func truncatedDocumentKeepsTheEntriesThatEnded() throws {
        let feed = try parse("<rss><channel><item><title>one</title></item><item><title>tw")
        #expect(feed.entries.map(\.title) == ["one"])
    }

    @Test func stylesheetAndCommentsBeforeTheRoot() throws {
        let feed = try parse(
            """
            <?xml version="1.0"?>
            <?xml-stylesheet type="text/xsl" href="/rss.xsl"?>
            <!-- generated -->
            <rss><channel><item><title>t</title></item></channel></rss>
            """)
        #expect(feed.entries.count == 1)
    }
}
