/// When and how long to wait before trying again: plain data and pure functions, tested without I/O.
///
/// One policy for every layer that retries: the HTTP client between attempts of one request, the page
/// retry (`RetryingPageable`) between loads of one page, and the reader between retries of a failed
/// source. Exponential backoff with full jitter; the total wait of one request is bounded, and a server
/// asking for more is an error. Which HTTP statuses are worth retrying is decided here too (408, 429,
/// 500, 502, 503, 504), so the HTTP layer and the page layer agree; the HTTP layer adds the server's own
/// requested waits (`Retry-After`, `RateLimit-Reset`).
package struct RetryPolicy: Sendable, Equatable {
    /// The first backoff ceiling; each retry doubles it.
    package var backoffBase: Duration
    /// The largest backoff ceiling.
    package var backoffCap: Duration
    /// The most a request waits in total across its retries.
    package var maxTotalWait: Duration

    package init(backoffBase: Duration, backoffCap: Duration, maxTotalWait: Duration) {
        self.backoffBase = backoffBase
        self.backoffCap = backoffCap
        self.maxTotalWait = maxTotalWait
    }

    /// The policy of HTTP requests and page loads: 0.5 s doubling up to 30 s, at most 60 s in all.
    package static let standard = RetryPolicy(
        backoffBase: .milliseconds(500), backoffCap: .seconds(30), maxTotalWait: .seconds(60))

    /// What to do after a failed attempt.
    package enum Decision: Sendable, Equatable {
        /// Wait this long, then try again.
        case retry(after: Duration)
        /// Don't retry: return the last response (or throw the last error).
        case stop
        /// The server asked for a wait beyond the budget.
        case waitTooLong(requested: Duration)
    }

    /// The statuses worth retrying.
    package static let retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// Whether an HTTP status is worth retrying.
    package static func isRetryable(status: Int) -> Bool {
        retryableStatuses.contains(status)
    }

    /// The full-jitter backoff before retry number `retry` (0 for the first retry): uniformly random in
    /// `0 ..< min(cap, base * 2^retry)`, `random` in `0..<1`.
    package func backoff(retry: Int, random: Double) -> Duration {
        let ceiling = min(backoffCap, backoffBase * (1 << min(max(retry, 0), 30)))
        return ceiling * min(max(random, 0), 1)
    }

    /// Decides whether to retry after a failed attempt.
    /// - Parameters:
    ///   - retryable: whether the failure is of a retryable kind.
    ///   - retriesUsed: retries already made; `retriesAllowed` the request's budget.
    ///   - requested: what the server asked to wait, if anything.
    ///   - waited: the total already waited for this request.
    ///   - random: jitter in `0..<1`.
    package func decide(
        retryable: Bool, retriesUsed: Int, retriesAllowed: Int, requested: Duration?, waited: Duration,
        random: Double
    ) -> Decision {
        guard retryable, retriesUsed < retriesAllowed else { return .stop }
        let remaining = maxTotalWait - waited
        if let requested {
            return requested > remaining ? .waitTooLong(requested: requested) : .retry(after: requested)
        }
        let delay = backoff(retry: retriesUsed, random: random)
        guard remaining > .zero else { return .stop }
        return .retry(after: min(delay, remaining))
    }
}
