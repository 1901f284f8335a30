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

    package init(cursor: String?, hasMore: Bool, oldestTime: Timestamp?) {
        self.cursor = cursor
        self.hasMore = hasMore
        self.oldestTime = oldestTime
    }
}
