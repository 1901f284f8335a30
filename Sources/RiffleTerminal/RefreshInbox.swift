/// Where a refresh running outside the reader — the store's background refresh — hands what it found
/// to a running reader: the same entry point as `r`. New items wait above the list, announced in the
/// prompt (`7 new — g`), and never go into the page being read.
///
///     FeedReaderUI(…, backgroundRefresh: { inbox in
///         for await report in refreshes { inbox.deliver(report) }
///     })
package struct RefreshInbox: Sendable {
    let events: AsyncStream<ReaderEvent>.Continuation

    /// Hands a refresh's findings to the reader; safe from any task or thread, and cheap (it only posts
    /// an event). After the reader has ended it does nothing.
    package func deliver(_ report: RefreshReport) {
        events.yield(.refreshed(report, requested: false))
    }
}
