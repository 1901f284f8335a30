import RiffleCore
internal import RiffleSystem
import Synchronization

/// The HTTP client of riffle: libcurl underneath, async/await on top.
///
/// One client runs every request of the program over one libcurl multi handle and one loop thread:
/// connections are reused, HTTP/2 is used where offered, and transfers beyond the total and per-origin
/// limits queue. `execute` follows redirects itself (dropping configured headers across origins),
/// retries what is worth retrying, and returns the final response whatever its status.
package final class HTTPClient: Sendable {
    /// The configuration in effect (limits clamped).
    package let configuration: Configuration
    private let loop: CurlLoop
    /// The retry jitter's generator, seeded once from the system's: a draw per attempt from the system
    /// generator was a `getrandom` system call per page, and jitter needs spread, not secrecy.
    private let jitter: Mutex<SplitMix64>

    /// Starts a client. Throws `HTTPError` (kind `.transport`) if libcurl or its loop thread cannot start.
    package init(configuration: Configuration = .init()) throws {
        let configuration = configuration.clamped
        let settings = CurlLoop.Settings(
            maxInFlight: configuration.maxInFlight, maxPerOrigin: configuration.maxPerOrigin,
            transfer: TransferSettings(
                userAgent: configuration.userAgent, connectTimeout: configuration.connectTimeout,
                lowSpeedLimit: configuration.lowSpeedLimit, lowSpeedTime: configuration.lowSpeedTime,
                maxResponseBytes: configuration.maxResponseBytes))
        guard let loop = CurlLoop(settings: settings) else {
            throw HTTPError.transport(host: "localhost", code: 0, detail: "cannot start libcurl or its loop thread")
        }
        self.configuration = configuration
        self.loop = loop
        jitter = Mutex(SplitMix64(seed: UInt64.random(in: .min ... .max)))
    }

    deinit {
        loop.close()
    }

    /// Stops the loop thread and waits, suspended, until it has ended; requests in flight end as
    /// `.cancelled`, later ones fail at once. Idempotent. A client dropped without it stops its thread too,
    /// without waiting.
    package func shutdown() async {
        await loop.shutdown()
    }

    /// `shutdown()` for code that is not async: blocks the calling thread until the loop thread has ended.
    @available(*, noasync, message: "blocks the calling thread; use shutdown()")
    package func syncShutdown() {
        loop.syncShutdown()
    }

    /// Sends `request`, following redirects and retrying retryable failures, and returns the final
    /// response for any status (call `ensureSuccess()` to turn a non-2xx into an error).
    ///
    /// Throws `HTTPError` only: invalid requests before anything is sent, transport failures after the
    /// retries, redirect refusals, `.retryWaitTooLong`, and `.cancelled` when the task is cancelled.
    package func execute(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let redactor = Redactor(secrets: Redactor.secrets(for: request, configured: configuration.secrets))
        var machine = RequestStateMachine(
            request: request,
            retryPolicy: RetryPolicy(
                backoffBase: configuration.backoffBase, backoffCap: configuration.backoffCap,
                maxTotalWait: configuration.maxTotalRetryWait),
            redirectPolicy: RedirectPolicy(maxRedirects: configuration.maxRedirects),
            maxResponseBytes: configuration.maxResponseBytes, redactor: redactor)
        // The attempt as the source's load progress counts it (`SourceContext.progress`): redirect hops
        // are not attempts of their own.
        var attempt = 1
        let attempts = min(max(request.retries, 0), Configuration.maxRetries) + 1
        while true {
            let current = machine.request
            let parts: URLParts
            switch RequestValidator.validate(current) {
            case .success(let valid): parts = valid
            case .failure(let error): throw error
            }
            if Task.isCancelled { throw .cancelled(host: parts.host) }
            let retryReason = machine.pendingRetryReason
            machine.attemptStarted()
            SourceContext.progress?.attemptStarted(attempt, of: attempts)
            let spec = AttemptSpec(
                method: current.method, url: current.url, headers: current.headers, body: current.body,
                timeout: current.timeout, origin: parts.origin)
            let started = ContinuousClock.now
            let outcome = await loop.perform(spec)
            let elapsed = ContinuousClock.now - started
            if case .failure(let failure) = outcome, failure.kind == .cancelled {
                log(current, parts, outcome, elapsed, attempt: machine.attempts, retryReason, redactor)
                throw .cancelled(host: parts.host)
            }
            let action = machine.next(
                after: outcome, now: SystemClock.wallSeconds(),
                random: jitter.withLock { Double.random(in: 0..<1, using: &$0) })
            log(current, parts, outcome, elapsed, attempt: machine.attempts, retryReason, redactor, then: action)
            switch action {
            case .finish(let response):
                return response
            case .fail(var error):
                error.attempts = machine.attempts
                throw error
            case .redirect:
                continue
            case .retry(let delay, _):
                attempt += 1
                do {
                    try await Task.sleep(for: delay)
                } catch {
                    throw .cancelled(host: parts.host)
                }
            }
        }
    }

    /// Writes one request-log line for an attempt: the source it is for (`SourceContext`), method, URL
    /// (secrets masked), status or failure, bytes, time, attempt number and why it was a retry, and what
    /// happens next.
    private func log(
        _ request: HTTPRequest, _ parts: URLParts, _ outcome: AttemptOutcome, _ elapsed: Duration, attempt: Int,
        _ retryReason: String?, _ redactor: Redactor, then action: RequestStateMachine.Action? = nil
    ) {
        guard let sink = configuration.log else { return }
        var line = "\(request.method) \(parts.redactedForLog) → "
        switch outcome {
        case .response(let response):
            line += "\(response.status), \(ByteCount.format(response.body.count))"
        case .failure(let failure):
            line += failure.reason
        }
        line += ", \(elapsed.milliseconds) ms, attempt \(attempt)"
        if let retryReason { line += " (retry after \(retryReason))" }
        switch action {
        case .retry(let delay, let reason)?:
            line += "; retrying in \((delay.seconds * 100).rounded() / 100) s: \(reason)"
        case .redirect(let target)?:
            line += "; redirected to \(URLParts.parse(target)?.redactedForLog ?? "?")"
        case .fail(let error)?:
            line += "; failed: \(error)"
        default:
            break
        }
        sink(SourceContext.labelled(redactor.redact(line)))
    }

    /// `text` with the configured secrets masked as `***`: for log lines written outside `execute`
    /// (a plugin's requests and stderr under `-v`).
    package func redact(_ text: String) -> String {
        Redactor(secrets: configuration.secrets).redact(text)
    }
}
