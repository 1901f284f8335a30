import RiffleCore
import RiffleTestSupport
import Testing

@testable import RiffleStore
@testable import RiffleStoreKit

/// The pages a resumed export takes from the store (`Store.freshPage`, `FreshPagesFirst`): only the latest
/// run's, fresh, asked the same way, with every item still stored as listed; and the reader's pages on a
/// terminal (`StoreFirstPageable`): the store's, then the network's from the stored position.
@Suite struct StoredPageTests {
    let list = StoreSource(name: "list", type: "graphql")

    func request(_ cursor: String?, size: Int = 3, shape: Int64 = 7) -> PageRequest {
        PageRequest(cursor: cursor, pageSize: size, shape: shape)
    }

    @Test(arguments: StoreUnderTest.all) func aPageComesBackAsItWasReadWhileFresh(backend: StoreUnderTest) async throws
    {
        try await withTemporaryDirectory { directory in
            let clock = TestClock()
            let store = try backend.open(in: directory, clock: clock.function)
            let full = Item(
                id: "x", time: Timestamp(unixSeconds: 1_767_225_700), title: "t", url: "https://e/x", author: "a",
                summary: "s", tags: ["p"], extra: ["iid": .int(3), "w": .double(1.5), "o": .object(["k": .bool(true)])])
            let first = page([full, item("b", at: 90), item("c", at: 80)], cursor: "c1")
            let second = page([item("d", at: 70), item("e", at: 70)], cursor: nil, hasMore: false)
            var run = try await store.beginRun(of: list)
            try await run.commit(first, request: request(nil))
            try await run.commit(second, request: request("c1"))
            let head = try #require(try await store.freshPage(of: "list", request: request(nil)))
            #expect(head.items == first.items && head.nextCursor == "c1" && head.hasMore)
            let next = try #require(try await store.freshPage(of: "list", request: request("c1")))
            #expect(next.items == second.items && next.nextCursor == nil && !next.hasMore)
            // Asked another way: another page size, another shape, a cursor never read.
            #expect(try await store.freshPage(of: "list", request: request(nil, size: 4)) == nil)
            #expect(try await store.freshPage(of: "list", request: request(nil, shape: 8)) == nil)
            #expect(try await store.freshPage(of: "list", request: request("c2")) == nil)
            #expect(try await store.freshPage(of: "other", request: request(nil)) == nil)
            // Too old.
            clock.advance(seconds: Int64(StoreLimits.pageFreshness.components.seconds) + 1)
            #expect(try await store.freshPage(of: "list", request: request(nil)) == nil)
        }
    }

    @Test(arguments: StoreUnderTest.all) func onlyTheLatestRunsPagesWithAllTheirItems(backend: StoreUnderTest)
        async throws
    {
        try await withTemporaryDirectory { directory in
            let store = try backend.open(in: directory)
            var run = try await store.beginRun(of: list)
            try await run.commit(page([item("a", at: 100), item("b", at: 90)], cursor: "c1"), request: request(nil))
            try await run.commit(page([item("c", at: 80), item("a2", at: 70)], cursor: "c2"), request: request("c1"))
            // The same run lists "c" again on its next page: the page before no longer holds it as listed.
            try await run.commit(page([item("c", at: 80), item("e", at: 60)], cursor: "c3"), request: request("c2"))
            #expect(try await store.freshPage(of: "list", request: request(nil)) != nil)
            #expect(try await store.freshPage(of: "list", request: request("c1")) == nil)
            #expect(try await store.freshPage(of: "list", request: request("c2")) != nil)
            // A page with notes (a skipped item) is never kept as a page.
            var noted = page([item("f", at: 50)], cursor: "c4")
            noted.notes.skip(item: 1, because: "no time")
            try await run.commit(noted, request: request("c3"))
            #expect(try await store.freshPage(of: "list", request: request("c3")) == nil)
            // A newer run from the head: the earlier run's pages are not given back.
            var newer = try await store.beginRun(of: list)
            #expect(try await store.freshPage(of: "list", request: request(nil)) == nil)
            try await newer.commit(page([item("a", at: 100)], cursor: "c1"), request: request(nil))
            #expect(try await store.freshPage(of: "list", request: request(nil))?.items.map(\.id) == ["a"])
            #expect(try await store.freshPage(of: "list", request: request("c2")) == nil)
        }
    }

