import RiffleCore

extension HTTPClient {
    /// Everything about a client that callers may tune. Plain data; every limit has a sensible default.
    package struct Configuration: Sendable {
        /// The most retries a request may ask for, whatever its `retries` says.
        static let maxRetries = 10

        /// The `User-Agent` sent with every request: `riffle/VERSION` unless set otherwise.
        var userAgent: String
        /// The most transfers in flight at once; further requests queue.
        package var maxInFlight: Int = 32
        /// The most transfers in flight to one origin (scheme, host, port) at once; further ones queue.
        package var maxPerOrigin: Int = 6
        /// The largest decoded response body accepted (64 MiB); larger ones fail as `.tooLarge`.
        package var maxResponseBytes: Int = 64 * 1024 * 1024
        /// The time allowed to establish a connection.
        package var connectTimeout: Duration = .seconds(10)
        /// A transfer slower than `lowSpeedLimit` bytes per second for `lowSpeedTime` is aborted as timed out.
        var lowSpeedLimit: Int = 1
        /// See `lowSpeedLimit`.
        var lowSpeedTime: Duration = .seconds(30)
        /// The most redirects one request follows.
        var maxRedirects: Int = 5
        /// The most one request waits in total between retries; a server asking for more is an error.
        package var maxTotalRetryWait: Duration = RetryPolicy.standard.maxTotalWait
        /// The first backoff ceiling (doubled per retry, full jitter).
        package var backoffBase: Duration = RetryPolicy.standard.backoffBase
        /// The largest backoff ceiling.
        package var backoffCap: Duration = RetryPolicy.standard.backoffCap
        /// Strings masked as `***` wherever they could appear in logs and error messages (tokens).
        package var secrets: [String] = []
        /// The request log: one line per attempt, secrets masked. `nil` logs nothing.
        package var log: (@Sendable (String) -> Void)?

        /// The default configuration, with `User-Agent: riffle/<version>`.
        package init(version: String = "0.1.0") {
            userAgent = "riffle/\(version)"
        }

        /// The largest values the limits accept; larger ones are clamped.
        static let limits = (inFlight: 1024, responseBytes: 1 << 34, redirects: 20)

        /// The configuration with every limit clamped into its sane range.
        var clamped: Configuration {
            var copy = self
            copy.maxInFlight = min(max(maxInFlight, 1), Self.limits.inFlight)
            copy.maxPerOrigin = min(max(maxPerOrigin, 1), copy.maxInFlight)
            copy.maxResponseBytes = min(max(maxResponseBytes, 1), Self.limits.responseBytes)
            copy.maxRedirects = min(max(maxRedirects, 0), Self.limits.redirects)
            copy.lowSpeedLimit = max(lowSpeedLimit, 0)
            copy.maxTotalRetryWait = max(maxTotalRetryWait, .zero)
            copy.backoffBase = max(backoffBase, .milliseconds(1))
            copy.backoffCap = max(backoffCap, copy.backoffBase)
            return copy
        }
    }
}
