package import RiffleCore

/// Where paging a source goes on past what is stored: the cursor of the page after the deepest stored page
/// of the head run (the run of pages read from the source's head that reached deepest).
package struct SourcePosition: Sendable, Hashable {
    /// The `nextCursor` of that page; `nil` when the source gave none.
    package var cursor: String?
    /// Whether the source said more pages follow. `false`: the run reached the source's end.
    package var hasMore: Bool
    /// The oldest item time that run reached: stored items older than it came from earlier runs.
    package var oldestTime: Timestamp?
    /// The identity of the source that run read (`StoreSource.identity`); `nil`: not known. The cursor is
    /// used only by a source of the same identity: a moved or edited source's cursor may point anywhere.
    package var identity: Int64?

    package init(cursor: String?, hasMore: Bool, oldestTime: Timestamp?, identity: Int64? = nil) {
        self.cursor = cursor
        self.hasMore = hasMore
        self.oldestTime = oldestTime
        self.identity = identity
    }
}
