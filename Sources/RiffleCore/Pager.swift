/// The paging state of one source, as a pure value type: which cursor loads next, whether a load is in
/// flight, and when to stop. It performs no I/O; a driver asks it for the next load, runs it, and reports
/// back. That keeps the rules testable and the same for every adapter.
///
/// States: idle → loading → ready (more pages) | exhausted | failed. A failed load keeps the last good
/// cursor, so a retry continues where it stopped and never falls back to the first page.
package struct Pager: Sendable, Hashable {
    package enum Phase: Sendable, Hashable {
        /// Nothing loaded yet.
        case idle
        /// A load is in flight; no second one may start.
        case loading
        /// The last load succeeded and more pages exist.
        case ready
        /// No more pages: the source said so, sent an empty page, or repeated a cursor.
        case exhausted(ExhaustedReason)
        /// The last load failed; `retry()` makes the pager loadable again at the same cursor.
        case failed(SourceError)
    }

    /// Why a pager stopped.
    package enum ExhaustedReason: Sendable, Hashable {
        case noMorePages
        case emptyPage
        case repeatedCursor
        case missingCursor
        case pageLimit(Int)
        case olderThanSince
    }

    /// Refusals of `beginLoad()`.
    package enum LoadRefusal: Error, Sendable, Hashable {
        case loadInProgress
        case exhausted
        case failed
    }

    package private(set) var phase: Phase = .idle
    /// The cursor of the next page to load: `nil` for the first page, then the last good `nextCursor`.
    private(set) var cursor: String?
    /// How many pages loaded successfully.
    private(set) var pagesLoaded = 0
    /// The most pages this pager loads before it stops (every input has a limit).
    let maxPages: Int
    /// Cursors already used, to stop a server that restarts at page 1 on an unknown cursor.
    private var usedCursors: Set<String> = []

    package init(cursor: String? = nil, maxPages: Int = 10_000) {
        self.cursor = cursor
        self.maxPages = maxPages
    }

    /// Whether a load may start now.
    package var canLoad: Bool {
        switch phase {
        case .idle, .ready: return true
        case .loading, .exhausted, .failed: return false
        }
    }

    var isExhausted: Bool {
        if case .exhausted = phase { return true }
        return false
    }

    var isFailed: Bool {
        if case .failed = phase { return true }
        return false
    }

    /// Starts a load and returns the cursor to load after.
    package mutating func beginLoad() throws(LoadRefusal) -> String? {
        switch phase {
        case .loading: throw .loadInProgress
        case .exhausted: throw .exhausted
        case .failed: throw .failed
        case .idle, .ready:
            phase = .loading
            return cursor
        }
    }

    /// Records a successful load and decides whether more pages follow.
    package mutating func finishLoad(_ page: Page) {
        precondition(phase == .loading, "finishLoad without beginLoad")
        pagesLoaded += 1
        if let used = cursor { usedCursors.insert(used) }
        if !page.hasMore {
            phase = .exhausted(.noMorePages)
        } else if page.items.isEmpty {
            phase = .exhausted(.emptyPage)
        } else if let next = page.nextCursor, next == cursor || usedCursors.contains(next) {
            phase = .exhausted(.repeatedCursor)
        } else if page.nextCursor == nil {
            phase = .exhausted(.missingCursor)
        } else if pagesLoaded >= maxPages {
            phase = .exhausted(.pageLimit(maxPages))
        } else {
            cursor = page.nextCursor
            phase = .ready
        }
    }

    /// Why a page that loaded cannot be used, or `nil` when it can: a page whose every item was skipped
    /// (a wrong `time` path, a format the adapter cannot read) is a failure of its source, not an empty
    /// page that quietly ends it (contract section 3). `number` counts pages from 1.
    package static func unusable(_ page: Page, number: Int) -> SourceError? {
        guard page.items.isEmpty, page.notes.skipped > 0 else { return nil }
        let count = page.notes.skipped == 1 ? "its only item" : "all \(page.notes.skipped) items"
        let cause = page.notes.firstSkipCause ?? page.notes.firstSkipReason ?? "unreadable"
        return .mapping("page \(number): \(count) skipped: \(cause)")
    }

    /// Records a failed load; the cursor stays at the last good one.
    package mutating func failLoad(_ error: SourceError) {
        precondition(phase == .loading, "failLoad without beginLoad")
        phase = .failed(error)
    }

    /// Makes a failed pager loadable again, at the cursor that failed.
    package mutating func retry() {
        if case .failed = phase { phase = pagesLoaded == 0 ? .idle : .ready }
    }

    /// Stops paging (e.g. the source went past `--since`).
    mutating func stop(_ reason: ExhaustedReason) {
        phase = .exhausted(reason)
    }
}

extension Pager.ExhaustedReason: CustomStringConvertible {
    package var description: String {
        switch self {
        case .noMorePages: return "no more pages"
        case .emptyPage: return "empty page"
        case .repeatedCursor: return "the server repeated a cursor"
        case .missingCursor: return "the server gave no cursor for the next page"
        case .pageLimit(let count): return "stopped after \(Counted(count, "page"))"
        case .olderThanSince: return "reached --since"
        }
    }
}
