/// What a feed body holds: its entries in document order, its title, and where its older entries are.
package struct ParsedFeed: Sendable, Hashable {
    /// The format the body was recognised as.
    package var format: FeedFormat
    /// The feed's title as text, when it has one.
    package var title: String?
    /// The entries, in the order the document lists them (usually newest first, not guaranteed).
    package var entries: [FeedEntry]
    /// The next (older) page, absolute: Atom `<link rel="next">` (RFC 5005 paged feeds), else RFC 5005
    /// `prev-archive` (archived feeds), else JSON Feed `next_url`; `nil` on the last page.
    package var nextPage: String?
    /// How long the feed asks readers to wait between fetches, when it says: RSS `<ttl>`, the syndication
    /// module's `sy:updatePeriod` / `sy:updateFrequency`, the longer of the two (`FeedRefreshHint`).
    package var refreshInterval: Duration?

    init(
        format: FeedFormat, title: String?, entries: [FeedEntry], nextPage: String?, refreshInterval: Duration? = nil
    ) {
        self.format = format
        self.title = title
        self.entries = entries
        self.nextPage = nextPage
        self.refreshInterval = refreshInterval
    }
}
