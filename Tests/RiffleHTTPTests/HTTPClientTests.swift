import RiffleTestSupport
import Testing

@testable import RiffleHTTP

/// The client against real loopback servers: concurrency, reuse, encoding, limits.
@Suite struct HTTPClientTests {
    /// A request's time limit while the server gathers requests: beyond the server's own hang guard.
    let gatherTimeout = Duration.seconds(150)

    @Test func manyRequestsRunAtOnce() async throws {
        let server = try await LoopbackServer.start()
        let client = try makeClient { $0.maxPerOrigin = 16 }
        // The server holds every request until 16 are in flight at once (or, a hang guard, 120 s pass).
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    try await client.execute(HTTPRequest(url: server.url("/gather?n=16"), timeout: gatherTimeout))
                        .status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 16))
        #expect(server.stats.maxConcurrent == 16, "all 16 at once, and never more than maxPerOrigin")
    }

    @Test func perOriginLimitQueuesTheRest() async throws {
        let server = try await LoopbackServer.start()
        let client = try makeClient { $0.maxPerOrigin = 2 }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    _ = try await client.execute(HTTPRequest(url: server.url("/gather?n=2"), timeout: gatherTimeout))
                }
            }
            try await group.waitForAll()
        }
        #expect(server.stats.maxConcurrent == 2)
        #expect(server.stats.requestCount == 6)
    }

    @Test func keepAliveReusesTheConnection() async throws {
        let server = try await LoopbackServer.start()
        let client = try makeClient()
        for _ in 0..<8 {
            let response = try await client.execute(HTTPRequest(url: server.url("/hello")))
            #expect(text(response) == "hello")
        }
        #expect(server.stats.requestCount == 8)
        #expect(server.stats.connectionCount < 8)
    }

    @Test func gzipBodiesAreDecodedAndUserAgentIsSent() async throws {
        let server = try await LoopbackServer.start()
        let client = try makeClient()
        let response = try await client.execute(HTTPRequest(url: server.url("/gzip?repeat=1000")))
        #expect(response.status == 200)
        #expect(text(response) == String(repeating: "hello gzip ", count: 1000))
        let request = try #require(server.stats.requests.first)
        #expect(request.header("Accept-Encoding")?.contains("gzip") == true)
        #expect(request.header("User-Agent") == "riffle/9.9.9")
    }

    @Test func postSendsBody() async throws {
        let server = try await LoopbackServer.start()
        let client = try makeClient()
        let response = try await client.execute(
            HTTPRequest(
                method: "POST", url: server.url("/echo"), headers: ["Content-Type": "application/json"],
                body: Array("{\"q\":1}".utf8)))
        #expect(text(response) == "POST {\"q\":1}")
    }

    /// The loop gives a finished transfer's easy handle to the next one, reset: nothing of a request — its
    /// method, body, headers, a limit it broke — reaches the requests after it on the same client.
    @Test func nothingOfARequestReachesTheNext() async throws {
        let server = try await LoopbackServer.start()
        let client = try makeClient { $0.maxResponseBytes = 1 << 20 }
        let deleted = try await client.execute(
            HTTPRequest(
                method: "DELETE", url: server.url("/echo"), headers: ["X-Only-First": "1"], body: Array("gone".utf8)))
        #expect(text(deleted) == "DELETE gone")
        let tooLarge = await failure { try await client.execute(HTTPRequest(url: server.url("/big?bytes=2000000"))) }
        #expect(tooLarge?.kind == .tooLarge)
        let plain = try await client.execute(HTTPRequest(url: server.url("/echo")))
        #expect(text(plain) == "GET ")
        // A route with an empty body: the loopback server (FlyingFox) sends a GET's body to a HEAD too, and
        // those bytes, left on the kept-alive connection, would be read as the next request's answer (libcurl
        // stops at a HEAD answer's headers, as HTTP says) whenever they land after libcurl checked the
        // connection before reusing it — a race of the test server, not of the handle's reuse.
        let head = try await client.execute(HTTPRequest(method: "HEAD", url: server.url("/big?bytes=0")))
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        let posted = try await client.execute(
            HTTPRequest(method: "POST", url: server.url("/echo"), body: Array("second".utf8)))
        #expect(text(posted) == "POST second")
        let again = try await client.execute(HTTPRequest(url: server.url("/echo")))
        #expect(text(again) == "GET ")
        let requests = server.stats.requests
        #expect(requests.count == 6)
        #expect(requests.dropFirst().allSatisfy { $0.header("X-Only-First") == nil })
        #expect(requests.map(\.body.count) == [4, 0, 0, 0, 6, 0])
    }

    @Test func oversizedBodyIsTooLarge() async throws {
        let server = try await LoopbackServer.start()
        let client = try makeClient { $0.maxResponseBytes = 1 << 20 }
        let plain = await failure { try await client.execute(HTTPRequest(url: server.url("/big?bytes=2000000"))) }
        #expect(plain?.kind == .tooLarge)
        // A gzip bomb: small on the wire, the limit applies to the decoded bytes.
        let bomb = await failure { try await client.execute(HTTPRequest(url: server.url("/bomb?bytes=4000000"))) }
        #expect(bomb?.kind == .tooLarge)
        #expect(bomb?.description.contains("1 MiB") == true)
        let fits = try await client.execute(HTTPRequest(url: server.url("/big?bytes=1000000")))
        #expect(fits.body.count == 1_000_000)
    }

    @Test func crlfInHeaderIsRefusedBeforeAnyRequest() async throws {
        let server = try await LoopbackServer.start()
        let client = try makeClient()
        let error = await failure {
            try await client.execute(HTTPRequest(url: server.url("/hello"), headers: ["X-Note": "a\r\nX-Injected: 1"]))
        }
        #expect(error?.kind == .invalidRequest)
        #expect(error?.description.contains("X-Note") == true)
        let scheme = await failure { try await client.execute(HTTPRequest(url: "gopher://127.0.0.1:\(server.port)/")) }
        #expect(scheme?.kind == .invalidRequest)
        #expect(server.stats.requestCount == 0)
        // A request that is sent arrives before its answer: had a refused one been sent, it would be here too.
        _ = try await client.execute(HTTPRequest(url: server.url("/hello")))
        #expect(server.stats.requests.map(\.path) == ["/hello"])
    }

    @Test func shutdownIsIdempotentAndFailsLaterRequests() async throws {
        let server = try await LoopbackServer.start()
        let client = try makeClient()
        _ = try await client.execute(HTTPRequest(url: server.url("/hello")))
        await client.shutdown()
        await client.shutdown()
        let error = await failure { try await client.execute(HTTPRequest(url: server.url("/hello"))) }
        #expect(error?.kind == .cancelled)
    }
}
