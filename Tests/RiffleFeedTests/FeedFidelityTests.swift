import RiffleCore
import Testing

@testable import RiffleFeed

/// What real feeds do that the specifications' samples do not: an author made of nested elements,
/// categories nested in a list element, a podcast's `itunes:author`, invisible format characters in
/// titles, and entity-encoded JSON Feed titles — each read as a person reading the feed would.
@Suite struct FeedFidelityTests {
    static func rss(item: String, channel: String = "") -> String {
        """
        <?xml version="1.0"?>
        <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
          <channel><title>T</title>\(channel)
            <item><title>One</title><guid>g1</guid><pubDate>Tue, 10 Jun 2003 04:00:00 GMT</pubDate>\(item)</item>
          </channel>
        </rss>
        """
    }

    static func entry(_ text: String) throws -> FeedEntry { try #require(try parse(text).entries.first) }

    @Test func anAuthorOfNestedElementsIsItsName() throws {
        let named = try Self.entry(
            Self.rss(
                item: "<author><name>Diane Chaleff</name><title>Product Manager, Office of the CTO</title></author>"))
        #expect(named.author == "Diane Chaleff")
        let parts = try Self.entry(Self.rss(item: "<author><first>Diane</first><last>Chaleff</last></author>"))
        #expect(parts.author == "Diane Chaleff", "parts joined with spaces")
        let plain = try Self.entry(Self.rss(item: "<author>jo@example.com (Jo Bloggs)</author>"))
        #expect(plain.author == "Jo Bloggs")
    }

    @Test func categoriesNestedInAListAreTags() throws {
        let entry = try Self.entry(
            Self.rss(item: "<categories><category>Apple</category><category>Mac</category></categories>"))
        #expect(entry.tags == ["Apple", "Mac"])
    }

    @Test func itunesAuthorIsReadWhereNothingBetterNamesOne() throws {
        let own = try Self.entry(Self.rss(item: "<itunes:author>Marco Arment</itunes:author>"))
        #expect(own.author == "Marco Arment")
        let both = try Self.entry(Self.rss(item: "<author>a@b.c (Casey)</author><itunes:author>ATP</itunes:author>"))
        #expect(both.author == "Casey", "the entry's own author first")
        let channel = try Self.entry(Self.rss(item: "", channel: "<itunes:author>ATP</itunes:author>"))
        #expect(channel.author == "ATP", "the channel's, when the entry names none")
    }

    @Test func formatCharactersLeaveTitlesButJoinersStay() throws {
        let entry = try Self.entry(
            Self.rss(item: "").replacingOccurrences(
                of: "<title>One</title>", with: "<title>\u{FEFF}One\u{AD}\u{202E}</title>"))
        #expect(entry.title == "One")
        #expect(EntryDraft.withoutFormatCharacters("👨\u{200D}👩\u{200D}👧 family") == "👨\u{200D}👩\u{200D}👧 family")
        #expect(EntryDraft.withoutFormatCharacters("\u{FEFF}Title") == "Title")
    }

    @Test func jsonFeedTitlesShowTheirReferencesDecodedAndTheirAngleBracketsAsWritten() throws {
        let feed = try parse(
            """
            {"version": "https://jsonfeed.org/version/1.1", "title": "F", "items": [
              {"id": "1", "title": "Tom &amp; Jerry&#39;s &lt;b&gt; Array<T>", "date_published": "2026-01-01T00:00:00Z"}
            ]}
            """, url: "https://example.com/feed.json", contentType: "application/feed+json")
        #expect(feed.entries.first?.title == "Tom & Jerry's <b> Array<T>")
    }

    @Test func enclosuresAreKeptWithTypeSizeAndDuration() throws {
        let rss = try Self.entry(
            Self.rss(
                item: """
                    <enclosure url="/ep1.mp3" length="1234" type="audio/mpeg"/><itunes:duration>1:02:03</itunes:duration>
                    <enclosure url="/ep1.mp3" length="1234" type="audio/mpeg"/>
                    """))
        #expect(
            rss.enclosures == [
                FeedEnclosure(url: "https://example.com/ep1.mp3", type: "audio/mpeg", length: 1234, duration: 3723)
            ])
        let atom = try #require(
            try parse(
                """
                <feed xmlns="http://www.w3.org/2005/Atom"><title>A</title>
                  <entry><id>e</id><title>E</title><updated>2026-01-01T00:00:00Z</updated>
                    <link rel="enclosure" href="https://cdn.example.com/v.mp4" type="video/mp4" length="0"/></entry>
                </feed>
                """
            ).entries.first)
        #expect(atom.enclosures == [FeedEnclosure(url: "https://cdn.example.com/v.mp4", type: "video/mp4")])
        let json = try #require(
            try parse(
                """
                {"version": "https://jsonfeed.org/version/1.1", "title": "F", "items": [{"id": "1", "title": "T",
                  "date_published": "2026-01-01T00:00:00Z", "attachments": [{"url": "a.m4a", "mime_type": "audio/x-m4a",
                  "size_in_bytes": 89970236, "duration_in_seconds": 6629}]}]}
                """, url: "https://example.com/feed.json", contentType: "application/feed+json"
            ).entries.first)
        #expect(
            json.enclosures == [
                FeedEnclosure(url: "https://example.com/a.m4a", type: "audio/x-m4a", length: 89_970_236, duration: 6629)
            ])
    }

    @Test func mediaContentIsTheEnclosureWhereThereIsNoOther() throws {
        let media = """
            <media:group xmlns:media="http://search.yahoo.com/mrss/">
              <media:content url="https://example.com/v.webm" type="video/webm" fileSize="99" duration="61"/>
            </media:group>
            """
        let only = try Self.entry(Self.rss(item: media))
        #expect(
            only.enclosures == [
                FeedEnclosure(url: "https://example.com/v.webm", type: "video/webm", length: 99, duration: 61)
            ])
        let both = try Self.entry(
            Self.rss(item: media + #"<enclosure url="https://example.com/a.mp3" type="audio/mpeg"/>"#))
        #expect(both.enclosures.map(\.url) == ["https://example.com/a.mp3"])
    }

    @Test(
        arguments: [
            ("3600", 3600), ("3600.7", 3600), ("59:59", 3599), ("01:54:09", 6849), ("", nil), ("1:2:3:4", nil),
            ("12 min", nil), ("-5", nil), ("1:75", nil),
        ] as [(String, Int64?)])
    func durationsAreReadAsFeedsWriteThem(text: String, seconds: Int64?) {
        #expect(FeedEnclosure.duration(text) == seconds)
    }
}
