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