    /// Counts the loads that reach a source.
    actor Counting: Pageable {
        let base: InMemorySource
        var loads = 0
        init(_ base: InMemorySource) { self.base = base }
        func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
            loads += 1
            return try await base.loadPage(after: cursor, pageSize: pageSize)
        }
    }

    @Test(arguments: StoreUnderTest.all) func aResumedSourceAsksTheNetworkOnlyForWhatIsNotStored(
        backend: StoreUnderTest
    ) async throws {
        try await withTemporaryDirectory { directory in
            let store = try backend.open(in: directory)
            let all = InMemorySource(items: (0..<12).map { item("i\($0)", at: Int64(1_000 - $0 * 10)) })
            let network = Counting(all)
            let trouble = StoreTrouble { Issue.record("store trouble: \($0)") }
            let recorder = RecordingPageable(
                network, store: store, source: list, policy: SourcePolicy(), trouble: trouble, shape: 7)
            let head = try await recorder.loadPage(after: nil, pageSize: 3)
            let second = try await recorder.loadPage(after: "3", pageSize: 3)
            await recorder.finishWriting()
            #expect(await network.loads == 2)
            let resumed = FreshPagesFirst(store: store, source: list.name, shape: 7, network: network, trouble: trouble)
            #expect(try await resumed.loadPage(after: "3", pageSize: 3).items == second.items)
            #expect(try await resumed.loadPage(after: nil, pageSize: 3).items == head.items)
            #expect(await network.loads == 2, "stored pages cost no load")
            let third = try await resumed.loadPage(after: "6", pageSize: 3)
            #expect(third.items == (try await all.loadPage(after: "6", pageSize: 3)).items)
            #expect(await network.loads == 3)
        }
    }

    /// The reader on a terminal takes what is stored at once, and pages past it over the network
    /// from the stored position — not from the head again.
    @Test(arguments: StoreUnderTest.all) func theReaderPagesPastWhatIsStoredFromTheStoredPosition(
        backend: StoreUnderTest
    ) async throws {
        try await withTemporaryDirectory { directory in
            let store = try backend.open(in: directory)
            let all = InMemorySource(items: (0..<12).map { item("i\($0)", at: Int64(1_000 - $0 * 10)) })
            let network = Counting(all)
            let trouble = StoreTrouble { Issue.record("store trouble: \($0)") }
            // An earlier run read the first two pages of 3 from the head and stored them.
            let recorder = RecordingPageable(
                network, store: store, source: list, policy: SourcePolicy(), trouble: trouble, shape: 7)
            let second = try await recorder.loadPage(
                after: try await recorder.loadPage(after: nil, pageSize: 3).nextCursor, pageSize: 3)
            await recorder.finishWriting()
            #expect(await network.loads == 2)
            let reader = StoreFirstPageable(
                stored: StoredItems(store: store, source: list.name), network: network, trouble: trouble)
            var items: [Item] = []
            var cursor: String?
            repeat {
                let page = try await reader.loadPage(after: cursor, pageSize: 4)
                items += page.items
                cursor = page.hasMore ? page.nextCursor : nil
            } while cursor?.hasPrefix("s:") == true
            #expect(ids(items) == (0..<6).map { "i\($0)" }, "the stored items first")
            #expect(await network.loads == 2, "what is stored costs no load")
            #expect(cursor == "n:" + (try #require(second.nextCursor)))
            let onward = try await reader.loadPage(after: cursor, pageSize: 4)
            #expect(ids(onward.items) == (6..<10).map { "i\($0)" }, "the network from the stored position")
            #expect(await network.loads == 3)
        }
    }
}
