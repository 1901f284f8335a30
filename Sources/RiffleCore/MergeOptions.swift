/// How a merge pages its sources. (Each source's page size comes with the source: `MergeSource`.)
package struct MergeOptions: Sendable, Hashable {
    /// A source whose buffer holds fewer items than this loads its next page in the background;
    /// `nil` means two of that source's pages (or `sourceReadAhead` items, when more), so a source keeps one
    /// request in flight while it holds less than that. The buffer never holds more than `threshold - 1 + page size` items.
    var prefetchThreshold: Int?
    /// Items each source keeps buffered at least, when `prefetchThreshold` is nil: a source loads its next
    /// page while it holds fewer than the larger of this and two of its pages. A reader sets it to its
    /// read-ahead in items, so a source of small pages keeps that many of its own items ahead (any one source
    /// may hold all of the next items); limited to ``maxSourceReadAhead``.
    package var sourceReadAhead = 0 {
        didSet { sourceReadAhead = min(max(0, sourceReadAhead), Self.maxSourceReadAhead) }
    }
    /// Items older than this are not emitted, and a source stops paging once it reaches one.
    var since: Timestamp?
    /// The most pages loaded from one source.
    var maxPagesPerSource: Int
    /// How many pages of item ids each source remembers to drop duplicates (offset paging over changing
    /// data repeats items across a page boundary).
    var dedupWindowPages: Int

    /// The most items `sourceReadAhead` asks a source to keep: two pages of the default page size (50), what
    /// such a source keeps anyway, so memory stays within what the default already takes.
    package static let maxSourceReadAhead = 100

    package init(
        prefetchThreshold: Int? = nil, since: Timestamp? = nil,
        maxPagesPerSource: Int = 10_000, dedupWindowPages: Int = 3
    ) {
        self.prefetchThreshold = prefetchThreshold.map { max(1, $0) }
        self.since = since
        self.maxPagesPerSource = max(1, maxPagesPerSource)
        self.dedupWindowPages = max(1, dedupWindowPages)
    }
}
