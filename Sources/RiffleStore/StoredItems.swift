import GRDB
public import RiffleCore

/// One source's stored items, newest first (ties by id), as a `Pageable`: the offline view hands one per
/// source to `MergedFeed`, merged exactly like the network view.
///
/// Items of one time in the order the source listed them (`rank`), as the network view merges them.
/// Keyset paging on the `(source, time DESC, rank, id)` index: a page costs the same at any depth, and a cursor
/// (`MICROSECONDS ID`) stays valid while items are added or removed. The last page says no more follow;
/// where paging goes on over the network is `Store.position(of:)`.
public struct StoredItems: Pageable {
    let store: Store
    /// The source's configured name.
    let source: String
    /// Only items not marked read (in their stored version).
    let unreadOnly: Bool

    /// Cursor text accepted, in bytes.
    static let maxCursorLength = 16_384

    public init(store: Store, source: String, unreadOnly: Bool = false) {
        self.store = store
        self.source = source
        self.unreadOnly = unreadOnly
    }

    public func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
        try await load(after: cursor, pageSize: pageSize)
    }

    /// `loadPage` with its error typed.
    package func load(after cursor: String?, pageSize: Int) async throws(StoreError) -> Page {
        let size = min(max(1, pageSize), Store.maxReadPageSize)
        var after: (time: Int64, rank: Int64, id: String)?
        if let cursor {
            let parts = cursor.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard cursor.utf8.count <= StoredItems.maxCursorLength, parts.count == 3, let time = Int64(parts[0]),
                let rank = Int64(parts[1])
            else { throw .invalidArgument(store.path, "not a stored-items cursor: \(cursor.prefix(40))") }
            after = (time, rank, String(parts[2]))
        }
        let unread =
            unreadOnly
            ? """
            AND NOT EXISTS (SELECT 1 FROM read_mark m
                WHERE m.source_id = item.source_id AND m.item_id = item.item_id AND m.time >= item.time)
            """ : ""
        let keyset =
            after == nil
            ? "" : "AND time <= :time AND (time < :time OR rank > :rank OR (rank = :rank AND item_id > :id))"
        let sql = """
            SELECT \(ItemColumns.select), rank FROM item
            WHERE source_id = (SELECT source_id FROM source WHERE name = :source) \(keyset) \(unread)
            ORDER BY time DESC, rank, item_id LIMIT :limit
            """
        var named: StatementArguments = ["source": source, "limit": size + 1]
        if let after { named += ["time": after.time, "rank": after.rank, "id": after.id] }
        let arguments = named
        let rows = try await store.read { db in
            try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map { row in
                (item: try ItemColumns.decode(row), rank: row["rank"] as Int64)
            }
        }
        let page = Array(rows.prefix(size))
        let next = page.last.map { "\($0.item.time.microseconds) \($0.rank) \($0.item.id)" } ?? cursor
        return Page(items: page.map(\.item), nextCursor: next, hasMore: rows.count > size)
    }
}
