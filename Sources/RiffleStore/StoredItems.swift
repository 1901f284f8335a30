import GRDB
public import RiffleCore

/// One source's stored items, newest first (ties by id), as a `Pageable`: the offline view hands one per
/// source to `MergedFeed`, merged exactly like the network view.
///
/// Keyset paging on the `(source, time DESC, id)` index: a page costs the same at any depth, and a cursor
/// (`MICROSECONDS ID`) stays valid while items are added or removed. The last page says no more follow;
/// where paging goes on over the network is `Store.position(of:)`.
public struct StoredItems: Pageable {
    public let store: Store
    /// The source's configured name.
    public let source: String
    /// Only items not marked read (in their stored version).
    public let unreadOnly: Bool

    /// Cursor text accepted, in bytes.
    public static let maxCursorLength = 16_384

    public init(store: Store, source: String, unreadOnly: Bool = false) {
        self.store = store
        self.source = source
        self.unreadOnly = unreadOnly
    }

    public func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
        try await load(after: cursor, pageSize: pageSize)
    }

    /// `loadPage` with its error typed.
    public func load(after cursor: String?, pageSize: Int) async throws(StoreError) -> Page {
        let size = min(max(1, pageSize), Store.maxReadPageSize)
        var after: (time: Int64, id: String)?
        if let cursor {
            guard cursor.utf8.count <= StoredItems.maxCursorLength, let space = cursor.firstIndex(of: " "),
                let time = Int64(cursor[..<space])
            else { throw .invalidArgument(store.path, "not a stored-items cursor: \(cursor.prefix(40))") }
            after = (time, String(cursor[cursor.index(after: space)...]))
        }
        let unread =
            unreadOnly
            ? """
            AND NOT EXISTS (SELECT 1 FROM read_mark m
                WHERE m.source_id = item.source_id AND m.item_id = item.item_id AND m.time >= item.time)
            """ : ""
        let keyset = after == nil ? "" : "AND time <= :time AND (time < :time OR item_id > :id)"
        let sql = """
            SELECT \(ItemColumns.select) FROM item
            WHERE source_id = (SELECT source_id FROM source WHERE name = :source) \(keyset) \(unread)
            ORDER BY time DESC, item_id LIMIT :limit
            """
        var named: StatementArguments = ["source": source, "limit": size + 1]
        if let after { named += ["time": after.time, "id": after.id] }
        let arguments = named
        let items = try await store.read { db in
            try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map(ItemColumns.decode)
        }
        let page = Array(items.prefix(size))
        let next = page.last.map { "\($0.time.microseconds) \($0.id)" } ?? cursor
        return Page(items: page, nextCursor: next, hasMore: items.count > size)
    }
}
