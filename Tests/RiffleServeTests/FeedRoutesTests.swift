import Foundation
import RiffleCore
import RiffleFeed
import RiffleStore
import RiffleStoreKit
import Testing

@testable import RiffleServe

/// The routes over a real SQLite store in a temporary directory: feeds, paging, caching, HEAD, gzip,
/// the token, and health.
@Suite struct FeedRoutesTests {
    private static func withRoutes(
        token: String? = nil, _ body: (FeedRoutes, any Store) async throws -> Void
    ) async throws {
        var template = Array("\(NSTemporaryDirectory())riffle-serve-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        let directory = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try SQLiteStore(path: directory + "/s.sqlite")
        for (name, count) in [("a", 7), ("b", 5)] {
            var run = try await store.beginRun(of: StoreSource(name: name, type: "feed"))
            let items = (0..<count).map { index in
                Item(
                    id: "\(name)\(index)",
                    time: Timestamp(unixSeconds: 1_800_000_000 - Int64(index) * 60 - (name == "b" ? 30 : 0)),
                    title: "<b>\(name) & \(index)</b>", url: "https://example.com/\(name)/\(index)", author: "ann",
                    summary: "text \(index)")
            }
            try await run.commit(Page(items: items, nextCursor: nil, hasMore: false))
        }
        let routes = FeedRoutes(
            store: store, sources: ["a", "b"], token: token.map(AccessToken.init), board: RefreshBoard())
        try await body(routes, store)
    }

    private func get(
        _ routes: FeedRoutes, _ path: String, _ parameters: [(String, String)] = [], method: String = "GET",
        configure: (inout ServedRequest) -> Void = { _ in }
    ) async -> ServedResponse {
        var request = ServedRequest(
            method: method, path: path, parameters: parameters.map { (name: $0.0, value: $0.1) }, host: "h:1")
        configure(&request)
        return await routes.respond(to: request)
    }

    /// Following `next` links reaches every stored item once, newest first, in each format.
    @Test func pagingReachesTheEnd() async throws {
        try await Self.withRoutes { routes, _ in
            var parameters: [(String, String)] = [("n", "3")]
            var titles: [String] = []
            for _ in 0..<10 {
                let response = await get(routes, "/feed.json", parameters)
                #expect(response.status == 200)
                let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
                let items = object?["items"] as? [[String: Any]] ?? []
                titles += items.compactMap { $0["title"] as? String }
                guard let next = object?["next_url"] as? String else { break }
                let after = URLComponents(string: next)?.queryItems?.first { $0.name == "after" }?.value ?? ""
                parameters = [("n", "3"), ("after", after)]
            }
            #expect(titles.count == 12)
            #expect(titles.prefix(4) == ["<b>a & 0</b>", "<b>b & 0</b>", "<b>a & 1</b>", "<b>b & 1</b>"])
        }
    }

    @Test func atomAndRSSAreWellFormedAndEscaped() async throws {
        try await Self.withRoutes { routes, _ in
            for path in ["/feed.atom", "/feed.rss", "/sources/b/feed.atom"] {
                let response = await get(routes, path, [("n", "2")])
                #expect(response.status == 200)
                let text = String(decoding: response.body, as: UTF8.self)
                #expect(text.contains("lt;b") && !text.contains("<b>"), "\(path)")
                #expect(text.contains("rel=\"next\""), "\(path)")
                // Read back by riffle's own parser (libxml2), as riffle's feed adapter reads it.
                let feed = try FeedParser.parse(response.body, url: "http://h:1\(path)")
                #expect(feed.entries.count == 2, "\(path)")
                #expect(feed.entries.first?.title == (path.contains("/b/") ? "<b>b & 0</b>" : "<b>a & 0</b>"))
                #expect(feed.entries.first?.url?.hasPrefix("https://example.com/") == true)
                #expect(feed.nextPage?.contains("after=c1.") == true, "\(path)")
            }
            #expect(await get(routes, "/sources/zz/feed.atom").status == 404)
            #expect(await get(routes, "/nothing").status == 404)
            #expect(await get(routes, "/feed.atom", method: "POST").status == 405)
        }
    }

    /// The tag is the items', not the render's; a 304 has no body; HEAD has the GET's length and no body.
    @Test func caching() async throws {
        try await Self.withRoutes { routes, store in
            let first = await get(routes, "/feed.atom")
            let tag = try #require(first.header("ETag"))
            #expect(tag.hasPrefix("\"") && !tag.hasPrefix("W/"))
            #expect(await get(routes, "/feed.atom").header("ETag") == tag)
            #expect(first.header("Last-Modified") == Timestamp(unixSeconds: 1_800_000_000).imfFixdate)
            let unchanged = await get(routes, "/feed.atom") { $0.ifNoneMatch = tag }
            #expect(unchanged.status == 304 && unchanged.body.isEmpty && unchanged.header("Content-Length") == nil)
            let since = await get(routes, "/feed.atom") { $0.ifModifiedSince = first.header("Last-Modified") }
            #expect(since.status == 304)
            let later = await get(routes, "/feed.atom") { $0.ifModifiedSince = "Tue, 01 Jan 2030 00:00:00 GMT" }
            #expect(later.status == 304)
            let earlier = await get(routes, "/feed.atom") { $0.ifModifiedSince = "Tue, 01 Jan 2019 00:00:00 GMT" }
            #expect(earlier.status == 200)
            let head = await get(routes, "/feed.atom", method: "HEAD")
            #expect(
                head.status == 200 && head.body.isEmpty && head.header("Content-Length") == String(first.body.count))
            // A new item changes the tag.
            var run = try await store.beginRun(of: StoreSource(name: "b", type: "feed"))
            try await run.commit(
                Page(
                    items: [Item(id: "new", time: Timestamp(unixSeconds: 1_900_000_000), title: "new")],
                    nextCursor: nil, hasMore: true))
            let changed = await get(routes, "/feed.atom") { $0.ifNoneMatch = tag }
            #expect(changed.status == 200 && changed.header("ETag") != tag)
            let gzip = await get(routes, "/feed.atom") { $0.acceptEncoding = "gzip" }
            #expect(gzip.header("Content-Encoding") == "gzip" && gzip.body.prefix(2) == [0x1F, 0x8B])
            #expect(gzip.header("ETag") != changed.header("ETag"), "another representation, another tag")
        }
    }

