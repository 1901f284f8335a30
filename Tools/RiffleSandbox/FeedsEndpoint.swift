import FoundationEssentials
import RiffleCore

/// `GET /feeds/…`: web feeds of every kind riffle reads, built from the generic data set, each served with
/// an `ETag`, a `Last-Modified` and `Cache-Control: max-age=60`, and answered `304 Not Modified` when the
/// request's `If-None-Match` (or, without one, `If-Modified-Since`) matches.
///
/// | path | what |
/// |---|---|
/// | `/feeds/rss.xml` | RSS 2.0: the 50 newest issues of acme/rocket, `pubDate`s with named and numeric zones |
/// | `/feeds/rdf.xml` | RSS 1.0 (RDF): the 30 newest issues of acme/ground, `dc:date` |
/// | `/feeds/atom.xml?page=N` | Atom, 25 entries a page over 100 articles, `rel="next"` to the next page, `xml:base` |
/// | `/feeds/archive.xml`, `/feeds/archive/N.xml` | an RFC 5005 archived feed: 20 entries, `prev-archive` to 3, 2, 1 |
/// | `/feeds/feed.json?page=N` | JSON Feed 1.1, 30 items a page over 90 events of acme/rocket, `next_url` |
/// | `/feeds/podcast.xml` | RSS 2.0: a podcast, 20 episodes with enclosures and `itunes:duration` |
/// | `/feeds/article.xml` | RSS 2.0: an article whose `content:encoded` has every structure `v N` lays out, and a plain note |
/// | `/feeds/latin1.xml` | RSS 2.0 in ISO-8859-1 (declared in the document, not the header) |
/// | `/feeds/undated.xml` | RSS 2.0 whose items carry no date |
/// | `/feeds/page.html` | an HTML page (status 200): not a feed |
/// | anything else | an HTML 404 page |
struct FeedsEndpoint: Sendable {
    let data: GenericData
    let referenceTime: Int64

    static let siteBase = "https://acme.sandbox.test"
    static let atomPageSize = 25
    static let atomEntries = 100
    static let archiveSize = 20
    static let archives = 3
    static let jsonPageSize = 30
    static let jsonItems = 90

    /// One entry, before it is written in a format.
    struct Entry {
        var id: String
        var title: String
        var path: String
        var author: String
        var summary: String
        var tags: [String]
        var time: Int64
    }

    /// The documents made so far, each made once.
    let documents = FeedDocuments()

    func handle(_ request: SandboxIncoming) -> SandboxResponse {
        let page = min(max(request.queryValue("page").flatMap { Int($0) } ?? 1, 1), 1000)
        let host = "http://\(SandboxHost.header(request.headers["host"]))"
        let made = documents.document(path: request.path, page: page, host: host) {
            document(path: request.path, page: page, host: host)
        }
        guard let made else {
            return .html(
                404,
                "<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1>"
                    + "<p>The requested URL was not found on this server.</p></body></html>\n")
        }
        let validators: [(name: String, value: String)] = [
            ("ETag", made.etag), ("Last-Modified", made.lastModified), ("Cache-Control", "max-age=60"),
        ]
        if Self.notModified(request, etag: made.etag, lastModified: made.lastModified) {
            return SandboxResponse(status: 304, headers: validators, body: Data())
        }
        return SandboxResponse(
            status: 200, headers: [("Content-Type", made.contentType)] + validators, body: made.bytes)
    }

