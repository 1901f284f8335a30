/// The `defaults:` section: request settings every source uses unless it overrides them.
package struct DefaultSettings: Sendable, Hashable {
    /// Items per request (1...1000); adapters clamp to their API's maximum.
    package var pageSize: Int
    /// How long one request may take.
    package var timeout: Duration
    /// Retries after a failed request (0...10).
    var retries: Int
    /// How long a plugin's `--describe` may take (its answer is kept, so it runs again only when the file
    /// changes).
    package var describeTimeout: Duration
    /// How often `riffle serve` asks each source at most (the contract's `refresh`, per source too).
    package var refresh: Duration

    static let pageSizeRange = 1...1000
    static let timeoutRange: ClosedRange<Duration> = .milliseconds(1)...(.seconds(3600))
    static let retriesRange = 0...10
    /// `refresh` from a second (a test's sandbox) to a day, the longest the schedule ever waits.
    static let refreshRange: ClosedRange<Duration> = .seconds(1)...(.seconds(86_400))

    package init(
        pageSize: Int = 50, timeout: Duration = .seconds(20), retries: Int = 3, describeTimeout: Duration = .seconds(5),
        refresh: Duration = .seconds(900)
    ) {
        self.pageSize = pageSize
        self.timeout = timeout
        self.retries = retries
        self.describeTimeout = describeTimeout
        self.refresh = refresh
    }
}
