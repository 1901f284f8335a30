import GRDB
internal import RiffleCore

extension Store {
    /// Keeps what the last `200` of `document` gave `source`: its validators, its items' ids and the page
    /// after it (`Page.document` must be set; other pages are ignored). A `304` keeps the item list and
    /// updates only the validators' next-request time.
    func rememberDocument(of source: String, page: Page) async throws(StoreError) {
        guard let document = page.document else { return }
        let validators = document.validators
        switch document.outcome {
        case .notRequested:
            return
        case .notModified:
            try await write { db in
                try db.execute(
                    sql: """
                        UPDATE feed_document SET next_request_at = ?
                        WHERE source_id = (SELECT source_id FROM source WHERE name = ?) AND url = ?
                        """,
                    arguments: [validators.nextRequestAt?.microseconds, source, validators.url])
            }
        case .fetched:
            let ids = JSONValue.array(page.items.map { .string($0.id) }).jsonText
            let next = page.nextCursor
            let hasMore = page.hasMore
            try await write { db in
                let sourceID = try Store.sourceID(db, name: source)
                try Store.saveFeedDocument(db, sourceID: sourceID, validators)
                try db.execute(
                    sql:
                        "UPDATE feed_document SET item_ids = ?, next_cursor = ?, has_more = ? WHERE source_id = ? AND url = ?",
                    arguments: [ids, next, hasMore, sourceID, validators.url])
            }
        }
    }

    /// The page the last `200` of `url` gave `source`, rebuilt from the stored items (newest first), or
    /// `nil` when none is kept or one of its items has left the store (then the adapter asks again).
    func documentPage(of source: String, url: String) async throws(StoreError) -> Page? {
        try await read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT d.item_ids, d.next_cursor, d.has_more, d.source_id FROM feed_document d
                        JOIN source s ON s.source_id = d.source_id WHERE s.name = ? AND d.url = ?
                        """,
                    arguments: [source, url]),
                let idsText = row[0] as String?,
                case .array(let values)? = try? JSONValue(parsing: Array(idsText.utf8))
            else { return nil }
            let ids = values.compactMap(\.stringValue)
            let sourceID: Int64 = row[3]
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
            return Page(items: items, nextCursor: row[1], hasMore: row[2])
        }
    }
}
