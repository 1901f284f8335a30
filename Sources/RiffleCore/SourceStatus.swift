/// What the merge knows about one source, for the reader's `s` screen, `riffle sources` and export's
/// stderr. Counts only; no items.
public struct SourceStatus: Sendable, Hashable {
    public enum State: Sendable, Hashable {
        case waiting
        case fetching
        case ready
        case done
        case failed(SourceError)
    }

    public var name: String
    public var state: State
    public var pagesLoaded = 0
    /// Loads that failed (each after its own retries): a count that moves with every new failure, so
    /// the reader can tell a source that failed again from one it already knows failed.
    public var failedLoads = 0
    public var itemsEmitted = 0
    /// Items that came out of order from their own source (emitted, marked late).
    public var lateItems = 0
    /// The first late item, e.g. `id 7 at 2026-11-02T00:00:00Z came after 2026-11-01T00:00:00Z`.
    public var firstLateItem: String?
    /// Items the adapter skipped (no id, time or title), and why the first one was.
    public var skippedItems = 0
    public var firstSkipReason: String?
    /// Items dropped because the same (source, id) was already seen with the same or a newer time.
    public var duplicates = 0
    /// Server messages that came with usable data; the latest few.
    public var warnings: [String] = []
    /// Configured paths a page's answer did not have (`PageNotes.unmatchedPaths`), each once, at most 10.
    public var unmatchedPaths: [String] = []
    /// Why paging stopped, once it has.
    public var stopReason: Pager.ExhaustedReason?
    /// Why the source stopped before its end, when the answer promised more pages but gave no way to
    /// ask for them, e.g. `has_more was true but data.x.pageInfo.endCursor is missing`.
    public var stoppedEarly: String?

    package init(name: String, state: State = .waiting) {
        self.name = name
        self.state = state
    }

    /// The last error, when the source failed.
    public var lastError: SourceError? {
        if case .failed(let error) = state { return error }
        return nil
    }
}
