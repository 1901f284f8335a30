package import RiffleCore
package import RiffleSystem

/// How the reader behaves: from the config's `reader:` section and the command line.
package struct ReaderOptions: Sendable {
    /// Items per page; nil: the terminal height less the prompt line (config `reader.lines: auto`).
    var lines: Int?
    /// Pages of items kept pulled from the merge ahead of the page on screen (config `reader.prefetch`),
    /// a page counted as at least 20 items (`ReadAhead`).
    var prefetchPages: Int
    var color: ColorChoice
    /// Titles link to their items' URLs (OSC 8); see `ColorChoice.hyperlinks`.
    var links: Bool
    /// The most items read from the merge (`--limit`).
    var limit: Int?
    /// The clock relative ages are measured from.
    var now: @Sendable () -> Timestamp
    /// Opens an item's URL (`o N`).
    var opener: URLOpener
    /// Pages `r` loads per source at most while looking for where the known items start.
    var refreshPageLimit: Int
    /// The backoff between automatic retries of a failed source while the reader is open.
    var retryPolicy: RetryPolicy
    /// Start in the view of unread items only (config `reader.unread_only`; `u` toggles it).
    var unreadOnly: Bool
    /// Each source's adapter type, in configuration order, for the sources view (`l`).
    var sourceTypes: [String]

    package init(
        lines: Int? = nil, prefetchPages: Int = 2, color: ColorChoice = .never, links: Bool = false, limit: Int? = nil,
        now: @escaping @Sendable () -> Timestamp = Timestamp.now, opener: URLOpener = .system,
        refreshPageLimit: Int = 3, retryPolicy: RetryPolicy = RetrySchedule.readerPolicy, unreadOnly: Bool = false,
        sourceTypes: [String] = []
    ) {
        self.lines = lines.map { max(1, $0) }
        self.prefetchPages = max(0, prefetchPages)
        self.color = color
        self.links = links
        self.limit = limit
        self.now = now
        self.opener = opener
        self.refreshPageLimit = max(1, refreshPageLimit)
        self.retryPolicy = retryPolicy
        self.unreadOnly = unreadOnly
        self.sourceTypes = sourceTypes
    }

    /// Items per page on a terminal of `rows` rows: `lines`, else all rows but the prompt's.
    func screenLines(rows: Int) -> Int { lines ?? max(1, rows - 1) }
}
