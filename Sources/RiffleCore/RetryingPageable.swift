/// A source whose pages are loaded again when a load fails in passing: the page-level retry every
/// adapter and plugin goes through (it wraps each source where merge sources are built).
///
/// What is worth retrying is `PageFault`'s call; how often and how long to wait is `PageRetryState`'s
/// (the source's `retries`, the HTTP layer's backoff). Each retry is logged, with its reason, when `log`
/// is set (`-v`).
package struct RetryingPageable: Pageable {
    let base: any Pageable
    /// The source's name, for the log.
    let name: String
    let retries: Int
    let policy: RetryPolicy
    let log: (@Sendable (String) -> Void)?
    let random: @Sendable () -> Double

    package init(
        _ base: any Pageable, name: String, retries: Int, policy: RetryPolicy = .standard,
        log: (@Sendable (String) -> Void)? = nil,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.base = base
        self.name = name
        self.retries = retries
        self.policy = policy
        self.log = log
        self.random = random
    }

    package func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
        var state = PageRetryState(retries: retries, policy: policy)
        while true {
            do {
                return try await base.loadPage(after: cursor, pageSize: pageSize)
            } catch let error as SourceError {
                guard case .retry(let delay, let reason, let attempt) = state.next(after: error, random: random())
                else { throw error.afterAttempts(state.attempts) }
                log?(
                    "\(name): \(cursor == nil ? "first page" : "next page") failed (\(reason)); retrying in "
                        + "\((delay.seconds * 100).rounded() / 100) s, attempt \(attempt) of \(state.retries + 1)")
                try await Task.sleep(for: delay)
            }
        }
    }
}
