import FoundationEssentials

/// A response from a fake API, before it is handed to the HTTP server.
struct SandboxResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: Data

    /// A JSON response.
    static func json(_ status: Int, _ value: SandboxJSON, headers: [(name: String, value: String)] = []) -> Self {
        json(status, value.data, headers: headers)
    }

    /// A response whose body is already JSON text.
    static func json(_ status: Int, _ body: Data, headers: [(name: String, value: String)] = []) -> Self {
        SandboxResponse(
            status: status, headers: [("Content-Type", "application/json; charset=utf-8")] + headers, body: body)
    }

    /// A plain-text response.
    static func text(_ status: Int, _ text: String, headers: [(name: String, value: String)] = []) -> Self {
        SandboxResponse(
            status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + headers, body: Data(text.utf8))
    }

    /// An HTML response.
    static func html(_ status: Int, _ html: String) -> Self {
        SandboxResponse(status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: Data(html.utf8))
    }

    /// `{"error": message}` with a status, the sandbox's own error shape (404, 405, 413).
    static func error(_ status: Int, _ message: String, headers: [(name: String, value: String)] = []) -> Self {
        json(status, .object([(key: "error", value: .string(message))]), headers: headers)
    }
}
