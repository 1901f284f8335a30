package import RiffleCore

/// One source's stored items, newest first (ties in the order the source listed them), as a `Pageable`:
/// the offline view hands one per source to `MergedFeed`, merged exactly like the network view.
///
/// Cursors are the store's (`Store.items`): they stay valid while items are added or removed. The last
/// page says no more follow; where paging goes on over the network is `Store.position(of:)`.
package struct StoredItems: Pageable {
    let store: any Store
    /// The source's configured name.
    let source: String
    /// Only items not marked read (in their stored version).
    let unreadOnly: Bool

    package init(store: any Store, source: String, unreadOnly: Bool = false) {
        self.store = store
        self.source = source
        self.unreadOnly = unreadOnly
    }

    package func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
        try await load(after: cursor, pageSize: pageSize)
    }

    /// `loadPage` with its error typed.
    package func load(after cursor: String?, pageSize: Int) async throws(StoreError) -> Page {
        try await store.items(of: source, after: cursor, pageSize: pageSize, unreadOnly: unreadOnly)
    }
}
