import GRDB
import RiffleCore
import RiffleStoreKit

extension PageWrite {
    /// Upserts the items, reconciles the covered range, moves the position, applies retention, keeps the
    /// feed document's state. Returns the page's oldest item time.
    func apply(_ db: Database, now: Timestamp) throws -> Timestamp? {
        let upsert = try db.cachedStatement(
            sql: """
                INSERT INTO item (source_id, item_id, time, title, url, author, summary, tags, extra, first_seen, run, rank)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (source_id, item_id) DO UPDATE SET
                    time = excluded.time, title = excluded.title, url = excluded.url, author = excluded.author,
                    summary = excluded.summary, tags = excluded.tags, extra = excluded.extra, run = excluded.run,
                    rank = excluded.rank
                WHERE excluded.run > item.run OR (excluded.run = item.run AND excluded.time >= item.time)
                """)
        var pageOldest: Int64?
        var pageNewest: Int64?
        // run, page and place: increasing down a run's listing (pages hold at most `StoreLimits.maxItemsPerPage`).
        let firstRank = run &* (1 << 40) &+ Int64(pageNumber) &* Int64(StoreLimits.maxItemsPerPage)
        for (index, item) in items.enumerated() {
            let time = item.time.microseconds
            pageOldest = min(pageOldest ?? time, time)
            pageNewest = max(pageNewest ?? time, time)
            try upsert.execute(arguments: [
                sourceID, item.id, time, item.title, item.url, item.author, item.summary,
                ItemColumns.tagsText(item.tags), ItemColumns.extraText(item), now.microseconds, run,
                firstRank &+ Int64(index),
            ])
        }
        try keepPage(db, firstRank: firstRank, newest: pageNewest, oldest: pageOldest, now: now)
        try reconcile(db, pageOldest: pageOldest, pageNewest: pageNewest)
        let runOldest = [pageOldest, oldestBefore?.microseconds].compactMap { $0 }.min()
        if movesPosition { try movePosition(db, runOldest: runOldest) }
        try applyRetention(db, now: now)
        if let feedDocument { try SQLiteStore.saveFeedDocument(db, sourceID: sourceID, feedDocument) }
        try SQLiteStore.keepDocument(
            db, sourceID: sourceID, document, items: items, nextCursor: nextCursor, hasMore: hasMore)
        if recordsRefresh {
            try db.cachedStatement(sql: "UPDATE source SET refreshed_at = ?, refresh_error = NULL WHERE source_id = ?")
                .execute(arguments: [now.microseconds, sourceID])
        }
        return pageOldest.map { Timestamp(microseconds: $0) }
    }

    /// Keeps the page under what it was asked with, as this run's: its items are the rows this run gave
    /// the ranks from `firstRank` on.
    private func keepPage(_ db: Database, firstRank: Int64, newest: Int64?, oldest: Int64?, now: Timestamp) throws {
        guard let request, let key = request.key else { return }
        try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO page (source_id, request, page_size, shape, run, first_rank, item_count, newest,
                    oldest, next_cursor, has_more, fetched_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            sourceID, key, request.pageSize, request.shape, run, firstRank, items.count, newest, oldest, nextCursor,
            hasMore, now.microseconds,
        ])
    }

    /// Removes the source's items in the range this page adds to the run's coverage that no run since
    /// this one's start listed.
    private func reconcile(_ db: Database, pageOldest: Int64?, pageNewest: Int64?) throws {
        guard !policy.keepsFallenOff else { return }
        let upper: Int64
        if isFirstPage {
            upper = Int64.max
        } else if let bound = [pageNewest, oldestBefore?.microseconds].compactMap({ $0 }).max() {
            upper = bound
        } else {
            upper = Int64.max  // nothing committed yet in this run: an empty first page after all
        }
        let lower: Int64
        if reachedEnd {
            lower = Int64.min
        } else if let pageOldest {
            // Exclusive: more items of the page's oldest time may follow on the next page, and a stored
            // one of them must not be dropped before that page is read.
            lower = pageOldest + 1
        } else {
            return  // an empty page that does not end the source covers nothing
        }
        try db.cachedStatement(sql: "DELETE FROM item WHERE source_id = ? AND time >= ? AND time <= ? AND run < ?")
            .execute(arguments: [sourceID, lower, upper, run])
    }

    /// The position follows the run that reached deepest: this run takes it over once it reaches as deep
    /// as the stored one (or the source's end), and keeps it from then on. A position of another identity
    /// (the source moved or was edited) is no use to the source as it is now: a run takes it over at once.
    private func movePosition(_ db: Database, runOldest: Int64?) throws {
        try db.cachedStatement(
            sql: """
                UPDATE source SET position_run = :run, position_cursor = :cursor, position_has_more = :hasMore,
                    position_oldest = :oldest, position_identity = :identity
                WHERE source_id = :source AND (position_run IS NULL OR position_run = :run OR :reachedEnd
                    OR position_identity IS NOT :identity
                    OR position_oldest IS NULL OR (:oldest IS NOT NULL AND :oldest <= position_oldest))
                    AND (position_run IS NULL OR position_run <= :run)
                """
        ).execute(
            arguments: [
                "run": run, "cursor": nextCursor, "hasMore": !reachedEnd, "oldest": runOldest, "source": sourceID,
                "reachedEnd": reachedEnd, "identity": identity,
            ])
    }

    /// `keep`: drops items older than the horizon. `maxItems`: drops the oldest beyond the count (kept in
    /// `source.item_count` by triggers, so no count scan). First-seen records of dropped items go too.
    private func applyRetention(_ db: Database, now: Timestamp) throws {
        var dropped: [String] = []
        if policy.keep > .zero {
            let horizon = SQLiteStore.microseconds(policy.keep, before: now)
            dropped += try String.fetchAll(
                db, sql: "DELETE FROM item WHERE source_id = ? AND time < ? RETURNING item_id",
                arguments: [sourceID, horizon])
            try db.execute(
                sql: "DELETE FROM entry_seen WHERE source_id = ? AND first_seen < ?", arguments: [sourceID, horizon])
        }
        if let maxItems = policy.maxItems {
            let count =
                try Int.fetchOne(
                    db.cachedStatement(sql: "SELECT item_count FROM source WHERE source_id = ?"), arguments: [sourceID])
                ?? 0
            if count > max(0, maxItems) {
                dropped += try String.fetchAll(
                    db,
                    sql: """
                        DELETE FROM item WHERE rowid IN (
                            SELECT rowid FROM item WHERE source_id = ? ORDER BY time ASC, item_id DESC LIMIT ?)
                        RETURNING item_id
                        """,
                    arguments: [sourceID, count - max(0, maxItems)])
            }
        }
        guard !dropped.isEmpty else { return }
        let forget = try db.cachedStatement(sql: "DELETE FROM entry_seen WHERE source_id = ? AND entry_id = ?")
        for id in dropped { try forget.execute(arguments: [sourceID, id]) }
    }
}
