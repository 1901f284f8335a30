import Foundation
import RiffleBytes
import RiffleConfig
import RiffleCore
import RiffleHTTP
import RiffleSandbox
import RiffleSources
import RiffleTestSupport
import Testing

/// A sandbox started on 127.0.0.1 port 0 and a real libcurl `HTTPClient` with tiny retry backoffs, for
/// the end-to-end tests of the adapters. Every test starts its own, so tests run in parallel.
struct AdapterSandbox {
    let server: SandboxServer
    let port: UInt16
    let client: HTTPClient

    var base: String { "http://127.0.0.1:\(port)" }

    /// Starts a sandbox, runs `body` with it, and stops it whether `body` threw or not.
    static func with<R>(
        _ options: SandboxOptions = SandboxOptions(itemsPerSource: 60),
        _ body: (AdapterSandbox) async throws -> R
    ) async throws -> R {
        var configuration = HTTPClient.Configuration()
        configuration.backoffBase = .milliseconds(2)
        configuration.backoffCap = .milliseconds(20)
        let client = try HTTPClient(configuration: configuration)
        let server = SandboxServer(options: options)
        let port: UInt16
        do {
            port = try await server.start()
        } catch {
            await client.shutdown()
            throw error
        }
        return try await withResource(
            AdapterSandbox(server: server, port: port, client: client), stop: { await $0.stop() }, body)
    }

    func stop() async {
        await client.shutdown()
        await server.stop()
    }

    // MARK: Adapters

    /// A request's time limit in these tests: long enough that a loaded machine (the suite runs beside
    /// release builds) never turns a slow answer into a timeout and an extra, uncounted retry.
    static let requestTimeout: Duration = .seconds(60)

    func gitlab(
        _ scope: GitLabSettings.Scope, state: GitLabSettings.State = .all, token: String? = nil,
        since: Timestamp? = nil, retries: Int = 3
    ) -> GitLabSource {
        GitLabSource(
            settings: GitLabSettings(url: base + "/", scope: scope, state: state, token: token), client: client,
            timeout: Self.requestTimeout, retries: retries, since: since)
    }

    func spacex(_ upcoming: SpaceXSettings.Upcoming, retries: Int = 3) -> SpaceXSource {
        SpaceXSource(
            settings: SpaceXSettings(url: base, upcoming: upcoming), client: client, timeout: Self.requestTimeout,
            retries: retries)
    }

    func graphql(_ settings: GraphQLSettings, retries: Int = 3) -> GraphQLSource {
        GraphQLSource(settings: settings, client: client, timeout: Self.requestTimeout, retries: retries)
    }

    // MARK: Ground truth, straight from the sandbox (through the same client, but no adapter)

    /// POSTs a JSON body to `path` and parses the answer.
    func post(_ path: String, _ body: JSONValue, token: String? = nil) async throws -> JSONValue {
        var bytes: [UInt8] = []
        body.write(to: &bytes)
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        if let token { headers.add(name: "Authorization", value: "Bearer \(token)") }
        let response = try await client.execute(
            HTTPRequest(method: "POST", url: base + path, headers: headers, body: bytes, retries: 0))
        #expect(response.status == 200, "ground-truth request to \(path) answered \(response.status)")
        return try JSONValue(parsing: response.body)
    }

    /// Runs a GraphQL query against `path` and returns its `data`.
    func graphQLData(
        _ path: String, _ query: String, _ variables: [String: JSONValue] = [:], token: String? = nil
    ) async throws -> JSONValue {
        let json = try await post(
            path, .object(["query": .string(query), "variables": .object(variables)]), token: token)
        #expect(json["errors"] == nil, "ground-truth query failed: \(json["errors"]?.jsonText ?? "")")
        return json["data"] ?? .null
    }

    /// The bodies of the recorded requests to `endpoint`, parsed.
    func recordedBodies(_ endpoint: SandboxEndpoint) -> [JSONValue] {
        server.requests().filter { $0.endpoint == endpoint }.compactMap { try? JSONValue(parsing: Array($0.body)) }
    }
}

/// What paging a source to its end gave.
struct Drained {
    var items: [Item]
    var pages: [Page]
    /// The cursor each load was made with, in order.
    var cursors: [String?]
    /// Why paging stopped.
    var stop: Pager.ExhaustedReason?

    var ids: [String] { items.map(\.id) }
}

/// Pages `source` the way the merge does (a `Pager`): stop when `hasMore` is false, a page is empty, or a
/// cursor repeats; a load error is thrown. `maxPages` keeps a looping source from hanging the test.
func drain(_ source: any Pageable, pageSize: Int, maxPages: Int = 200) async throws -> Drained {
    var pager = Pager(maxPages: maxPages)
    var drained = Drained(items: [], pages: [], cursors: [])
    while pager.canLoad {
        let cursor = try pager.beginLoad()
        drained.cursors.append(cursor)
        let page: Page
        do {
            page = try await source.loadPage(after: cursor, pageSize: pageSize)
        } catch {
            pager.failLoad(SourceError("\(error)"))
            throw error
        }
        drained.pages.append(page)
        drained.items += page.items
        pager.finishLoad(page)
    }
    if case .exhausted(let reason) = pager.phase { drained.stop = reason }
    return drained
}

/// The message of the error `body` throws, or `nil` when it does not throw.
func errorMessage(_ body: () async throws -> Void) async -> String? {
    do {
        try await body()
        return nil
    } catch let error as SourceError {
        return error.message
    } catch {
        return "\(error)"
    }
}

/// Whether times never increase along the list (newest first).
func isNewestFirst(_ items: [Item]) -> Bool {
    zip(items, items.dropFirst()).allSatisfy { $0.time >= $1.time }
}

extension JSONValue {
    /// The elements of an array, else none.
    var elements: [JSONValue] {
        if case .array(let list) = self { return list }
        return []
    }

    var intValue: Int64? {
        switch self {
        case .int(let value): return value
        case .double(let value) where value == value.rounded(): return Int64(value)
        default: return nil
        }
    }
}
