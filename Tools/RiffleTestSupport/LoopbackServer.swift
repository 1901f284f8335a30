import FlyingFox
import FoundationEssentials

/// An HTTP/1.1 server on 127.0.0.1 at a free port, for tests and benchmarks, with a standard set of
/// routes that misbehave on request (see `LoopbackServer+Routes.swift`) and `stats` of what it saw. It runs
/// on threads of its own (`ThreadedHTTPServer`), apart from the cooperative pool the code under test uses.
package final class LoopbackServer: Sendable {
    /// A canned answer for a custom route.
    package struct Reply: Sendable {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: [UInt8]

        package init(status: Int = 200, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        package init(status: Int = 200, headers: [(name: String, value: String)] = [], text: String) {
            self.init(status: status, headers: headers, body: Array(text.utf8))
        }
    }

    /// The port the server listens on.
    package let port: UInt16
    /// What the server observed.
    package let stats: ServerStats
    private let server: ThreadedHTTPServer

    /// `http://127.0.0.1:PORT`.
    package var baseURL: String { "http://127.0.0.1:\(port)" }

    /// `baseURL` + `path` (which starts with `/`).
    package func url(_ path: String) -> String { baseURL + path }

    /// Starts a server with the standard routes plus `routes` (path → handler), which take precedence.
    package static func start(
        routes: [(path: String, handler: @Sendable (RecordedRequest) async -> Reply)] = []
    ) async throws -> LoopbackServer {
        var handler = RoutedHTTPHandler()
        let stats = ServerStats()
        for (path, route) in routes {
            handler.appendRoute(HTTPRoute(path)) { request in
                try await respond(to: request, stats: stats) { recorded in await route(recorded) }
            }
        }
        addStandardRoutes(to: &handler, stats: stats)
        // Listening when this returns: no wait for a task to be scheduled.
        let server = try ThreadedHTTPServer(handler: handler)
        return LoopbackServer(port: server.port, stats: stats, server: server)
    }

    private init(port: UInt16, stats: ServerStats, server: ThreadedHTTPServer) {
        self.port = port
        self.stats = stats
        self.server = server
    }

    deinit {
        server.stop()
    }

    /// Stops the server, dropping its connections.
    package func stop() {
        server.stop()
    }

    /// Records the request in `stats`, runs `body`, and converts its reply.
    static func respond(
        to request: HTTPRequest, stats: ServerStats, _ body: (RecordedRequest) async -> Reply
    ) async throws -> HTTPResponse {
        var remotePort: Int?
        if case .ip4(_, let port)? = request.remoteAddress { remotePort = Int(port) }
        let recorded = RecordedRequest(
            method: request.method.rawValue, path: request.path,
            query: request.query.map { (name: $0.name, value: $0.value) },
            headers: request.headers.map { (name: $0.key.rawValue, value: $0.value) },
            body: Array(try await request.bodyData), remotePort: remotePort)
        stats.begin(recorded)
        defer { stats.end() }
        let reply = await body(recorded)
        var headers = HTTPHeaders()
        for (name, value) in reply.headers { headers.addValue(value, for: HTTPHeader(name)) }
        return HTTPResponse(
            statusCode: HTTPStatusCode(reply.status, phrase: phrase(reply.status)), headers: headers,
            body: Data(reply.body))
    }

    private static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
