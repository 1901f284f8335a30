import GRDB
package import RiffleBytes
package import RiffleCore
package import RiffleStoreKit

extension SQLiteStore {
    /// Keeps what the last `200` of `document` gave `source`: its validators, its items' ids and the page
    /// after it (`Page.document` must be set; other pages are ignored). A `304` keeps the item list and
    /// updates only the validators' next-request time. For a page no run records; a recorded page keeps
    /// its document in its own transaction (`PageWrite`).
    package func rememberDocument(of source: String, page: Page) async throws(StoreError) {
        guard let outcome = page.document?.outcome, outcome != .notRequested else { return }
        try await write { db in
            let sourceID =
                outcome == .fetched
                ? try SQLiteStore.sourceID(db, name: source) : try SQLiteStore.existingSourceID(db, name: source)
            if let sourceID {
                try SQLiteStore.keepDocument(
                    db, sourceID: sourceID, page.document, items: page.items, nextCursor: page.nextCursor,
                    hasMore: page.hasMore)
            }
        }
    }

    /// Writes what `document` says to the source's row `sourceID`: on `.fetched` the validators, the ids
    /// of `items` (the page the document gave, in its order) and the page after it; on `.notModified` the
    /// validators' next-request time; on `.notRequested` (or no document) nothing.
    static func keepDocument(
        _ db: Database, sourceID: Int64, _ document: DocumentFetch?, items: [Item], nextCursor: String?, hasMore: Bool
    ) throws {
        guard let document else { return }
        let validators = document.validators
        switch document.outcome {
        case .notRequested:
            return
        case .notModified:
            try db.cachedStatement(sql: "UPDATE feed_document SET next_request_at = ? WHERE source_id = ? AND url = ?")
                .execute(arguments: [validators.nextRequestAt?.microseconds, sourceID, validators.url])
        case .fetched:
            try saveFeedDocument(db, sourceID: sourceID, validators)
            let ids = JSONValue.array(items.map { .string($0.id) }).jsonText
            try db.cachedStatement(
                sql:
                    "UPDATE feed_document SET item_ids = ?, next_cursor = ?, has_more = ? WHERE source_id = ? AND url = ?"
            ).execute(arguments: [ids, nextCursor, hasMore, sourceID, validators.url])
        }
    }

    /// The page the last `200` of `url` gave `source`, rebuilt from the stored items (newest first), or
    /// `nil` when none is kept or one of its items has left the store (then the adapter asks again).
    package func documentPage(of source: String, url: String) async throws(StoreError) -> Page? {
        try await read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT d.item_ids, d.next_cursor, d.has_more, d.source_id FROM feed_document d
                        JOIN source s ON s.source_id = d.source_id WHERE s.name = ? AND d.url = ?
                        """,
                    arguments: [source, url])
            else { return nil }
            return try SQLiteStore.keptPage(db, sourceID: row[3], itemIDs: row[0], nextCursor: row[1], hasMore: row[2])
        }
    }

    /// The page a document's ids (`itemIDs`, a JSON array) list, rebuilt from the source's stored items in
    /// that order, or `nil` when there are none or one has left the store.
    static func keptPage(
        _ db: Database, sourceID: Int64, itemIDs: String?, nextCursor: String?, hasMore: Bool
    ) throws -> Page? {
        guard let itemIDs, case .array(let values)? = try? JSONValue(parsing: Array(itemIDs.utf8)) else {
            return nil
        }
        let ids = values.compactMap(\.stringValue)
        if let items = try keptItems(db, sourceID: sourceID, itemIDs: itemIDs, ids: ids) {
            return Page(items: items, nextCursor: nextCursor, hasMore: hasMore)
        }
        let select = try db.cachedStatement(
            sql: "SELECT \(ItemColumns.select) FROM item WHERE source_id = ? AND item_id = ?")
        // In the order the document listed them (the adapter gave them newest first).
        var items: [Item] = []
        for id in ids {
            guard let item = try Row.fetchOne(select, arguments: [sourceID, id]).map(ItemColumns.decode) else {
                return nil
            }
            items.append(item)
        }
        return Page(items: items, nextCursor: nextCursor, hasMore: hasMore)
    }

    /// The items `ids` lists (`itemIDs`, the same as JSON text), in that order, read in one statement
    /// rather than one per item (a `304` page is rebuilt after its answer, on the run's reading path); `nil`
    /// when one is not found or not found byte for byte, and then `keptPage` looks them up one by one.
    private static func keptItems(
        _ db: Database, sourceID: Int64, itemIDs: String, ids: [String]
    ) throws -> [Item]? {
        let select = try db.cachedStatement(
            sql: """
                SELECT \(ItemColumns.select) FROM item
                WHERE source_id = ? AND item_id IN (SELECT value FROM json_each(?))
                """)
        var found: [String: Item] = [:]
        found.reserveCapacity(ids.count)
        for row in try Row.fetchAll(select, arguments: [sourceID, itemIDs]) {
            let item = try ItemColumns.decode(row)
            found[item.id] = item
        }
        var items: [Item] = []
        items.reserveCapacity(ids.count)
        for id in ids {
            // Swift's `==` on strings is canonical equivalence, SQLite's is byte equality.
            guard let item = found[id], item.id.utf8.elementsEqual(id.utf8) else { return nil }
            items.append(item)
        }
        return items
    }

    /// The validators kept for each of `heads` (a source's name and its feed's URL) that has some, in one
    /// read: what a run's first requests need, read once for all its feeds rather than once per feed. At
    /// most `maxEntriesPerCall` heads.
    package func feedValidators(of heads: [(source: String, url: String)]) async throws(StoreError) -> [String:
        DocumentValidators]
    {
        guard heads.count <= StoreLimits.maxEntriesPerCall else {
            throw .invalidArgument(path, "\(heads.count) feeds at once (at most \(StoreLimits.maxEntriesPerCall))")
        }
        guard !heads.isEmpty else { return [:] }
        return try await read { db in
            let select = try db.cachedStatement(
                sql: """
                    SELECT d.etag, d.last_modified, d.next_request_at FROM feed_document d
                    JOIN source s ON s.source_id = d.source_id WHERE s.name = ? AND d.url = ?
                    """)
            var kept: [String: DocumentValidators] = [:]
            for head in heads {
                if let row = try Row.fetchOne(select, arguments: [head.source, head.url]) {
                    kept[head.source] = SQLiteStore.validators(row, url: head.url)
                }
            }
            return kept
        }
    }
}
