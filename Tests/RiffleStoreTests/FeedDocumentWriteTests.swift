import Foundation
import RiffleCore
import RiffleTestSupport
import Testing

@testable import RiffleStore
@testable import RiffleStoreKit

/// What keeps a store's writes cheap: a feed page keeps its document in its own transaction, a head page begins its
/// run and records the refresh in that same transaction, a run's head feeds are read in one read, and a
/// short run's WAL is left for the next open instead of checkpointed at close.
@Suite(.timeLimit(.minutes(1))) struct FeedDocumentWriteTests {
    let feed = StoreSource(name: "lwn", type: "feed")
    let head = "http://127.0.0.1/feed"
    let older = "http://127.0.0.1/feed?page=2"

    /// A page of `items` as the feed adapter gives it: from the document at `url`, fetched with `etag`.
    func documentPage(_ items: [Item], url: String, etag: String, next: String?) -> Page {
        Page(
            items: items, nextCursor: next, hasMore: next != nil,
            document: DocumentFetch(
                validators: DocumentValidators(url: url, etag: etag), outcome: .fetched, at: Timestamp(unixSeconds: 0)))
    }

    /// Records `pages[""]` as the head page of a run of the feed, then `outside` (asked from a cursor the
    /// run did not reach), and waits for the writes.
    func record(_ pages: [String: Page], outside: String? = nil, in store: any Store, trouble: StoreTrouble)
        async throws
    {
        let recorder = RecordingPageable(
            FixedPages(pages: pages), store: store, source: feed, policy: SourcePolicy(keepsFallenOff: true),
            trouble: trouble)
        _ = try await recorder.loadPage(after: nil, pageSize: 50)
        if let outside { _ = try await recorder.loadPage(after: outside, pageSize: 50) }
        await recorder.finishWriting()
    }

    @Test(arguments: StoreUnderTest.all) func aFeedPageKeepsItsDocumentWithItsItems(backend: StoreUnderTest)
        async throws
    {
        try await withTemporaryDirectory { directory in
            let store = try backend.open(in: directory)
            let trouble = StoreTrouble { Issue.record("store trouble: \($0)") }
            let memory = StoreDocumentMemory(opening: StoreOpening(store), trouble: trouble)
            let headPage = documentPage([item("a", at: 30), item("b", at: 20)], url: head, etag: "\"h1\"", next: older)
            let olderPage = documentPage([item("c", at: 10)], url: older, etag: "\"o1\"", next: nil)
            // The memory answers from this process at once and leaves the store to the page's writer.
            await memory.remember(source: feed.name, page: headPage)
            #expect(await memory.validators(source: feed.name, url: head) == headPage.document?.validators)
            #expect(try await store.feedDocument(of: feed.name, url: head) == nil)
            try await record(["": headPage, "elsewhere": olderPage], outside: "elsewhere", in: store, trouble: trouble)
            #expect(try await store.feedDocument(of: feed.name, url: head) == headPage.document?.validators)
            #expect(try await store.documentPage(of: feed.name, url: head)?.items == headPage.items)
            // A page outside the run keeps its document, not its items.
            #expect(try await store.feedDocument(of: feed.name, url: older) == olderPage.document?.validators)
            #expect(ids(try await storedItems(store, feed.name)) == ["a", "b"])
            // The head page's transaction recorded the refresh.
            let summary = try #require(try await store.summaries().first)
            #expect(summary.lastOutcome == .ok && summary.lastRefresh != nil && summary.itemCount == 2)
        }
    }

    /// A kept page is rebuilt from its items in one read: in the document's order, with ids that JSON escapes
    /// and ids that Swift finds equal but SQLite does not (canonically equivalent, other bytes) each given back
    /// as stored.
    @Test(arguments: StoreUnderTest.all) func aKeptPageIsRebuiltInItsOrderWithItsIdsByteForByte(backend: StoreUnderTest)
        async throws
    {
        try await withTemporaryDirectory { directory in
            let store = try backend.open(in: directory)
            let trouble = StoreTrouble { Issue.record("store trouble: \($0)") }
            let ids = ["caf\u{E9}", "cafe\u{301}", "q\"uo\\te", "\u{1F600}/x"]
            let items = ids.enumerated().map { item($1, at: 40 - Int64($0) * 10) }
            let page = documentPage(items, url: head, etag: "\"h1\"", next: nil)
            try await record(["": page], in: store, trouble: trouble)
            let kept = try #require(try await store.documentPage(of: feed.name, url: head))
            #expect(kept.items.map { Array($0.id.utf8) } == ids.map { Array($0.utf8) })
            #expect(kept.items.map(\.time) == items.map(\.time))
        }
    }

    @Test(arguments: StoreUnderTest.all) func theHeadFeedsAreReadAtOnceAndGivenOnce(backend: StoreUnderTest)
        async throws
    {
        try await withTemporaryDirectory { directory in
            let store = try backend.open(in: directory)
            let trouble = StoreTrouble { Issue.record("store trouble: \($0)") }
            let first = documentPage([item("a", at: 30), item("b", at: 20)], url: head, etag: "\"h1\"", next: nil)
            try await record(["": first], in: store, trouble: trouble)
            let memory = StoreDocumentMemory(
                opening: StoreOpening(store), trouble: trouble,
                heads: [(feed.name, head), ("unknown", "http://127.0.0.1/unknown")])
            #expect(await memory.validators(source: feed.name, url: head) == first.document?.validators)
            #expect(await memory.storedPage(source: feed.name, url: head)?.items == first.items)
            #expect(await memory.validators(source: "unknown", url: "http://127.0.0.1/unknown") == nil)
            #expect(await memory.validators(source: feed.name, url: older) == nil)
            // Given once: what another run writes afterwards is what the next ask finds.
            let second = documentPage([item("d", at: 40), item("a", at: 30)], url: head, etag: "\"h2\"", next: nil)
            try await record(["": second], in: store, trouble: trouble)
            #expect(await memory.validators(source: feed.name, url: head) == second.document?.validators)
            #expect(await memory.storedPage(source: feed.name, url: head)?.items == second.items)
        }
    }

    @Test func aShortRunsWALIsLeftAtCloseAndALongOnesCheckpointed() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory + "/s.sqlite"
            let list = StoreSource(name: "list", type: "graphql")
            do {
                let store = try SQLiteStore(path: path)
                var run = try await store.beginRun(of: list)
                try await run.commit(page([item("a", at: 2), item("b", at: 1)], hasMore: false))
            }
            #expect(FileManager.default.fileExists(atPath: path + "-wal"), "a short run's WAL is left")
            // More than `walKeptAtClose` bytes of pages.
            let summary = String(repeating: "s", count: 4_000)
            let pages = 2 * SQLiteStore.walKeptAtClose / (300 * summary.utf8.count) + 1
            do {
                let store = try SQLiteStore(path: path)
                #expect(ids(try await storedItems(store, "list")) == ["a", "b"], "the next open reads the WAL")
                var run = try await store.beginRun(of: list, policy: SourcePolicy(keepsFallenOff: true))
                for number in 0..<pages {
                    let items = (0..<300).map {
                        Item(id: "\(number)-\($0)", time: Timestamp(unixSeconds: 1_000), title: "t", summary: summary)
                    }
                    try await run.commit(Page(items: items, nextCursor: "\(number + 1)", hasMore: true))
                }
            }
            let removed = await eventually { !FileManager.default.fileExists(atPath: path + "-wal") }
            #expect(removed, "a long run's WAL is checkpointed and removed at close")
            let store = try SQLiteStore(path: path)
            #expect(try await storedItems(store, "list", pageSize: 1_000).count == 2 + pages * 300)
        }
    }
}

/// A source of fixed pages by cursor (`""` for the head).
struct FixedPages: Pageable {
    let pages: [String: Page]

    func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
        guard let page = pages[cursor ?? ""] else { throw SourceError.invalidCursor("no page after \(cursor ?? "")") }
        return page
    }
}
