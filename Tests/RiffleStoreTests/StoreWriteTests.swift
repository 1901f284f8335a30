import GRDB
import RiffleCore
import Testing

@testable import RiffleStore
@testable import RiffleStoreKit

@Suite struct StoreWriteTests {
    let gitlab = StoreSource(name: "gitlab", type: "gitlab")

    @Test(arguments: StoreUnderTest.all) func keepsEveryExportFieldAndTheNewestVersion(backend: StoreUnderTest)
        async throws
    {
        try await withTemporaryDirectory { directory in
            let store = try backend.open(in: directory)
            let full = Item(
                id: "gid://gitlab/Issue/1", time: Timestamp(microseconds: 1_767_225_600_123_456),
                title: "Crash\non\tsave",
                url: "https://gitlab.example/1", author: "ada", summary: "ünïcode \"quoted\"", tags: ["bug", "p1"],
                extra: [
                    "iid": .int(1), "state": .string("opened"), "weight": .double(1.5), "milestone": .null,
                    "labels": .array([.object(["color": .string("#f00")])]),
                ])
            var run = try await store.beginRun(of: gitlab)
            try await run.commit(page([full, item("plain", at: -10)]))
            #expect(try await storedItems(store, "gitlab") == [full, item("plain", at: -10)])
            // A newer version of the same id replaces it; its first-seen time stays.
            var newer = full
            newer.time = Timestamp(microseconds: full.time.microseconds + 1)
            newer.title = "Crash on save (fixed)"
            var second = try await store.beginRun(of: gitlab)
            try await second.commit(page([newer, item("plain", at: -10)]))
            #expect(try await storedItems(store, "gitlab") == [newer, item("plain", at: -10)])
        }
    }

