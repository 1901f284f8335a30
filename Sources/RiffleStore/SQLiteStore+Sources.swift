import GRDB
package import RiffleCore
package import RiffleStoreKit

extension SQLiteStore {
    package func newRun(of source: StoreSource) async throws(StoreError) -> RunKey {
        try await write { db in try SQLiteStore.begin(db, source: source) }
    }

    package func newRun(
        of source: StoreSource, committing write: PageWrite
    ) async throws(StoreError) -> (RunKey, Timestamp?) {
        let now = clock()
        return try await self.write { db in
            var write = write
            let key = try SQLiteStore.begin(db, source: source)
            (write.sourceID, write.run) = (key.sourceID, key.run)
            return (key, try write.apply(db, now: now))
        }
    }

    package func commit(_ write: PageWrite) async throws(StoreError) -> Timestamp? {
        let now = clock()
        return try await self.write { db in try write.apply(db, now: now) }
    }

    package func endRun(_ run: RunKey, outcome: RefreshOutcome) async throws(StoreError) {
        let now = clock().microseconds
        let error: String? =
            switch outcome {
            case .ok: nil
            case .failed(let reason): String(reason.prefix(4_096))
            }
        try await write { db in
            try db.cachedStatement(sql: "UPDATE source SET refreshed_at = ?, refresh_error = ? WHERE source_id = ?")
                .execute(arguments: [now, error, run.sourceID])
        }
    }

    /// `newRun`'s writes, inside a transaction: the source's row (for its name and type) and the run's
    /// number; the pages kept of earlier runs go.
    static func begin(_ db: Database, source: StoreSource) throws -> RunKey {
        // Cached statements: a run's head page begins one run per source, all on the writer after the answers
        // arrive, so each is prepared once per process rather than once per source.
        try db.cachedStatement(sql: "DELETE FROM source WHERE name = ? AND type <> ? AND type <> ''")
            .execute(arguments: [source.name, source.type])
        try db.cachedStatement(
            sql: "INSERT INTO source (name, type) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET type = excluded.type"
        ).execute(arguments: [source.name, source.type])
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: "UPDATE source SET run_serial = run_serial + 1 WHERE name = ? RETURNING source_id, run_serial"),
                arguments: [source.name])
        else { throw DatabaseError(resultCode: .SQLITE_ERROR, message: "source row vanished") }
        // Only the latest run's pages are given back (`freshPage`): earlier runs' go now.
        try db.cachedStatement(sql: "DELETE FROM page WHERE source_id = ?").execute(arguments: [row[0] as Int64])
        return RunKey(sourceID: row[0] as Int64, run: row[1] as Int64)
    }

    /// Where paging `source` goes on past what is stored, or `nil` when nothing was stored for it.
    package func position(of source: String) async throws(StoreError) -> SourcePosition? {
        try await read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT position_cursor, position_has_more, position_oldest, position_identity FROM source
                    WHERE name = ? AND position_run IS NOT NULL
                    """,
                arguments: [source]
            ).map { SQLiteStore.position(from: $0) }
        }
    }

    /// A position from a row whose first columns are `position_cursor`, `position_has_more`,
    /// `position_oldest` and, at `identityColumn`, `position_identity`.
    static func position(from row: Row, identityColumn: Int = 3) -> SourcePosition {
        SourcePosition(
            cursor: row[0], hasMore: row[1],
            oldestTime: (row[2] as Int64?).map { Timestamp(microseconds: $0) }, identity: row[identityColumn])
    }

    /// Per source, what `riffle sources` shows: items stored, unread, the last refresh and its outcome,
    /// sorted by name. Counting unread items reads each source's items once.
    package func summaries() async throws(StoreError) -> [SourceSummary] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT s.position_cursor, s.position_has_more, s.position_oldest, s.name, s.type, s.item_count,
                        s.refreshed_at, s.refresh_error, s.position_run, s.position_identity,
                        (SELECT COUNT(*) FROM item i
                            LEFT JOIN read_mark m ON m.source_id = i.source_id AND m.item_id = i.item_id
                            WHERE i.source_id = s.source_id AND \(SQLiteStore.unreadItem)) AS unread
                    FROM source s ORDER BY s.name
                    """
            ).map { row in
                let refreshed: Int64? = row[6]
                let error: String? = row[7]
                let positionRun: Int64? = row[8]
                return SourceSummary(
                    name: row[3], type: row[4], itemCount: row[5], unreadCount: row[10],
                    lastRefresh: refreshed.map { Timestamp(microseconds: $0) },
                    lastOutcome: refreshed == nil ? nil : error.map { .failed($0) } ?? .ok,
                    position: positionRun == nil ? nil : SQLiteStore.position(from: row, identityColumn: 9))
            }
        }
    }
}

extension SQLiteStore {
    /// The newest stored item time of each of `sources` that holds any: what a background refresh
    /// compares against to find what is new.
    package func newestTimes(of sources: [String]) async throws(StoreError) -> [String: Timestamp] {
        try await read { db in
            var times: [String: Timestamp] = [:]
            let select = try db.cachedStatement(
                sql: """
                    SELECT MAX(i.time) FROM item i JOIN source s ON s.source_id = i.source_id WHERE s.name = ?
                    """)
            for source in sources {
                if let time = try Int64.fetchOne(select, arguments: [source]) {
                    times[source] = Timestamp(microseconds: time)
                }
            }
            return times
        }
    }
}
