/// The `defaults:` section: request settings every source uses unless it overrides them.
public struct DefaultSettings: Sendable, Hashable {
    /// Items per request (1...1000); adapters clamp to their API's maximum.
    public var pageSize: Int
    /// How long one request may take.
    public var timeout: Duration
    /// Retries after a failed request (0...10).
    public var retries: Int

    public static let pageSizeRange = 1...1000
    public static let timeoutRange: ClosedRange<Duration> = .milliseconds(1)...(.seconds(3600))
    public static let retriesRange = 0...10

    public init(pageSize: Int = 50, timeout: Duration = .seconds(20), retries: Int = 3) {
        self.pageSize = pageSize
        self.timeout = timeout
        self.retries = retries
    }
}
