import GRDB
package import RiffleCore

/// One read of a source from its head, written to the store page by page as it streams:
///
///     var run = try await store.beginRun(of: StoreSource(name: "gitlab", type: "gitlab"), policy: policy)
///     var cursor: String? = nil
///     repeat {
///         let page = try await pageable.loadPage(after: cursor, pageSize: 50)
///         try await run.commit(page)
///         cursor = page.nextCursor
///     } while page.hasMore && !page.items.isEmpty
///     try await run.finish(.ok)
///
/// Each `commit` is one transaction: the page's items, the source's position, the reconciliation and the
/// retention commit together or not at all. A run that stops early (an error, enough pages for the
/// reader) leaves every committed page in place; the stored items below it stay as earlier runs left them.
///
/// Reconciliation (contract section 6), unless the policy keeps what fell off: after a page commits, the
/// source's stored items with a time in the range the run has now covered — from just after the page's oldest item up
/// to the newest item seen so far in the run (up to the end of time for the first page; down to the start
/// of time once the source's end is reached) — are exactly the items this run listed. Items are tagged with
/// the run that last listed them; a newer concurrent run of the same source is never undone by an older.
package struct SourceRun: Sendable {
    let source: StoreSource
    let policy: SourcePolicy
    let store: Store
    let sourceID: Int64
    /// This run's number for the source (increasing per source across processes).
    let run: Int64
    /// The oldest item time committed so far in this run.
    private(set) var oldestSoFar: Timestamp?
    /// How many pages this run committed.
    private(set) var pagesCommitted = 0
    /// Whether a committed page reached the source's end.
    private(set) var reachedEnd = false

    init(source: StoreSource, policy: SourcePolicy, store: Store, sourceID: Int64, run: Int64) {
        self.source = source
        self.policy = policy
        self.store = store
        self.sourceID = sourceID
        self.run = run
    }

    /// Writes `page` — the next page of this run, in order from the head — in one transaction. `reachedEnd`
    /// says the source has nothing after it (by default: the page says no more follow). `feedDocument` is
    /// the feed adapter's state for the document this page came from, committed with it. `request`: what
    /// the page was asked with, to keep it as a page a resumed export may take from the store
    /// (`Store.freshPage`); a page with notes (skipped items, warnings) is not kept as one.
    package mutating func commit(
        _ page: Page, reachedEnd: Bool? = nil, feedDocument: DocumentValidators? = nil, request: PageRequest? = nil
    ) async throws(StoreError) {
        let write = try pageWrite(page, reachedEnd: reachedEnd, feedDocument: feedDocument, request: request)
        let oldest = try await store.write { db in try write.apply(db) }
        didCommit(write, oldest: oldest)
    }

    /// Begins a run of `source` (as `Store.beginRun`) and commits `page`, its head page (as `commit`),
    /// recording the refresh as ended well (as `finish(.ok)`), all in one transaction: a recording source
    /// pays one transaction for a head page instead of three, while other sources' answers still arrive.
    static func start(
        of source: StoreSource, policy: SourcePolicy, store: Store, page: Page, reachedEnd: Bool? = nil,
        request: PageRequest? = nil
    ) async throws(StoreError) -> SourceRun {
        // The source's row and the run's number are known only inside the transaction.
        var run = SourceRun(source: source, policy: policy, store: store, sourceID: 0, run: 0)
        var write = try run.pageWrite(page, reachedEnd: reachedEnd, feedDocument: nil, request: request)
        write.recordsRefresh = true
        let head = write
        let (begun, oldest): ((Int64, Int64), Timestamp?) = try await store.write { db in
            var write = head
            (write.sourceID, write.run) = try Store.begin(db, source: source)
            return ((write.sourceID, write.run), try write.apply(db))
        }
        run = SourceRun(source: source, policy: policy, store: store, sourceID: begun.0, run: begun.1)
        run.didCommit(write, oldest: oldest)
        return run
    }

    /// The transaction that writes `page` as this run's next page (see `commit`).
    private func pageWrite(
        _ page: Page, reachedEnd: Bool?, feedDocument: DocumentValidators?, request: PageRequest?
    ) throws(StoreError) -> PageWrite {
        guard page.items.count <= Store.maxItemsPerPage else {
            throw .invalidArgument(
                store.path, "a page of \(page.items.count) items (at most \(Store.maxItemsPerPage) are stored at once)")
        }
        return PageWrite(
            sourceID: sourceID, run: run, items: page.items, nextCursor: page.nextCursor,
            reachedEnd: reachedEnd ?? !page.hasMore, isFirstPage: pagesCommitted == 0, pageNumber: pagesCommitted,
            oldestBefore: oldestSoFar,
            policy: policy, now: store.clock(), feedDocument: feedDocument, document: page.document,
            request: page.notes == PageNotes() ? request : nil, hasMore: page.hasMore)
    }

    /// Counts `write`, committed, whose page's oldest item is `oldest`.
    private mutating func didCommit(_ write: PageWrite, oldest: Timestamp?) {
        pagesCommitted += 1
        if let oldest { oldestSoFar = min(oldestSoFar ?? oldest, oldest) }
        if write.reachedEnd { reachedEnd = true }
    }

    /// Records how the refresh ended (and when: now), for `riffle sources`.
    package func finish(_ outcome: RefreshOutcome) async throws(StoreError) {
        let now = store.clock().microseconds
        let error: String? =
            switch outcome {
            case .ok: nil
            case .failed(let reason): String(reason.prefix(4_096))
            }
        let sourceID = sourceID
        try await store.write { db in
            try db.cachedStatement(sql: "UPDATE source SET refreshed_at = ?, refresh_error = ? WHERE source_id = ?")
                .execute(arguments: [now, error, sourceID])
        }
    }
}

