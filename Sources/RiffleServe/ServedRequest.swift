/// What the routes read of a request, apart from the HTTP library: the method, the path, the decoded query
/// parameters in order, and the few headers they answer to.
package struct ServedRequest: Sendable {
    package var method: String
    package var path: String
    package var parameters: [(name: String, value: String)]
    package var authorization: String?
    package var ifNoneMatch: String?
    package var ifModifiedSince: String?
    package var acceptEncoding: String?
    /// The `Host` the client used, for the absolute addresses in a feed (`self`, `next`).
    package var host: String?

    package init(
        method: String, path: String, parameters: [(name: String, value: String)] = [], authorization: String? = nil,
        ifNoneMatch: String? = nil, ifModifiedSince: String? = nil, acceptEncoding: String? = nil,
        host: String? = nil
    ) {
        self.method = method
        self.path = path
        self.parameters = parameters
        self.authorization = authorization
        self.ifNoneMatch = ifNoneMatch
        self.ifModifiedSince = ifModifiedSince
        self.acceptEncoding = acceptEncoding
        self.host = host
    }

    /// The value of the first parameter named `name`.
    func parameter(_ name: String) -> String? { parameters.first { $0.name == name }?.value }

    /// Whether the client takes gzip (`Accept-Encoding: gzip`, unless given `q=0`).
    var acceptsGzip: Bool {
        guard let acceptEncoding else { return false }
        return acceptEncoding.split(separator: ",").contains { part in
            let pieces = part.split(separator: ";").map { String($0.filter { $0 != " " && $0 != "\t" }).lowercased() }
            guard let coding = pieces.first, coding == "gzip" || coding == "x-gzip" else { return false }
            return !pieces.dropFirst().contains { $0 == "q=0" || $0 == "q=0.0" || $0 == "q=0.00" || $0 == "q=0.000" }
        }
    }
}

/// What the routes answer: a status, headers, and the body (empty for `HEAD` and `304`, whose
/// `Content-Length`, when given, is the one a `GET` would have).
package struct ServedResponse: Sendable {
    package var status: Int
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]

    package init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first header named `name` (case-insensitive).
    package func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
