import GRDB
package import RiffleCore
package import RiffleStoreKit

extension SQLiteStore {
    /// The page `source` gave for `request`, rebuilt from the store, when it is fresh: read from the
    /// network by the source's latest run from its head (`beginRun`), no longer than `maxAge` ago, with the
    /// same cursor, page size and shape, and every item it listed still stored as it listed it (no later
    /// page of the run listed one again, retention dropped none). Otherwise `nil`: the page is asked again.
    package func freshPage(
        of source: String, request: PageRequest, maxAge: Duration
    ) async throws(StoreError) -> Page? {
        guard let key = request.key else { return nil }
        let oldestFetch = SQLiteStore.microseconds(maxAge, before: clock())
        return try await read { db in
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(
                        sql: """
                            SELECT p.source_id, p.first_rank, p.item_count, p.newest, p.oldest, p.next_cursor,
                                p.has_more
                            FROM page p JOIN source s ON s.source_id = p.source_id
                            WHERE s.name = ? AND p.request = ? AND p.page_size = ? AND p.shape = ?
                                AND p.run = s.run_serial AND p.fetched_at >= ?
                            """),
                    arguments: [source, key, request.pageSize, request.shape, oldestFetch])
            else { return nil }
            let count: Int = row[2]
            var items: [Item] = []
            if count > 0 {
                let firstRank: Int64 = row[1]
                // On the (source, time, rank) index: the page's time range, then its ranks.
                let rows = try Row.fetchAll(
                    db.cachedStatement(
                        sql: """
                            SELECT \(ItemColumns.select) FROM item
                            WHERE source_id = ? AND time <= ? AND time >= ? AND rank >= ? AND rank < ?
                            ORDER BY rank
                            """),
                    arguments: [
                        row[0] as Int64, row[3] as Int64?, row[4] as Int64?, firstRank, firstRank + Int64(count),
                    ])
                guard rows.count == count else { return nil }
                items = try rows.map(ItemColumns.decode)
            }
            return Page(items: items, nextCursor: row[5], hasMore: row[6])
        }
    }
}