    @Test(arguments: StoreUnderTest.all) func reReadingRemovesUnlistedItemsInsideTheCoveredRangeOnly(
        backend: StoreUnderTest
    ) async throws {
        try await withTemporaryDirectory { directory in
            let store = try backend.open(in: directory)
            var first = try await store.beginRun(of: gitlab)
            try await first.commit(page([item("a", at: 100), item("b", at: 90), item("c", at: 80)]))
            try await first.commit(page([item("d", at: 70), item("e", at: 60), item("f", at: 50)]))
            try await first.commit(page([item("g", at: 40), item("h", at: 30)]))
            // Second run: b closed (gone), a new item z on top; only two pages read, down to time 60.
            var second = try await store.beginRun(of: gitlab)
            try await second.commit(page([item("z", at: 110), item("a", at: 100), item("c", at: 80)]))
            #expect(ids(try await storedItems(store, "gitlab")) == ["z", "a", "c", "d", "e", "f", "g", "h"])
            try await second.commit(page([item("d", at: 70), item("f", at: 50), item("g", at: 40)]))
            // e (60) is inside [40, 80] and no longer listed; h (30) is below what the run covered.
            #expect(ids(try await storedItems(store, "gitlab")) == ["z", "a", "c", "d", "f", "g", "h"])
            // The position stays with the first run, which reached deeper (h, at 30), until this one does.
            #expect(try await store.position(of: "gitlab")?.oldestTime == item("h", at: 30).time)
            try await second.commit(page([item("h", at: 30)], cursor: "after-h"))
            #expect(
                try await store.position(of: "gitlab")
                    == SourcePosition(cursor: "after-h", hasMore: true, oldestTime: item("h", at: 30).time))
        }
    }

    @Test(arguments: StoreUnderTest.all) func reachingTheEndCoversEverythingBelow(backend: StoreUnderTest) async throws
    {
        try await withTemporaryDirectory { directory in
            let store = try backend.open(in: directory)
            var first = try await store.beginRun(of: gitlab)
            try await first.commit(
                page([item("a", at: 100), item("b", at: 90), item("c", at: 80)], cursor: nil, hasMore: false))
            var second = try await store.beginRun(of: gitlab)
            try await second.commit(page([item("a", at: 100)], cursor: nil, hasMore: false))
            #expect(ids(try await storedItems(store, "gitlab")) == ["a"])
            #expect(try await store.position(of: "gitlab")?.hasMore == false)
            var third = try await store.beginRun(of: gitlab)
            try await third.commit(page([], cursor: nil, hasMore: false))
            #expect(try await storedItems(store, "gitlab").isEmpty)
        }
    }

    @Test(arguments: StoreUnderTest.all) func feedSourcesKeepWhatFellOff(backend: StoreUnderTest) async throws {
        try await withTemporaryDirectory { directory in
            let store = try backend.open(in: directory)
            let feed = StoreSource(name: "lwn", type: "feed")
            let policy = SourcePolicy(keepsFallenOff: true)
            var first = try await store.beginRun(of: feed, policy: policy)
            try await first.commit(page([item("a", at: 100), item("b", at: 90), item("c", at: 80)], hasMore: false))
            var second = try await store.beginRun(of: feed, policy: policy)
            try await second.commit(page([item("n", at: 120), item("a", at: 100)], hasMore: false))
            #expect(ids(try await storedItems(store, "lwn")) == ["n", "a", "b", "c"])
        }
    }

    @Test(arguments: StoreUnderTest.all) func maxItemsDropsTheOldestAsPagesAreWritten(backend: StoreUnderTest)
        async throws
    {
        try await withTemporaryDirectory { directory in
            let store = try backend.open(in: directory)
            var run = try await store.beginRun(of: gitlab, policy: SourcePolicy(maxItems: 4))
            try await run.commit(page((0..<3).map { item("p1-\($0)", at: Int64(100 - $0)) }))
            #expect(try await storedItems(store, "gitlab").count == 3)
            try await run.commit(page((0..<3).map { item("p2-\($0)", at: Int64(50 - $0)) }))
            #expect(ids(try await storedItems(store, "gitlab")) == ["p1-0", "p1-1", "p1-2", "p2-0"])
            #expect(try await store.summaries().first?.itemCount == 4)
        }
    }

    @Test(arguments: StoreUnderTest.all) func keepDropsItemsOlderThanTheHorizon(backend: StoreUnderTest) async throws {
        try await withTemporaryDirectory { directory in
            let clock = TestClock()
            let store = try backend.open(in: directory, clock: clock.function)
            let policy = SourcePolicy(maxItems: nil, keep: .seconds(3_600))
            var run = try await store.beginRun(of: gitlab, policy: policy)
            try await run.commit(
                page([item("fresh", at: -60), item("hour-old", at: -3_599), item("stale", at: -3_601)]))
            #expect(ids(try await storedItems(store, "gitlab")) == ["fresh", "hour-old"])
            clock.advance(seconds: 100)
            var next = try await store.beginRun(of: gitlab, policy: policy)
            try await next.commit(page([item("newer", at: 10)]))
            #expect(ids(try await storedItems(store, "gitlab")) == ["newer", "fresh"])
            // keep 0 keeps everything.
            var all = try await store.beginRun(of: gitlab, policy: SourcePolicy(maxItems: nil, keep: .zero))
            try await all.commit(
                page([item("newer", at: 10), item("fresh", at: -60), item("ancient", at: -9_999_999)]))
            #expect(ids(try await storedItems(store, "gitlab")) == ["newer", "fresh", "ancient"])
        }
    }

    @Test func aPageIsOneTransaction() async throws {
        try await withTemporaryDirectory { directory in
            let store = try await SQLiteStore.open(at: directory + "/s.sqlite")
            var run = try await store.beginRun(of: gitlab)
            try await run.commit(page([item("a", at: 100), item("b", at: 90)], cursor: "after-b"))
            // SQLite itself fails the write on the page's third item.
            try await store.write { db in
                try db.execute(
                    sql: """
                        CREATE TEMP TRIGGER poison BEFORE INSERT ON item WHEN NEW.item_id = 'poison'
                        BEGIN SELECT RAISE(ABORT, 'poisoned item'); END
                        """)
            }
            let before = try await store.summaries()
            await #expect(throws: StoreError.self) {
                try await run.commit(
                    page([item("c", at: 80), item("d", at: 70), item("poison", at: 60)], cursor: "after-p"))
            }
            // Nothing of the failed page: no items, no reconciliation (a and b stay), no position move.
            #expect(ids(try await storedItems(store, "gitlab")) == ["a", "b"])
            #expect(try await store.position(of: "gitlab")?.cursor == "after-b")
            #expect(try await store.summaries() == before)
        }
    }

    @Test func refreshOutcomesAndSummaries() async throws {
        try await withTemporaryDirectory { directory in
            let clock = TestClock()
            let store = try SQLiteStore(path: directory + "/s.sqlite", clock: clock.function)
            var run = try await store.beginRun(of: gitlab)
            try await run.commit(page([item("a", at: 2), item("b", at: 1)]))
            try await run.finish(.ok)
            let failing = try await store.beginRun(of: StoreSource(name: "launches", type: "spacex"))
            try await failing.finish(.failed("HTTP 502 from api.spacexdata.com"))
            try await store.markRead([ItemVersion(source: "gitlab", id: "a", time: item("a", at: 2).time)])
            let summaries = try await store.summaries()
            #expect(summaries.map(\.name) == ["gitlab", "launches"])
            #expect(summaries[0].itemCount == 2)
            #expect(summaries[0].unreadCount == 1)
            #expect(summaries[0].lastOutcome == .ok)
            #expect(summaries[0].lastRefresh == clock.now.withLock { $0 })
            #expect(summaries[1].type == "spacex")
            #expect(summaries[1].lastOutcome == .failed("HTTP 502 from api.spacexdata.com"))
            #expect(summaries[1].position == nil)
            // The same name with another adapter type is another source.
            _ = try await store.beginRun(of: StoreSource(name: "gitlab", type: "feed"))
            #expect(try await store.summaries()[0].itemCount == 0)
            #expect(try await store.removeSource(named: "launches"))
            #expect(try await store.sourceNames() == ["gitlab"])
        }
    }

    @Test func feedStateAndFirstSeenTimesSurviveReReads() async throws {
        try await withTemporaryDirectory { directory in
            let clock = TestClock()
            let store = try SQLiteStore(path: directory + "/s.sqlite", clock: clock.function)
            let first = try await store.firstSeen(of: "lwn", entryIDs: ["x", "y"])
            clock.advance(seconds: 600)
            let again = try await store.firstSeen(of: "lwn", entryIDs: ["y", "z"])
            #expect(again["y"] == first["y"])
            #expect(again["z"] == clock.now.withLock { $0 })
            let state = DocumentValidators(
                url: "https://lwn.net/headlines/rss", etag: "\"abc\"", lastModified: "Mon, 23 Nov 2026 10:00:00 GMT",
                nextRequestAt: Timestamp(unixSeconds: 1_767_229_200))
            var run = try await store.beginRun(
                of: StoreSource(name: "lwn", type: "feed"), policy: SourcePolicy(keepsFallenOff: true))
            try await run.commit(page([item("x", at: 0)], hasMore: false), feedDocument: state)
            #expect(try await store.feedDocument(of: "lwn", url: state.url) == state)
            var updated = state
            updated.nextRequestAt = nil
            try await store.saveFeedDocument(updated, of: "lwn")
            #expect(try await store.feedDocument(of: "lwn", url: state.url) == updated)
            #expect(try await store.feedDocument(of: "lwn", url: "https://other") == nil)
        }
    }

    @Test(arguments: StoreUnderTest.all) func storedItemsPageByKeysetWithTies(backend: StoreUnderTest) async throws {
        try await withTemporaryDirectory { directory in
            let store = try backend.open(in: directory)
            var run = try await store.beginRun(of: gitlab, policy: SourcePolicy(maxItems: nil))
            let items = (0..<25).map { item("i\(String($0 + 10))", at: Int64($0 / 3)) }
            try await run.commit(page(items))
            let expected = items.sorted { ($0.time, $1.id) > ($1.time, $0.id) }
            for size in [1, 2, 5, 24, 25, 100] {
                #expect(try await storedItems(store, "gitlab", pageSize: size) == expected)
            }
            await #expect(throws: StoreError.self) {
                try await StoredItems(store: store, source: "gitlab").load(after: "garbage", pageSize: 5)
            }
            #expect(try await storedItems(store, "nobody").isEmpty)
        }
    }

    /// The README: a source that leaves the configuration keeps what was stored under its name;
    /// a name reused with another adapter type is a new source, and the old one's items and marks go.
    @Test(arguments: StoreUnderTest.all) func aSourceLeftOutIsKeptAndANameReusedWithAnotherTypeStartsAfresh(
        backend: StoreUnderTest
    ) async throws {
        try await withTemporaryDirectory { directory in
            let store = try backend.open(in: directory)
            var first = try await store.beginRun(of: gitlab)
            try await first.commit(page([item("a", at: 2), item("b", at: 1)], cursor: nil, hasMore: false))
            let a = ItemVersion(source: "gitlab", id: "a", time: item("a", at: 2).time)
            try await store.markRead([a])
            // Runs without it: only other sources are written.
            for round in 0..<2 {
                var other = try await store.beginRun(of: StoreSource(name: "rockets", type: "spacex"))
                try await other.commit(page([item("x\(round)", at: 5 + Int64(round))]))
            }
            #expect(ids(try await storedItems(store, "gitlab")) == ["a", "b"])
            #expect(try await store.isRead(a))
            // The name comes back with the same type: all of it is there, and a re-read goes on from it.
            var back = try await store.beginRun(of: gitlab)
            try await back.commit(page([item("c", at: 3)]))
            #expect(ids(try await storedItems(store, "gitlab")) == ["c", "a", "b"])
            #expect(try await store.isRead(a))
            // The name reused by another adapter: what the old one stored is forgotten.
            var feed = try await store.beginRun(of: StoreSource(name: "gitlab", type: "feed"))
            try await feed.commit(page([item("z", at: 9)]))
            #expect(ids(try await storedItems(store, "gitlab")) == ["z"])
            #expect(try await store.isRead(a) == false)
            #expect(ids(try await storedItems(store, "rockets")).count == 2)
        }
    }
}
