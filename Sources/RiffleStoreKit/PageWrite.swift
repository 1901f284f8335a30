package import RiffleCore

/// One page's transaction, as data: built by `SourceRun.commit`, applied by the store's backend in one
/// transaction (`Store.commit`), stamped with the backend's clock.
package struct PageWrite: Sendable {
    package var sourceID: Int64
    package var run: Int64
    package var items: [Item]
    package var nextCursor: String?
    /// The source's identity (`StoreSource.identity`), kept with the position when the page moves it.
    package var identity: Int64?
    /// Whether the page may move the source's position: not when the run read a part of the source (a
    /// `--since` filter the server was asked with), whose cursors lead only through that part.
    package var movesPosition = true
    package var reachedEnd: Bool
    package var isFirstPage: Bool
    /// The page's place in its run (0 for the head page), for the items' `rank`.
    package var pageNumber: Int
    /// The oldest item time of the run's earlier pages.
    package var oldestBefore: Timestamp?
    package var policy: SourcePolicy
    package var feedDocument: DocumentValidators?
    /// How the page was had from its document (a feed's), kept with it in the same transaction.
    package var document: DocumentFetch?
    /// Whether the source's refresh is recorded as ended well with this page (`SourceRun.start`).
    package var recordsRefresh = false
    /// What the page was asked with, when it is kept as a page (see `Store.freshPage`).
    package var request: PageRequest?
    /// What the source said: more pages follow.
    package var hasMore: Bool
}
