/// How a reader session ended, for the CLI's exit code: 2 when `anySourceFailed`, 130 when `interrupted`.
public struct ReaderOutcome: Sendable {
    public struct FailedSource: Sendable, Hashable {
        public var name: String
        /// The last error, untrusted text: sanitize before printing (`UntrustedText`).
        public var message: String
    }

    /// Sources that ended failed (after the merge's retries and any `r`).
    public var failedSources: [FailedSource]
    /// Ctrl-C (SIGINT) ended the session; the terminal has been restored.
    public var interrupted: Bool
    /// Items read from the merge.
    public var itemsRead: Int
    /// For each page turn (Enter, `b`, `g`): how long from the key to the drawn page.
    public var pageTurnWaits: [Duration]
    /// How long the first page took to appear.
    public var firstPageWait: Duration?

    public var anySourceFailed: Bool { !failedSources.isEmpty }

    public init(
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
