/// What a document-based adapter (the `feed` adapter) remembers between requests: the validators of
/// each document it fetched, the page the last `200` gave (served again on a `304`), and when each
/// undated entry was first seen.
///
/// The seam between adapters and the store: `InMemoryDocumentMemory` keeps all of it for one process
/// (no store: no conditional GET across runs, and undated entries get the time of this run); a store
/// keeps it in its per-source tables across runs. Every call is per configured source (`source` is its
/// name), so two sources of one URL never share a memory. Implementations must be safe to call from
/// many tasks at once and should answer quickly (no network).
package protocol DocumentMemory: Sendable {
    /// The validators kept for `url` of `source`, if any.
    func validators(source: String, url: String) async -> DocumentValidators?

    /// The page the last `200` for `url` of `source` gave (its items, times already resolved, and next
    /// cursor), to answer a `304` without parsing; `nil` when none is kept (then the adapter asks again
    /// without validators).
    func storedPage(source: String, url: String) async -> Page?

    /// Keeps what `page` says about its document: on `.fetched` the page and its validators (replacing
    /// what was kept for that URL); on `.notModified` only the new `nextRequestAt`; on `.notRequested`
    /// nothing. `page.document` is set, its `validators.url` names the document. A store that commits
    /// pages as they pass through the merge may take `page.document` there instead, in the page's own
    /// transaction, and make this a no-op.
    func remember(source: String, page: Page) async

    /// The first-seen time of each of `entryIDs` (entries without a date) of `source`: the time kept from
    /// an earlier run or load when there is one, else `now`, which is then kept. Every id gets a value.
    func firstSeen(source: String, entryIDs: [String], now: Timestamp) async -> [String: Timestamp]
}
