package import RiffleCore

/// What one page of the merged stored feed is asked with (`Store.mergedPage`): the sources in merge order
/// (their configuration order, which breaks ties of time as the merge does), where the page starts, how
/// many items, and the filters.
package struct MergedPageQuery: Sendable, Hashable {
    /// Source names in merge order; at most `StoreLimits.maxEntriesPerCall`.
    package var sources: [String]
    /// The page starts right after this item; `nil` for the newest.
    package var after: MergedPageCursor?
    /// Items in the page (1...`StoreLimits.maxReadPageSize`).
    package var limit: Int
    /// Only items whose title, summary or author contain this text (ASCII letters in any case); `nil` or
    /// empty: all. At most `maxTextLength` bytes.
    package var text: String?
    /// Only items whose stored version is not marked read.
    package var unreadOnly: Bool

    /// The longest text filter accepted, in bytes.
    package static let maxTextLength = 256

    package init(
        sources: [String], after: MergedPageCursor? = nil, limit: Int, text: String? = nil, unreadOnly: Bool = false
    ) {
        self.sources = sources
        self.after = after
        self.limit = limit
        self.text = text
        self.unreadOnly = unreadOnly
    }
}

/// Where a page of the merged stored feed stopped: the last item's time, source, place in its source's
/// listing (`rank`) and id — the merged order's whole key, so that a page after it is a keyset read that
/// costs the same at any depth and stays right while items are added or removed.
package struct MergedPageCursor: Sendable, Hashable {
    package var time: Timestamp
    package var source: String
    package var rank: Int64
    package var id: String

    package init(time: Timestamp, source: String, rank: Int64, id: String) {
        self.time = time
        self.source = source
        self.rank = rank
        self.id = id
    }
}

/// One page of the merged stored feed, newest first (ties by the sources' order, then as each source
/// listed them), each item with the cursor that resumes right after it; `hasMore` from one row more than
/// asked for, without counting.
package struct MergedPage: Sendable {
    package struct Entry: Sendable {
        package var source: String
        package var item: Item
        package var cursor: MergedPageCursor

        package init(source: String, item: Item, cursor: MergedPageCursor) {
            self.source = source
            self.item = item
            self.cursor = cursor
        }
    }

    package var entries: [Entry]
    package var hasMore: Bool

    package init(entries: [Entry], hasMore: Bool) {
        self.entries = entries
        self.hasMore = hasMore
    }
}
