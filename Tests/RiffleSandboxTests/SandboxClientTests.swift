import FlyingFox
import Foundation
import RiffleBytes
import RiffleCore
import RiffleSandbox
import RiffleTestSupport
import Testing

/// A started sandbox and a minimal loopback HTTP/1.1 client for it (`LoopbackHTTPClient`, one connection
/// per request, on a thread of its own), shared by the sandbox tests.
struct SandboxHarness {
    let server: SandboxServer
    let port: UInt16

    /// A response: status, headers by lowercased name, body.
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: Data

        var text: String { String(decoding: body, as: UTF8.self) }
        var json: JSON { JSON(parsing: body) }
    }

    static func start(_ options: SandboxOptions = SandboxOptions(itemsPerSource: 150)) async throws -> SandboxHarness {
        let server = SandboxServer(options: options)
        let port = try await server.start()
        return SandboxHarness(server: server, port: port)
    }

    /// Starts a sandbox, runs `body` with it, and stops it, awaited, whether `body` threw or not.
    static func with<R>(
        _ options: SandboxOptions = SandboxOptions(itemsPerSource: 150), _ body: (SandboxHarness) async throws -> R
    ) async throws -> R {
        try await withResource(try await start(options), stop: { await $0.stop() }, body)
    }

    func stop() async { await server.stop() }

    func send(
        _ method: HTTPMethod, _ path: String, query: [(String, String)] = [], headers: [String: String] = [:],
        body: Data = Data()
    ) async throws -> Response {
        var fields: [(String, String)] = body.isEmpty ? [] : [("Content-Type", "application/json")]
        fields += headers.map { ($0.key, $0.value) }
        var target = URLComponents()
        target.path = path
        if !query.isEmpty { target.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        let response = try await LoopbackHTTPClient.send(
            port: port, method: method.rawValue,
            target: target.percentEncodedPath
                + (target.percentEncodedQuery.map { "?" + $0 } ?? ""),
            headers: fields, body: Array(body))
        return Response(status: response.status, headers: response.headers, body: Data(response.body))
    }

    /// POSTs a GraphQL request to `path`.
    func graphQL(
        _ path: String, _ query: String, variables: [String: Any] = [:], token: String? = nil
    ) async throws -> Response {
        let body = try JSONSerialization.data(withJSONObject: ["query": query, "variables": variables])
        return try await send(.POST, path, headers: token.map { ["Authorization": "Bearer \($0)"] } ?? [:], body: body)
    }

    /// POSTs a SpaceX query body.
    func spaceX(_ body: [String: Any]) async throws -> Response {
        try await send(.POST, "/v4/launches/query", body: try JSONSerialization.data(withJSONObject: body))
    }
}

/// Parsed JSON with read-only navigation for assertions; a missing member or a parse failure is
/// `.missing`, so chains never crash. Parsed by RiffleBytes' `JSONValue`; this adds only `.missing`.
enum JSON {
    case missing, null, bool(Bool), int(Int), double(Double), string(String), array([JSON]), object([String: JSON])

    init(parsing data: Data) {
        self = (try? RiffleBytes.JSONValue(parsing: Array(data))).map(JSON.init) ?? .missing
    }

    init(_ value: RiffleBytes.JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .int(let value): self = .int(Int(value))
        case .double(let value): self = .double(value)
        case .string(let value): self = .string(value)
        case .array(let elements): self = .array(elements.map(JSON.init))
        case .object(let members): self = .object(members.mapValues(JSON.init))
        }
    }

    subscript(key: String) -> JSON {
        if case .object(let members) = self { return members[key] ?? .missing }
        return .missing
    }

    subscript(index: Int) -> JSON {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return .missing }
        return elements[index]
    }

    var string: String? { if case .string(let value) = self { value } else { nil } }
    var int: Int? { if case .int(let value) = self { value } else { nil } }
    var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    var array: [JSON] { if case .array(let value) = self { value } else { [] } }
    var isNull: Bool { if case .null = self { true } else { false } }
    var exists: Bool { if case .missing = self { false } else { true } }
    var keys: Set<String> { if case .object(let members) = self { Set(members.keys) } else { [] } }
}

@Suite("Sandbox command line")
struct SandboxCommandLineTests {
    @Test func parsesEveryOption() throws {
        let command = try SandboxCommandLine.parse([
            "--port", "8765", "--latency", "300ms", "--fault", "gitlab:3=429", "--fault=spacex:2-4=502",
            "--fault", "any:every=reset", "--spacex-data", "/tmp/l.json", "--seed", "7", "--items", "50",
            "--no-hostile", "--token", "t1",
        ])
        guard case .serve(let options) = command else {
            Issue.record("expected serve")
            return
        }
        #expect(options.port == 8765)
        #expect(options.latency == .milliseconds(300))
        #expect(
            options.faults == [
                FaultRule(endpoint: .gitlab, requests: .nth(3), fault: .tooManyRequests(retryAfter: 1)),
                FaultRule(endpoint: .spacex, requests: .numbers(2...4), fault: .badGateway),
                FaultRule(endpoint: nil, requests: .every, fault: .connectionReset),
            ])
        #expect(options.spaceXLaunchesFile == "/tmp/l.json")
        #expect(options.seed == 7)
        #expect(options.itemsPerSource == 50)
        #expect(!options.includeHostileTitles)
        #expect(options.validTokens == ["t1"])
    }

    @Test func parsesFaultForms() throws {
        #expect(try FaultRule(parsing: "graphql:next2=errors").requests == .numbers(1...2))
        #expect(try FaultRule(parsing: "rest:every3=truncate").requests == .everyNth(3))
        #expect(try FaultRule(parsing: "gitlab:1=429:7").fault == .tooManyRequests(retryAfter: 7))
        #expect(try FaultRule(parsing: "gitlab:1=partial").fault == .partialData)
        #expect(try FaultRule(parsing: "spacex:1=503").fault == .serviceUnavailable)
        #expect(try SandboxCommandLine.parseDuration("1.5s") == .milliseconds(1500))
    }

    @Test(arguments: [
        ["--port", "x"], ["--fault", "gitlab=429"], ["--fault", "moon:1=429"], ["--fault", "gitlab:0=429"],
        ["--fault", "gitlab:4-2=429"], ["--fault", "gitlab:1=418"], ["--latency", "3 weeks"], ["--items", "0"],
        ["--frobnicate"], ["--seed"],
    ])
    func rejectsBadArguments(_ arguments: [String]) {
        #expect(throws: SandboxUsageError.self) { try SandboxCommandLine.parse(arguments) }
    }
}
