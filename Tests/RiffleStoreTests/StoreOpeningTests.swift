import Foundation
import RiffleCore
import RiffleTestSupport
import Testing

@testable import RiffleStore
@testable import RiffleStoreKit

/// A store that does not exist yet is created while the first requests go (`StoreOpening`).
/// Nothing on the reading path waits for it; what was read meanwhile is written, in order, once it is open.
@Suite(.timeLimit(.minutes(1))) struct StoreOpeningTests {
    let list = StoreSource(name: "list", type: "feed")

    /// A gate the store's opening waits at until the test opens it.
    struct Gate: Sendable {
        let stream: AsyncStream<Void>
        let continuation: AsyncStream<Void>.Continuation
        init() { (stream, continuation) = AsyncStream.makeStream(of: Void.self) }
        func wait() async { for await _ in stream {} }
        func open() { continuation.finish() }
    }

    @Test func pagesReadBeforeANewStoreIsOpenAreWrittenOnceItIs() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory + "/new.sqlite"
            let gate = Gate()
            let opening = StoreOpening(creating: {
                await gate.wait()
                return try? await SQLiteStore.open(at: path)
            })
            #expect(opening.isNew && opening.opened == nil)
            let trouble = StoreTrouble { Issue.record("store trouble: \($0)") }
            // The feed memory of a store being created answers at once: it holds nothing yet.
            let memory = StoreDocumentMemory(opening: opening, trouble: trouble)
            #expect(await memory.validators(source: list.name, url: "http://127.0.0.1/feed") == nil)
            #expect(await memory.storedPage(source: list.name, url: "http://127.0.0.1/feed") == nil)
            let source = InMemorySource(items: (0..<6).map { item("i\($0)", at: Int64(1_000 - $0 * 10)) })
            let recorder = RecordingPageable(
                source, opening: opening, source: list, policy: SourcePolicy(), trouble: trouble)
            let head = try await recorder.loadPage(after: nil, pageSize: 3)
            let rest = try await recorder.loadPage(after: head.nextCursor, pageSize: 3)
            #expect(!FileManager.default.fileExists(atPath: path), "the store is made only once the gate opens")
            gate.open()
            await recorder.finishWriting()
            let store = try #require(await opening.store)
            let stored = try await StoredItems(store: store, source: list.name).loadPage(after: nil, pageSize: 10)
            #expect(ids(stored.items) == ids(head.items + rest.items))
        }
    }

    @Test func aNewStoreThatCannotBeOpenedLeavesTheRunAsWithoutOne() async throws {
        let opening = StoreOpening(creating: { nil })
        let trouble = StoreTrouble { Issue.record("store trouble: \($0)") }
        let source = InMemorySource(items: (0..<4).map { item("i\($0)", at: Int64(1_000 - $0 * 10)) })
        let recorder = RecordingPageable(
            source, opening: opening, source: list, policy: SourcePolicy(), trouble: trouble)
        let head = try await recorder.loadPage(after: nil, pageSize: 4)
        #expect(ids(head.items) == ["i0", "i1", "i2", "i3"])
        await recorder.finishWriting()
        #expect(await opening.store == nil)
        // First-seen times are this process's memory, as without a store: the same id keeps its time.
        let memory = StoreDocumentMemory(opening: opening, trouble: trouble)
        let first = await memory.firstSeen(source: list.name, entryIDs: ["a"], now: Timestamp(unixSeconds: 100))
        let again = await memory.firstSeen(source: list.name, entryIDs: ["a", "b"], now: Timestamp(unixSeconds: 200))
        #expect(first["a"] == Timestamp(unixSeconds: 100))
        #expect(again["a"] == Timestamp(unixSeconds: 100) && again["b"] == Timestamp(unixSeconds: 200))
    }
}
