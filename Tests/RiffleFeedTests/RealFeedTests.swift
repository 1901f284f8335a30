import Foundation
import RiffleTestSupport
import Testing

@testable import RiffleFeed

/// Every real feed under `../shared/fixtures/feeds` parses to something plausible, and the HTML pages
/// and empty files there are called what they are.
@Suite struct RealFeedTests {
    @Test(.enabled(if: SharedFixtures.present, Comment(rawValue: SharedFixtures.missing)))
    func everyRealFeedParses() throws {
        let directory = FeedFixtures.directory
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        let feeds = names.filter { name in
            [".rss", ".atom", ".rdf", ".json", ".xml"].contains { name.hasSuffix($0) }
        }
        var parsed = 0
        for relative in ["real", "newsboat"] {
            let folder = directory.appending(path: relative)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            where [".rss", ".atom", ".rdf", ".json", ".xml"].contains(where: { name.hasSuffix($0) }) {
                let bytes = try FeedFixtures.bytes("\(relative)/\(name)")
                let url = "https://\(name.split(separator: ".")[0].lowercased()).example/feed"
                do {
                    let feed = try FeedParser.parse(bytes, url: url)
                    parsed += 1
                    #expect(!feed.entries.isEmpty, "\(relative)/\(name): no entries")
                    for entry in feed.entries {
                        #expect(!entry.id.isEmpty, "\(relative)/\(name): an empty id")
                        #expect(
                            !entry.title.isEmpty || entry.summary == nil, "\(relative)/\(name): \(entry.id) untitled")
                        #expect(
                            !entry.title.contains("<p>") && !entry.title.contains("&amp;"), "\(name): \(entry.title)")
                        if let url = entry.url {
                            #expect(URIReference(url).scheme != nil, "\(relative)/\(name): relative url \(url)")
                        }
                    }
                    // Duplicate ids are real (scriptingNews.rss repeats guids, newsboat's tests repeat ids on
                    // purpose): the merge's duplicate window deals with them, not the parser.
                } catch {
                    let message = "\(relative)/\(name): \(error)"
                    switch name {
                    // newsboat's deliberately empty file, and a JSON Feed cut off by its download.
                    case "empty.xml": #expect(error.kind == .emptyBody, "\(message)")
                    case "allthis-partial.json": #expect(error.kind == .invalidJSON, "\(message)")
                    default: Issue.record("\(message)")
                    }
                }
            }
        }
        #expect(parsed >= 20, "\(feeds.count) top-level files")
    }

    @Test(.enabled(if: SharedFixtures.present, Comment(rawValue: SharedFixtures.missing)))
    func knownValues() throws {
        let rss = try FeedParser.parse(
            FeedFixtures.bytes("real/scriptingNews.rss"), url: "https://daringfireball.net/feeds/main")
        #expect(rss.format == .rss)
        #expect(rss.title == "Scripting News")
        #expect(rss.entries.allSatisfy { $0.time != nil })
        let atom = try FeedParser.parse(
            FeedFixtures.bytes("real/DaringFireball.atom"), url: "https://daringfireball.net/feeds/main")
        #expect(atom.format == .atom)
        #expect(atom.entries.allSatisfy { $0.time != nil && $0.url?.hasPrefix("http") == true && $0.author != nil })
        let json = try FeedParser.parse(
            FeedFixtures.bytes("real/DaringFireball.json"), url: "https://daringfireball.net/feeds/json")
        #expect(json.format == .jsonFeed)
        #expect(json.entries.allSatisfy { $0.time != nil })
        let inJSON = try FeedParser.parse(FeedFixtures.bytes("real/ScriptingNews.json"), url: "http://scripting.com/")
        #expect(inJSON.title == "Scripting News")
        #expect(inJSON.entries.count == 50)
        #expect(inJSON.entries.first?.id == "http://scripting.com/2017/06/26.html#a080605")
        #expect(inJSON.entries.allSatisfy { $0.time != nil && !$0.title.isEmpty })
        let podcast = try FeedParser.parse(FeedFixtures.bytes("real/atp.rss"), url: "https://atp.fm/rss")
        let episode = try #require(podcast.entries.first { $0.enclosures.first?.url.hasSuffix("atp311.mp3") == true })
        #expect(
            episode.enclosures == [
                FeedEnclosure(
                    url: "http://traffic.libsyn.com/atpfm/atp311.mp3", type: "audio/mpeg", length: 54_919_661,
                    duration: 1 * 3600 + 54 * 60 + 9)
            ])
        #expect(podcast.entries.allSatisfy { $0.enclosures.count == 1 })
        #expect(
            podcast.entries.filter { $0.enclosures.first?.duration != nil }.count == 99,
            "one episode has no itunes:duration")
        let rdf = try FeedParser.parse(FeedFixtures.bytes("real/bio.rdf"), url: "http://connect.biorxiv.org/")
        #expect(rdf.format == .rdf)
        #expect(rdf.title?.hasPrefix("bioRxiv") == true)
        let authors = try FeedParser.parse(
            FeedFixtures.bytes("newsboat/atom10_feed_authors.xml"), url: "http://example.com/")
        #expect(authors.entries.first?.author?.contains("First Feed Author") == true)
        #expect(authors.entries.dropFirst().first?.author == "Entry Author")
    }

    @Test(.enabled(if: SharedFixtures.present, Comment(rawValue: SharedFixtures.missing)))
    func realHTMLPagesAreNamed() throws {
        for name in ["DaringFireball.html", "inessential.html"] {
            let bytes = try FeedFixtures.bytes("real/\(name)")
            do {
                _ = try FeedParser.parse(bytes, url: "https://example.com/")
                Issue.record("\(name) parsed as a feed")
            } catch {
                #expect(error.kind == .htmlPage)
                #expect(error.pageTitle?.isEmpty == false, "\(name): \(error)")
            }
        }
    }
}
