import RiffleBytes
import RiffleCore
import Testing

@testable import RiffleFeed

/// JSON Feed 1.1 and 1.0 (jsonfeed.org/version/1.1), through `JSONValue`.
@Suite struct JSONFeedTests {
    static let version11 = """
        {
          "version": "https://jsonfeed.org/version/1.1",
          "title": "My Example Feed",
          "home_page_url": "https://example.org/",
          "feed_url": "https://example.org/feed.json",
          "next_url": "feed.json?page=2",
          "authors": [{"name": "Feed Author"}],
          "items": [
            {
              "id": "2",
              "content_text": "This is a second item.",
              "url": "https://example.org/second-item",
              "date_published": "2026-11-01T10:00:00-05:00",
              "date_modified": "2026-11-02T10:00:00.5Z",
              "tags": ["a", "b", "a"],
              "authors": [{"name": "Ann"}, {"name": "Bo"}]
            },
            {
              "id": 1,
              "title": "  First   item ",
              "content_html": "<p>Hello, <b>world</b>&hellip;</p>",
              "url": "/first-item",
              "date_published": "Sun, 01 Nov 2026 10:00:00 GMT"
            },
            {
              "id": "3",
              "title": "Summary wins",
              "summary": "The summary.",
              "content_text": "The content.",
              "external_url": "https://elsewhere.example/3",
              "_extension": {"x": 1}
            }
          ]
        }
        """

    @Test func version11Fields() throws {
        let feed = try parse(Self.version11, url: "https://example.org/feed.json")
        #expect(feed.format == .jsonFeed)
        #expect(feed.title == "My Example Feed")
        #expect(feed.nextPage == "https://example.org/feed.json?page=2")
        #expect(feed.entries.count == 3)
        let second = feed.entries[0]
        #expect(second.id == "2")
        #expect(second.title == "This is a second item.")
        #expect(second.summary == "This is a second item.")
        #expect(second.time == time("2026-11-02T10:00:00.5Z"))
        #expect(second.tags == ["a", "b"])
        #expect(second.author == "Ann, Bo")
        let first = feed.entries[1]
        #expect(first.id == "1")
        #expect(first.title == "First item")
        #expect(first.url == "https://example.org/first-item")
        #expect(first.summary == "Hello, world…")
        #expect(first.time == time("2026-11-01T10:00:00Z"))
        #expect(first.author == "Feed Author")
        let third = feed.entries[2]
        #expect(third.summary == "The summary.")
        #expect(third.url == "https://elsewhere.example/3")
        #expect(third.time == nil)
    }

    @Test func version10Author() throws {
        let feed = try parse(
            """
            {"version": "https://jsonfeed.org/version/1", "title": "Old", "author": {"name": "Solo"},
             "items": [{"id": "a", "content_text": "x", "author": {"name": "Item Author"}}, {"id": "b", "content_text": "y"}]}
            """)
        #expect(feed.entries.map(\.author) == ["Item Author", "Solo"])
        #expect(feed.nextPage == nil)
    }

    @Test func jsonWithoutItems() {
        #expect(failure(#"{"data": {"issues": []}}"#)?.kind == .jsonWithoutItems)
        #expect(failure(#"{"data": 1}"#)?.description == "not a feed: JSON without items")
        #expect(failure("[1, 2, 3]")?.kind == .jsonWithoutItems)
        #expect(failure(#"{"items": 3}"#)?.kind == .jsonWithoutItems)
    }

    @Test func invalidJSON() {
        let error = failure(#"{"version": "https://jsonfeed.org/version/1.1", "items": [}"#)
        #expect(error?.kind == .invalidJSON)
        #expect(error?.description.hasPrefix("not a feed: invalid JSON at byte") == true)
    }

    @Test func entryLimit() {
        let items = (0..<11).map { #"{"id": "\#($0)", "content_text": "x"}"# }.joined(separator: ",")
        let error = failure(#"{"items": [\#(items)]}"#, limits: FeedLimits(maxEntries: 10))
        #expect(error?.kind == .tooLarge)
        #expect(error?.description == "feed has more than 10 entries")
    }
}
