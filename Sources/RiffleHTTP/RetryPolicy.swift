/// When and how long to wait before retrying: plain data and pure functions, tested without I/O.
///
/// Retries transport failures and 408, 429, 500, 502, 503, 504, never other 4xx. Waits what the server
/// asks (`Retry-After` seconds or HTTP date, else `RateLimit-Reset`), otherwise exponential backoff with
/// full jitter; the total wait of one request is bounded, and a server asking for more is an error.
struct RetryPolicy: Sendable, Equatable {
    /// The first backoff ceiling; each retry doubles it.
    var backoffBase: Duration
    /// The largest backoff ceiling.
    var backoffCap: Duration
    /// The most a request waits in total across its retries.
    var maxTotalWait: Duration

    /// What to do after a failed attempt.
    enum Decision: Sendable, Equatable {
        /// Wait this long, then try again.
        case retry(after: Duration)
        /// Don't retry: return the last response (or throw the last error).
        case stop
        /// The server asked for a wait beyond the budget.
        case waitTooLong(requested: Duration)
    }

    /// The statuses worth retrying.
    static let retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// Whether an HTTP status is worth retrying.
    static func isRetryable(status: Int) -> Bool {
        retryableStatuses.contains(status)
    }

    /// The wait the server asked for, from `Retry-After` (delta seconds or HTTP date) or else
    /// `RateLimit-Reset` (epoch seconds as GitLab sends it, or delta seconds as the IETF draft has it).
    /// `now` is the wall clock in epoch seconds. Dates in the past mean no wait.
    static func serverRequestedDelay(headers: HTTPHeaders, now: Double) -> Duration? {
        if let value = headers["Retry-After"]?.trimmingSpaces, !value.isEmpty {
            if let seconds = parseSeconds(value) { return .seconds(seconds) }
            if let date = HTTPDate.parse(value) { return untilEpoch(Double(date), now: now) }
        }
        if let value = headers["RateLimit-Reset"]?.trimmingSpaces, let number = parseSeconds(value) {
            // Epoch seconds are large (after 2001); small numbers are a delta.
            return number > 1_000_000_000 ? untilEpoch(Double(number), now: now) : .seconds(number)
        }
        return nil
    }

    /// The full-jitter backoff before retry number `retry` (0 for the first retry): uniformly random in
    /// `0 ..< min(cap, base * 2^retry)`, `random` in `0..<1`.
    func backoff(retry: Int, random: Double) -> Duration {
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
    func decide(
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

    private static func parseSeconds(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 12, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
            return nil
        }
        return Int(text)
    }

    private static func untilEpoch(_ epoch: Double, now: Double) -> Duration {
        let delta = epoch - now
        return delta > 0 ? .milliseconds(Int64((delta * 1000).rounded(.up))) : .zero
    }
}
