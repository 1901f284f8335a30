/// One item as the merge emits it: which source it came from, and whether it broke its source's order.
package struct MergedItem: Sendable, Hashable {
    /// The source's index in configuration order.
    package var sourceIndex: Int
    package var sourceName: String
    package var item: Item
    /// The item came newer than what the merge had already emitted: its source is not sorted newest
    /// first. It is emitted as soon as it is seen rather than dropped.
    package var isLate: Bool
    /// The item came newer than what the merge had already emitted because its source answered late: it
    /// was set aside while slow (`MergeState.setAside(source:)`), or it failed and was retried. Its source
    /// is in order; the reader puts such an item where it belongs rather than where it came.
    package var cameBehind: Bool

    package init(sourceIndex: Int, sourceName: String, item: Item, isLate: Bool = false, cameBehind: Bool = false) {
        self.sourceIndex = sourceIndex
        self.sourceName = sourceName
        self.item = item
        self.isLate = isLate
        self.cameBehind = cameBehind
    }
}
