import RiffleCore
import Testing

@testable import RiffleHTTP

@Suite struct RetryPolicyTests {
    let policy = RetryPolicy(backoffBase: .milliseconds(500), backoffCap: .seconds(30), maxTotalWait: .seconds(60))
    let now = 1_700_000_000.0

    @Test func retryableStatusesAreExactlyTheTransientOnes() {
        for status in [408, 429, 500, 502, 503, 504] { #expect(RetryPolicy.isRetryable(status: status)) }
        for status in [200, 301, 400, 401, 403, 404, 409, 422, 501, 505] {
            #expect(!RetryPolicy.isRetryable(status: status))
        }
    }

    @Test func retryAfterInSeconds() {
        let headers: HTTPHeaders = ["retry-after": " 7 "]
        #expect(RetryPolicy.serverRequestedDelay(headers: headers, now: now) == .seconds(7))
    }

    @Test func retryAfterAsHTTPDate() {
        // 1_700_000_010 is Tue, 14 Nov 2023 22:13:30 GMT.
        let headers: HTTPHeaders = ["Retry-After": "Tue, 14 Nov 2023 22:13:30 GMT"]
        #expect(RetryPolicy.serverRequestedDelay(headers: headers, now: now) == .seconds(10))
        let past: HTTPHeaders = ["Retry-After": "Tue, 14 Nov 2023 22:00:00 GMT"]
        #expect(RetryPolicy.serverRequestedDelay(headers: past, now: now) == .zero)
    }

    @Test func rateLimitResetAsEpochOrDelta() {
        let epoch: HTTPHeaders = ["RateLimit-Reset": "1700000005"]
        #expect(RetryPolicy.serverRequestedDelay(headers: epoch, now: now) == .seconds(5))
        let delta: HTTPHeaders = ["RateLimit-Reset": "3"]
        #expect(RetryPolicy.serverRequestedDelay(headers: delta, now: now) == .seconds(3))
        let both: HTTPHeaders = ["RateLimit-Reset": "1700000005", "Retry-After": "2"]
        #expect(RetryPolicy.serverRequestedDelay(headers: both, now: now) == .seconds(2))
    }

    @Test func garbageIsIgnored() {
        for value in ["soon", "-5", "1.5", "", "99999999999999999999"] {
            #expect(RetryPolicy.serverRequestedDelay(headers: ["Retry-After": value], now: now) == nil)
        }
    }

    @Test func httpDateFormats() {
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == 784_111_777)
        #expect(HTTPDate.parse("Thu, 01 Jan 1970 00:00:00 GMT") == 0)
        #expect(HTTPDate.parse("yesterday") == nil)
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 25:49:37 GMT") == nil)
    }

    @Test func fullJitterBackoffStaysUnderTheDoublingCeiling() {
        #expect(policy.backoff(retry: 0, random: 0) == .zero)
        #expect(policy.backoff(retry: 0, random: 0.5) == .milliseconds(250))
        #expect(policy.backoff(retry: 2, random: 0.5) == .seconds(1))
        #expect(policy.backoff(retry: 20, random: 0.5) == .seconds(15))  // capped at 30 s
        #expect(policy.backoff(retry: 200, random: 0.999_999) <= .seconds(30))
    }

    @Test func decisions() {
        #expect(
            policy.decide(
                retryable: false, retriesUsed: 0, retriesAllowed: 3, requested: nil, waited: .zero, random: 0.5)
                == .stop)
        #expect(
            policy.decide(
                retryable: true, retriesUsed: 3, retriesAllowed: 3, requested: nil, waited: .zero, random: 0.5) == .stop
        )
        #expect(
            policy.decide(
                retryable: true, retriesUsed: 1, retriesAllowed: 3, requested: nil, waited: .zero, random: 0.5)
                == .retry(after: .milliseconds(500)))
        #expect(
            policy.decide(
                retryable: true, retriesUsed: 0, retriesAllowed: 3, requested: .seconds(2), waited: .zero, random: 0)
                == .retry(after: .seconds(2)))
        #expect(
            policy.decide(
                retryable: true, retriesUsed: 0, retriesAllowed: 3, requested: .seconds(61), waited: .zero, random: 0)
                == .waitTooLong(requested: .seconds(61)))
        #expect(
            policy.decide(
                retryable: true, retriesUsed: 1, retriesAllowed: 3, requested: .seconds(30), waited: .seconds(40),
                random: 0)
                == .waitTooLong(requested: .seconds(30)))
        // Backoff is clamped to what is left of the budget, and stops once it is spent.
        #expect(
            policy.decide(
                retryable: true, retriesUsed: 6, retriesAllowed: 9, requested: nil, waited: .seconds(59), random: 0.9)
                == .retry(after: .seconds(1)))
        #expect(
            policy.decide(
                retryable: true, retriesUsed: 6, retriesAllowed: 9, requested: nil, waited: .seconds(60), random: 0.9)
                == .stop)
    }

    @Test func stateMachineRetriesThenReturnsTheLastResponse() {
        var machine = RequestStateMachine(
            request: HTTPRequest(url: "http://h.example/x", retries: 1), retryPolicy: policy,
            redirectPolicy: RedirectPolicy(maxRedirects: 5), maxResponseBytes: 100, redactor: Redactor(secrets: []))
        let busy = AttemptOutcome.response(AttemptResponse(status: 429, headers: ["Retry-After": "1"], body: []))
        machine.attemptStarted()
        guard case .retry(let delay, let reason) = machine.next(after: busy, now: now, random: 0.5) else {
            Issue.record("expected a retry")
            return
        }
        #expect(delay == .seconds(1))
        #expect(reason == "HTTP 429, Retry-After")
        machine.attemptStarted()
        guard case .finish(let response) = machine.next(after: busy, now: now, random: 0.5) else {
            Issue.record("expected the final 429")
            return
        }
        #expect(response.status == 429)
        #expect(response.attempts == 2)
    }

    @Test func stateMachineFailsTransportErrorsAfterRetries() {
        var machine = RequestStateMachine(
            request: HTTPRequest(url: "http://h.example/x?private_token=abc", retries: 0), retryPolicy: policy,
            redirectPolicy: RedirectPolicy(maxRedirects: 5), maxResponseBytes: 100, redactor: Redactor(secrets: []))
        machine.attemptStarted()
        let action = machine.next(after: .failure(TransportFailure(kind: .refused)), now: now, random: 0.5)
        guard case .fail(let error) = action else {
            Issue.record("expected failure")
            return
        }
        #expect(error.kind == .connectionRefused)
        #expect(error.host == "h.example")
        #expect(error.isRetryable)
        #expect(!error.description.contains("abc"))
    }
}