    @Test func theTokenGuardsEveryRouteButHealth() async throws {
        try await Self.withRoutes(token: "s3cret") { routes, _ in
            #expect(await get(routes, "/feed.atom").status == 401)
            #expect(await get(routes, "/feed.atom", [("token", "nope")]).status == 401)
            #expect(await get(routes, "/feed.atom", [("token", "s3cret")]).status == 200)
            #expect(await get(routes, "/feed.rss") { $0.authorization = "Bearer s3cret" }.status == 200)
            let health = await get(routes, "/healthz")
            #expect(health.status == 200)
            let refused = await get(routes, "/feed.json")
            #expect(!String(decoding: refused.body, as: UTF8.self).contains("s3cret"))
        }
    }

    @Test func healthSaysEachSourcesStateAnd503WhenTheStoreIsGone() async throws {
        try await Self.withRoutes { routes, store in
            let health = await get(routes, "/healthz")
            let object = try JSONSerialization.jsonObject(with: Data(health.body)) as? [String: Any]
            let sources = object?["sources"] as? [[String: Any]] ?? []
            #expect(sources.map { $0["name"] as? String } == ["a", "b"])
            #expect(sources.map { $0["stored"] as? Int } == [7, 5])
            try store.close()
            #expect(await get(routes, "/healthz").status == 503)
            #expect(await get(routes, "/feed.atom").status == 503)
        }
    }
}
