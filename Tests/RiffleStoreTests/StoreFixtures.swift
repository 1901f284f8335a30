import Foundation
import RiffleCore
import Synchronization

@testable import RiffleStore
@testable import RiffleStoreKit

/// A fresh directory under the system's temporary directory, removed when the test's body returns.
func withTemporaryDirectory<R>(_ body: (String) async throws -> R) async throws -> R {
    var template = Array("\(NSTemporaryDirectory())riffle-store-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
    let directory = String(cString: made)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    return try await body(directory)
}

/// The file's bytes (empty when it does not exist).
func fileBytes(_ path: String) -> [UInt8] {
    FileManager.default.contents(atPath: path).map { Array($0) } ?? []
}

/// The permission bits of `path`.
func mode(of path: String) -> Int {
    var info = stat()
    guard stat(path, &info) == 0 else { return -1 }
    return Int(info.st_mode & 0o777)
}

/// A clock a test moves by hand.
final class TestClock: Sendable {
    let now = Mutex(Timestamp(unixSeconds: 1_767_225_600))
    var function: @Sendable () -> Timestamp { { self.now.withLock { $0 } } }
    func advance(seconds: Int64) { now.withLock { $0.microseconds += seconds * 1_000_000 } }
}

/// An item at `seconds` past 2026-01-01.
func item(_ id: String, at seconds: Int64, title: String? = nil) -> Item {
    Item(id: id, time: Timestamp(unixSeconds: 1_767_225_600 + seconds), title: title ?? "title \(id)")
}

/// A page of `items`, with `cursor` as its next cursor.
func page(_ items: [Item], cursor: String? = "next", hasMore: Bool = true) -> Page {
    Page(items: items, nextCursor: cursor, hasMore: hasMore)
}

/// Every stored item of `source`, newest first, by paging the store's `Pageable`.
func storedItems(_ store: any Store, _ source: String, unreadOnly: Bool = false, pageSize: Int = 7) async throws
    -> [Item]
{
    let pageable = StoredItems(store: store, source: source, unreadOnly: unreadOnly)
    var items: [Item] = []
    var cursor: String?
    while true {
        let page = try await pageable.loadPage(after: cursor, pageSize: pageSize)
        items += page.items
        guard page.hasMore else { return items }
        cursor = page.nextCursor
    }
}

func ids(_ items: [Item]) -> [String] { items.map(\.id) }
