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

    /// Saves the responses to `requests` under `directory`; returns the file paths and their total size.
    static func save(_ requests: [SandboxRequest], sandbox url: String, into directory: String) async throws -> (
        paths: [String], bytes: Int
    ) {
        let client = try HTTPClient()
        let paths = requests.indices.map { "\(directory)/page-\(String(100_000 + $0).dropFirst()).json" }
        var bytes = 0
        var next = 0
        try await withThrowingTaskGroup(of: Int.self) { group in
            func add(_ index: Int) {
                let request = requests[index]
                let path = paths[index]
                var headers: HTTPHeaders = ["Content-Type": "application/json"]
                if let authorization = request.headers["authorization"] {
                    headers.add(name: "Authorization", value: authorization)
                }
                group.addTask {
                    let response = try await client.execute(
                        HTTPRequest(
                            method: request.method, url: url + request.path, headers: headers, body: Array(request.body)
                        )
                    ).ensureSuccess()
                    try Data(response.body).write(to: URL(fileURLWithPath: path))
                    return response.body.count
                }
            }
            while next < min(4, requests.count) {
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
        await client.shutdown()
        return (paths, bytes)
    }
}
