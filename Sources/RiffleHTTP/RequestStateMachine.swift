import RiffleCore

/// The life of one `execute` call as a pure value type: after each attempt it decides whether to return,
/// retry (and after how long), follow a redirect, or fail. No I/O: the client feeds it outcomes, the wall
/// clock and jitter, and carries out the actions.
struct RequestStateMachine: Sendable {
    /// What the client does next.
    enum Action: Sendable {
        /// Wait `after`, then send `request` again; `reason` is logged.
        case retry(after: Duration, reason: String)
        /// Send the redirected request (the state machine's `request` is already updated).
        case redirect(to: String)
        /// Return this response to the caller.
        case finish(HTTPResponse)
        /// Throw this error to the caller.
        case fail(HTTPError)
    }

    /// The request to send next (changes on redirects).
    private(set) var request: HTTPRequest
    /// Attempts made so far, retries and redirect hops included.
    private(set) var attempts = 0
    /// Retries made so far.
    private(set) var retriesUsed = 0
    /// Redirects followed so far.
    private(set) var redirects = 0
    /// Total time spent waiting between retries.
    private(set) var waited: Duration = .zero
    /// The reason for the retry about to be made, for the next attempt's log line.
    private(set) var pendingRetryReason: String?

    let retryPolicy: RetryPolicy
    let redirectPolicy: RedirectPolicy
    let maxResponseBytes: Int
    let redactor: Redactor

    init(
        request: HTTPRequest, retryPolicy: RetryPolicy, redirectPolicy: RedirectPolicy, maxResponseBytes: Int,
        redactor: Redactor
    ) {
        self.request = request
        self.retryPolicy = retryPolicy
        self.redirectPolicy = redirectPolicy
        self.maxResponseBytes = maxResponseBytes
        self.redactor = redactor
    }

    /// The host the current request goes to, for messages.
    var host: String { URLParts.hostForMessages(request.url) }

    /// Records that an attempt is being sent.
    mutating func attemptStarted() {
        attempts += 1
    }

    /// The next action after an attempt's outcome. `now` is the wall clock in epoch seconds (for
    /// `Retry-After` dates), `random` the jitter in `0..<1`.
    mutating func next(after outcome: AttemptOutcome, now: Double, random: Double) -> Action {
        pendingRetryReason = nil
        let retriesAllowed = min(max(request.retries, 0), HTTPClient.Configuration.maxRetries)
        switch outcome {
        case .failure(let failure):
            let decision = retryPolicy.decide(
                retryable: failure.isRetryable, retriesUsed: retriesUsed, retriesAllowed: retriesAllowed,
                requested: nil, waited: waited, random: random)
            if case .retry(let delay) = decision {
                return scheduleRetry(after: delay, reason: failure.reason)
            }
            return .fail(failure.error(host: host, maxResponseBytes: maxResponseBytes, redactor: redactor))

        case .response(let response):
            if RedirectPolicy.isRedirect(status: response.status),
                let location = response.redirectURL ?? response.headers["Location"]
            {
                return redirect(status: response.status, location: location)
            }
            if RetryPolicy.isRetryable(status: response.status) {
                let requested = RetryPolicy.serverRequestedDelay(headers: response.headers, now: now)
                let decision = retryPolicy.decide(
                    retryable: true, retriesUsed: retriesUsed, retriesAllowed: retriesAllowed, requested: requested,
                    waited: waited, random: random)
                switch decision {
                case .retry(let delay):
                    let source =
                        requested == nil
                        ? "" : (response.headers["Retry-After"] != nil ? ", Retry-After" : ", RateLimit-Reset")
                    return scheduleRetry(after: delay, reason: "HTTP \(response.status)\(source)")
                case .waitTooLong(let requested):
                    return .fail(
                        .retryWaitTooLong(
                            host: host, requested: requested, limit: retryPolicy.maxTotalWait, status: response.status))
                case .stop:
                    break
                }
            }
            var final = HTTPResponse(
                status: response.status, headers: response.headers, body: response.body, url: request.url,
                attempts: attempts)
            final.secrets = redactor.secrets
            return .finish(final)
        }
    }

    private mutating func scheduleRetry(after delay: Duration, reason: String) -> Action {
        retriesUsed += 1
        waited += delay
        pendingRetryReason = reason
        return .retry(after: delay, reason: reason)
    }

    private mutating func redirect(status: Int, location: String) -> Action {
        switch redirectPolicy.follow(request, status: status, location: location, redirectsSoFar: redirects) {
        case .success(let next):
            redirects += 1
            request = next
            return .redirect(to: next.url)
        case .failure(.tooMany):
            return .fail(.tooManyRedirects(host: host, limit: redirectPolicy.maxRedirects))
        case .failure(.unsupportedScheme(let scheme)):
            let shown = scheme.count <= 16 ? scheme : String(scheme.prefix(16)) + "…"
            return .fail(
                .redirectRefused(host: host, detail: "it points to a \(shown): URL; only http and https are followed"))
        case .failure(.invalidLocation):
            return .fail(.redirectRefused(host: host, detail: "its Location is not a usable URL"))
        }
    }
}
