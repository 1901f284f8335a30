import RiffleCore

/// How a reader session ended, for the CLI's exit code: 2 when `anySourceFailed`, 130 when `interrupted`.
package struct ReaderOutcome: Sendable {
    package struct FailedSource: Sendable, Hashable {
        package var name: String
        /// The last error, untrusted text: sanitize before printing (`UntrustedText`).
        package var message: String
    }

    /// Sources that ended failed (after the merge's retries and any `r`).
    package var failedSources: [FailedSource]
    /// Ctrl-C (SIGINT) ended the session; the terminal has been restored.
    package var interrupted: Bool
    /// Items read from the merge.
    package var itemsRead: Int
    /// For each page turn (Enter, `b`, `g`): how long from the key to the drawn page.
    package var pageTurnWaits: [Duration]
    /// The page turns (1-based, as in `pageTurnWaits`) during which the merge waited for a page to land
    /// before the turn's page was drawn: they waited for a request, not just for drawing. (Counted from the
    /// key being carried out; with read-ahead pulled beyond the page, a wait for those items counts too.)
    package var turnsWaitingForPages: [Int] = []
    /// How long the first page took to appear.
    package var firstPageWait: Duration?

    package var anySourceFailed: Bool { !failedSources.isEmpty }

    /// Failed sources that `r` retried, with their error and pages loaded then: they still count as
    /// failed unless a later status shows them loading more pages (the retry may still be in flight, or
    /// its failure not yet folded into the merge, when the session ends).
    var retried: [String: (message: String, pagesLoaded: Int)] = [:]

    /// The failed sources given the final statuses and what was retried.
    func failures(finalStatuses statuses: [SourceStatus]) -> [FailedSource] {
        statuses.compactMap { status in
            // A load cancelled because the reader ended is not the source's failure.
            if let error = status.lastError, error.kind != .cancelled {
                return FailedSource(name: status.name, message: error.message)
            }
            if let retry = retried[status.name], status.pagesLoaded <= retry.pagesLoaded {
                return FailedSource(name: status.name, message: retry.message)
            }
            return nil
        }
    }

    package init(
        failedSources: [FailedSource] = [], interrupted: Bool = false, itemsRead: Int = 0,
        pageTurnWaits: [Duration] = [], firstPageWait: Duration? = nil
    ) {
        self.failedSources = failedSources
        self.interrupted = interrupted
        self.itemsRead = itemsRead
        self.pageTurnWaits = pageTurnWaits
        self.firstPageWait = firstPageWait
    }
}