    /// The document at `path` (`page` and `host` for the paged ones), with its validators; `nil` when the
    /// path names none.
    private func document(path: String, page: Int, host: String) -> FeedDocuments.Document? {
        let body: (contentType: String, bytes: Data, lastModified: Int64)
        switch path {
        case "/feeds/rss.xml": body = rss()
        case "/feeds/rdf.xml": body = rdf()
        case "/feeds/podcast.xml": body = podcast()
        case "/feeds/article.xml": body = article()
        case "/feeds/atom.xml": body = atom(page: page, host: host)
        case "/feeds/archive.xml": body = archive(number: nil)
        case "/feeds/feed.json": body = jsonFeed(page: page, host: host)
        case "/feeds/latin1.xml": body = latin1()
        case "/feeds/undated.xml": body = undated()
        case "/feeds/page.html":
            body = (
                "text/html; charset=utf-8",
                Data(
                    ("<!DOCTYPE html>\n<html><head><title>Acme Rocket — Home</title></head>"
                        + "<body><h1>Acme Rocket</h1><p>News, launches and issues.</p></body></html>\n").utf8),
                referenceTime
            )
        default:
            guard let number = Self.archiveNumber(path) else { return nil }
            body = archive(number: number)
        }
        return FeedDocuments.Document(
            contentType: body.contentType, bytes: body.bytes,
            etag: "\"\(String(FNV1a.hash(String(decoding: body.bytes, as: UTF8.self)), radix: 16))\"",
            lastModified: UTCTime.rfc822(body.lastModified))
    }

