import Testing

@testable import RiffleFeed

/// Feeds in other encodings: declared by the document, or by the HTTP header.
@Suite struct EncodingTests {
    /// "Café – naïve" in Windows-1252 (the dash is 0x96, which Latin-1 lacks).
    static let windows1252Title: [UInt8] = [0x43, 0x61, 0x66, 0xE9, 0x20, 0x96, 0x20, 0x6E, 0x61, 0xEF, 0x76, 0x65]

    static func document(declaring encoding: String?, title: [UInt8]) -> [UInt8] {
        let declaration = encoding.map { "<?xml version=\"1.0\" encoding=\"\($0)\"?>\n" } ?? ""
        return Array("\(declaration)<rss><channel><item><title>".utf8) + title
            + Array("</title></item></channel></rss>".utf8)
    }

    @Test func latin1Declared() throws {
        let body = Self.document(declaring: "ISO-8859-1", title: [0x43, 0x61, 0x66, 0xE9, 0x20, 0xA9])
        let feed = try FeedParser.parse(body, url: "https://example.com/feed")
        #expect(feed.entries.first?.title == "Café ©")
    }

    @Test func windows1252Declared() throws {
        let body = Self.document(declaring: "windows-1252", title: Self.windows1252Title)
        let feed = try FeedParser.parse(body, url: "https://example.com/feed")
        #expect(feed.entries.first?.title == "Café – naïve")
    }

    @Test func charsetFromTheHeader() throws {
        let body = Self.document(declaring: nil, title: Self.windows1252Title)
        let feed = try FeedParser.parse(
            body, contentType: "application/rss+xml; charset=\"Windows-1252\"", url: "https://example.com/feed")
        #expect(feed.entries.first?.title == "Café – naïve")
        // The header wins over the declaration (RFC 7303).
        let declared = Self.document(declaring: "utf-8", title: Self.windows1252Title)
        let overridden = try FeedParser.parse(
            declared, contentType: "text/xml; charset=windows-1252", url: "https://example.com/feed")
        #expect(overridden.entries.first?.title == "Café – naïve")
    }

    @Test func unknownCharsetIsIgnored() throws {
        let body = Self.document(declaring: nil, title: Array("Café".utf8))
        let feed = try FeedParser.parse(body, contentType: "text/xml; charset=x-nonsense", url: "https://example.com/")
        #expect(feed.entries.first?.title == "Café")
    }

    @Test func utf16WithByteOrderMark() throws {
        var body: [UInt8] = [0xFF, 0xFE]
        for unit in "<rss><channel><item><title>Ünï</title></item></channel></rss>".utf16 {
            body += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        let feed = try FeedParser.parse(body, url: "https://example.com/feed")
        #expect(feed.entries.first?.title == "Ünï")
    }

    @Test func charsetParameter() {
        #expect(FeedParser.charset("text/xml; charset=UTF-8") == "UTF-8")
        #expect(FeedParser.charset("text/xml;CHARSET=\"iso-8859-1\"; q=1") == "iso-8859-1")
        #expect(FeedParser.charset("text/xml") == nil)
    }
}
