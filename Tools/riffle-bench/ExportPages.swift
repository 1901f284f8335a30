import Foundation
import RiffleHTTP
import RiffleSandbox

/// The raw pages of a riffle run, for the jq baseline: every request the sandbox recorded during the
/// run is sent again (same path, body and token; the data is deterministic, so the same bytes come back)
/// and each response body is saved as a file of its own.
enum ExportPages {
    /// The jq program of the cost baseline: parse each saved page and re-emit its items, one compact
    /// line each (`.[]` over the page's item list, whatever the API calls it).
    static let jqProgram =
        "(.docs // .data.project.issues.nodes // .data.repository.issues.edges // .data.articles.nodes // .data.events)[]"

    /// A recorded request as it is sent again: what the sandbox needs to answer it the same way. Codable:
    /// the transport floor's child reads a list of them from a file (see `ExportFetchFloor`).
    struct Request: Codable, Sendable {
        var method: String
        var path: String
        var body: String
        var authorization: String?

        init(_ recorded: SandboxRequest) {
            method = recorded.method
            path = recorded.path
            body = String(decoding: recorded.body, as: UTF8.self)
            authorization = recorded.headers["authorization"]
        }
    }

    /// Saves the responses to `requests` under `directory`; returns the file paths and their total size.
    static func save(_ requests: [SandboxRequest], sandbox url: String, into directory: String) async throws -> (
        paths: [String], bytes: Int
    ) {
        let paths = requests.indices.map { "\(directory)/page-\(String(100_000 + $0).dropFirst()).json" }
        let bytes = try await send(requests.map(Request.init), sandbox: url, inFlight: 4) { index, body in
            try Data(body).write(to: URL(fileURLWithPath: paths[index]))
        }
        return (paths, bytes)
    }

    /// Sends `requests` to `url` through riffle's `HTTPClient`, at most `inFlight` at a time, hands each
    /// body to `handle` with its request's index, and returns the bodies' total size.
    static func send(
        _ requests: [Request], sandbox url: String, inFlight: Int,
        _ handle: @escaping @Sendable (Int, [UInt8]) throws -> Void
    ) async throws -> Int {
        let client = try HTTPClient()
        var bytes = 0
        var next = 0
        do {
            try await withThrowingTaskGroup(of: Int.self) { group in
                func add(_ index: Int) {
                    let request = requests[index]
                    var headers: HTTPHeaders = ["Content-Type": "application/json"]
                    if let authorization = request.authorization {
                        headers.add(name: "Authorization", value: authorization)
                    }
                    group.addTask {
                        let response = try await client.execute(
                            HTTPRequest(
                                method: request.method, url: url + request.path, headers: headers,
                                body: Array(request.body.utf8))
                        ).ensureSuccess()
                        try handle(index, response.body)
                        return response.body.count
                    }
                }
                while next < min(max(1, inFlight), requests.count) {
                    add(next)
                    next += 1
                }
                while let size = try await group.next() {
                    bytes += size
                    if next < requests.count {
                        add(next)
                        next += 1
                    }
                }
            }
        } catch {
            await client.shutdown()
            throw error
        }
        await client.shutdown()
        return bytes
    }
}
