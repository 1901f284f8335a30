/// How a merge pages its sources. (Each source's page size comes with the source: `MergeSource`.)
public struct MergeOptions: Sendable, Hashable {
    /// A source whose buffer holds fewer items than this loads its next page in the background;
    /// `nil` means two of that source's pages, so a source keeps one request in flight while it holds
    /// less than two pages. The buffer never holds more than `threshold - 1 + page size` items.
    var prefetchThreshold: Int?
    /// Items older than this are not emitted, and a source stops paging once it reaches one.
    var since: Timestamp?
    /// The most pages loaded from one source.
    var maxPagesPerSource: Int
    /// How many pages of item ids each source remembers to drop duplicates (offset paging over changing
    /// data repeats items across a page boundary).
    var dedupWindowPages: Int

    public init(
        prefetchThreshold: Int? = nil, since: Timestamp? = nil,
        maxPagesPerSource: Int = 10_000, dedupWindowPages: Int = 3
    ) {
        self.prefetchThreshold = prefetchThreshold.map { max(1, $0) }
        self.since = since
        self.maxPagesPerSource = max(1, maxPagesPerSource)
        self.dedupWindowPages = max(1, dedupWindowPages)
    }
}
