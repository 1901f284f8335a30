import RiffleCore
import Testing

@testable import RiffleStore
@testable import RiffleStoreKit

@Suite struct ReadMarkTests {
    @Test(arguments: StoreUnderTest.all) func aNewerTimeIsUnreadAgain(backend: StoreUnderTest) async throws {
        try await withTemporaryDirectory { directory in
            let store = try backend.open(in: directory)
            var run = try await store.beginRun(of: StoreSource(name: "gitlab", type: "gitlab"))
            try await run.commit(page([item("a", at: 10), item("b", at: 5)]))
            let a = ItemVersion(source: "gitlab", id: "a", time: item("a", at: 10).time)
            let b = ItemVersion(source: "gitlab", id: "b", time: item("b", at: 5).time)
            #expect(try await store.readStates(of: [a, b]) == [false, false])
            try await store.markRead([a])
            #expect(try await store.readStates(of: [a, b]) == [true, false])
            #expect(try await store.unreadCounts() == ["gitlab": 1])
            #expect(ids(try await storedItems(store, "gitlab", unreadOnly: true)) == ["b"])
            // a comes back updated: unread again, and marking the old version again changes nothing.
            var again = try await store.beginRun(of: StoreSource(name: "gitlab", type: "gitlab"))
            try await again.commit(page([item("a", at: 20), item("b", at: 5)]))
            let newerA = ItemVersion(source: "gitlab", id: "a", time: item("a", at: 20).time)
            #expect(try await store.isRead(newerA) == false)
            try await store.markRead([a])
            #expect(try await store.isRead(newerA) == false)
            #expect(try await store.isRead(a))
            #expect(try await store.unreadCounts() == ["gitlab": 2])
            try await store.markAllRead()
            #expect(try await store.readStates(of: [newerA, b]) == [true, true])
            #expect(try await store.unreadCounts().isEmpty)
            #expect(try await storedItems(store, "gitlab", unreadOnly: true).isEmpty)
        }
    }

    /// `A` marks everything read up to now: also items not fetched yet when it was pressed, of a time up to
    /// then, in every way the store answers (read states, counts and summaries, the unread pages, the export's snapshot);
    /// a version newer than then is unread.
    @Test(arguments: StoreUnderTest.all) func markingAllReadCoversItemsNotFetchedYet(backend: StoreUnderTest)
        async throws
    {
        try await withTemporaryDirectory { directory in
            let clock = TestClock()
            clock.advance(seconds: 100)
            let store = try backend.open(in: directory, clock: clock.function)
            var run = try await store.beginRun(of: StoreSource(name: "feed", type: "feed"))
            try await run.commit(page([item("new", at: 90)]))
            try await store.markAllRead(sources: ["feed", "never-stored"])
            // Older pages come after `A`, and so does an item newer than it.
            clock.advance(seconds: 50)
            var later = try await store.beginRun(of: StoreSource(name: "feed", type: "feed"))
            try await later.commit(page([item("future", at: 120), item("new", at: 90), item("old", at: 10)]))
            let old = ItemVersion(source: "feed", id: "old", time: item("old", at: 10).time)
            let future = ItemVersion(source: "feed", id: "future", time: item("future", at: 120).time)
            let unstored = ItemVersion(source: "never-stored", id: "x", time: item("x", at: 5).time)
            #expect(try await store.readStates(of: [old, future, unstored]) == [true, false, true])
            #expect(try await store.unreadCounts() == ["feed": 1])
            // `riffle sources` and the sources view count the same (they counted the older pages unread).
            #expect(try await store.summaries().first { $0.name == "feed" }?.unreadCount == 1)
            #expect(ids(try await storedItems(store, "feed", unreadOnly: true)) == ["future"])
            let snapshot = try await store.readMarks(of: ["feed", "never-stored"])
            #expect(snapshot.isRead(source: "feed", id: "old", time: old.time))
            #expect(!snapshot.isRead(source: "feed", id: "future", time: future.time))
            #expect(snapshot.isRead(source: "never-stored", id: "x", time: unstored.time))
        }
    }

    @Test(arguments: StoreUnderTest.all) func marksOutliveTheirItemsAndAreBoundedPerSource(backend: StoreUnderTest)
        async throws
    {
        try await withTemporaryDirectory { directory in
            let store = try backend.open(in: directory, marksPerSource: 3)
            let keys = (0..<5).map {
                ItemVersion(source: "cron", id: "i\($0)", time: Timestamp(unixSeconds: Int64($0)))
            }
            try await store.markRead(keys)
            #expect(try await store.readStates(of: keys) == [false, false, true, true, true])
            try await store.markAllRead(sources: ["nobody"])
        }
    }
}
