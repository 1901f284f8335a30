/// What the merge knows about one source, for the reader's `s` screen, `riffle sources` and export's
/// stderr. Counts only; no items.
package struct SourceStatus: Sendable, Hashable {
    package enum State: Sendable, Hashable {
        case waiting
        case fetching
        case ready
        case done
        case failed(SourceError)
    }

    package var name: String
    package var state: State
    package var pagesLoaded = 0
    /// Loads that failed (each after its own retries): a count that moves with every new failure, so
    /// the reader can tell a source that failed again from one it already knows failed.
    package var failedLoads = 0
    package var itemsEmitted = 0
    /// Items that came out of order from their own source (emitted, marked late).
    package var lateItems = 0
    /// The first late item, e.g. `id 7 at 2026-11-02T00:00:00Z came after 2026-11-01T00:00:00Z`.
    package var firstLateItem: String?
    /// Items the adapter skipped (no id, time or title), and why the first one was.
    package var skippedItems = 0
    package var firstSkipReason: String?
    /// Items dropped because the same (source, id) was already seen with the same or a newer time.
    package var duplicates = 0
    /// Server messages that came with usable data; the latest few.
    package var warnings: [String] = []
    /// Configured paths a page's answer did not have (`PageNotes.unmatchedPaths`), each once, at most 10.
    package var unmatchedPaths: [String] = []
    /// The merge goes on without the source while its load is slow (`MergeState.setAside(source:)`): its
    /// items join when it answers.
    package var isSetAside = false
    /// Why paging stopped, once it has.
    package var stopReason: Pager.ExhaustedReason?
    /// Why the source stopped before its end, when the answer promised more pages but gave no way to
    /// ask for them, e.g. `has_more was true but data.x.pageInfo.endCursor is missing`.
    package var stoppedEarly: String?
    /// Why paging started over from the source's head (`PageNotes.restarted`).
    package var restarted: String?

    package init(name: String, state: State = .waiting) {
        self.name = name
        self.state = state
    }

    /// The last error, when the source failed.
    package var lastError: SourceError? {
        if case .failed(let error) = state { return error }
        return nil
    }
}