    /// Whether the request's validators match: `If-None-Match` when given (a list, `W/` ignored, `*`),
    /// else `If-Modified-Since` equal to the `Last-Modified` sent.
    static func notModified(_ request: SandboxIncoming, etag: String, lastModified: String) -> Bool {
        if let match = request.headers["if-none-match"] {
            return match.split(separator: ",").contains { tag in
                let tag = String(
                    tag.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
                return tag == "*" || tag == etag || tag == "W/" + etag
            }
        }
        return request.headers["if-modified-since"] == lastModified
    }

    /// `N` of `/feeds/archive/N.xml` when it names an archive.
    static func archiveNumber(_ path: String) -> Int? {
        guard path.hasPrefix("/feeds/archive/"), path.hasSuffix(".xml") else { return nil }
        let number = path.dropFirst("/feeds/archive/".count).dropLast(4)
        guard let value = Int(number), (1...archives).contains(value) else { return nil }
        return value
    }

    // MARK: Entries

    /// The issues of a repository as entries, newest first.
    func issues(_ name: String) -> [Entry] {
        guard let repository = data.repository(owner: "acme", name: name) else { return [] }
        return repository.issues.sorted { ($0.updatedAt, $0.number) > ($1.updatedAt, $1.number) }.map { issue in
            Entry(
                id: "tag:acme.sandbox.test,2026:\(name)/issues/\(issue.number)", title: issue.title,
                path: "/\(name)/issues/\(issue.number)", author: issue.author, summary: issue.bodyText,
                tags: issue.labels, time: issue.updatedAt)
        }
    }

    private var articles: [Entry] {
        data.articles.sorted { ($0.published, $0.id) > ($1.published, $1.id) }.map { article in
            Entry(
                id: "urn:acme:article:\(article.id)", title: article.headline, path: "/news/\(article.id)",
                author: article.byline, summary: "\(article.headline), by \(article.byline).", tags: ["news"],
                time: article.published)
        }
    }

    // MARK: Formats

    private func rss() -> (String, Data, Int64) {
        let entries = Array(issues("rocket").prefix(50))
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
            <channel>
            <title>Acme rocket issues</title>
            <link>\(Self.siteBase)/rocket</link>
            <description>The newest issues of acme/rocket</description>

            """
        for (index, entry) in entries.enumerated() {
            // Every third date in a numeric zone (the same instant), as servers in other zones write them.
            let offset = index % 3 == 1 ? -300 : (index % 3 == 2 ? 330 : 0)
            xml += "<item>\n<title>\(Self.xml(entry.title))</title>\n"
            xml += "<link>\(Self.siteBase)\(entry.path)</link>\n"
            xml += "<guid isPermaLink=\"false\">\(Self.xml(entry.id))</guid>\n"
            xml += "<pubDate>\(UTCTime.rfc822(entry.time, offsetMinutes: offset))</pubDate>\n"
            xml += "<dc:creator>\(Self.xml(entry.author))</dc:creator>\n"
            for tag in entry.tags { xml += "<category>\(Self.xml(tag))</category>\n" }
            xml += "<description>\(Self.xml("<p>" + Self.xml(entry.summary) + "</p>"))</description>\n</item>\n"
        }
        xml += "</channel>\n</rss>\n"
        return ("application/rss+xml; charset=utf-8", Data(xml.utf8), entries.first?.time ?? referenceTime)
    }

    /// A podcast: 20 episodes, each with an `enclosure` (an MP3's URL, size and type) and `itunes:duration`
    /// (in the three forms feeds write it), the channel's `itunes:author` standing for the episodes' author;
    /// every fifth episode also has Media RSS video beside its audio.
    private func podcast() -> (String, Data, Int64) {
        let entries = Array(issues("rocket").prefix(20))
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"
              xmlns:media="http://search.yahoo.com/mrss/">
            <channel>
            <title>Acme launch podcast</title>
            <link>\(Self.siteBase)/podcast</link>
            <description>Every issue, read aloud</description>
            <itunes:author>Acme Radio</itunes:author>

            """
        for (index, entry) in entries.enumerated() {
            let seconds = 600 + index * 97
            let duration =
                switch index % 3 {
                case 0: "\(seconds)"
                case 1: "\(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)"
                default: "00:\(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)"
                }
            xml += "<item>\n<title>Episode \(index + 1): \(Self.xml(entry.title))</title>\n"
            xml += "<link>\(Self.siteBase)/podcast/\(index + 1)</link>\n"
            xml += "<guid isPermaLink=\"false\">episode-\(index + 1)</guid>\n"
            xml += "<pubDate>\(UTCTime.rfc822(entry.time))</pubDate>\n"
            xml +=
                "<enclosure url=\"\(Self.siteBase)/podcast/\(index + 1).mp3\" length=\"\(1_000_000 + index * 4_096)\" "
            xml += "type=\"audio/mpeg\"/>\n<itunes:duration>\(duration)</itunes:duration>\n"
            if index % 5 == 0 {
                xml += "<media:content url=\"\(Self.siteBase)/podcast/\(index + 1).mp4\" type=\"video/mp4\"/>\n"
            }
            xml += "<description>\(Self.xml(entry.summary))</description>\n</item>\n"
        }
        xml += "</channel>\n</rss>\n"
        return ("application/rss+xml; charset=utf-8", Data(xml.utf8), entries.first?.time ?? referenceTime)
    }

    private func rdf() -> (String, Data, Int64) {
        let entries = Array(issues("ground").prefix(30))
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
              xmlns:dc="http://purl.org/dc/elements/1.1/">
            <channel rdf:about="\(Self.siteBase)/ground">
            <title>Acme ground issues</title>
            <link>\(Self.siteBase)/ground</link>
            <description>The newest issues of acme/ground</description>
            </channel>

            """
        for entry in entries {
            xml += "<item rdf:about=\"\(Self.siteBase)\(entry.path)\">\n<title>\(Self.xml(entry.title))</title>\n"
            xml += "<link>\(Self.siteBase)\(entry.path)</link>\n"
            xml += "<dc:date>\(UTCTime.rfc3339(entry.time, offsetMinutes: 120))</dc:date>\n"
            xml += "<dc:creator>\(Self.xml(entry.author))</dc:creator>\n"
            for tag in entry.tags { xml += "<dc:subject>\(Self.xml(tag))</dc:subject>\n" }
            xml += "<description>\(Self.xml(entry.summary))</description>\n</item>\n"
        }
        xml += "</rdf:RDF>\n"
        return ("application/rdf+xml", Data(xml.utf8), entries.first?.time ?? referenceTime)
    }

    private func atom(page: Int, host: String) -> (String, Data, Int64) {
        let all = Array(issues("ground").prefix(Self.atomEntries))
        let pages = (all.count + Self.atomPageSize - 1) / Self.atomPageSize
        let start = min((page - 1) * Self.atomPageSize, all.count)
        let entries = Array(all[start..<min(all.count, start + Self.atomPageSize)])
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="\(Self.siteBase)/ground/">
            <title type="html">Acme &lt;b&gt;ground&lt;/b&gt; activity</title>
            <id>tag:acme.sandbox.test,2026:ground</id>
            <updated>\(UTCTime.rfc3339(all.first?.time ?? referenceTime))</updated>
            <link rel="self" href="\(host)/feeds/atom.xml?page=\(page)"/>

            """
        if page < pages { xml += "<link rel=\"next\" href=\"\(host)/feeds/atom.xml?page=\(page + 1)\"/>\n" }
        for entry in entries {
            xml += "<entry>\n<title type=\"text\">\(Self.xml(entry.title))</title>\n"
            // Relative to the feed's xml:base: `issues/N` under /ground/.
            xml += "<link rel=\"alternate\" href=\"\(entry.path.dropFirst("/ground/".count))\"/>\n"
            xml += "<id>\(Self.xml(entry.id))</id>\n<updated>\(UTCTime.rfc3339(entry.time))</updated>\n"
            xml += "<author><name>\(Self.xml(entry.author))</name></author>\n"
            for tag in entry.tags { xml += "<category term=\"\(Self.xml(tag))\"/>\n" }
            xml += "<summary type=\"html\">\(Self.xml("<p>" + Self.xml(entry.summary) + "</p>"))</summary>\n</entry>\n"
        }
        xml += "</feed>\n"
        return ("application/atom+xml", Data(xml.utf8), all.first?.time ?? referenceTime)
    }

    /// The current feed (`number == nil`: the newest 20 articles, `prev-archive` to the last archive) or
    /// archive `number` (1 is the oldest), each 20 articles and linking to the one before.
    private func archive(number: Int?) -> (String, Data, Int64) {
        let all = articles
        let index = number.map { Self.archives + 1 - $0 } ?? 0
        let start = min(index * Self.archiveSize, all.count)
        let entries = Array(all[start..<min(all.count, start + Self.archiveSize)])
        let previous = number.map { $0 - 1 } ?? Self.archives
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:fh="http://purl.org/syndication/history/1.0">
            <title>Acme news</title>
            <id>tag:acme.sandbox.test,2026:news</id>
            <updated>\(UTCTime.rfc3339(entries.first?.time ?? referenceTime))</updated>

            """
        if number != nil { xml += "<fh:archive/>\n" }
        if previous >= 1 {
            // Relative to the document's own URL, as RFC 5005's examples are.
            let href = number == nil ? "archive/\(previous).xml" : "\(previous).xml"
            xml += "<link rel=\"prev-archive\" href=\"\(href)\"/>\n"
        }
        for entry in entries {
            xml += "<entry>\n<title>\(Self.xml(entry.title))</title>\n"
            xml += "<link href=\"\(Self.siteBase)\(entry.path)\"/>\n<id>\(Self.xml(entry.id))</id>\n"
            xml += "<published>\(UTCTime.rfc3339(entry.time))</published>\n"
            xml += "<updated>\(UTCTime.rfc3339(entry.time))</updated>\n"
            xml += "<author><name>\(Self.xml(entry.author))</name></author>\n"
            xml +=
                "<content type=\"xhtml\"><div xmlns=\"http://www.w3.org/1999/xhtml\"><p>"
                + "\(Self.xml(entry.summary))</p></div></content>\n</entry>\n"
        }
        xml += "</feed>\n"
        return ("application/atom+xml", Data(xml.utf8), entries.first?.time ?? referenceTime)
    }

    private func jsonFeed(page: Int, host: String) -> (String, Data, Int64) {
        guard let repository = data.repository(owner: "acme", name: "rocket") else {
            return ("application/feed+json", Data("{}".utf8), referenceTime)
        }
        let all = Array(repository.events.prefix(Self.jsonItems))
        let pages = (all.count + Self.jsonPageSize - 1) / Self.jsonPageSize
        let start = min((page - 1) * Self.jsonPageSize, all.count)
        let events = all[start..<min(all.count, start + Self.jsonPageSize)]
        var members: [(key: String, value: SandboxJSON)] = [
            (key: "version", value: .string("https://jsonfeed.org/version/1.1")),
            (key: "title", value: .string("Acme rocket events")),
            (key: "home_page_url", value: .string(Self.siteBase + "/rocket")),
            (key: "feed_url", value: .string("\(host)/feeds/feed.json?page=\(page)")),
        ]
        if page < pages {
            members.append((key: "next_url", value: .string("\(host)/feeds/feed.json?page=\(page + 1)")))
        }
        members.append(
            (
                key: "items",
                value: .array(
                    events.map { event in
                        .object([
                            (key: "id", value: .string(String(event.id))),
                            (key: "url", value: .string("\(Self.siteBase)/rocket/issues/\(event.issueNumber)")),
                            (key: "title", value: .string(event.title)),
                            (key: "content_text", value: .string("\(event.type) by \(event.actor)")),
                            (key: "date_published", value: .string(UTCTime.rfc3339(event.createdAt))),
                            (key: "authors", value: .array([.object([(key: "name", value: .string(event.actor))])])),
                            (key: "tags", value: .array([.string(event.type)])),
                        ])
                    })
            ))
        return ("application/feed+json", SandboxJSON.object(members).data, all.first?.createdAt ?? referenceTime)
    }

    /// Titles written in ISO-8859-1 bytes (the document declares it; the header names no charset).
    static let latin1Titles = [
        "Café au lait on the launch pad", "Über-Größe: the new fairing", "Señor Niño's telemetry",
        "Øresund ground station online", "Ça va, garçon? Crew notes", "Smörgåsbord of fixes",
        "Déjà vu: the retry bug", "Ærø weather balloon", "Piñata payload test", "Naïve rollback plan",
    ]

    private func latin1() -> (String, Data, Int64) {
        let times = issues("rocket").prefix(Self.latin1Titles.count).map(\.time)
        var xml = """
            <?xml version="1.0" encoding="ISO-8859-1"?>
            <rss version="2.0">
            <channel>
            <title>Acme Europe — «dépêches»</title>
            <link>\(Self.siteBase)/europe</link>
            <description>News in Latin-1</description>

            """
        for (index, title) in Self.latin1Titles.enumerated() {
            let time = index < times.count ? times[index] : referenceTime - Int64(index) * 3600
            xml += "<item><title>\(Self.xml(title))</title><link>\(Self.siteBase)/europe/\(index + 1)</link>"
            xml += "<guid>\(Self.siteBase)/europe/\(index + 1)</guid><pubDate>\(UTCTime.rfc822(time))</pubDate>"
            xml += "<description>Résumé nº \(index + 1) — €\(index)</description></item>\n"
        }
        xml += "</channel>\n</rss>\n"
        // Each character is one ISO-8859-1 byte; what Latin-1 cannot hold (the em dash, the euro sign) is
        // written as a character reference.
        var bytes = Data()
        for scalar in xml.unicodeScalars {
            if scalar.value < 0x100 {
                bytes.append(UInt8(scalar.value))
            } else {
                bytes.append(contentsOf: Array("&#\(scalar.value);".utf8))
            }
        }
        return ("application/rss+xml", bytes, times.first ?? referenceTime)
    }

    private func undated() -> (String, Data, Int64) {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0">
            <channel>
            <title>Acme notes (no dates)</title>
            <link>\(Self.siteBase)/notes</link>
            <description>A feed whose items carry no date</description>

            """
        for index in 1...8 {
            xml += "<item><title>Note \(index): undated</title><link>\(Self.siteBase)/notes/\(index)</link>"
            xml +=
                "<guid>\(Self.siteBase)/notes/\(index)</guid><description>Note number \(index).</description></item>\n"
        }
        xml += "</channel>\n</rss>\n"
        return ("application/rss+xml; charset=utf-8", Data(xml.utf8), referenceTime)
    }

    /// `text` escaped for XML content and attributes (the controls XML cannot carry left out: the JSON
    /// Feed keeps the hostile titles whole).
    static func xml(_ text: String) -> String { XMLEscape.text(text) }
}
