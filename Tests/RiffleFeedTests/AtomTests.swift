import RiffleCore
import Testing

@testable import RiffleFeed

/// Atom 1.0 (RFC 4287) and RFC 5005 paging and archives.
@Suite struct AtomTests {
    /// RFC 4287 section 1.1's "more extensive" example, with a second entry added.
    static let rfc4287 = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom">
          <title type="text">dive into mark</title>
          <subtitle type="html">A &lt;em&gt;lot&lt;/em&gt; of effort went into making this effortless</subtitle>
          <updated>2005-07-31T12:29:29Z</updated>
          <id>tag:example.org,2003:3</id>
          <link rel="alternate" type="text/html" hreflang="en" href="http://example.org/"/>
          <link rel="self" type="application/atom+xml" href="http://example.org/feed.atom"/>
          <rights>Copyright (c) 2003, Mark Pilgrim</rights>
          <generator uri="http://www.example.com/" version="1.0">Example Toolkit</generator>
          <entry>
            <title>Atom draft-07 snapshot</title>
            <link rel="alternate" type="text/html" href="http://example.org/2005/04/02/atom"/>
            <link rel="enclosure" type="audio/mpeg" length="1337" href="http://example.org/audio/ph34r_my_podcast.mp3"/>
            <id>tag:example.org,2003:3.2397</id>
            <updated>2005-07-31T12:29:29Z</updated>
            <published>2003-12-13T08:29:29-04:00</published>
            <author>
              <name>Mark Pilgrim</name>
              <uri>http://example.org/</uri>
              <email>f8dy@example.com</email>
            </author>
            <contributor><name>Sam Ruby</name></contributor>
            <contributor><name>Joe Gregorio</name></contributor>
            <content type="xhtml" xml:lang="en" xml:base="http://diveintomark.org/">
              <div xmlns="http://www.w3.org/1999/xhtml">
                <p><i>[Update: The Atom draft is finished.]</i></p><p>Second paragraph &amp; &lt;code&gt;.</p>
              </div>
            </content>
          </entry>
          <entry>
            <title type="html">&lt;b&gt;Bold&lt;/b&gt; &amp;amp; beautiful</title>
            <id>tag:example.org,2003:3.2398</id>
            <published>2003-12-14T08:29:29Z</published>
            <summary type="text">Plain &lt;b&gt; text</summary>
            <content type="html">&lt;p&gt;Ignored when there is a summary&lt;/p&gt;</content>
            <category term="atom" label="Atom format"/>
            <category term="xml"/>
            <link href="/2005/other"/>
          </entry>
        </feed>
        """

    @Test func rfc4287Fields() throws {
        let feed = try parse(Self.rfc4287, url: "http://example.org/feed.atom")
        #expect(feed.format == .atom)
        #expect(feed.title == "dive into mark")
        #expect(feed.nextPage == nil)
        #expect(feed.entries.count == 2)
        let first = feed.entries[0]
        #expect(first.id == "tag:example.org,2003:3.2397")
        #expect(first.title == "Atom draft-07 snapshot")
        #expect(first.url == "http://example.org/2005/04/02/atom")
        #expect(first.time == time("2005-07-31T12:29:29Z"))  // updated, not published
        #expect(first.author == "Mark Pilgrim")
        #expect(first.summary == "[Update: The Atom draft is finished.] Second paragraph & <code>.")
        let second = feed.entries[1]
        #expect(second.title == "Bold & beautiful")
        #expect(second.time == time("2003-12-14T08:29:29Z"))  // published, when there is no updated
        #expect(second.summary == "Plain <b> text")
        #expect(second.tags == ["Atom format", "xml"])
        #expect(second.url == "http://example.org/2005/other")
    }

    @Test func feedAuthorsAreInherited() throws {
        let feed = try parse(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>t</title>
            <author><name>Feed Author</name><email>a@example.com</email></author>
            <entry><id>1</id><title>Without</title></entry>
            <entry><id>2</id><title>With</title><author><name> Entry
              Author </name></author></entry>
            </feed>
            """)
        #expect(feed.entries.map(\.author) == ["Feed Author", "Entry Author"])
    }

    @Test func xmlBaseChain() throws {
        let feed = try parse(
            """
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://example.org/blog/">
            <entry xml:base="2005/"><id>1</id><link href="post.html"/></entry>
            <entry><id>2</id><link href="../about"/></entry>
            <entry xml:base="https://other.example/x/"><id>3</id><link rel="alternate" href="?q=1#f"/></entry>
            </feed>
            """, url: "https://example.com/feed")
        #expect(
            feed.entries.map(\.url) == [
                "http://example.org/blog/2005/post.html", "http://example.org/about", "https://other.example/x/?q=1#f",
            ])
    }

    /// RFC 5005 section 3: a paged feed names its next page.
    @Test func pagedFeed() throws {
        let feed = try parse(
            """
            <feed xmlns="http://www.w3.org/2005/Atom">
             <title>Example Feed</title>
             <link href="http://example.org/"/>
             <link rel="self" href="http://example.org/index.atom"/>
             <link rel="next" href="http://example.org/index.atom?page=2"/>
             <updated>2003-12-13T18:30:02Z</updated>
             <id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0af6</id>
             <entry><title>Atom-Powered Robots Run Amok</title><link href="http://example.org/2003/12/13/atom03"/>
              <id>urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a</id><updated>2003-12-13T18:30:02Z</updated>
              <summary>Some text.</summary></entry>
            </feed>
            """)
        #expect(feed.nextPage == "http://example.org/index.atom?page=2")
        #expect(feed.entries.first?.url == "http://example.org/2003/12/13/atom03")
    }

    /// RFC 5005 section 4: an archived feed chains to older documents with `prev-archive`; `next` wins.
    @Test func archivedFeed() throws {
        let archive = try parse(
            """
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:fh="http://purl.org/syndication/history/1.0">
             <title>Example Feed</title>
             <link rel="current" href="http://example.org/index.atom"/>
             <link rel="self" href="http://example.org/2003/11/index.atom"/>
             <link rel="prev-archive" href="/2003/10/index.atom"/>
             <link rel="next-archive" href="http://example.org/2003/12/index.atom"/>
             <fh:archive/>
             <id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0af6</id>
            </feed>
            """, url: "http://example.org/2003/11/index.atom")
        #expect(archive.nextPage == "http://example.org/2003/10/index.atom")
        #expect(archive.entries.isEmpty)
        let both = try parse(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><link rel="prev-archive" href="/a"/><link rel="next" href="/n"/></feed>
            """)
        #expect(both.nextPage == "https://example.com/n")
    }

    @Test func atomWithoutNamespaceIsRead() throws {
        let feed = try parse("<feed><title>Sloppy</title><entry><id>x</id><title>One</title></entry></feed>")
        #expect(feed.format == .atom)
        #expect(feed.entries.map(\.title) == ["One"])
    }

    @Test func sourceElementDoesNotLeakIntoTheEntry() throws {
        let feed = try parse(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><id>e</id>
            <source><title>Other feed</title><link href="http://other.example/"/><author><name>X</name></author></source>
            <title>Mine</title></entry></feed>
            """)
        let entry = try #require(feed.entries.first)
        #expect(entry.title == "Mine")
        #expect(entry.url == nil)
        #expect(entry.author == nil)
    }
}
