/// A request as a loopback server saw it, for tests to inspect.
package struct RecordedRequest: Sendable {
    /// The method, e.g. `GET`.
    var method: String
    /// The path without the query.
    package var path: String
    /// The query parameters, in order.
    var query: [(name: String, value: String)]
    /// The header fields, in order, names as sent.
    var headers: [(name: String, value: String)]
    /// The body.
    package var body: [UInt8]
    /// The client's port, which identifies the connection the request came on.
    var remotePort: Int?

    init(
        method: String, path: String, query: [(name: String, value: String)] = [],
        headers: [(name: String, value: String)] = [], body: [UInt8] = [], remotePort: Int? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.remotePort = remotePort
    }

    /// The first value of a header (case-insensitive name).
    package func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The first value of a query parameter.
    func query(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }
}
