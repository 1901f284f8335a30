public import RiffleCore
public import RiffleHTTP

/// GraphQL over HTTP for one endpoint: POST `{"query", "variables", "operationName"}`, decode `data`
/// and `errors`. Every failure becomes a `SourceError` a user can act on; server text in it is untrusted.
public struct GraphQLEndpoint: Sendable {
    public var client: HTTPClient
    public var url: String
    public var headers: HTTPHeaders
    public var timeout: Duration
    public var retries: Int

    public init(client: HTTPClient, url: String, headers: HTTPHeaders = HTTPHeaders(), timeout: Duration, retries: Int)
    {
        self.client = client
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.retries = retries
    }

    /// A decoded GraphQL response.
    public struct Response: Sendable {
        public var data: JSONValue?
        /// `errors[].message`, as the server wrote them.
        public var errors: [String]
        public var status: Int
    }

    /// Sends one operation. Throws when the response cannot be used at all: transport failure, a status
    /// that is not 2xx (naming the status, with the server's GraphQL messages if it sent JSON), or a body
    /// that is not JSON (an HTML page from a proxy).
    public func send(query: String, variables: [String: JSONValue], operationName: String?) async throws(SourceError)
        -> Response
    {
        var body = JSONValue.object(
            ["query": .string(query), "variables": .object(variables)].merging(
                operationName.map { ["operationName": JSONValue.string($0)] } ?? [:], uniquingKeysWith: { a, _ in a }))
        var bytes: [UInt8] = []
        body.write(to: &bytes)
        body = .null
        return try await post(bytes)
    }

    /// POSTs a JSON body and decodes a GraphQL-shaped answer.
    func post(_ bytes: [UInt8]) async throws(SourceError) -> Response {
        let (json, errors, status) = try await exchange(bytes)
        let data = json["data"].flatMap { $0 == .null ? nil : $0 }
        return Response(data: data, errors: errors, status: status)
    }

    /// POSTs a JSON body and returns the JSON object answered (for REST endpoints such as SpaceX's).
    public func postJSON(_ bytes: [UInt8]) async throws(SourceError) -> JSONValue {
        try await exchange(bytes).json
    }

    private func exchange(_ bytes: [UInt8]) async throws(SourceError) -> (
        json: JSONValue, errors: [String], status: Int
    ) {
        var requestHeaders = headers
        requestHeaders.replaceOrAdd(name: "Content-Type", value: "application/json")
        if !requestHeaders.contains(name: "Accept") { requestHeaders.add(name: "Accept", value: "application/json") }
        let request = HTTPRequest(
            method: "POST", url: url, headers: requestHeaders, body: bytes, timeout: timeout, retries: retries)
        let response: HTTPResponse
        do {
            response = try await client.execute(request)
        } catch {
            throw SourceError(error.description, isRetryable: error.isRetryable)
        }
        let json = try? JSONValue(parsing: response.body)
        let errors = Self.messages(in: json)
        guard response.isSuccess else {
            // GraphQL `errors[]`, else a REST-style `{"message": …}` (GitHub) or `{"error": …}` (SpaceX).
            let said =
                errors.isEmpty
                ? [json?["message"]?.stringValue ?? json?["error"]?.stringValue].compactMap { $0 } : errors
            if !said.isEmpty {
                throw SourceError(
                    "HTTP \(response.status) from \(HTTPURL.authority(of: url)): \(said.joined(separator: "; "))",
                    isRetryable: response.hasRetryableStatus)
            }
            do {
                try response.ensureSuccess()
            } catch {
                throw SourceError(error.description, isRetryable: error.isRetryable)
            }
            throw SourceError("HTTP \(response.status) from \(HTTPURL.authority(of: url))")
        }
        guard let json, case .object = json else {
            throw SourceError(
                "HTTP \(response.status) from \(HTTPURL.authority(of: url)) was not JSON (\(response.body.count) bytes)",
                isRetryable: true)
        }
        return (json, errors, response.status)
    }

    static func messages(in json: JSONValue?) -> [String] {
        guard case .array(let list)? = json?["errors"] else { return [] }
        return list.prefix(5).map { $0["message"]?.stringValue ?? $0.jsonText }
    }

}
