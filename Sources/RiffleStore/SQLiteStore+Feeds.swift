import GRDB
package import RiffleCore
package import RiffleStoreKit

extension SQLiteStore {
    /// The feed adapter's state for one document of `source`, or `nil` when none was saved.
    package func feedDocument(of source: String, url: String) async throws(StoreError) -> DocumentValidators? {
        try await read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT d.etag, d.last_modified, d.next_request_at FROM feed_document d
                    JOIN source s ON s.source_id = d.source_id WHERE s.name = ? AND d.url = ?
                    """,
                arguments: [source, url]
            ).map { SQLiteStore.validators($0, url: url) }
        }
    }

    /// The validators of `url` from a row whose first three columns are `feed_document`'s `etag`,
    /// `last_modified` and `next_request_at`.
    static func validators(_ row: Row, url: String) -> DocumentValidators {
        DocumentValidators(
            url: url, etag: row[0], lastModified: row[1],
            nextRequestAt: (row[2] as Int64?).map { Timestamp(microseconds: $0) })
    }

    /// Saves `state` as the validators of its document for `sourceID` (a cached statement: once per page).
    static func saveFeedDocument(_ db: Database, sourceID: Int64, _ state: DocumentValidators) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO feed_document (source_id, url, etag, last_modified, next_request_at)
                VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (source_id, url) DO UPDATE SET etag = excluded.etag,
                    last_modified = excluded.last_modified, next_request_at = excluded.next_request_at
                """
        ).execute(
            arguments: [
                sourceID, state.url, state.etag, state.lastModified, state.nextRequestAt?.microseconds,
            ])
    }

    /// When each entry of `source` was first seen: the time kept from an earlier read, else now (recorded,
    /// so a re-read gives the same time). For entries that carry no date of their own.
    package func firstSeen(of source: String, entryIDs: [String]) async throws(StoreError) -> [String: Timestamp] {
        guard entryIDs.count <= StoreLimits.maxEntriesPerCall else {
            throw .invalidArgument(path, "\(entryIDs.count) entries at once (at most \(StoreLimits.maxEntriesPerCall))")
        }
        guard !entryIDs.isEmpty else { return [:] }
        let now = clock().microseconds
        return try await write { db in
            let sourceID = try SQLiteStore.sourceID(db, name: source)
            let record = try db.cachedStatement(
                sql: """
                    INSERT INTO entry_seen (source_id, entry_id, first_seen) VALUES (?, ?, ?)
                    ON CONFLICT (source_id, entry_id) DO UPDATE SET first_seen = first_seen
                    RETURNING first_seen
                    """)
            var times: [String: Timestamp] = [:]
            for id in entryIDs {
                let time = try Int64.fetchOne(record, arguments: [sourceID, id, now]) ?? now
                times[id] = Timestamp(microseconds: time)
            }
            return times
        }
    }
}
