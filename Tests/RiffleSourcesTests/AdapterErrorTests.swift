import RiffleConfig
import RiffleCore
import RiffleHTTP
import RiffleSources
import RiffleTestSupport
import Testing

/// How the adapters classify a failed answer: by kind, status and the server's messages, whatever the
/// body looks like. Each test serves one canned answer on 127.0.0.1.
@Suite("Adapter errors")
struct AdapterErrorTests {
    /// Runs `body` with a loopback server answering every POST to `path` with `reply`, and a client that
    /// does not retry.
    static func serving<R>(
        _ reply: LoopbackServer.Reply, at path: String = "/api/graphql",
        _ body: (LoopbackServer, HTTPClient) async throws -> R
    ) async throws -> R {
        let server = try await LoopbackServer.start(routes: [(path, { @Sendable _ in reply })])
        defer { server.stop() }
        return try await withResource(try HTTPClient(), stop: { await $0.shutdown() }) { client in
            try await body(server, client)
        }
    }

    static func gitlab(_ server: LoopbackServer, _ client: HTTPClient, token: String?) -> GitLabSource {
        GitLabSource(
            settings: GitLabSettings(url: server.baseURL, scope: .project("a/b"), token: token), client: client,
            timeout: .seconds(10), retries: 0)
    }

    static func error(_ body: () async throws -> Void) async -> SourceError? {
        do {
            try await body()
            return nil
        } catch {
            return error as? SourceError
        }
    }

    static let html401 = LoopbackServer.Reply(
        status: 401, headers: [("Content-Type", "text/html")], text: "<html><body><h1>401 Authorization Required</h1>")
    static let json401 = LoopbackServer.Reply(
        status: 401, headers: [("Content-Type", "application/json")], text: #"{"message":"401 Unauthorized"}"#)

    @Test(arguments: [html401, json401])
    func a401ToGitLabIsAboutTheToken(_ reply: LoopbackServer.Reply) async throws {
        try await Self.serving(reply) { server, client in
            let error = await Self.error {
                _ = try await Self.gitlab(server, client, token: "not-the-token").loadPage(after: nil, pageSize: 5)
            }
            #expect(error?.kind == .unauthorized)
            #expect(error?.status == 401)
            #expect(error?.isRetryable == false)
            #expect(error?.description.hasPrefix("GitLab rejected the token") == true, "\(String(describing: error))")
        }
    }

    @Test(arguments: [html401, json401])
    func a401WithoutATokenSaysSo(_ reply: LoopbackServer.Reply) async throws {
        try await Self.serving(reply) { server, client in
            let error = await Self.error {
                _ = try await Self.gitlab(server, client, token: nil).loadPage(after: nil, pageSize: 5)
            }
            #expect(error?.kind == .unauthorized)
            #expect(error?.description.hasPrefix("GitLab answered 401 without a token: ") == true)
        }
    }

    @Test func aStatusCarriesTheServersMessages() async throws {
        let reply = LoopbackServer.Reply(status: 403, text: #"{"errors":[{"message":"forbidden"}]}"#)
        try await Self.serving(reply) { server, client in
            let error = await Self.error {
                _ = try await Self.gitlab(server, client, token: "t").loadPage(after: nil, pageSize: 5)
            }
            #expect(error?.kind == .httpStatus)
            #expect(error?.status == 403)
            #expect(error?.serverMessages == ["forbidden"])
            #expect(error?.host == "127.0.0.1:\(server.port)")
            #expect(error?.description == "HTTP 403 from 127.0.0.1:\(server.port): forbidden")
        }
    }

    @Test func anHTMLPageIsNotJSONAndACutBodyIsTruncated() async throws {
        try await Self.serving(LoopbackServer.Reply(text: "<html>maintenance</html>")) { server, client in
            let error = await Self.error {
                _ = try await Self.gitlab(server, client, token: nil).loadPage(after: nil, pageSize: 5)
            }
            #expect(error?.kind == .notJSON)
            #expect(error?.isRetryable == true)
            #expect(error?.description == "HTTP 200 from 127.0.0.1:\(server.port) was not JSON (24 bytes)")
        }
        try await Self.serving(LoopbackServer.Reply(text: #"{"data":{"project":{"iss"#)) { server, client in
            let error = await Self.error {
                _ = try await Self.gitlab(server, client, token: nil).loadPage(after: nil, pageSize: 5)
            }
            #expect(error?.kind == .truncatedBody)
            #expect(error?.isRetryable == true)
        }
    }

    @Test func requestErrorsAndFieldErrorsAreTold() async throws {
        let request = LoopbackServer.Reply(text: #"{"errors":[{"message":"syntax error"}]}"#)
        try await Self.serving(request) { server, client in
            let error = await Self.error {
                _ = try await Self.gitlab(server, client, token: nil).loadPage(after: nil, pageSize: 5)
            }
            #expect(error?.kind == .graphQLRequestError)
            #expect(error?.description == "GitLab: syntax error")
        }
        let field = LoopbackServer.Reply(text: #"{"data":null,"errors":[{"message":"timeout"}]}"#)
        try await Self.serving(field) { server, client in
            let error = await Self.error {
                _ = try await Self.gitlab(server, client, token: nil).loadPage(after: nil, pageSize: 5)
            }
            #expect(error?.kind == .graphQLFieldError)
            #expect(error?.serverMessages == ["timeout"])
            #expect(error?.description == "GitLab: timeout")
        }
    }
}
