import RiffleTestSupport
import Testing

@testable import RiffleHTTP

/// Redirects, token handling and log masking against real loopback servers.
@Suite struct HTTPClientSafetyTests {
    let token = "glpat-s3cr3t-token"

    @Test func sameOriginRedirectKeepsTheToken() async throws {
        let server = try await LoopbackServer.start()
        let client = try makeClient()
        let response = try await client.execute(
            HTTPRequest(url: server.url("/redirect?to=/echo-headers"), headers: ["Authorization": "Bearer \(token)"]))
        #expect(response.status == 200)
        #expect(response.url == server.url("/echo-headers"))
        #expect(response.attempts == 2)
        #expect(text(response).contains("Bearer \(token)"))
    }

    @Test func crossOriginRedirectDropsEveryConfiguredHeader() async throws {
        let origin = try await LoopbackServer.start()
        let other = try await LoopbackServer.start()
        let client = try makeClient()
        let target = other.url("/echo-headers")
        let response = try await client.execute(
            HTTPRequest(
                url: origin.url("/redirect?code=307&to=\(target)"),
                headers: ["Authorization": "Bearer \(token)", "PRIVATE-TOKEN": token, "X-Custom": "1"]))
        #expect(response.status == 200)
        #expect(response.url == target)
        let seen = try #require(other.stats.requests.first)
        #expect(seen.header("Authorization") == nil)
        #expect(seen.header("PRIVATE-TOKEN") == nil)
        #expect(seen.header("X-Custom") == nil)
        #expect(!text(response).contains(token))
        #expect(origin.stats.requests.first?.header("PRIVATE-TOKEN") == token)
    }

    @Test func redirectsRewriteOrKeepTheMethod() async throws {
        let server = try await LoopbackServer.start()
        let client = try makeClient()
        let body = Array("payload".utf8)
        let kept = try await client.execute(
            HTTPRequest(method: "POST", url: server.url("/redirect?code=307&to=/echo"), body: body))
        #expect(text(kept) == "POST payload")
        let rewritten = try await client.execute(
            HTTPRequest(method: "POST", url: server.url("/redirect?code=303&to=/echo"), body: body))
        #expect(text(rewritten) == "GET ")
    }

    @Test func redirectToAnotherSchemeIsRefused() async throws {
        let server = try await LoopbackServer.start()
        let client = try makeClient()
        for target in ["ftp://127.0.0.1/x", "file:///etc/passwd"] {
            let error = await failure {
                try await client.execute(HTTPRequest(url: server.url("/redirect?to=\(target)")))
            }
            #expect(error?.kind == .redirectRefused)
        }
    }

    @Test func atMostFiveRedirects() async throws {
        let server = try await LoopbackServer.start()
        let client = try makeClient()
        let five = try await client.execute(HTTPRequest(url: server.url("/chain?n=5")))
        #expect(text(five) == "end")
        #expect(five.attempts == 6)
        let six = await failure { try await client.execute(HTTPRequest(url: server.url("/chain?n=6"))) }
        #expect(six?.kind == .tooManyRedirects)
        #expect(six?.description == "127.0.0.1 redirected more than 5 times")
    }

    @Test func errorTextNeverContainsTheToken() async throws {
        let server = try await LoopbackServer.start()
        let client = try makeClient { $0.secrets = ["configured-secret-value"] }
        let response = try await client.execute(
            HTTPRequest(
                url: server.url("/status?code=401&echo=Authorization&private_token=query-secret-1"),
                headers: ["Authorization": "Bearer \(token)"]))
        #expect(text(response).contains(token))  // the server did echo it
        do {
            try response.ensureSuccess()
            Issue.record("expected an error")
        } catch {
            #expect(!error.description.contains(token))
            #expect(!error.description.contains("query-secret-1"))
            #expect(error.description.contains("***"))
        }
        let unreachable = await failure {
            try await client.execute(
                HTTPRequest(
                    url: "http://127.0.0.1:1/x?private_token=query-secret-1", headers: ["PRIVATE-TOKEN": token],
                    retries: 0))
        }
        let description = try #require(unreachable?.description)
        #expect(
            !description.contains(token) && !description.contains("query-secret-1")
                && !description.contains("private_token"))
    }

    @Test func requestLogMasksSecrets() async throws {
        let server = try await LoopbackServer.start()
        let lines = LineRecorder()
        let client = try makeClient {
            $0.log = { lines.record($0) }
            $0.secrets = ["configured-secret-value"]
        }
        _ = try await client.execute(
            HTTPRequest(
                url: server.url("/flaky?key=log&failures=1&private_token=\(token)&page=2&note=configured-secret-value"),
                headers: ["Authorization": "Bearer \(token)", "Cookie": "session=cookie-secret"]))
        let log = lines.lines
        #expect(log.count == 2)
        for line in log {
            #expect(line.hasPrefix("GET http://127.0.0.1:\(server.port)/flaky?"))
            #expect(line.contains("private_token=***"))
            #expect(line.contains("page=2"))
            #expect(!line.contains(token))
            #expect(!line.contains("configured-secret-value"))
        }
        #expect(log[0].contains("503"))
        #expect(log[0].contains("retrying in"))
        #expect(log[1].contains("200"))
        #expect(log[1].contains("attempt 2 (retry after HTTP 503)"))
    }
}
