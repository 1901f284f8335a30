import GRDB
package import RiffleCore
package import RiffleStoreKit

extension SQLiteStore {
    /// For each key, whether it is read, in the same order; one snapshot for all of them.
    package func readStates(of keys: [ItemVersion]) async throws(StoreError) -> [Bool] {
        try checkKeyCount(keys.count)
        return try await read { db in
            let lookup = try db.cachedStatement(
                sql: """
                    SELECT m.time, s.read_through FROM source s
                    LEFT JOIN read_mark m ON m.source_id = s.source_id AND m.item_id = ?
                    WHERE s.name = ?
                    """)
            return try keys.map { key in
                guard let row = try Row.fetchOne(lookup, arguments: [key.id, key.source]) else { return false }
                let marked = (row[0] as Int64?).map { $0 >= key.time.microseconds } ?? false
                let through = (row[1] as Int64?).map { $0 >= key.time.microseconds } ?? false
                return marked || through
            }
        }
    }

    /// Marks every key read, in one transaction: all of them or, on an error, none.
    package func markRead(_ keys: [ItemVersion]) async throws(StoreError) {
        try checkKeyCount(keys.count)
        guard !keys.isEmpty else { return }
        let limit = marksPerSource
        try await write { db in
            var sourceIDs: [String: Int64] = [:]
            let upsert = try db.cachedStatement(
                sql: """
                    INSERT INTO read_mark (source_id, item_id, time) VALUES (?, ?, ?)
                    ON CONFLICT (source_id, item_id) DO UPDATE SET time = max(time, excluded.time)
                    """)
            for key in keys {
                let sourceID: Int64
                if let known = sourceIDs[key.source] {
                    sourceID = known
                } else {
                    sourceID = try SQLiteStore.sourceID(db, name: key.source)
                    sourceIDs[key.source] = sourceID
                }
                try upsert.execute(arguments: [sourceID, key.id, key.time.microseconds])
            }
            for sourceID in sourceIDs.values { try SQLiteStore.trimMarks(db, sourceID: sourceID, limit: limit) }
        }
    }

    /// Marks everything read up to now (of `sources` only, when given), in one transaction: every stored
    /// item, and — through the source's `read_through` time — every item of a time up to now that is not
    /// fetched yet. A version newer than now is unread again.
    package func markAllRead(sources: [String]?) async throws(StoreError) {
        let limit = marksPerSource
        let now = clock().microseconds
        try await write { db in
            let names = try sources ?? String.fetchAll(db, sql: "SELECT name FROM source")
            for name in names {
                let sourceID = try SQLiteStore.sourceID(db, name: name)
                try db.execute(
                    sql: "UPDATE source SET read_through = max(coalesce(read_through, ?), ?) WHERE source_id = ?",
                    arguments: [now, now, sourceID])
                try db.execute(
                    sql: """
                        INSERT INTO read_mark (source_id, item_id, time)
                        SELECT source_id, item_id, time FROM item WHERE source_id = ?
                        ON CONFLICT (source_id, item_id) DO UPDATE SET time = max(time, excluded.time)
                        """,
                    arguments: [sourceID])
                try SQLiteStore.trimMarks(db, sourceID: sourceID, limit: limit)
            }
        }
    }

    /// When stored item `i` (of source `s`, its read mark `m` left-joined) is unread: no mark of its version
    /// or a newer one, and newer than the source's read-through time (`A`, `m N`). Every count of unread
    /// items says it in these words, so that the prompt, the sources view and `riffle sources` agree.
    static let unreadItem =
        "(m.time IS NULL OR m.time < i.time) AND (s.read_through IS NULL OR s.read_through < i.time)"

    /// Unread stored items per source name (sources with none are absent).
    package func unreadCounts() async throws(StoreError) -> [String: Int] {
        try await read { db in
            var counts: [String: Int] = [:]
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT s.name, COUNT(*) FROM item i JOIN source s ON s.source_id = i.source_id
                    LEFT JOIN read_mark m ON m.source_id = i.source_id AND m.item_id = i.item_id
                    WHERE \(SQLiteStore.unreadItem)
                    GROUP BY i.source_id
                    """)
            while let row = try rows.next() { counts[row[0]] = row[1] }
            return counts
        }
    }

    /// Keeps at most `limit` marks for the source, dropping the oldest versions.
    static func trimMarks(_ db: Database, sourceID: Int64, limit: Int) throws {
        let count =
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM read_mark WHERE source_id = ?", arguments: [sourceID]) ?? 0
        guard count > limit else { return }
        try db.execute(
            sql: """
                DELETE FROM read_mark WHERE source_id = ? AND item_id IN (
                    SELECT item_id FROM read_mark WHERE source_id = ? ORDER BY time ASC LIMIT ?)
                """,
            arguments: [sourceID, sourceID, count - limit])
    }

    func checkKeyCount(_ count: Int) throws(StoreError) {
        guard count <= StoreLimits.maxKeysPerCall else {
            throw .invalidArgument(path, "\(count) read marks at once (at most \(StoreLimits.maxKeysPerCall))")
        }
    }
}

extension SQLiteStore {
    /// Every read mark of `sources`, in one snapshot: what `export --unread` filters with, so that the
    /// stream is not held up by a query per item. At most `marksPerSource` marks per source.
    package func readMarks(of sources: [String]) async throws(StoreError) -> ReadMarkSet {
        try await read { db in
            let select = try db.cachedStatement(
                sql: """
                    SELECT m.item_id, m.time FROM read_mark m JOIN source s ON s.source_id = m.source_id
                    WHERE s.name = ?
                    """)
            let horizon = try db.cachedStatement(sql: "SELECT read_through FROM source WHERE name = ?")
            var marks: [String: [String: Int64]] = [:]
            var horizons: [String: Int64] = [:]
            for source in sources {
                if let through = try Int64.fetchOne(horizon, arguments: [source]) { horizons[source] = through }
                var times: [String: Int64] = [:]
                let rows = try Row.fetchCursor(select, arguments: [source])
                while let row = try rows.next() { times[row[0]] = row[1] }
                if !times.isEmpty { marks[source] = times }
            }
            return ReadMarkSet(marks: marks, readThrough: horizons)
        }
    }
}
