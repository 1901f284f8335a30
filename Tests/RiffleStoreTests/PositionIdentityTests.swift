import RiffleCore
import RiffleTestSupport
import Testing

@testable import RiffleStore
@testable import RiffleStoreKit

/// A stored position belongs to the source it was read from (`StoreSource.identity`): the reader on a
/// terminal (`StoreFirstPageable`) pages on from it only while the source is the same, and starts again
/// from the head once — showing nothing twice and losing nothing — when the source changed or the server
/// refuses the position.
@Suite struct PositionIdentityTests {
    static let identity: Int64 = 7

    /// Twelve items 10 s apart, newest first, in pages of 3, and a source that fails on a chosen cursor.
    actor Network: Pageable {
        var items: [Item]
        var refused: Set<String> = []
        var failHead: SourceError?
        private(set) var cursors: [String?] = []

        init(items: [Item]) { self.items = items }

        func refuse(_ cursor: String) { refused.insert(cursor) }
        func failHead(with error: SourceError?) { failHead = error }
        func add(_ item: Item) { items.insert(item, at: items.firstIndex { $0.time < item.time } ?? items.count) }

        func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
            cursors.append(cursor)
            if let cursor, refused.contains(cursor) { throw SourceError.invalidCursor("cursor \(cursor) expired") }
            if cursor == nil, let failHead { throw failHead }
            return try await InMemorySource(items: items).loadPage(after: cursor, pageSize: pageSize)
        }
    }

    static func items(_ range: Range<Int>) -> [Item] { range.map { item("i\($0)", at: Int64(1_000 - $0 * 10)) } }

    /// A store that holds the first two pages of 3 of `network`, read as a source of `identity`.
    func storeTwoPages(
        of network: Network, in store: any Store, identity: Int64?, trouble: StoreTrouble
    ) async throws {
        let recorder = RecordingPageable(
            network, store: store, source: StoreSource(name: "list", type: "graphql", identity: identity),
            policy: SourcePolicy(), trouble: trouble)
        _ = try await recorder.loadPage(
            after: try await recorder.loadPage(after: nil, pageSize: 3).nextCursor, pageSize: 3)
        await recorder.finishWriting()
    }

    /// Every page the reader's source gives, from its head to its end; the notes each page said.
    func readAll(_ source: StoreFirstPageable, pageSize: Int = 4) async throws -> (items: [Item], notes: [PageNotes]) {
        var items: [Item] = []
        var notes: [PageNotes] = []
        var cursor: String?
        for _ in 0..<50 {
            let page = try await source.loadPage(after: cursor, pageSize: pageSize)
            items += page.items
            notes.append(page.notes)
            guard page.hasMore, let next = page.nextCursor else { break }
            cursor = next
        }
        return (items, notes)
    }

    /// Runs `body` over a new store holding the first two pages of 3 of a `Network` of twelve items, read as
    /// a source of `identity`.
    func withTwoStoredPages(
        _ backend: StoreUnderTest, identity: Int64?, _ body: (any Store, Network, StoreTrouble) async throws -> Void
    ) async throws {
        try await withTemporaryDirectory { directory in
            let store = try backend.open(in: directory)
            let network = Network(items: Self.items(0..<12))
            let trouble = StoreTrouble { Issue.record("store trouble: \($0)") }
            try await storeTwoPages(of: network, in: store, identity: identity, trouble: trouble)
            try await body(store, network, trouble)
        }
    }

    func reader(_ store: any Store, _ network: Network, identity: Int64?) -> StoreFirstPageable {
        StoreFirstPageable(
            stored: StoredItems(store: store, source: "list"), network: network,
            trouble: StoreTrouble { Issue.record("store trouble: \($0)") }, identity: identity)
    }

    @Test(arguments: StoreUnderTest.all) func theSameSourcePagesOnFromItsPosition(backend: StoreUnderTest) async throws
    {
        try await withTwoStoredPages(backend, identity: Self.identity) { store, network, trouble in
            #expect(try await store.position(of: "list")?.identity == Self.identity)
            let (items, notes) = try await readAll(reader(store, network, identity: Self.identity))
            #expect(ids(items) == ids(Self.items(0..<12)))
            #expect(notes.allSatisfy { $0.restarted == nil })
            #expect(await network.cursors == [nil, "3", "6", "10"], "the head run, then on from the position")
        }
    }

    @Test(arguments: StoreUnderTest.all) func aChangedSourceStartsOverFromItsHeadShowingEachItemOnce(
        backend: StoreUnderTest
    ) async throws {
        try await withTwoStoredPages(backend, identity: Self.identity) { store, network, trouble in
            // Since then: one item newer than all stored (the background refresh's to announce), and one
            // between stored ones that the stored run never listed (an edited query's).
            await network.add(item("new", at: 2_000))
            await network.add(item("between", at: 975))
            let (items, notes) = try await readAll(reader(store, network, identity: Self.identity + 1))
            let shown = ids(items)
            #expect(shown.first == "i0" && !shown.contains("new"), "the store's first; the refresh shows what is newer")
            #expect(Set(shown) == Set(ids(Self.items(0..<12)) + ["between"]), "nothing lost: \(shown)")
            #expect(shown.count == Set(shown).count, "nothing twice: \(shown)")
            #expect(notes.compactMap(\.restarted) == ["the source changed, reading from its newest page"])
        }
    }

    @Test(arguments: StoreUnderTest.all) func aPositionOfUnknownIdentityIsNotTrusted(backend: StoreUnderTest)
        async throws
    {
        try await withTwoStoredPages(backend, identity: nil) { store, network, trouble in
            let (items, notes) = try await readAll(reader(store, network, identity: Self.identity))
            #expect(ids(items) == ids(Self.items(0..<12)))
            #expect(notes.compactMap(\.restarted).count == 1)
        }
    }

    @Test(arguments: StoreUnderTest.all) func aRefusedPositionStartsOverOnceAndNeverLoops(backend: StoreUnderTest)
        async throws
    {
        try await withTwoStoredPages(backend, identity: Self.identity) { store, network, trouble in
            await network.refuse("6")
            // The head is down too when the position is refused: the source fails, and its retry (the same
            // cursor, as the reader's `r` asks) starts over rather than asking for the position again.
            await network.failHead(with: SourceError("down", isRetryable: true))
            let source = reader(store, network, identity: Self.identity)
            var stored: [Item] = []
            var cursor: String?
            repeat {
                let page = try await source.loadPage(after: cursor, pageSize: 4)
                stored += page.items
                cursor = page.nextCursor
            } while cursor?.hasPrefix("s:") == true
            #expect(cursor == "n:6")
            await #expect(throws: SourceError.self) { try await source.loadPage(after: cursor, pageSize: 4) }
            await network.failHead(with: nil)
            let onward = try await source.loadPage(after: cursor, pageSize: 4)
            #expect(onward.notes.restarted?.contains("the server refused its stored position") == true)
            var items = stored + onward.items
            cursor = onward.nextCursor
            while let next = cursor {
                let page = try await source.loadPage(after: next, pageSize: 4)
                items += page.items
                cursor = page.hasMore ? page.nextCursor : nil
            }
            #expect(ids(items) == ids(Self.items(0..<12)))
            #expect(await network.cursors.filter { $0 == "6" }.count == 1, "the refused position asked once")
        }
    }

    @Test func aPositionIsRefusedByItsPositionsFaultsAlone() {
        #expect(StoreFirstPageable.refusesPosition(.invalidCursor("x")))
        #expect(StoreFirstPageable.refusesPosition(.httpStatus(404, host: "h", isRetryable: false)))
        #expect(!StoreFirstPageable.refusesPosition(.httpStatus(429, host: "h", isRetryable: true)))
        #expect(!StoreFirstPageable.refusesPosition(.httpStatus(503, host: "h", isRetryable: true)))
        #expect(!StoreFirstPageable.refusesPosition(.transport(host: "h", detail: "refused", isRetryable: true)))
    }

    @Test(arguments: StoreUnderTest.all) func aRunOfAnotherIdentityTakesThePositionOverAtOnce(backend: StoreUnderTest)
        async throws
    {
        try await withTwoStoredPages(backend, identity: Self.identity) { store, network, trouble in
            let moved = RecordingPageable(
                network, store: store, source: StoreSource(name: "list", type: "graphql", identity: 8),
                policy: SourcePolicy(), trouble: trouble)
            _ = try await moved.loadPage(after: nil, pageSize: 3)
            await moved.finishWriting()
            let position = try #require(try await store.position(of: "list"))
            #expect(position.identity == 8 && position.cursor == "3", "a shallower run of the source as it is now")
        }
    }

    @Test(arguments: StoreUnderTest.all) func aRunOfAPartOfTheSourceLeavesThePositionAlone(backend: StoreUnderTest)
        async throws
    {
        try await withTwoStoredPages(backend, identity: Self.identity) { store, network, trouble in
            let part = RecordingPageable(
                network, store: store, source: StoreSource(name: "list", type: "graphql", identity: 9),
                policy: SourcePolicy(), trouble: trouble, endIsSourceEnd: false)
            var cursor: String?
            repeat {
                let page = try await part.loadPage(after: cursor, pageSize: 3)
                cursor = page.hasMore ? page.nextCursor : nil
            } while cursor != nil
            await part.finishWriting()
            let position = try #require(try await store.position(of: "list"))
            #expect(position.identity == Self.identity && position.cursor == "6")
        }
    }
}
