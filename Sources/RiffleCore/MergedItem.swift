/// One item as the merge emits it: which source it came from, and whether it broke its source's order.
public struct MergedItem: Sendable, Hashable {
    /// The source's index in configuration order.
    public var sourceIndex: Int
    public var sourceName: String
    public var item: Item
    /// The item came newer than what the merge had already emitted: its source is not sorted newest
    /// first. It is emitted as soon as it is seen rather than dropped.
    public var isLate: Bool

    public init(sourceIndex: Int, sourceName: String, item: Item, isLate: Bool = false) {
        self.sourceIndex = sourceIndex
        self.sourceName = sourceName
        self.item = item
        self.isLate = isLate
    }
}
