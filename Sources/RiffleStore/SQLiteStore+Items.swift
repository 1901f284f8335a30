import GRDB
package import RiffleCore
package import RiffleStoreKit

extension SQLiteStore {
    /// The condition (`AND …`) that keeps only rows of `item` whose stored version is not marked read.
    static let unreadOnlyCondition = """
        AND NOT EXISTS (SELECT 1 FROM read_mark m
            WHERE m.source_id = item.source_id AND m.item_id = item.item_id AND m.time >= item.time)
        AND NOT EXISTS (SELECT 1 FROM source s
            WHERE s.source_id = item.source_id AND s.read_through >= item.time)
        """

    /// Cursor text accepted, in bytes.
    static let maxCursorLength = 16_384

    /// Keyset paging on the `(source, time DESC, rank, id)` index: a page costs the same at any depth, and
    /// a cursor (`MICROSECONDS RANK ID`) stays valid while items are added or removed.
    package func items(
        of source: String, after cursor: String?, pageSize: Int, unreadOnly: Bool
    ) async throws(StoreError) -> Page {
        let size = min(max(1, pageSize), StoreLimits.maxReadPageSize)
        var after: (time: Int64, rank: Int64, id: String)?
        if let cursor {
            let parts = cursor.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard cursor.utf8.count <= SQLiteStore.maxCursorLength, parts.count == 3, let time = Int64(parts[0]),
                let rank = Int64(parts[1])
            else { throw .invalidArgument(path, "not a stored-items cursor: \(cursor.prefix(40))") }
            after = (time, rank, String(parts[2]))
        }
        let unread = unreadOnly ? SQLiteStore.unreadOnlyCondition : ""
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
        let rows = try await read { db in
            try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map { row in
                (item: try ItemColumns.decode(row), rank: row["rank"] as Int64)
            }
        }
        let page = Array(rows.prefix(size))
        let next = page.last.map { "\($0.item.time.microseconds) \($0.rank) \($0.item.id)" } ?? cursor
        return Page(items: page.map(\.item), nextCursor: next, hasMore: rows.count > size)
    }
}
