import Foundation
import RiffleBytes
import RiffleConfig
import RiffleCore
import RiffleHTTP
import RiffleSandbox
import RiffleSources
import RiffleSystem
import RiffleTestSupport
import Synchronization
import Testing

extension AdapterSandbox {
    /// A feed source over the sandbox's `/feeds/…` path, with `memory` and a clock.
    func feed(
        _ path: String, name: String = "feed", memory: any DocumentMemory = InMemoryDocumentMemory(),
        now: @escaping @Sendable () -> Timestamp = Timestamp.now, headers: [HTTPHeader] = []
    ) -> FeedSource {
        FeedSource(
            settings: FeedSettings(url: base + path, headers: headers), source: name, client: client,
            timeout: .seconds(10), retries: 1, memory: memory, now: now)
    }

    /// The recorded requests to the feeds endpoint.
    var feedRequests: [SandboxRequest] { server.requests().filter { $0.endpoint == .feeds } }
}

/// A memory that remembers validators but has lost the pages (a store whose page rows were pruned).
struct ForgetfulMemory: DocumentMemory {
    let validators: DocumentValidators

    func validators(source: String, url: String) async -> DocumentValidators? { validators }
    func storedPage(source: String, url: String) async -> Page? { nil }
    func remember(source: String, page: Page) async {}
    func firstSeen(source: String, entryIDs: [String], now: Timestamp) async -> [String: Timestamp] {
        Dictionary(uniqueKeysWithValues: entryIDs.map { ($0, now) })
    }
}

/// The feed adapter end to end: the sandbox's feeds over a real libcurl client.
@Suite("Adapter: feed")
struct AdapterFeedTests {
    /// The issues of an acme repository straight from the sandbox's GraphQL API, by number.
    static func issues(_ sandbox: AdapterSandbox, _ name: String) async throws -> [Int: JSONValue] {
        let data = try await sandbox.graphQLData(
            "/graphql",
            """
            { repository(owner: "acme", name: "\(name)") { issues(first: 100) { nodes {
                number title updatedAt bodyText author { login } labels(first: 20) { nodes { name } } } } } }
            """)
        var byNumber: [Int: JSONValue] = [:]
        for node in data["repository"]?["issues"]?["nodes"]?.elements ?? [] {
            if let number = node["number"]?.intValue { byNumber[Int(number)] = node }
        }
        return byNumber
    }

