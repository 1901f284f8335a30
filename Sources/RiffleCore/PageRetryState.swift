/// The retries of one page load as a pure value: after each failed load it decides, from the error and
/// the source's budget, whether to load the page again and after how long. No I/O; `RetryingPageable`
/// carries out what it decides.
///
/// One budget per page: `retries` more requests after the first, counting the requests the HTTP layer
/// already made inside a failed load (`SourceError.attempts`), so a server that stays down fails after
/// `retries + 1` requests, not `(retries + 1)²`. Waits follow `RetryPolicy`: exponential backoff with
/// full jitter, bounded in total.
package struct PageRetryState: Sendable, Equatable {
    /// What to do after a failed load.
    package enum Action: Sendable, Hashable {
        /// Wait, then load the page again; `reason` and `attempt` (the number of the request about to be
        /// made) are for the log.
        case retry(after: Duration, reason: String, attempt: Int)
        /// Give up: rethrow the error.
        case fail
    }

    /// More requests allowed after the first.
    let retries: Int
    let policy: RetryPolicy
    /// Requests made so far for this page.
    private(set) var attempts = 0
    /// Time waited so far between loads of this page.
    private(set) var waited: Duration = .zero

    package init(retries: Int, policy: RetryPolicy = .standard) {
        self.retries = max(0, retries)
        self.policy = policy
    }

    /// Records a failed load and decides what follows; `random` is the jitter in `0..<1`.
    package mutating func next(after error: SourceError, random: Double) -> Action {
        attempts += error.attempts
        guard case .transient(let reason) = PageFault(error) else { return .fail }
        let decision = policy.decide(
            retryable: true, retriesUsed: attempts - 1, retriesAllowed: retries, requested: nil, waited: waited,
            random: random)
        guard case .retry(let delay) = decision else { return .fail }
        waited += delay
        return .retry(after: delay, reason: reason, attempt: attempts + 1)
    }
}
