import Foundation
import RiffleCore
import RiffleTestSupport
import Testing

@testable import RiffleFeed

/// OPML subscription lists: reading (nested, broken, hostile) and writing them back.
@Suite struct OPMLTests {
    static func parse(_ text: String) throws(OPMLError) -> OPMLDocument { try OPMLDocument.parse(Array(text.utf8)) }

    static func failure(_ text: String) -> OPMLError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test(.enabled(if: SharedFixtures.present, Comment(rawValue: SharedFixtures.missing)))
    func nestedOutlinesAreFlattenedInDocumentOrder() throws {
        let document = try OPMLDocument.parse(try FeedFixtures.bytes("newsboat/example.opml"))
        #expect(document.title == "Example OPML file for Newsboat tests")
        #expect(
            document.outlines.map(\.feedURL) == [
                "https://example.com/feed.xml", "https://example.com/mirrors/distrowatch.rss",
                "https://example.com/feed.atom", "https://example.com/feed.rss09",
                "https://blogs.example.com/~john/posts.rss", "https://blogs.example.com/~mike/.rss",
                "https://fred.example.com/writing/index.php?type=rss",
            ])
        #expect(document.outlines[5].title == "Notes by Mike")
        #expect(document.outlines[5].folders == ["should be ignored", "friends"], "title wins over text")
        #expect(document.skipped == 0, "folders are not skipped outlines")
    }

    @Test func outlinesWithoutAFeedAreCounted() throws {
        let document = try Self.parse(
            """
            <opml version="2.0"><head/><body>
              <outline text="a link" type="link" url="https://example.com/"/>
              <outline text="empty folder"></outline>
              <outline text="folder"><outline text="F" xmlUrl=" https://example.com/f.xml "/></outline>
            </body></opml>
            """)
        #expect(
            document.outlines == [OPMLOutline(title: "F", feedURL: "https://example.com/f.xml", folders: ["folder"])])
        #expect(document.skipped == 2)
    }

    @Test func brokenFilesSayWhatTheyAre() throws {
        #expect(Self.failure("")?.kind == .empty)
        #expect(Self.failure("<html><title>x</title></html>")?.kind == .notOPML)
        #expect(Self.failure("{\"items\": []}")?.kind == .notOPML)
        #expect(Self.failure("<opml><head/></opml>")?.description == "not OPML: no <body> element")
        #expect(Self.failure("<rss><channel/></rss>")?.description == "not OPML: XML whose root element is <rss>")
    }

    @Test(.enabled(if: SharedFixtures.present, Comment(rawValue: SharedFixtures.missing)))
    func brokenFixtureFilesSayWhatTheyAre() throws {
        for (file, kind) in [
            ("newsboat/body-element-missing.opml", OPMLError.Kind.notOPML),
            ("newsboat/opml-element-missing.opml", .notOPML), ("newsboat/empty.xml", .empty),
        ] {
            #expect(throws: OPMLError.self, "\(file)") { try OPMLDocument.parse(try FeedFixtures.bytes(file)) }
            do {
                _ = try OPMLDocument.parse(try FeedFixtures.bytes(file))
            } catch let error as OPMLError {
                #expect(error.kind == kind, "\(file)")
            }
        }
    }

    @Test func hostileFilesAreRefusedUnread() throws {
        let secret = FileManager.default.temporaryDirectory.appending(path: "riffle-opml-\(UUID().uuidString)")
        try Data("opml-secret-content".utf8).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret) }
        let xxe = Self.failure(
            "<?xml version=\"1.0\"?><!DOCTYPE opml [<!ENTITY x SYSTEM \"file://\(secret.path)\">]>"
                + "<opml><body><outline title=\"&x;\" xmlUrl=\"https://e.com/&x;\"/></body></opml>")
        #expect(xxe?.kind == .invalidXML)
        #expect(xxe?.description.contains("opml-secret-content") == false)
        let deep = String(repeating: "<outline text=\"a\">", count: 500) + String(repeating: "</outline>", count: 500)
        #expect(Self.failure("<opml><body>\(deep)</body></opml>")?.kind == .tooLarge)
    }

    @Test func attributeReferencesAreDecoded() throws {
        let document = try Self.parse(
            "<opml><body><outline title=\"chat &amp; code &#38; &lt;more&gt;\" "
                + "xmlUrl=\"https://e.com/f?a=1&amp;b=2\"/></body></opml>")
        #expect(document.outlines.first?.feedURL == "https://e.com/f?a=1&b=2")
        #expect(document.outlines.first?.title == "chat & code & <more>")
    }

    @Test func writtenOPMLReadsBackTheSame() throws {
        let outlines = [
            OPMLOutline(title: "plain", feedURL: "https://example.com/feed.xml"),
            OPMLOutline(title: "quotes \" ' & <tags> ]]>", feedURL: "https://example.com/f?a=1&b=\"2\"<3>"),
            OPMLOutline(title: "ünïcödé 渲染 🚀", feedURL: "https://example.com/%E2%9C%93"),
            OPMLOutline(title: "controls\u{1B}[31m\u{7}gone", feedURL: "https://example.com/x"),
        ]
        let text = OPMLDocument(title: "a & b", outlines: outlines).opml()
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">"))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let back = try OPMLDocument.parse(Array(text.utf8))
        #expect(back.title == "a & b")
        #expect(back.outlines.map(\.feedURL) == outlines.map(\.feedURL))
        #expect(
            back.outlines.map(\.title) == ["plain", "quotes \" ' & <tags> ]]>", "ünïcödé 渲染 🚀", "controls[31mgone"])
    }

    @Test(.enabled(if: SharedFixtures.present, Comment(rawValue: SharedFixtures.missing)))
    func realSubscriptionList() throws {
        let document = try OPMLDocument.parse(try FeedFixtures.bytes("real/Subs.opml"))
        #expect(document.outlines.count > 100)
        #expect(
            document.outlines.first
                == OPMLOutline(
                    title: "Daring Fireball", feedURL: "http://daringfireball.net/feeds/main",
                    siteURL: "http://daringfireball.net/"))
        #expect(document.outlines.contains { $0.title == "chat & code" })
    }
}
