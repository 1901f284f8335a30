package import RiffleCore

/// What riffle's commands, its reader and its export need of a store: the seam between them and a
/// backend (today SQLite, `SQLiteStore` in `RiffleStore`). Every requirement speaks riffle's own types
/// (items, pages, read marks, positions, feed validators), never a database library's, so that another
/// backend implements it as it is. What every backend must guarantee is in `docs/STORE.md`: each call
/// is atomic (a page's commit, a `markRead` of many keys), a read sees every write that returned before
/// it, a process killed at any moment leaves every returned write in place, and a store made by a newer
/// riffle is refused untouched.
///
/// Every call is `async` and throws one `StoreError` naming the store and the reason. Counts are bounded
/// by `StoreLimits`; a call past a bound throws `invalidArgument` and writes nothing.
package protocol Store: Sendable {
    /// Where the store is, as the user named it: every `StoreError` names it.
    var path: String { get }

    // MARK: Runs from a source's head (`SourceRun` drives them)

    /// Records `source` (a name stored with another type is another source: what it held goes) and
    /// numbers a new run of it; the pages kept of its earlier runs go.
    func newRun(of source: StoreSource) async throws(StoreError) -> RunKey
    /// `newRun(of:)` and `commit(_:)` of the run's head page, in one transaction: the run's key, and the
    /// oldest item time of the page. `write.sourceID` and `write.run` are ignored.
    func newRun(of source: StoreSource, committing write: PageWrite) async throws(StoreError) -> (RunKey, Timestamp?)
    /// Commits one page of a run (items, reconciliation, position, retention, the page's document and,
    /// when asked, the refresh's end) in one transaction; returns the page's oldest item time.
    func commit(_ write: PageWrite) async throws(StoreError) -> Timestamp?
    /// Records how the run's refresh ended, and when: now.
    func endRun(_ run: RunKey, outcome: RefreshOutcome) async throws(StoreError)
    /// Keeps what a page read outside a run says of its document (a feed's validators and item ids).
    func rememberDocument(of source: String, page: Page) async throws(StoreError)

    // MARK: Stored items and positions

    /// One page of `source`'s stored items, newest first (ties in the order the source listed them), after
    /// `cursor` (one this store gave, `nil` for the newest); at most `StoreLimits.maxReadPageSize` items.
    /// `unreadOnly`: only items whose stored version is not marked read. The last page says no more follow.
    func items(
        of source: String, after cursor: String?, pageSize: Int, unreadOnly: Bool
    ) async throws(StoreError) -> Page
    /// One page of the stored items of `query.sources` merged, newest first, after `query.after`, filtered;
    /// read in one snapshot. A cursor whose source is not among `query.sources` throws `invalidArgument`.
    func mergedPage(_ query: MergedPageQuery) async throws(StoreError) -> MergedPage
    /// Where paging `source` goes on past what is stored, or `nil` when nothing was stored for it.
    func position(of source: String) async throws(StoreError) -> SourcePosition?
    /// The newest stored item time of each of `sources` that holds any.
    func newestTimes(of sources: [String]) async throws(StoreError) -> [String: Timestamp]
    /// Per source, what `riffle sources` shows, sorted by name.
    func summaries() async throws(StoreError) -> [SourceSummary]
    /// The page `source` gave for `request` in its latest run from the head, no longer than `maxAge` ago,
    /// with every item it listed still stored as listed; else `nil`.
    func freshPage(of source: String, request: PageRequest, maxAge: Duration) async throws(StoreError) -> Page?

    // MARK: Read marks

    /// For each key, whether that version (or a newer one) is marked read; one snapshot for all.
    func readStates(of keys: [ItemVersion]) async throws(StoreError) -> [Bool]
    /// Marks every key read, all of them or (on an error) none.
    func markRead(_ keys: [ItemVersion]) async throws(StoreError)
    /// Marks every stored item of `sources` (all sources: `nil`) read, in one transaction.
    func markAllRead(sources: [String]?) async throws(StoreError)
    /// Unread stored items per source name (sources with none are absent).
    func unreadCounts() async throws(StoreError) -> [String: Int]
    /// Every read mark of `sources`, in one snapshot.
    func readMarks(of sources: [String]) async throws(StoreError) -> ReadMarkSet

    // MARK: The feed adapter's memory

    /// The validators kept for one document of `source`, or `nil`.
    func feedDocument(of source: String, url: String) async throws(StoreError) -> DocumentValidators?
    /// The validators kept for each of `heads` that has some, by source name, in one read; at most
    /// `StoreLimits.maxEntriesPerCall` heads.
    func feedValidators(of heads: [(source: String, url: String)]) async throws(StoreError) -> [String:
        DocumentValidators]
    /// The page the last `200` of `url` gave `source`, rebuilt from the stored items, or `nil` when none is
    /// kept or one of its items has left the store.
    func documentPage(of source: String, url: String) async throws(StoreError) -> Page?
    /// When each entry of `source` was first seen: the time kept, else now (recorded); at most
    /// `StoreLimits.maxEntriesPerCall` entries.
    func firstSeen(of source: String, entryIDs: [String]) async throws(StoreError) -> [String: Timestamp]

    /// Makes every committed write durable in the store's main file as far as it can without waiting,
    /// then closes it; any later call throws.
    func close() throws(StoreError)
}

extension Store {
    /// Starts a read of `source` from its head (see `SourceRun`).
    package func beginRun(of source: StoreSource, policy: SourcePolicy = SourcePolicy()) async throws(StoreError)
        -> SourceRun
    {
        let key = try await newRun(of: source)
        return SourceRun(source: source, policy: policy, store: self, key: key)
    }

    /// `freshPage` with the usual freshness, `StoreLimits.pageFreshness`.
    package func freshPage(of source: String, request: PageRequest) async throws(StoreError) -> Page? {
        try await freshPage(of: source, request: request, maxAge: StoreLimits.pageFreshness)
    }

    /// Marks every stored item read.
    package func markAllRead() async throws(StoreError) {
        try await markAllRead(sources: nil)
    }

    /// Marks `keys` read in calls of at most `StoreLimits.maxKeysPerCall` keys each: the one place a
    /// long list of marks is cut, so that a list of any length can be marked. Each call is atomic; a
    /// failure leaves the calls before it done.
    package func markRead(inChunks keys: [ItemVersion]) async throws(StoreError) {
        var start = 0
        while start < keys.count {
            let end = min(start + StoreLimits.maxKeysPerCall, keys.count)
            try await markRead(Array(keys[start..<end]))
            start = end
        }
    }

    /// `readStates` for a list of any length, asked in calls of at most `StoreLimits.maxKeysPerCall`.
    package func readStates(inChunks keys: [ItemVersion]) async throws(StoreError) -> [Bool] {
        var states: [Bool] = []
        states.reserveCapacity(keys.count)
        var start = 0
        while start < keys.count {
            let end = min(start + StoreLimits.maxKeysPerCall, keys.count)
            states += try await readStates(of: Array(keys[start..<end]))
            start = end
        }
        return states
    }
}
