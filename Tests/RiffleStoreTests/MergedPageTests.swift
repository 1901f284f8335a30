import RiffleCore
import Testing

@testable import RiffleStoreKit

/// The merged stored feed a page at a time: the merge's order, every item once to the end, filters.
@Suite struct MergedPageTests {
    /// Pages all of `query`'s items, `size` at a time, following each page's last cursor.
    private func all(_ store: any Store, _ query: MergedPageQuery, size: Int) async throws -> [String] {
        var query = query
        query.limit = size
        var seen: [String] = []
        for _ in 0..<1_000 {
            let page = try await store.mergedPage(query)
            seen += page.entries.map { "\($0.source)/\($0.item.id)" }
            guard page.hasMore, let last = page.entries.last else { return seen }
            #expect(page.entries.count == size)
            query.after = last.cursor
        }
        Issue.record("paging did not end")
        return seen
    }

    private func filled(_ directory: String, backend: StoreUnderTest) async throws -> any Store {
        let store = try backend.open(in: directory)
        var a = try await store.beginRun(of: StoreSource(name: "a", type: "feed"))
        try await a.commit(
            page(
                [
                    item("a1", at: 50, title: "Rocket launch"), item("a2", at: 30), item("a3", at: 30),
                    item("a4", at: 10),
                ], cursor: nil, hasMore: false))
        var b = try await store.beginRun(of: StoreSource(name: "b", type: "feed"))
        try await b.commit(
            page([item("b1", at: 40), item("b2", at: 30, title: "100% rocket_ok"), item("b3", at: 5)], hasMore: false))
        return store
    }

    /// Newest first; equal times by the sources' order, then as each source listed them; the same at
    /// every page size, to the end, with nothing repeated or left out.
    @Test(arguments: StoreUnderTest.all) func pagesTheMergeToTheEnd(backend: StoreUnderTest) async throws {
        try await withTemporaryDirectory { directory in
            let store = try await filled(directory, backend: backend)
            let expected = ["a/a1", "b/b1", "a/a2", "a/a3", "b/b2", "a/a4", "b/b3"]
            for size in 1...8 {
                #expect(
                    try await all(store, MergedPageQuery(sources: ["a", "b"], limit: size), size: size) == expected)
            }
            // The other order of the sources breaks the ties the other way.
            #expect(
                try await all(store, MergedPageQuery(sources: ["b", "a"], limit: 2), size: 2) == [
                    "a/a1", "b/b1", "b/b2", "a/a2", "a/a3", "a/a4", "b/b3",
                ])
            // One source; a source the store does not hold gives nothing.
            #expect(
                try await all(store, MergedPageQuery(sources: ["b", "zz"], limit: 2), size: 2) == [
                    "b/b1", "b/b2", "b/b3",
                ])
            let last = try await store.mergedPage(MergedPageQuery(sources: ["a", "b"], limit: 7))
            #expect(!last.hasMore)
            #expect(last.entries.count == 7)
        }
    }

    /// A page is a keyset read: an item added before the cursor is not seen again, one after it is.
    @Test(arguments: StoreUnderTest.all) func cursorsStayRightWhileItemsArrive(backend: StoreUnderTest) async throws {
        try await withTemporaryDirectory { directory in
            let store = try await filled(directory, backend: backend)
            let first = try await store.mergedPage(MergedPageQuery(sources: ["a", "b"], limit: 3))
            var run = try await store.beginRun(of: StoreSource(name: "b", type: "feed"))
            try await run.commit(
                page(
                    [item("new", at: 60), item("b1", at: 40), item("b2", at: 30), item("b3", at: 5)],
                    hasMore: false))
            let rest = try await store.mergedPage(
                MergedPageQuery(sources: ["a", "b"], after: first.entries.last?.cursor, limit: 10))
            #expect(rest.entries.map(\.item.id) == ["a3", "b2", "a4", "b3"])
        }
    }

    @Test(arguments: StoreUnderTest.all) func filters(backend: StoreUnderTest) async throws {
        try await withTemporaryDirectory { directory in
            let store = try await filled(directory, backend: backend)
            #expect(
                try await all(store, MergedPageQuery(sources: ["a", "b"], limit: 1, text: "ROCKET"), size: 1) == [
                    "a/a1", "b/b2",
                ])
            // `%` and `_` are the text itself, not patterns.
            #expect(
                try await all(store, MergedPageQuery(sources: ["a", "b"], limit: 5, text: "0% r"), size: 5) == ["b/b2"])
            #expect(
                try await all(store, MergedPageQuery(sources: ["a", "b"], limit: 5, text: "t_o"), size: 5) == ["b/b2"])
            #expect(try await all(store, MergedPageQuery(sources: ["a", "b"], limit: 5, text: "a_"), size: 5) == [])
            try await store.markRead([ItemVersion(source: "a", id: "a1", time: item("a1", at: 50).time)])
            try await store.markAllRead(sources: ["b"])
            #expect(
                try await all(store, MergedPageQuery(sources: ["a", "b"], limit: 2, unreadOnly: true), size: 2) == [
                    "a/a2", "a/a3", "a/a4",
                ])
        }
    }

    @Test(arguments: StoreUnderTest.all) func aCursorOfAnotherSourceIsRefused(backend: StoreUnderTest) async throws {
        try await withTemporaryDirectory { directory in
            let store = try await filled(directory, backend: backend)
            let cursor = MergedPageCursor(time: Timestamp(microseconds: 1), source: "c", rank: 0, id: "x")
            await #expect(throws: StoreError.self) {
                try await store.mergedPage(MergedPageQuery(sources: ["a", "b"], after: cursor, limit: 2))
            }
        }
    }
}