    /// `text` as a feed carries it: the controls XML cannot hold left out (the sandbox drops them),
    /// whitespace collapsed.
    static func asFeedText(_ text: String?) -> String? {
        text.map { String($0.unicodeScalars.filter { $0.value >= 0x20 || $0 == "\n" || $0 == "\t" }) }?
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Checks `item` against the issue it was written from (through any feed format).
    static func expectIssue(_ item: Item, _ issue: JSONValue?, _ format: String) {
        #expect(item.title == asFeedText(issue?["title"]?.stringValue), "\(format): title")
        #expect(item.time == issue?["updatedAt"]?.stringValue.flatMap { Timestamp(rfc3339: $0) }, "\(format): time")
        #expect(item.author == issue?["author"]?["login"]?.stringValue, "\(format): author")
        let labels = issue?["labels"]?["nodes"]?.elements.compactMap { $0["name"]?.stringValue } ?? []
        #expect(item.tags == labels, "\(format): tags")
        let body = asFeedText(issue?["bodyText"]?.stringValue)
        #expect(item.summary == body, "\(format): summary as text, markup removed")
    }

    /// `https://acme.sandbox.test/rocket/issues/12` → 12.
    static func number(_ url: String?) -> Int? { url?.split(separator: "/").last.flatMap { Int($0) } }

    @Test func rssMapsEveryField() async throws {
        try await AdapterSandbox.with { sandbox in
            let truth = try await Self.issues(sandbox, "rocket")
            let page = try await sandbox.feed("/feeds/rss.xml").loadPage(after: nil, pageSize: 50)
            #expect(page.items.count == 50 && page.nextCursor == nil && !page.hasMore)
            #expect(isNewestFirst(page.items))
            for item in page.items {
                let number = Self.number(item.url)
                #expect(item.url == "https://acme.sandbox.test/rocket/issues/\(number ?? -1)")
                #expect(item.id == "tag:acme.sandbox.test,2026:rocket/issues/\(number ?? -1)", "the guid")
                Self.expectIssue(item, number.flatMap { truth[$0] }, "rss")
            }
            // The newest 50 by update time, whatever zone each pubDate was written in.
            let newest = truth.values.compactMap { $0["updatedAt"]?.stringValue.flatMap { Timestamp(rfc3339: $0) } }
                .sorted(by: >).prefix(50)
            #expect(page.items.map(\.time) == Array(newest))
        }
    }

    @Test func rdfAndAtomOfTheSameIssuesAgree() async throws {
        try await AdapterSandbox.with { sandbox in
            let truth = try await Self.issues(sandbox, "ground")
            let rdf = try await sandbox.feed("/feeds/rdf.xml").loadPage(after: nil, pageSize: 50)
            let atom = try await drain(sandbox.feed("/feeds/atom.xml"), pageSize: 50)
            #expect(rdf.items.count == 30)
            for item in rdf.items + atom.items {
                Self.expectIssue(item, Self.number(item.url).flatMap { truth[$0] }, "rdf/atom")
            }
            // RDF has no guid: the id is the link; Atom's `issues/N` resolved against its xml:base.
            #expect(rdf.items.map(\.id) == rdf.items.compactMap(\.url))
            #expect(Array(atom.items.prefix(30)).map(\.url) == rdf.items.map(\.url))
            #expect(atom.items.allSatisfy { $0.url?.hasPrefix("https://acme.sandbox.test/ground/issues/") == true })
        }
    }

    @Test func atomPagesThroughRelNext() async throws {
        try await AdapterSandbox.with(SandboxOptions(itemsPerSource: 120)) { sandbox in
            let drained = try await drain(sandbox.feed("/feeds/atom.xml"), pageSize: 10)
            #expect(drained.pages.map(\.items.count) == [25, 25, 25, 25])
            #expect(drained.cursors == [nil] + (2...4).map { "\(sandbox.base)/feeds/atom.xml?page=\($0)" })
            #expect(drained.stop == .noMorePages)
            #expect(Set(drained.ids).count == 100 && isNewestFirst(drained.items))
        }
    }

    @Test func archivedFeedPagesThroughPrevArchive() async throws {
        try await AdapterSandbox.with(SandboxOptions(itemsPerSource: 120)) { sandbox in
            let drained = try await drain(sandbox.feed("/feeds/archive.xml"), pageSize: 10)
            #expect(drained.pages.map(\.items.count) == [20, 20, 20, 20])
            #expect(drained.cursors == [nil] + [3, 2, 1].map { "\(sandbox.base)/feeds/archive/\($0).xml" })
            #expect(Set(drained.ids).count == 80 && isNewestFirst(drained.items))
            #expect(drained.items.allSatisfy { $0.summary?.isEmpty == false && $0.summary?.contains("<") == false })
        }
    }

    @Test func jsonFeedPagesThroughNextURL() async throws {
        try await AdapterSandbox.with(SandboxOptions(itemsPerSource: 120)) { sandbox in
            let drained = try await drain(sandbox.feed("/feeds/feed.json"), pageSize: 10)
            #expect(drained.pages.map(\.items.count) == [30, 30, 30])
            #expect(drained.cursors.last == "\(sandbox.base)/feeds/feed.json?page=3")
            #expect(Set(drained.ids).count == 90 && isNewestFirst(drained.items))
            #expect(drained.items.allSatisfy { $0.author != nil && $0.tags.count == 1 })
        }
    }

    @Test func latin1FeedReadsRight() async throws {
        try await AdapterSandbox.with { sandbox in
            let page = try await sandbox.feed("/feeds/latin1.xml").loadPage(after: nil, pageSize: 50)
            let titles = Set(page.items.map(\.title))
            #expect(titles.contains("Café au lait on the launch pad"))
            #expect(titles.contains("Über-Größe: the new fairing"))
            #expect(titles.contains("Ærø weather balloon"))
            #expect(page.items.contains { $0.summary == "Résumé nº 1 — €0" })
        }
    }

    @Test func undatedEntriesKeepTheirFirstSeenTime() async throws {
        try await AdapterSandbox.with { sandbox in
            let memory = InMemoryDocumentMemory()
            let earlier = Timestamp(rfc3339: "2026-10-01T00:00:00Z") ?? Timestamp(microseconds: 0)
            let later = Timestamp(rfc3339: "2026-11-01T00:00:00Z") ?? Timestamp(microseconds: 0)
            // Three notes seen in an earlier run (what a store would hold).
            let seenBefore = (1...3).map { "https://acme.sandbox.test/notes/\($0)" }
            _ = await memory.firstSeen(source: "notes", entryIDs: seenBefore, now: earlier)
            let page = try await sandbox.feed("/feeds/undated.xml", name: "notes", memory: memory, now: { later })
                .loadPage(after: nil, pageSize: 50)
            #expect(page.items.count == 8)
            for item in page.items {
                #expect(item.time == (seenBefore.contains(item.id) ? earlier : later), "\(item.id)")
            }
            // Later loads (a new process with the same memory: not conditional) keep the times.
            let again = try await FeedSource(
                settings: FeedSettings(url: sandbox.base + "/feeds/undated.xml"), source: "notes",
                client: sandbox.client, timeout: .seconds(10), retries: 0, memory: ForgetfulOfPages(memory),
                now: { Timestamp(rfc3339: "2026-12-01T00:00:00Z") ?? later }
            ).loadPage(after: nil, pageSize: 50)
            #expect(again.items.map(\.time) == page.items.map(\.time))
            // Another source's entries of the same ids are its own.
            let other = try await sandbox.feed("/feeds/undated.xml", name: "other", memory: memory, now: { later })
                .loadPage(after: nil, pageSize: 50)
            #expect(other.items.allSatisfy { $0.time == later })
        }
    }

    @Test func secondRequestIsConditionalAndA304ServesTheKeptPage() async throws {
        try await AdapterSandbox.with { sandbox in
            let memory = InMemoryDocumentMemory()
            let source = sandbox.feed("/feeds/rss.xml", memory: memory)
            let first = try await source.loadPage(after: nil, pageSize: 50)
            let validators = try #require(first.document?.validators)
            #expect(first.document?.outcome == .fetched)
            #expect(validators.etag?.hasPrefix("\"") == true && validators.lastModified?.hasSuffix("GMT") == true)
            let nextRequest = try #require(validators.nextRequestAt)
            let fetchedAt = try #require(first.document?.at)
            #expect(nextRequest.microseconds - fetchedAt.microseconds == 60_000_000, "Cache-Control: max-age=60")

            let second = try await source.loadPage(after: nil, pageSize: 50)
            #expect(second.document?.outcome == .notModified)
            #expect(second.items == first.items && second.nextCursor == first.nextCursor)
            let requests = sandbox.feedRequests
            #expect(requests.count == 2)
            #expect(requests.first?.headers["if-none-match"] == nil)
            #expect(requests.last?.headers["if-none-match"] == validators.etag)
            #expect(requests.last?.headers["if-modified-since"] == validators.lastModified)
        }
    }

    @Test func backgroundLoadsWaitForTheServersTime() async throws {
        try await AdapterSandbox.with { sandbox in
            let clock = ManualClock(Timestamp.now())
            let source = sandbox.feed("/feeds/rss.xml", now: { clock.now })
            let first = try await source.loadPage(after: nil, pageSize: 50)
            let background = try await FetchIntent.$current.withValue(.background) {
                try await source.loadPage(after: nil, pageSize: 50)
            }
            #expect(background.document?.outcome == .notRequested && background.items == first.items)
            #expect(sandbox.feedRequests.count == 1, "max-age=60 not yet over: no request")
            // Asked for by the user (export, `r`): asks at once, conditionally.
            let asked = try await source.loadPage(after: nil, pageSize: 50)
            #expect(asked.document?.outcome == .notModified && sandbox.feedRequests.count == 2)
            // Past the time the server gave, a background load asks too.
            clock.advance(seconds: 61)
            let later = try await FetchIntent.$current.withValue(.background) {
                try await source.loadPage(after: nil, pageSize: 50)
            }
            #expect(later.document?.outcome == .notModified && sandbox.feedRequests.count == 3)
        }
    }

    @Test func aFeedsOwnTTLIsHonouredAsTheServersTimeIs() async throws {
        let server = try await LoopbackServer.start(routes: [
            (
                "/ttl",
                { @Sendable _ in
                    LoopbackServer.Reply(
                        text: "<rss version=\"2.0\"><channel><title>T</title><ttl>60</ttl><item><title>One</title>"
                            + "<guid>g1</guid><pubDate>Tue, 10 Jun 2003 04:00:00 GMT</pubDate></item></channel></rss>")
                }
            )
        ])
        defer { server.stop() }
        let client = try HTTPClient()
        let clock = ManualClock(Timestamp.now())
        let source = FeedSource(
            settings: FeedSettings(url: server.url("/ttl")), source: "ttl", client: client, timeout: .seconds(60),
            retries: 0, memory: InMemoryDocumentMemory(), now: { clock.now })
        try await withResource(client, stop: { await $0.shutdown() }) { _ in
            let first = try await source.loadPage(after: nil, pageSize: 50)
            let fetchedAt = try #require(first.document?.at)
            let next = try #require(first.document?.validators.nextRequestAt)
            #expect(next.microseconds - fetchedAt.microseconds == 3_600_000_000, "<ttl>60</ttl>: an hour")
            clock.advance(seconds: 3_599)
            let early = try await FetchIntent.$current.withValue(.background) {
                try await source.loadPage(after: nil, pageSize: 50)
            }
            #expect(early.document?.outcome == .notRequested && server.stats.requests.count == 1)
            clock.advance(seconds: 2)
            let due = try await FetchIntent.$current.withValue(.background) {
                try await source.loadPage(after: nil, pageSize: 50)
            }
            #expect(due.document?.outcome != .notRequested && server.stats.requests.count == 2)
        }
    }

    @Test func lostPageMeansAPlainRequest() async throws {
        try await AdapterSandbox.with { sandbox in
            let memory = ForgetfulMemory(
                validators: DocumentValidators(url: sandbox.base + "/feeds/rss.xml", etag: "\"stale\""))
            let page = try await sandbox.feed("/feeds/rss.xml", memory: memory).loadPage(after: nil, pageSize: 50)
            #expect(page.items.count == 50 && page.document?.outcome == .fetched)
            #expect(sandbox.feedRequests.map { $0.headers["if-none-match"] } == [nil], "nothing to serve on a 304")
        }
    }

    @Test func notAFeedSaysWhatItWas() async throws {
        try await AdapterSandbox.with { sandbox in
            let html = await errorMessage {
                _ = try await sandbox.feed("/feeds/page.html").loadPage(after: nil, pageSize: 5)
            }
            #expect(
                html == "HTTP 200 from 127.0.0.1:\(sandbox.port): not a feed: an HTML page (title: Acme Rocket — Home)")
            let missing = await errorMessage {
                _ = try await sandbox.feed("/feeds/gone.xml").loadPage(after: nil, pageSize: 5)
            }
            #expect(missing?.contains("answered HTTP 404") == true, "\(missing ?? "")")
            #expect(missing?.contains("<") == false, "no HTML in the message")
            let json = await errorMessage {
                _ = try await FeedSource(
                    settings: FeedSettings(url: sandbox.base + "/rest/repos/acme/rocket/events"), source: "x",
                    client: sandbox.client, timeout: .seconds(10), retries: 0, memory: InMemoryDocumentMemory(),
                    now: Timestamp.now
                ).loadPage(after: nil, pageSize: 5)
            }
            #expect(json?.hasSuffix("not a feed: JSON without items") == true, "\(json ?? "")")
            #expect(sandbox.feedRequests.count == 2, "an HTML page is not retried")
        }
    }

