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
    let store: any Store
    /// The store's key for the source and this run's number for it.
    let key: RunKey
    /// The oldest item time committed so far in this run.
    private(set) var oldestSoFar: Timestamp?
    /// How many pages this run committed.
    private(set) var pagesCommitted = 0
    /// Whether a committed page reached the source's end.
    private(set) var reachedEnd = false
    /// Whether the run reads the whole source, so that its pages move the source's position
    /// (`PageWrite.movesPosition`); not a part of it asked for with a filter.
    var readsWholeSource = true

    init(source: StoreSource, policy: SourcePolicy, store: any Store, key: RunKey) {
        self.source = source
        self.policy = policy
        self.store = store
        self.key = key
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
        let oldest = try await store.commit(write)
        didCommit(write, oldest: oldest)
    }

    /// Begins a run of `source` (as `Store.beginRun`) and commits `page`, its head page (as `commit`),
    /// recording the refresh as ended well (as `finish(.ok)`), all in one transaction: a recording source
    /// pays one transaction for a head page instead of three, while other sources' answers still arrive.
    static func start(
        of source: StoreSource, policy: SourcePolicy, store: any Store, page: Page, reachedEnd: Bool? = nil,
        request: PageRequest? = nil, readsWholeSource: Bool = true
    ) async throws(StoreError) -> SourceRun {
        // The source's row and the run's number are known only inside the transaction.
        var run = SourceRun(source: source, policy: policy, store: store, key: RunKey(sourceID: 0, run: 0))
        run.readsWholeSource = readsWholeSource
        var write = try run.pageWrite(page, reachedEnd: reachedEnd, feedDocument: nil, request: request)
        write.recordsRefresh = true
        let (key, oldest) = try await store.newRun(of: source, committing: write)
        run = SourceRun(source: source, policy: policy, store: store, key: key)
        run.readsWholeSource = readsWholeSource
        run.didCommit(write, oldest: oldest)
        return run
    }

    /// The transaction that writes `page` as this run's next page (see `commit`).
    private func pageWrite(
        _ page: Page, reachedEnd: Bool?, feedDocument: DocumentValidators?, request: PageRequest?
    ) throws(StoreError) -> PageWrite {
        guard page.items.count <= StoreLimits.maxItemsPerPage else {
            throw .invalidArgument(
                store.path,
                "a page of \(page.items.count) items (at most \(StoreLimits.maxItemsPerPage) are stored at once)")
        }
        return PageWrite(
            sourceID: key.sourceID, run: key.run, items: page.items, nextCursor: page.nextCursor,
            identity: source.identity, movesPosition: readsWholeSource, reachedEnd: reachedEnd ?? !page.hasMore,
            isFirstPage: pagesCommitted == 0, pageNumber: pagesCommitted,
            oldestBefore: oldestSoFar,
            policy: policy, feedDocument: feedDocument, document: page.document,
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
        try await store.endRun(key, outcome: outcome)
    }
}
