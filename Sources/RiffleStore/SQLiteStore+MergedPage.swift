import GRDB
package import RiffleCore
package import RiffleStoreKit

extension SQLiteStore {
    /// A merged page in one snapshot and two steps: each source's next `limit + 1` keys on its
    /// `(source, time DESC, rank, id)` index (covering, unless a filter needs the texts), merged here in the
    /// feed's order; then the rows of the `limit + 1` keys that won, by their unique `(source, id)`. The cost
    /// is the same at any depth, and no source's items are read past what the page can hold.
    package func mergedPage(_ query: MergedPageQuery) async throws(StoreError) -> MergedPage {
        let limit = min(max(1, query.limit), StoreLimits.maxReadPageSize)
        guard query.sources.count <= StoreLimits.maxEntriesPerCall else {
            throw .invalidArgument(path, "more than \(StoreLimits.maxEntriesPerCall) sources in one merged page")
        }
        let order = Dictionary(query.sources.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var after: (time: Int64, order: Int, rank: Int64, id: String)?
        if let cursor = query.after {
            guard let place = order[cursor.source] else {
                throw .invalidArgument(path, "the cursor's source is not among the sources asked for")
            }
            after = (cursor.time.microseconds, place, cursor.rank, cursor.id)
        }
        let text = query.text ?? ""
        guard text.utf8.count <= MergedPageQuery.maxTextLength else {
            throw .invalidArgument(path, "a text filter longer than \(MergedPageQuery.maxTextLength) bytes")
        }
        // `\`, `%` and `_` stand for themselves in the pattern (`ESCAPE '\'`).
        var escaped = ""
        for character in text {
            if character == "\\" || character == "%" || character == "_" { escaped.append("\\") }
            escaped.append(character)
        }
        let pattern = text.isEmpty ? nil : "%\(escaped)%"
        let filtered = pattern != nil
        let unreadOnly = query.unreadOnly
        let sources = query.sources
        let bound = after
        return try await read { db in
            var keys: [(time: Int64, order: Int, rank: Int64, id: String, sourceID: Int64)] = []
            for (place, name) in sources.enumerated() {
                guard let sourceID = try SQLiteStore.existingSourceID(db, name: name) else { continue }
                var arguments: StatementArguments = ["source": sourceID, "limit": limit + 1, "q": pattern]
                var keyset = ""
                if let bound {
                    arguments += ["time": bound.time, "rank": bound.rank, "id": bound.id]
                    keyset =
                        place < bound.order
                        ? "AND time < :time"
                        : place > bound.order
                            ? "AND time <= :time"
                            : "AND time <= :time AND (time < :time OR rank > :rank OR (rank = :rank AND item_id > :id))"
                }
                let rows = try Row.fetchAll(
                    db.cachedStatement(
                        sql: SQLiteStore.mergedKeysSQL(keyset: keyset, filtered: filtered, unreadOnly: unreadOnly)),
                    arguments: arguments)
                for row in rows {
                    keys.append((row[0], place, row[1], row[2], sourceID))
                }
            }
            keys.sort { lhs, rhs in
                if lhs.time != rhs.time { return lhs.time > rhs.time }
                if lhs.order != rhs.order { return lhs.order < rhs.order }
                if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
                return lhs.id < rhs.id
            }
            let chosen = keys.prefix(limit)
            let select = try db.cachedStatement(
                sql: "SELECT \(ItemColumns.select) FROM item WHERE source_id = ? AND item_id = ?")
            var entries: [MergedPage.Entry] = []
            entries.reserveCapacity(chosen.count)
            for key in chosen {
                guard let row = try Row.fetchOne(select, arguments: [key.sourceID, key.id]) else { continue }
                let item = try ItemColumns.decode(row)
                let source = sources[key.order]
                entries.append(
                    MergedPage.Entry(
                        source: source, item: item,
                        cursor: MergedPageCursor(
                            time: Timestamp(microseconds: key.time), source: source, rank: key.rank, id: key.id)))
            }
            return MergedPage(entries: entries, hasMore: keys.count > limit)
        }
    }

    /// One source's next keys in its order; `keyset` is the condition that starts them after the cursor
    /// (which depends on where the source stands against the cursor's source).
    static func mergedKeysSQL(keyset: String, filtered: Bool, unreadOnly: Bool) -> String {
        let text =
            filtered
            ? "AND (title LIKE :q ESCAPE '\\' OR summary LIKE :q ESCAPE '\\' OR author LIKE :q ESCAPE '\\')" : ""
        let unread = unreadOnly ? unreadOnlyCondition : ""
        return """
            SELECT time, rank, item_id FROM item
            WHERE source_id = :source \(keyset) \(text) \(unread)
            ORDER BY time DESC, rank, item_id LIMIT :limit
            """
    }
}