    @Test func hostileBodiesFailTheirSourceOnly() async throws {
        let secretFile = FileManager.default.temporaryDirectory.appending(path: "riffle-xxe-\(UUID().uuidString)")
        let secret = "riffle-secret-\(UUID().uuidString)"
        try Data(secret.utf8).write(to: secretFile)
        defer { try? FileManager.default.removeItem(at: secretFile) }
        var entities = "<!ENTITY lol0 \"lol\">"
        for level in 1...9 {
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        let laughs =
            "<?xml version=\"1.0\"?><!DOCTYPE rss [\(entities)]><rss version=\"2.0\"><channel><title>&lol9;</title>"
            + "<item><title>&lol9;</title></item></channel></rss>"
        let xxe =
            "<?xml version=\"1.0\"?><!DOCTYPE rss [<!ENTITY x SYSTEM \"file://\(secretFile.path)\">]>"
            + "<rss version=\"2.0\"><channel><title>t</title><item><title>a &x; b</title><guid>1</guid>"
            + "<pubDate>Sun, 01 Nov 2026 10:00:00 GMT</pubDate></item></channel></rss>"
        let deep = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        var invalid = Array("<rss version=\"2.0\"><channel><item><title>bad ".utf8) + [0xFF, 0xC3, 0x28]
        invalid += Array(" bytes</title><guid>1</guid></item></channel></rss>".utf8)
        let invalidBody = invalid
        let server = try await LoopbackServer.start(routes: [
            ("/laughs", { @Sendable _ in LoopbackServer.Reply(text: laughs) }),
            ("/xxe", { @Sendable _ in LoopbackServer.Reply(text: xxe) }),
            ("/deep", { @Sendable _ in LoopbackServer.Reply(text: "<rss>" + deep + "</rss>") }),
            ("/invalid", { @Sendable _ in LoopbackServer.Reply(body: invalidBody) }),
        ])
        defer { server.stop() }
        try await withResource(try HTTPClient(), stop: { await $0.shutdown() }) { client in
            try await Self.checkHostile(client, server, secret: secret)
        }
    }

    static func checkHostile(_ client: HTTPClient, _ server: LoopbackServer, secret: String) async throws {
        func load(_ path: String) async -> Result<Page, SourceError> {
            let source = FeedSource(
                settings: FeedSettings(url: server.url(path)), source: "hostile", client: client,
                timeout: .seconds(20), retries: 0, memory: InMemoryDocumentMemory(), now: Timestamp.now)
            do {
                return .success(try await source.loadPage(after: nil, pageSize: 10))
            } catch let error as SourceError {
                return .failure(error)
            } catch {
                return .failure(SourceError("\(error)"))
            }
        }
        guard case .failure(let laughsError) = await load("/laughs") else {
            Issue.record("billion laughs was read as a feed")
            return
        }
        // Refused at the declaration (the message names the entity), not after expanding it.
        #expect(laughsError.message.contains("entity"), "\(laughsError.message)")
        switch await load("/xxe") {
        case .success(let page):
            #expect(!"\(page.items)".contains(secret), "the file's content appears nowhere")
        case .failure(let error):
            #expect(!error.message.contains(secret))
        }
        guard case .failure(let deepError) = await load("/deep") else {
            Issue.record("deep nesting was read")
            return
        }
        #expect(deepError.message.contains("deeper than"), "\(deepError.message)")
        guard case .success(let page) = await load("/invalid") else {
            Issue.record("invalid UTF-8 failed the whole feed")
            return
        }
        #expect(page.items.count == 1 && page.items.first?.title.hasPrefix("bad") == true)
        // A 100 MB body: the HTTP layer's 64 MiB cap ends it, the parser never sees it.
        guard case .failure(let big) = await load("/big?bytes=104857600") else {
            Issue.record("a 100 MB body was accepted")
            return
        }
        #expect(big.message.contains("64 MiB") || big.message.contains("limit"), "\(big.message)")
    }

    @Test func configuredHeadersStayWithTheirOrigin() async throws {
        let other = try await LoopbackServer.start(routes: [
            (
                "/older",
                { @Sendable _ in
                    LoopbackServer.Reply(
                        text: "<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><id>old</id><title>old</title>"
                            + "<updated>2026-01-01T00:00:00Z</updated></entry></feed>")
                }
            )
        ])
        defer { other.stop() }
        let next = other.url("/older")
        let first = try await LoopbackServer.start(routes: [
            (
                "/feed",
                { @Sendable _ in
                    LoopbackServer.Reply(
                        text: "<feed xmlns=\"http://www.w3.org/2005/Atom\"><link rel=\"next\" href=\"\(next)\"/>"
                            + "<entry><id>new</id><title>new</title><updated>2026-02-01T00:00:00Z</updated></entry></feed>"
                    )
                }
            )
        ])
        defer { first.stop() }
        let client = try HTTPClient()
        let source = FeedSource(
            settings: FeedSettings(
                url: first.url("/feed"), headers: [HTTPHeader(name: "Authorization", value: "Bearer t0k")]),
            source: "private", client: client, timeout: .seconds(10), retries: 0, memory: InMemoryDocumentMemory(),
            now: Timestamp.now)
        let drained = try await withResource(client, stop: { await $0.shutdown() }) { _ in
            try await drain(source, pageSize: 10)
        }
        #expect(drained.ids == ["new", "old"])
        #expect(first.stats.requests.first?.header("Authorization") == "Bearer t0k")
        #expect(other.stats.requests.first?.header("Authorization") == nil, "the token stays with its origin")
    }
}

/// A memory that keeps first-seen times (in `base`) but no documents: the next load is a plain request
/// and parses again, as a new run of riffle would.
struct ForgetfulOfPages: DocumentMemory {
    let base: InMemoryDocumentMemory

    init(_ base: InMemoryDocumentMemory) { self.base = base }

    func validators(source: String, url: String) async -> DocumentValidators? { nil }
    func storedPage(source: String, url: String) async -> Page? { nil }
    func remember(source: String, page: Page) async {}
    func firstSeen(source: String, entryIDs: [String], now: Timestamp) async -> [String: Timestamp] {
        await base.firstSeen(source: source, entryIDs: entryIDs, now: now)
    }
}

/// A clock a test moves by hand.
final class ManualClock: Sendable {
    private let time: Mutex<Timestamp>

    init(_ start: Timestamp) { time = Mutex(start) }

    var now: Timestamp { time.withLock { $0 } }

    func advance(seconds: Int64) { time.withLock { $0.microseconds += seconds * 1_000_000 } }
}
