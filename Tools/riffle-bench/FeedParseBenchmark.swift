import RiffleCore
import RiffleFeed

/// `riffle-bench feedparse [--entries N] [--runs N]`: parse throughput of RiffleFeed over a generated Atom
/// feed and a generated RSS feed (5,000 entries each by default), in MB/s, beside libxml2 alone over the
/// same bytes: a bare `xmlTextReader` pass, and a bare pass of the SAX parser RiffleFeed uses.
enum FeedParseBenchmark {
    static func run(_ arguments: [String]) async throws {
        var entryCount = 5000
        var runs = 11
        var rest = arguments[...]
        let usage = "usage: riffle-bench feedparse [--entries N] [--runs N]"
        while let option = rest.popFirst() {
            guard let value = rest.popFirst().flatMap({ Int($0) }), value > 0 else {
                print(usage)
                return
            }
            switch option {
            case "--entries": entryCount = value
            case "--runs": runs = value
            default:
                print(usage)
                return
            }
        }
        print("feedparse: \(entryCount) entries per feed; median of \(runs) runs; MB = 10^6 bytes")
        for (name, text) in [("Atom", atom(entries: entryCount)), ("RSS", rss(entries: entryCount))] {
            let bytes = Array(text.utf8)
            // Check once that every pass succeeds, then time.
            let feed = try FeedParser.parse(bytes, url: "https://example.com/feed")
            guard feed.entries.count == entryCount, feed.entries.allSatisfy({ $0.time != nil }),
                let nodes = LibXML2Baseline.readerNodeCount(in: bytes)
            else {
                print("riffle-bench feedparse: the generated \(name) feed did not parse as expected")
                return
            }
            let elements = LibXML2Baseline.saxElementCount(in: bytes)
            let reader = median(runs) { _ = LibXML2Baseline.readerNodeCount(in: bytes) }
            let sax = median(runs) { _ = LibXML2Baseline.saxElementCount(in: bytes) }
            let riffle = median(runs) { _ = try? FeedParser.parse(bytes, url: "https://example.com/feed") }
            print("\(name): \(bytes.count) bytes, \(nodes) reader nodes, \(elements) elements")
            print("  libxml2 xmlTextReader pass (baseline)   \(rate(bytes.count, reader))  \(ms(reader))")
            print("  libxml2 SAX2 pass, no-op callbacks      \(rate(bytes.count, sax))  \(ms(sax))")
            print("  RiffleFeed parse (entries, dates, text) \(rate(bytes.count, riffle))  \(ms(riffle))")
            let ratio = riffle.seconds / max(reader.seconds, 1e-9)
            print("  ratio to the baseline                   \(Double(Int(ratio * 100)) / 100)x")
        }
    }

    /// An Atom feed of `count` entries: typed HTML summaries, categories, authors, RFC 3339 dates, xml:base.
    static func atom(entries count: Int) -> String {
        var text = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://example.com/blog/">
              <title>Bench &amp; feed</title><id>urn:bench</id><updated>2026-11-01T10:00:00Z</updated>
              <link rel="next" href="?page=2"/>

            """
        for index in 0..<count {
            let minute = index % 60
            text += """
                  <entry>
                    <id>urn:uuid:00000000-0000-0000-0000-\(String(100_000_000_000 + index))</id>
                    <title type="html">Entry \(index): &lt;em&gt;news&lt;/em&gt; &amp;amp; more</title>
                    <link rel="alternate" type="text/html" href="posts/\(index).html"/>
                    <updated>2026-10-\(10 + index % 18)T08:\(minute < 10 ? "0" : "")\(minute):00Z</updated>
                    <published>2026-10-01T08:00:00.250+02:00</published>
                    <author><name>Author \(index % 7)</name><email>a\(index % 7)@example.com</email></author>
                    <category term="tag\(index % 11)"/><category term="general" label="General"/>
                    <summary type="html">&lt;p&gt;Paragraph one of entry \(index), with a &lt;a href="x"&gt;link&lt;/a&gt;\
                 and an entity &amp;hellip;&lt;/p&gt;&lt;p&gt;Second paragraph with more words in it.&lt;/p&gt;</summary>
                  </entry>

                """
        }
        return text + "</feed>\n"
    }

    /// An RSS 2.0 feed of `count` items: CDATA descriptions, RFC 822 dates with named and numeric zones.
    static func rss(entries count: Int) -> String {
        let zones = ["GMT", "+0100", "EST", "PDT", "-0530"]
        let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
            <channel><title>Bench feed</title><link>https://example.com/</link><description>d</description>

            """
        for index in 0..<count {
            let day = 1 + index % 28
            text += """
                <item>
                  <title>Item \(index): Caf&#233; &amp; news</title>
                  <link>https://example.com/items/\(index)</link>
                  <guid isPermaLink="false">item-\(index)</guid>
                  <pubDate>\(days[index % 7]), \(day < 10 ? "0" : "")\(day) Nov 2026 10:\(10 + index % 50):00 \(zones[index % 5])</pubDate>
                  <dc:creator>Writer \(index % 5)</dc:creator>
                  <category>cat\(index % 13)</category>
                  <description><![CDATA[<p>Item \(index) says <b>hello</b> &amp; links <a href="https://example.com/">here</a>.</p>\
                <p>Another paragraph of text for the summary.</p>]]></description>
                </item>

                """
        }
        return text + "</channel></rss>\n"
    }

    static func median(_ runs: Int, _ body: () -> Void) -> Duration {
        let clock = ContinuousClock()
        var times: [Duration] = []
        for _ in 0..<runs { times.append(clock.measure(body)) }
        return times.sorted()[times.count / 2]
    }

    static func rate(_ bytes: Int, _ duration: Duration) -> String {
        let value = Double(bytes) / 1e6 / max(duration.seconds, 1e-9)
        let text = String(Double(Int(value * 10)) / 10) + " MB/s"
        return String(repeating: " ", count: max(0, 12 - text.count)) + text
    }

    static func ms(_ duration: Duration) -> String {
        "(" + String(Double(Int(duration.seconds * 100_000)) / 100) + " ms)"
    }
}
