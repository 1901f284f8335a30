/// What one load of a `Pageable` returns: the items in the source's order (newest first), and where
/// the next page starts.
public struct Page: Sendable {
    public var items: [Item]
    /// The opaque cursor that loads the page after this one; `nil` when the source gave none.
    public var nextCursor: String?
    /// Whether the source says more pages exist.
    public var hasMore: Bool
    /// Things worth telling the user that did not stop the page: items skipped for a missing field,
    /// GraphQL errors that came with partial data. Untrusted text.
    public var notes: PageNotes

    public init(items: [Item], nextCursor: String?, hasMore: Bool, notes: PageNotes = PageNotes()) {
        self.items = items
        self.nextCursor = nextCursor
        self.hasMore = hasMore
        self.notes = notes
    }
}

/// Non-fatal findings of one page load.
public struct PageNotes: Sendable, Hashable {
    /// Items the adapter could not use (no id, time or title).
    public var skipped: Int
    /// Why the first skipped item was skipped, e.g. `item 3: no value at node.updatedAt`.
    public var firstSkipReason: String?
    /// Server messages that came with usable data (GraphQL partial errors).
    public var warnings: [String]

    public init(skipped: Int = 0, firstSkipReason: String? = nil, warnings: [String] = []) {
        self.skipped = skipped
        self.firstSkipReason = firstSkipReason
        self.warnings = warnings
    }
}
