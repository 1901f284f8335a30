/// How a source's stored items are reconciled and kept, applied to each page as it is written (never by a
/// scan of the whole store at start-up).
package struct SourcePolicy: Sendable, Hashable {
    /// The most items kept for the source; beyond it the oldest are dropped. `nil` keeps them all.
    package var maxItems: Int?
    /// Items older than this (by item time) are dropped; `.zero` keeps them all.
    package var keep: Duration
    /// Whether items the source no longer lists stay stored (feed sources: entries fall off the end of a
    /// feed, and a re-read says nothing about them). Otherwise re-reading a run of pages from the head makes
    /// the stored items in the time range those pages cover exactly those pages' items.
    package var keepsFallenOff: Bool

    /// `store.max_items` default of the contract.
    package static let defaultMaxItems = 20_000

    package init(maxItems: Int? = SourcePolicy.defaultMaxItems, keep: Duration = .zero, keepsFallenOff: Bool = false) {
        self.maxItems = maxItems
        self.keep = keep
        self.keepsFallenOff = keepsFallenOff
    }
}