/// One page's transaction, as data: built by `SourceRun.commit`, applied inside the store's writer.
struct PageWrite: Sendable {
    var sourceID: Int64
    var run: Int64
    var items: [Item]
    var nextCursor: String?
    var reachedEnd: Bool
    var isFirstPage: Bool
    /// The page's place in its run (0 for the head page), for the items' `rank`.
    var pageNumber: Int
    /// The oldest item time of the run's earlier pages.
    var oldestBefore: Timestamp?
    var policy: SourcePolicy
    var now: Timestamp
    var feedDocument: DocumentValidators?
    /// How the page was had from its document (a feed's), kept with it (`Store.keepDocument`).
    var document: DocumentFetch?
    /// Whether the source's refresh is recorded as ended well with this page (`SourceRun.start`).
    var recordsRefresh = false
    /// What the page was asked with, when it is kept as a page (see `Store.freshPage`).
    var request: PageRequest?
    /// What the source said: more pages follow.
    var hasMore: Bool

    /// Upserts the items, reconciles the covered range, moves the position, applies retention, keeps the
    /// feed document's state. Returns the page's oldest item time.
    func apply(_ db: Database) throws -> Timestamp? {
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
        // run, page and place: increasing down a run's listing (pages hold at most `Store.maxItemsPerPage`).
        let firstRank = run &* (1 << 40) &+ Int64(pageNumber) &* Int64(Store.maxItemsPerPage)
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
        try keepPage(db, firstRank: firstRank, newest: pageNewest, oldest: pageOldest)
        try reconcile(db, pageOldest: pageOldest, pageNewest: pageNewest)
        let runOldest = [pageOldest, oldestBefore?.microseconds].compactMap { $0 }.min()
        try movePosition(db, runOldest: runOldest)
        try applyRetention(db)
        if let feedDocument { try Store.saveFeedDocument(db, sourceID: sourceID, feedDocument) }
        try Store.keepDocument(
            db, sourceID: sourceID, document, items: items, nextCursor: nextCursor, hasMore: hasMore)
        if recordsRefresh {
            try db.cachedStatement(sql: "UPDATE source SET refreshed_at = ?, refresh_error = NULL WHERE source_id = ?")
                .execute(arguments: [now.microseconds, sourceID])
        }
        return pageOldest.map { Timestamp(microseconds: $0) }
    }

    /// Keeps the page under what it was asked with, as this run's: its items are the rows this run gave
    /// the ranks from `firstRank` on.
    private func keepPage(_ db: Database, firstRank: Int64, newest: Int64?, oldest: Int64?) throws {
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
    /// as the stored one (or the source's end), and keeps it from then on.
    private func movePosition(_ db: Database, runOldest: Int64?) throws {
        try db.cachedStatement(
            sql: """
                UPDATE source SET position_run = :run, position_cursor = :cursor, position_has_more = :hasMore,
                    position_oldest = :oldest
                WHERE source_id = :source AND (position_run IS NULL OR position_run = :run OR :reachedEnd
                    OR position_oldest IS NULL OR (:oldest IS NOT NULL AND :oldest <= position_oldest))
                    AND (position_run IS NULL OR position_run <= :run)
                """
        ).execute(
            arguments: [
                "run": run, "cursor": nextCursor, "hasMore": !reachedEnd, "oldest": runOldest, "source": sourceID,
                "reachedEnd": reachedEnd,
            ])
    }

    /// `keep`: drops items older than the horizon. `maxItems`: drops the oldest beyond the count (kept in
    /// `source.item_count` by triggers, so no count scan). First-seen records of dropped items go too.
    private func applyRetention(_ db: Database) throws {
        var dropped: [String] = []
        if policy.keep > .zero {
            let horizon = Store.microseconds(policy.keep, before: now)
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
