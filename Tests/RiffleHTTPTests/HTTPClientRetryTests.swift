import RiffleTestSupport
import Testing

@testable import RiffleHTTP

/// Retries, waits and transport failures against real loopback servers. The time limit is a hang guard
/// (a request that never ends), far above what a loaded machine takes; no test bounds a wait from above.
@Suite(.timeLimit(.minutes(3))) struct HTTPClientRetryTests {
    @Test func retryAfterIsHonoured() async throws {
        let server = try await LoopbackServer.start()
        let lines = LineRecorder()
        let client = try makeClient { $0.log = { lines.record($0) } }
        let started = ContinuousClock.now
        let response = try await client.execute(
            HTTPRequest(url: server.url("/flaky?key=a&failures=1&code=429&retryAfter=1")))
        let elapsed = ContinuousClock.now - started
        #expect(response.status == 200)
        #expect(response.attempts == 2)
        #expect(elapsed >= .seconds(1), "waited the Retry-After second")
        #expect(lines.lines.count == 2)
        #expect(lines.lines.first?.contains("429") == true)
        #expect(lines.lines.first?.contains("retrying in 1.0 s: HTTP 429, Retry-After") == true)
        #expect(lines.lines.last?.contains("attempt 2 (retry after HTTP 429, Retry-After)") == true)
    }

    @Test func serviceUnavailableThenSuccess() async throws {
        let server = try await LoopbackServer.start()
        let client = try makeClient()
        let response = try await client.execute(HTTPRequest(url: server.url("/flaky?key=b&failures=2&code=503")))
        #expect(response.status == 200)
        #expect(response.attempts == 3)
        #expect(text(response) == "ok after 2 failures")
    }

    @Test func retriesExhaustedReturnsTheLastResponse() async throws {
        let server = try await LoopbackServer.start()
        let client = try makeClient()
        let response = try await client.execute(HTTPRequest(url: server.url("/status?code=503"), retries: 2))
        #expect(response.status == 503)
        #expect(response.attempts == 3)
        #expect(server.stats.requestCount == 3)
        #expect(throws: HTTPError.self) { try response.ensureSuccess() }
        do {
            try response.ensureSuccess()
        } catch {
            #expect(error.kind == .status)
            #expect(error.status == 503)
            #expect(error.excerpt == "status 503")
            #expect(error.description == "127.0.0.1 answered HTTP 503: status 503")
        }
    }

    @Test func otherClientErrorsAreNotRetried() async throws {
        let server = try await LoopbackServer.start()
        let client = try makeClient()
        for code in [400, 401, 404, 422] {
            let response = try await client.execute(HTTPRequest(url: server.url("/status?code=\(code)")))
            #expect(response.status == code)
            #expect(response.attempts == 1)
        }
        #expect(server.stats.requestCount == 4)
    }

    @Test func tooLongRetryAfterGivesUpClearly() async throws {
        let server = try await LoopbackServer.start()
        let client = try makeClient()
        let error = await failure {
            try await client.execute(HTTPRequest(url: server.url("/status?code=429&retryAfter=3600")))
        }
        #expect(error?.kind == .retryWaitTooLong)
        #expect(error?.status == 429)
        #expect(error?.description.contains("3600 s") == true)
        #expect(server.stats.requestCount == 1)
    }

    @Test func htmlErrorPagesBecomeAShortExcerpt() async throws {
        let server = try await LoopbackServer.start()
        let client = try makeClient()
        let response = try await client.execute(HTTPRequest(url: server.url("/status?code=502&html=1"), retries: 0))
        do {
            try response.ensureSuccess()
            Issue.record("expected an error")
        } catch {
            let excerpt = try #require(error.excerpt)
            #expect(excerpt.count <= 200)
            #expect(!excerpt.contains("<"))
            #expect(excerpt.contains("Bad Gateway"))
        }
    }

    @Test func connectionResetIsRetriedThenReported() async throws {
        let server = try RawSocketServer(behaviour: .resetMidResponse)
        defer { server.stop() }
        let client = try makeClient()
        let error = await failure { try await client.execute(HTTPRequest(url: server.baseURL + "/x", retries: 1)) }
        #expect(error?.kind == .connectionLost)
        #expect(error?.isRetryable == true)
        #expect(server.acceptedCount == 2)
    }

    @Test func silentServerTimesOut() async throws {
        let server = try RawSocketServer(behaviour: .neverAnswer)
        defer { server.stop() }
        let client = try makeClient()
        let started = ContinuousClock.now
        let error = await failure {
            try await client.execute(HTTPRequest(url: server.baseURL + "/x", timeout: .milliseconds(500), retries: 0))
        }
        // The server never answers: only the 500 ms timeout ends the request (the suite's time limit is the
        // hang guard).
        #expect(error?.kind == .timedOut)
        #expect(ContinuousClock.now - started >= .milliseconds(500), "waited the timeout")
    }

    @Test func refusedConnection() async throws {
        let server = try RawSocketServer(behaviour: .neverAnswer)
        let url = server.baseURL + "/x"
        server.stop()  // the port refuses connections from here on
        let client = try makeClient()
        let error = await failure { try await client.execute(HTTPRequest(url: url, retries: 0)) }
        #expect(error?.kind == .connectionRefused)
        #expect(error?.description == "127.0.0.1 refused the connection")
    }

    @Test func cancellationReturnsPromptlyAndDropsTheConnection() async throws {
        let server = try RawSocketServer(behaviour: .neverAnswer)
        defer { server.stop() }
        let client = try makeClient()
        let task = Task {
            await failure { try await client.execute(HTTPRequest(url: server.baseURL + "/x", timeout: .seconds(30))) }
        }
        #expect(await eventually { server.acceptedCount == 1 })
        task.cancel()
        let error = await task.value
        // Cancelled, not timed out: the server never answers, so the request ends by the cancellation or
        // by its 30 s timeout, and the kind says which.
        #expect(error?.kind == .cancelled)
        #expect(await eventually { server.clientClosedCount == 1 })
    }

    @Test func cancellingQueuedRequestsToo() async throws {
        let server = try RawSocketServer(behaviour: .neverAnswer)
        defer { server.stop() }
        let client = try makeClient { $0.maxPerOrigin = 1 }
        let tasks = (0..<3).map { _ in
            Task {
                await failure {
                    try await client.execute(HTTPRequest(url: server.baseURL + "/x", timeout: .seconds(30)))
                }
            }
        }
        #expect(await eventually { server.acceptedCount == 1 })
        for task in tasks { task.cancel() }
        for task in tasks { #expect(await task.value?.kind == .cancelled) }
    }
}
