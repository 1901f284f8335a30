/// One version of one item: its source's name, its id within the source, and its time. What a read mark
/// belongs to (an item that comes back with a newer time is another version, unread again: contract
/// section 6), what `--mark-read` marks, and the store's key for both.
package struct ItemVersion: Sendable, Hashable {
    /// The source's configured name.
    package var source: String
    /// The item's id within its source.
    package var id: String
    /// The item's time (`Item.time`): its update time for sources that have one.
    package var time: Timestamp

    package init(source: String, id: String, time: Timestamp) {
        self.source = source
        self.id = id
        self.time = time
    }

    /// The version of a merged item.
    package init(_ merged: MergedItem) {
        self.init(source: merged.sourceName, id: merged.item.id, time: merged.item.time)
    }
}
